"""Demo orders of the demo catalog, placed the way checkout places them (stock taken, then
``create_order``), then invoiced and shipped so that their states differ:

- Ana Silva's (a guest's) order of two Sport Tees, waiting (``new`` / ``pending``);
- Veronica Costello's hoodie and duffle bag, invoiced (``processing``);
- John Smith's yoga strap, invoiced and shipped (``complete``);
- Ana Silva's gift card (virtual), invoiced (``complete``).

Orders whose products or customers are missing are left out; nothing is loaded when the demo e-mail
addresses already have orders.
"""
from decimal import Decimal

from sqlalchemy import Connection, select

from ...framework.context import ADMIN, Caller, Context
from ..catalog import stock
from ..catalog.service import product_facts
from ..customer.service import customer_id_by_email, load_customer
from ..quote.totals import ZERO, Address, Item, Quote, Total, cents
from .documents import InvoiceOrder, ShipOrder
from .service import create_order
from .tables import order as order_t

FLAT_RATE = Decimal("5.00")  # per item, as the flatrate carrier charges

ANA = {"firstname": "Ana", "lastname": "Silva", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
       "region_code": "TX", "region": "Texas", "postcode": "78701", "country_id": "US", "telephone": "5125550100",
       "email": "ana.silva@example.com"}
RONI = {"firstname": "Veronica", "lastname": "Costello", "street": ["6146 Honey Bluff Parkway"], "city": "Calder",
        "region_id": 33, "region_code": "MI", "region": "Michigan", "postcode": "49628-7978", "country_id": "US",
        "telephone": "(555) 229-3326", "email": "roni_cost@example.com"}
JOHN = {"firstname": "John", "lastname": "Smith", "street": ["100 Congress Avenue", "Suite 200"], "city": "Austin",
        "region_id": 57, "region_code": "TX", "region": "Texas", "postcode": "78701", "country_id": "US",
        "telephone": "512-555-0142", "email": "john.smith@example.com"}

# (address, customer e-mail or None for a guest, [(sku, qty)], invoice, ship)
ORDERS = [
    (ANA, None, [("MS-TEE-M", 2)], False, False),
    (RONI, "roni_cost@example.com", [("WS-HOODIE-M", 1), ("24-MB01", 1)], True, False),
    (JOHN, "john.smith@example.com", [("24-WG085", 2)], True, True),
    (ANA, None, [("GIFT-CARD-50", 1)], True, False),
]


def _place(ctx: Context, address: dict, email: str | None, lines: list[tuple[str, int]]) -> int | None:
    conn = ctx.conn
    facts = [(product_facts(conn, sku), qty) for sku, qty in lines]
    customer_id = customer_id_by_email(conn, email) if email else None
    if any(f is None for f, _ in facts) or (email and customer_id is None):
        return None
    customer = load_customer(ctx, customer_id) if customer_id else None
    items = [Item(item_id=None, product_id=f.id, sku=f.sku, name=f.name, product_type=f.type_id,
                  qty=Decimal(qty), price=f.price, weight=f.weight, row_total=cents(f.price * qty))
             for f, qty in facts]
    virtual = all(i.is_virtual for i in items)
    subtotal = sum((i.row_total for i in items), ZERO)
    shipping = ZERO if virtual else FLAT_RATE * sum(i.qty for i in items if not i.is_virtual)
    where = Address(**address)
    quote = Quote(id=None, store_id=1, website_id=1, customer_id=customer.id if customer else None,
                  customer_group_id=customer.group_id if customer else 0, customer_email=address["email"],
                  coupon_code=None, items=items, shipping_address=None if virtual else where, billing_address=where,
                  shipping_carrier_code=None if virtual else "flatrate",
                  shipping_method_code=None if virtual else "flatrate", payment_method="checkmo")
    total = Total(subtotal=subtotal, shipping_amount=shipping, grand_total=subtotal + shipping,
                  shipping_carrier_title=None if virtual else "Flat Rate",
                  shipping_method_title=None if virtual else "Fixed")
    stock.deduct(conn, {i.product_id: i.qty for i in items})
    order_id, _ = create_order(ctx, quote, total, [], email=address["email"], customer_firstname=address["firstname"],
                               customer_lastname=address["lastname"],
                               payment={"method": "checkmo", "po_number": None, "additional_data": None},
                               shipping_description=None if virtual else "Flat Rate - Fixed")
    return order_id


def load(conn: Connection) -> None:
    emails = {address["email"] for address, *_ in ORDERS}
    if conn.execute(select(order_t.c.entity_id).where(order_t.c.customer_email.in_(emails)).limit(1)).first():
        return
    ctx = Context(conn, store_id=1, website_id=1, caller=Caller(ADMIN, 0))
    for address, email, lines, invoice, ship in ORDERS:
        order_id = _place(ctx, address, email, lines)
        if order_id is None:
            continue
        if invoice:
            InvoiceOrder(ctx).execute(order_id)
        if ship:
            ShipOrder(ctx).execute(order_id, tracks=[])
