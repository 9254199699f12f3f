"""Demo Cancel Order data: an order of Maria Garcia's (a demo customer, ``maria.garcia@example.com`` /
``Maria-Garcia-123``) of one Sport Tee, cancelled by her through the cancel process, with its record; and
one of her orders left pending, which she may cancel (``make serve``, then ``GET
/V1/vendor_cancelOrder/mine/canCancel/<id>`` with her token). Nothing is loaded when there is a record
already, or when the demo customer or product is missing."""
from sqlalchemy import Connection, select

from ...framework.context import ADMIN, Caller, Context
from ...platform.catalog.service import product_facts
from ...platform.customer.service import customer_id_by_email
from ...platform.sales.api import OrderInterface
from ...platform.sales.service import OrderRepository
from . import process
from .tables import cancel_order

EMAIL = "maria.garcia@example.com"
SKU = "MS-TEE-M"
ADDRESS = {"firstname": "Maria", "lastname": "Garcia", "company": "Garcia Imports", "street": ["2750 Harbor Drive"],
           "city": "San Diego", "region_id": 12, "postcode": "92101", "country_id": "US", "telephone": "619-555-0178",
           "email": EMAIL}


def _order(ctx: Context, customer_id: int, price: float) -> OrderInterface:
    return OrderRepository(ctx).save(OrderInterface.model_validate({
        "customer_id": customer_id, "customer_email": EMAIL, "customer_firstname": "Maria",
        "customer_lastname": "Garcia", "items": [{"sku": SKU, "qty_ordered": 1, "price": price}],
        "billing_address": ADDRESS, "payment": {"method": "checkmo"}, "shipping_amount": 5,
        "shipping_description": "Flat Rate - Fixed",
        "extension_attributes": {"shipping_assignments": [{"shipping": {"address": ADDRESS,
                                                                        "method": "flatrate_flatrate"}}]}}))


def load(conn: Connection) -> None:
    if conn.execute(select(cancel_order.c.id).limit(1)).first() is not None:
        return
    customer_id = customer_id_by_email(conn, EMAIL)
    product = product_facts(conn, SKU)
    if customer_id is None or product is None:
        return
    ctx = Context(conn, store_id=1, website_id=1, caller=Caller(ADMIN, 0))
    cancelled = _order(ctx, customer_id, float(product.price))
    order = process.lock(ctx, int(cancelled.entity_id or 0))
    process.run(ctx, order, "I have changed my mind", "Ordered the wrong size", process.CUSTOMER)
    _order(ctx, customer_id, float(product.price))
