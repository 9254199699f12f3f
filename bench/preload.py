"""Fill a migrated database with carts and orders shaped like real ones, fast (SQLAlchemy Core bulk inserts).

``bench/checkout.py --preload N`` calls ``preload(url, n)`` after ``vdcommerce db upgrade`` and before the
service starts, so that the checkout is measured beside ``n`` orders and ``n`` carts rather than on empty
tables. The rows are what a storefront leaves behind: guest and customer carts in every store view with
one to four items, both addresses and a payment (half of the carts converted into the orders, the rest
still active or abandoned), and orders with their items, both addresses and a payment. Products are
referred to by id and sku only (no catalog rows are needed: a cart or order keeps its own copy).
"""
from __future__ import annotations

import datetime as dt
import random
import string

import orjson
from sqlalchemy import create_engine, func, insert, select

from vdcommerce.platform.customer.tables import customer_entity
from vdcommerce.platform.quote.tables import quote, quote_address, quote_item, quote_payment
from vdcommerce.platform.sales.tables import order, order_address, order_item, order_payment
from vdcommerce.platform.store.tables import store

CUSTOMERS = 200
BATCH = 5_000
_ALPHABET = string.ascii_letters + string.digits
_STREET = orjson.dumps(["1 Main St"]).decode()


def _address(kind: str, i: int) -> dict:
    return dict(address_type=kind, firstname="Pre", lastname=f"Load{i}", street=_STREET, city="Austin",
                region="Texas", region_id=57, region_code="TX", postcode="78701", country_id="US",
                telephone="5125550100", email=f"pre.{i}@example.com")


def preload(url: str, n: int, seed: int = 7) -> dict:
    """``n`` orders and ``n`` carts (with their items, addresses and payments) in the database at ``url``;
    answers how many rows of each table were written."""
    rng = random.Random(seed)
    engine = create_engine(url)
    counts = dict.fromkeys(("customers", "carts", "cart items", "orders", "order items"), 0)
    t0 = dt.datetime(2026, 1, 1)
    with engine.begin() as conn:
        stores = [r.store_id for r in conn.execute(select(store.c.store_id).where(store.c.store_id > 0))] or [1]
        first_customer = (conn.execute(select(func.max(customer_entity.c.id))).scalar() or 0) + 1
        conn.execute(insert(customer_entity), [dict(
            id=first_customer + k, website_id=1, store_id=stores[k % len(stores)], group_id=1,
            email=f"preload.{k}@example.com", firstname="Pre", lastname=f"Load{k}", created_at=t0, updated_at=t0)
            for k in range(CUSTOMERS)])
        counts["customers"] = CUSTOMERS
        next_quote = (conn.execute(select(func.max(quote.c.id))).scalar() or 0) + 1
        next_order = (conn.execute(select(func.max(order.c.entity_id))).scalar() or 0) + 1
        # n orders, each from a converted cart, and n more carts (active or abandoned): 2n carts in all
        for start in range(0, 2 * n, BATCH):
            carts, items, addresses, payments = [], [], [], []
            orders, o_items, o_addresses, o_payments = [], [], [], []
            for k in range(start, min(2 * n, start + BATCH)):
                qid, converted = next_quote + k, k < n
                when = t0 + dt.timedelta(seconds=k * 7)
                guest = rng.random() < 0.6
                customer = None if guest else first_customer + rng.randrange(CUSTOMERS)
                store_id = stores[k % len(stores)]
                lines = [(rng.randrange(1, 5000), rng.randrange(1, 4), rng.randrange(5, 200))
                         for _ in range(rng.randrange(1, 5))]
                subtotal = sum(q * p for _, q, p in lines)
                carts.append(dict(
                    id=qid, masked_id="".join(rng.choice(_ALPHABET) for _ in range(32)) if guest else None,
                    store_id=store_id, customer_id=customer, customer_group_id=0 if guest else 1,
                    customer_is_guest=guest, customer_email=f"pre.{k}@example.com",
                    is_active=not converted and rng.random() < 0.5, is_virtual=False, items_count=len(lines),
                    items_qty=sum(q for _, q, _ in lines), shipping_carrier_code="flatrate",
                    shipping_method_code="flatrate", subtotal=subtotal, subtotal_with_discount=subtotal,
                    grand_total=subtotal + 5, customer_note_notify=True, created_at=when, updated_at=when,
                    reserved_order_id=f"P{k:09d}" if converted else None))
                for product_id, qty, price in lines:
                    items.append(dict(quote_id=qid, product_id=product_id, sku=f"PRE-{product_id}",
                                      name=f"Preloaded {product_id}", product_type="simple", qty=qty, price=price,
                                      weight=1, created_at=when, updated_at=when))
                addresses += [dict(quote_id=qid, customer_id=customer, **_address(kind, k))
                              for kind in ("shipping", "billing")]
                payments.append(dict(quote_id=qid, method="checkmo"))
                if not converted:
                    continue
                oid = next_order + k
                orders.append(dict(
                    entity_id=oid, increment_id=f"P{k:09d}", state="new", status="pending", store_id=store_id,
                    quote_id=qid, customer_id=customer, customer_email=f"pre.{k}@example.com",
                    customer_firstname="Pre", customer_lastname=f"Load{k}", customer_is_guest=int(guest),
                    customer_group_id=0 if guest else 1, subtotal=subtotal, shipping_amount=5,
                    shipping_method="flatrate_flatrate", shipping_description="Flat Rate - Fixed",
                    grand_total=subtotal + 5, total_due=subtotal + 5, total_qty_ordered=sum(q for _, q, _ in lines),
                    total_item_count=len(lines), created_at=when, updated_at=when))
                for product_id, qty, price in lines:
                    o_items.append(dict(order_id=oid, product_id=product_id, sku=f"PRE-{product_id}",
                                        name=f"Preloaded {product_id}", product_type="simple", qty_ordered=qty,
                                        price=price, original_price=price, row_total=qty * price, weight=1,
                                        created_at=when, updated_at=when))
                o_addresses += [dict(parent_id=oid, **_address(kind, k)) for kind in ("shipping", "billing")]
                o_payments.append(dict(parent_id=oid, method="checkmo", amount_ordered=subtotal + 5))
            for table, rows in ((quote, carts), (quote_item, items), (quote_address, addresses),
                                (quote_payment, payments), (order, orders), (order_item, o_items),
                                (order_address, o_addresses), (order_payment, o_payments)):
                if rows:
                    conn.execute(insert(table), rows)
            counts["carts"] += len(carts)
            counts["cart items"] += len(items)
            counts["orders"] += len(orders)
            counts["order items"] += len(o_items)
    engine.dispose()
    return counts


if __name__ == "__main__":  # python -m bench.preload URL N
    import sys
    print(preload(sys.argv[1], int(sys.argv[2])))
