"""Gift card tables. A change here needs a revision: `vdcommerce db revision --package giftcard -m "..."`.

- ``vendor_gcard_image`` and ``vendor_gcard_image_element``: card designs and what is drawn on them;
- ``vendor_gcard_code_pool`` (with its cart conditions in ``vendor_gcard_code_pool_rule``) and
  ``vendor_gcard_code``: code templates and the codes generated from them (unique over all pools);
- ``vendor_gcard_account``: the cards themselves (code, balance, status, recipient);
- ``vendor_gcard_quote_card``: the cards applied to a cart, in the order they were applied;
- ``vendor_gcard_order_card``: what each card paid of a placed order and how much of it went back;
- ``vendor_gcard_account_history``: one row per change of a card's balance (what, by how much, the
  balance after it, the order it was for).
"""
from sqlalchemy import Boolean, Column, Date, DateTime, ForeignKey, Index, Integer, Numeric, String, Table, Text

from ...framework.db import metadata

image = Table(
    "vendor_gcard_image", metadata,
    Column("image_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=False),
    Column("gcard_title", String(255)),
    Column("status", Integer, nullable=False, default=1),
    Column("width", Integer, nullable=False, default=580),
    Column("height", Integer, nullable=False, default=390),
    Column("image_path", String(255)),
    Column("user_upload", Boolean, nullable=False, default=False),
)

image_element = Table(
    "vendor_gcard_image_element", metadata,
    Column("element_id", Integer, primary_key=True, autoincrement=True),
    Column("image_id", Integer, ForeignKey("vendor_gcard_image.image_id", ondelete="CASCADE"), nullable=False),
    Column("name", String(64)),
    Column("width", Integer),
    Column("height", Integer),
    Column("pos_x", Integer),
    Column("pos_y", Integer),
    Column("custom_css", Text),
    Index("ix_vendor_gcard_image_element_image_id", "image_id"),
)

code_pool = Table(
    "vendor_gcard_code_pool", metadata,
    Column("pool_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=False),
    Column("template", String(255), nullable=False),
    Column("qty", Integer, nullable=False, default=0),
)

code_pool_rule = Table(
    "vendor_gcard_code_pool_rule", metadata,
    Column("rule_id", Integer, primary_key=True, autoincrement=True),
    Column("pool_id", Integer, ForeignKey("vendor_gcard_code_pool.pool_id", ondelete="CASCADE"),
           nullable=False, unique=True),
    Column("conditions_serialized", Text),
)

code = Table(
    "vendor_gcard_code", metadata,
    Column("code_id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(255), nullable=False, unique=True),
    # the pool the code came from; kept on used codes after their pool is deleted
    Column("code_pool_id", Integer, nullable=False),
    Column("status", Integer, nullable=False, default=0),
    Index("ix_vendor_gcard_code_pool_status", "code_pool_id", "status"),
)

account = Table(
    "vendor_gcard_account", metadata,
    Column("account_id", Integer, primary_key=True, autoincrement=True),
    Column("code_id", Integer, nullable=False, unique=True),
    Column("image_id", Integer),
    Column("order_item_id", Integer, nullable=False, default=0),
    Column("website_id", Integer, nullable=False, default=1),
    Column("store", Integer),
    Column("status", Integer, nullable=False, default=1),
    Column("initial_value", Numeric(12, 2), nullable=False),
    Column("current_value", Numeric(12, 2), nullable=False),
    Column("expired_date", Date),
    Column("comment", Text),
    Column("date_delivery", DateTime),
    Column("sent", Boolean, nullable=False, default=False),
    Column("redeemable", Boolean),
    Column("image_generated", Boolean, nullable=False, default=False),
    Column("customer_created_id", Integer),
    Column("recipient_email", String(255)),
    Column("mobilenumber", String(64)),
    Column("usage", String(16), nullable=False, default="multiple"),
    Index("ix_vendor_gcard_account_order_item_id", "order_item_id"),
)

quote_card = Table(
    "vendor_gcard_quote_card", metadata,
    Column("quote_id", Integer, primary_key=True, autoincrement=False),
    Column("account_id", Integer, ForeignKey("vendor_gcard_account.account_id", ondelete="CASCADE"),
           primary_key=True, autoincrement=False),
    Column("code", String(255), nullable=False),
    Column("position", Integer, nullable=False),
)

order_card = Table(
    "vendor_gcard_order_card", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("order_id", Integer, nullable=False),
    Column("account_id", Integer, nullable=False),
    Column("code", String(255), nullable=False),
    Column("amount", Numeric(12, 2), nullable=False),
    Column("returned", Numeric(12, 2), nullable=False, default=0),
    # the order's increment id, for the balance history of what is given back later
    Column("increment_id", String(50)),
    Index("ix_vendor_gcard_order_card_order_id", "order_id"),
)

history = Table(
    "vendor_gcard_account_history", metadata,
    Column("history_id", Integer, primary_key=True, autoincrement=True),
    # kept when the account is deleted: the history is the record of where the money went
    Column("account_id", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("difference", Numeric(12, 2), nullable=False),
    Column("is_deduct", Boolean, nullable=False, default=False),
    Column("balance", Numeric(12, 2), nullable=False),
    Column("order_increment_id", String(50)),
    Column("action_data", Text),
    Column("created_at", DateTime, nullable=False),
    Index("ix_vendor_gcard_account_history_account_id", "account_id"),
)
