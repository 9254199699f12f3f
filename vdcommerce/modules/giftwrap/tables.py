"""Gift wrap tables. A change here needs a revision: `vdcommerce db revision --package giftwrap -m "..."`.

- ``vendor_giftwrap_wrap``: one row per wrap (its id and when it last changed); every value shoppers see
  is kept per store view in ``vendor_giftwrap_wrap_store`` (store 0: the defaults).
- ``vendor_giftwrap_message_card`` and ``vendor_giftwrap_message_card_store``: message cards, kept the
  same way as wraps.
- ``vendor_giftwrap_quote_wrap``: the wrap (and message card) a shopper chose for a cart item (one per
  item).
- ``vendor_giftwrap_order_wrap``: the wrap choices of a placed order, with their prices copied, so that
  changing or deleting a wrap later leaves the order as it was sold.
"""
from sqlalchemy import Column, DateTime, ForeignKey, Index, Integer, Numeric, String, Table, Text

from ...framework.db import metadata

wrap = Table(
    "vendor_giftwrap_wrap", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("updated_at", DateTime, nullable=True),
)

wrap_store = Table(
    "vendor_giftwrap_wrap_store", metadata,
    Column("wrap_id", Integer, ForeignKey("vendor_giftwrap_wrap.entity_id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Column("name", String(255)),
    Column("description", Text),
    Column("status", Integer),
    Column("image", String(255)),
    Column("price", Numeric(12, 2)),
    Column("sort_order", Integer),
)

message_card = Table(
    "vendor_giftwrap_message_card", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("updated_at", DateTime, nullable=True),
)

message_card_store = Table(
    "vendor_giftwrap_message_card_store", metadata,
    Column("message_card_id", Integer, ForeignKey("vendor_giftwrap_message_card.entity_id", ondelete="CASCADE"),
           primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Column("name", String(255)),
    Column("status", Integer),
    Column("image", String(255)),
    Column("price", Numeric(12, 2)),
    Column("sort_order", Integer),
)

quote_wrap = Table(
    "vendor_giftwrap_quote_wrap", metadata,
    Column("quote_item_id", Integer, primary_key=True, autoincrement=False),
    Column("quote_id", Integer, nullable=False),
    # the item's SKU when the wrap was chosen: a line id reused for another product never inherits it
    Column("sku", String(255), nullable=False),
    Column("wrap_id", Integer, ForeignKey("vendor_giftwrap_wrap.entity_id", ondelete="CASCADE"), nullable=False),
    Column("card_id", Integer, ForeignKey("vendor_giftwrap_message_card.entity_id", ondelete="SET NULL")),
    Column("gift_message", Text),
    Column("is_receipt_hidden", Integer, nullable=False, default=0),
    Index("ix_vendor_giftwrap_quote_wrap_quote_id", "quote_id"),
)

order_wrap = Table(
    "vendor_giftwrap_order_wrap", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("order_id", Integer, nullable=False),
    Column("order_item_sku", String(255), nullable=False),
    Column("quote_item_id", Integer, nullable=False),
    Column("wrap_id", Integer, nullable=False),
    Column("wrap_name", String(255)),
    Column("qty", Numeric(12, 4), nullable=False),
    Column("card_id", Integer),
    Column("card_name", String(255)),
    Column("gift_message", Text),
    Column("is_receipt_hidden", Integer, nullable=False, default=0),
    Column("price", Numeric(12, 2), nullable=False),
    Column("base_price", Numeric(12, 2), nullable=False),
    Column("card_price", Numeric(12, 2)),
    Column("base_card_price", Numeric(12, 2)),
    Index("ix_vendor_giftwrap_order_wrap_order_id", "order_id"),
)
