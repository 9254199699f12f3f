"""Store pickup tables. A change here needs a revision:
`vdcommerce db revision --package storepickupwithlocator -m "..."`.

- ``vendor_storepickup_location``: pickup locations, their address, curbside flag and weekly schedule
  (a JSON list of seven days, Monday first; null: open every day, all day);
- ``vendor_storepickup_location_store``: the store views a location is offered in (0: all of them);
- ``vendor_storepickup_quote``: the pickup a shopper chose for a cart, one per cart shipping address;
- ``vendor_storepickup_order``: the pickup of a placed order, with the location's name copied, so that
  changing or deleting the location later leaves the order as it was placed.
"""
from sqlalchemy import (BigInteger, Boolean, Column, ForeignKey, Integer, Numeric, String, Table, Text,
                        UniqueConstraint)

from ...framework.db import metadata

location = Table(
    "vendor_storepickup_location", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("curbside_enabled", Boolean, nullable=False, default=False),
    Column("schedule", Text, nullable=True),
    Column("country_id", String(2), nullable=True),
    Column("region_id", Integer, nullable=True),
    Column("city", String(255), nullable=True),
    Column("street", String(255), nullable=True),
    Column("postcode", String(32), nullable=True),
    Column("lat", Numeric(10, 7), nullable=True),
    Column("lng", Numeric(10, 7), nullable=True),
)

location_store = Table(
    "vendor_storepickup_location_store", metadata,
    Column("location_id", Integer, ForeignKey("vendor_storepickup_location.id", ondelete="CASCADE"),
           primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
)

quote_pickup = Table(
    "vendor_storepickup_quote", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("quote_id", Integer, nullable=False),
    Column("address_id", Integer, nullable=False),
    Column("store_id", Integer, nullable=False),
    Column("date", String(10), nullable=True),
    Column("time_from", BigInteger, nullable=True),
    Column("time_to", BigInteger, nullable=True),
    Column("is_curbside_pickup", Boolean, nullable=False, default=False),
    Column("curbside_pickup_comment", String(300), nullable=False, default=""),
    UniqueConstraint("quote_id", "address_id", name="uq_vendor_storepickup_quote_quote_id_address_id"),
)

order_pickup = Table(
    "vendor_storepickup_order", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("order_id", Integer, nullable=False, unique=True),
    Column("location_id", Integer, nullable=False),
    Column("location_name", String(255), nullable=True),
    Column("date", String(10), nullable=True),
    Column("time_from", BigInteger, nullable=True),
    Column("time_to", BigInteger, nullable=True),
    Column("is_curbside_pickup", Boolean, nullable=False, default=False),
    Column("curbside_pickup_comment", String(300), nullable=False, default=""),
)
