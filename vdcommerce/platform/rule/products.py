"""The products a product tree selects (landing pages, report rules, promotions' gift lists).

A product is tested as a cart item of one unit at its price would be: ``sku``, ``category_ids``,
``attribute_set_id``, ``price``, ``name``, ``weight``, ``type_id`` and every custom attribute
(``quote_item_qty`` is 1, ``quote_item_price`` and ``quote_item_row_total`` the price). The products
are read from the catalog a batch at a time; a module runs this when it saves its rule (or in a
scheduled reindex), never per request.
"""
from __future__ import annotations

from decimal import Decimal

from ..catalog.service import ProductFacts, iter_product_facts
from ..quote.totals import Item
from .conditions import Condition, compile_item

ONE = Decimal(1)


def as_item(product: ProductFacts) -> Item:
    """A product as the item predicates see it."""
    return Item(item_id=0, product_id=product.id, sku=product.sku, name=product.name, product_type=product.type_id,
                qty=ONE, price=product.price, weight=product.weight, attribute_set_id=product.attribute_set_id,
                category_ids=list(product.category_ids), custom_attributes=dict(product.custom_attributes),
                row_total=product.price)


def matching_product_ids(conn, condition: Condition | None, *, website_id: int | None = None,
                         enabled_only: bool = False) -> list[int]:
    """Ids of the products the tree (an ``ITEM`` root; None: every product) selects, ascending;
    optionally only those of a website and only enabled ones."""
    test = compile_item(condition)
    found = []
    for product in iter_product_facts(conn):
        if website_id is not None and website_id not in product.website_ids:
            continue
        if enabled_only and product.status != 1:
            continue
        if test(as_item(product)):
            found.append(product.id)
    return found
