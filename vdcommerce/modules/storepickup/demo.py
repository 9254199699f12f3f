"""Demo store pickup: the carrier switched on with two pickup methods, one with a comment image
(nothing when there are methods already)."""
import io

from PIL import Image
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.config import service as config
from ...platform.media import service as media
from .api import MethodInterface
from .carrier import CODE, IMAGE_FOLDER
from .service import MethodRepository
from .tables import method


def _picture() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (48, 32), (40, 110, 180)).save(out, "PNG")
    return out.getvalue()


def load(conn: Connection) -> None:
    if conn.execute(select(method.c.id).limit(1)).first() is not None:
        return
    stored = media.store(conn, media.Upload(_picture(), "downtown.png", "image/png", 48, 32), IMAGE_FOLDER.rstrip("/"))
    repository = MethodRepository(Context(conn, store_id=0))
    repository.save(MethodInterface.model_validate({
        "name": "Downtown store", "comment": "Open 9-18 <b>Mon-Sat</b> {IMG}",
        "comment_image": stored.path.removeprefix(IMAGE_FOLDER)}))
    repository.save(MethodInterface.model_validate({
        "name": "Airport kiosk", "price": 2.5, "comment": "Terminal 2, open around the clock."}))
    config.set_value(conn, f"carriers/{CODE}/active", "1")
