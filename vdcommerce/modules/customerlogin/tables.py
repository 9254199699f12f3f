"""The login log of the login-as-customer module.

A change here needs a revision: `vdcommerce db revision --package customerlogin -m "..."`.

The admin user, customer and website columns are copies taken at login time plus a reference that the
database sets to null when the referenced record goes (the copies stay, so the log keeps its meaning).
"""
from sqlalchemy import Column, DateTime, ForeignKey, Index, Integer, SmallInteger, String, Table

from ...framework.db import metadata

login_log = Table(
    "vendor_customer_login_log", metadata,
    Column("logged_in_id", Integer, primary_key=True, autoincrement=True),
    Column("logged_in_time", DateTime, nullable=False),
    Column("admin_id", Integer, ForeignKey("admin_user.user_id", ondelete="SET NULL"), nullable=True),
    Column("admin_username", String(40), nullable=True),
    Column("admin_email", String(128), nullable=True),
    Column("customer_id", Integer, ForeignKey("customer_entity.id", ondelete="SET NULL"), nullable=True),
    Column("customer_name", String(255), nullable=True),
    Column("customer_lastname", String(255), nullable=True),
    Column("customer_email", String(255), nullable=True),
    Column("website_id", Integer, ForeignKey("store_website.website_id", ondelete="SET NULL"), nullable=True),
    Column("website_code", String(32), nullable=True),
    Column("store_id", SmallInteger, nullable=True),  # kept for the storefront flow; never on the wire
    Column("secret_key", String(32), nullable=False, default=""),
    Index("ix_vendor_customer_login_log_customer_id", "customer_id"),
    Index("ix_vendor_customer_login_log_admin_id", "admin_id"),
    Index("ix_vendor_customer_login_log_website_id", "website_id"),
    Index("ix_vendor_customer_login_log_secret_key", "secret_key"),
)
