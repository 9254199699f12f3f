"""Free shipping bar tables. A change here needs a revision: `vdcommerce db revision --package shippingbar -m "..."`.

- ``vendor_shipbar_profile``: one row per bar profile: where it shows (store views, customer groups,
  pages, position), its goal and its look.
- ``vendor_shipbar_profile_label``: the bar's texts per store view (store 0: the defaults a store view
  without its own text falls back to).
"""
from sqlalchemy import Column, ForeignKey, Integer, Numeric, String, Table, Text

from ...framework.db import metadata

profile = Table(
    "vendor_shipbar_profile", metadata,
    Column("profile_id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False),
    Column("status", Integer, nullable=False, default=1),
    Column("goal", Numeric(12, 2), nullable=False, default=0),
    Column("goal_source", Integer, nullable=False, default=0),
    Column("priority", Integer, nullable=False, default=0),
    Column("stores", String(255), nullable=True, default="0"),
    Column("customer_groups", String(255), nullable=True, default="0,1,2,3"),
    Column("position", Integer, nullable=False, default=10),
    Column("pages", String(255), nullable=False, default="home,category,product,search,cart,other"),
    Column("action_clickable", Integer, nullable=False, default=0),
    Column("action_link", String(1024), nullable=True),
    Column("closeable", Integer, nullable=False, default=0),
    Column("car_icon_visible", Integer, nullable=False, default=0),
    Column("text_font", Integer, nullable=False, default=0),
    Column("text_size", Integer, nullable=False, default=14),
    Column("text_color", String(64), nullable=False, default="#ffffff"),
    Column("extra_color", String(64), nullable=False, default="#ffd200"),
    Column("background_color", String(64), nullable=False, default="#1979c3"),
    Column("custom_style", Text, nullable=True),
)

profile_label = Table(
    "vendor_shipbar_profile_label", metadata,
    Column("profile_id", Integer, ForeignKey("vendor_shipbar_profile.profile_id", ondelete="CASCADE"),
           primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Column("init_message", Text, nullable=True),
    Column("progress_message", Text, nullable=True),
    Column("achieved_message", Text, nullable=True),
    Column("terms_message", Text, nullable=True),
)
