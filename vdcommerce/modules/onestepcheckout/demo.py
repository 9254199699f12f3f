"""Demo one step checkout data, made through the module's services: a guest's cart in the middle of the
checkout (two Sport Tees and a Joust Duffle Bag) with an order comment, "subscribe" ticked, a
delivery wish, an order and an item gift message, gift wrap and the typed form, so that
``GET /V1/carts/:id`` shows ``extension_attributes.vendor_checkout``; and the checkout page's
asset names. Nothing is loaded when the module has data already or the demo products are missing."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.catalog.service import product_facts
from ...platform.quote import carts
from ...platform.quote.api import AddressInterface, CartItemInterface
from ...platform.quote.service import Carts
from . import service
from .api import AdditionalFieldsInterface
from .tables import quote_fields

ADDRESS = {"firstname": "Ana", "lastname": "Silva", "street": ["12 Harbour Road"], "city": "Austin",
           "region_id": 57, "region_code": "TX", "postcode": "78701", "country_id": "US",
           "telephone": "5125550142", "email": "ana.silva@example.com"}


def load(conn: Connection) -> None:
    if conn.execute(select(quote_fields.c.quote_id).limit(1)).first() is not None:
        return
    if product_facts(conn, "MS-TEE-M") is None or product_facts(conn, "24-MB01") is None:
        return
    ctx = Context(conn, store_id=1)
    ops = Carts(ctx)
    cart_id = carts.create(ctx)
    row = carts.row_of(ctx, cart_id)
    ops.save_item(row, CartItemInterface.of(sku="MS-TEE-M", qty=2))
    bag = ops.save_item(row, CartItemInterface.of(sku="24-MB01", qty=1))
    service.save_fields(ctx, row, AdditionalFieldsInterface.model_validate(
        {"comment": "Please leave the parcel with the neighbour.", "subscribe": True}))
    service.save_delivery(ctx, row, "2030-07-01", 14, "Ring twice")
    service.save_gift_messages(ctx, row, [
        {"item_id": 0, "sender": "Ana", "recipient": "Bruno", "message": "Happy birthday!"},
        {"item_id": bag.item_id, "sender": "Ana", "recipient": "Bruno", "message": "For the gym"}])
    service.update_gift_wrap(ctx, carts.row_of(ctx, cart_id), True)
    service.save_inserted_info(ctx, row, {"shipping_address_from_data": AddressInterface.model_validate(ADDRESS),
                                          "selected_shipping_rate": "flatrate_flatrate",
                                          "selected_payment_method": "checkmo",
                                          "validated_email_value": ADDRESS["email"]})
    service.MergeJs(ctx).create_bundle(["Vendor_Checkout/js/view/onepage", "mage/url"])
