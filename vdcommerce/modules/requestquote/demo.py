"""Demo quote requests on the demo catalog and customers, made through the module's services:

- Veronica Costello asks for 20 duffle bags and 10 hoodies (pending, with her remark and a line note);
- John Smith's 30 yoga straps at a negotiated 9.50 each (approved: he can take it to checkout).

A demo customer who has a quote request already, or a cart in progress, gets none; nothing is loaded
when the demo customers or products are missing.
"""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.catalog.service import product_facts
from ...platform.customer.service import customer_id_by_email
from ...platform.quote import carts
from ...platform.quote.api import CartItemInterface
from ...platform.quote.service import Carts
from .service import QuoteItemRepository, QuoteManagement, QuoteRepository
from .tables import vendor_quote

# e-mail, [(sku, qty, negotiated price or None)], remark, approve
QUOTES: list[tuple[str, list[tuple[str, int, float | None]], str, bool]] = [
    ("roni_cost@example.com", [("24-MB01", 20, None), ("WS-HOODIE-M", 10, None)],
     "Please quote for 20 bags and 10 hoodies, delivery in June.", False),
    ("john.smith@example.com", [("24-WG085", 30, 9.50)], "Team order for our studio.", True),
]


def _has_quotes(conn: Connection, customer_id: int) -> bool:
    return conn.execute(select(vendor_quote.c.quote_id).where(
        vendor_quote.c.quote_id.in_(carts.customer_carts(customer_id))).limit(1)).first() is not None


def load(conn: Connection) -> None:
    ctx = Context(conn, store_id=1)
    for email, lines, remark, approve in QUOTES:
        customer_id = customer_id_by_email(conn, email)
        if customer_id is None or any(product_facts(conn, sku) is None for sku, _, _ in lines):
            continue
        if carts.active_cart_id(ctx, customer_id) is not None or _has_quotes(conn, customer_id):
            continue  # a cart the customer is filling is left alone, and a demo quote is made once
        ops = Carts(ctx)
        cart_id = ops.for_customer(customer_id)
        row = carts.row_of(ctx, cart_id)
        items = [ops.save_item(row, CartItemInterface.of(sku=sku, qty=qty)) for sku, qty, _ in lines]
        quote_id = QuoteManagement(ctx).submit(cart_id, remark)
        for item, (_, _, price) in zip(items, lines):
            if price is not None:
                QuoteItemRepository(ctx).set_price(int(item.item_id or 0), price)
        if approve:
            QuoteRepository(ctx).approve(quote_id)
        else:
            QuoteItemRepository(ctx).add_customer_note(int(items[0].item_id or 0), "Black ones, please.")
