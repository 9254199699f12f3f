"""Demo gift cards, created through the repositories (nothing when there are some already): a card
design, a code pool with 20 codes and two active cards of 50.00 and 25.00 on the main website."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import CodePoolInterface, GiftCardAccountInterface, ImageInterface
from .service import CodePoolRepository, GiftCardAccountRepository, ImageRepository
from .tables import code_pool


def load(conn: Connection) -> None:
    if conn.execute(select(code_pool.c.pool_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    image = ImageRepository(ctx).save(ImageInterface.model_validate({
        "title": "Birthday", "gcard_title": "Happy Birthday!", "status": 1,
        "image_elements": [{"name": "code", "width": 240, "height": 40, "pos_x": 30, "pos_y": 320},
                           {"name": "balance", "width": 120, "height": 40, "pos_x": 430, "pos_y": 20}]}))
    pool = CodePoolRepository(ctx).save(CodePoolInterface.model_validate(
        {"title": "Demo cards", "template": "DEMO-{L}{L}{D}{D}{D}{D}", "qty": 20}))
    accounts = GiftCardAccountRepository(ctx)
    for value, comment in (("50", "Demo card"), ("25", "Demo card, redeemable to store credit")):
        accounts.save(GiftCardAccountInterface.model_validate({
            "code_pool": pool.code_pool_id, "status": 1, "website_id": 1, "store_id": 1, "initial_value": value,
            "image_id": image.image_id, "comment": comment, "redeemable": value == "25",
            "recipient_email": "giftcard.demo@example.com"}))
