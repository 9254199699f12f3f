from sqlalchemy import (Column, Date, DateTime, ForeignKey, Index, Integer, SmallInteger, String, Table,
                        Text, UniqueConstraint)

from ...framework.db import metadata

customer_group = Table(
    "customer_group", metadata,
    Column("customer_group_id", Integer, primary_key=True, autoincrement=False),
    Column("customer_group_code", String(32), nullable=False, unique=True),
    Column("tax_class_id", Integer, nullable=False, default=3),
)

customer_entity = Table(
    "customer_entity", metadata,
    Column("id", Integer, primary_key=True),
    Column("website_id", Integer, ForeignKey("store_website.website_id"), nullable=False),
    Column("store_id", Integer, ForeignKey("store.store_id"), nullable=False),
    Column("group_id", Integer, ForeignKey("customer_group.customer_group_id"), nullable=False, default=1),
    Column("email", String(255), nullable=False),  # kept in lower case
    Column("firstname", String(255), nullable=False),
    Column("lastname", String(255), nullable=False),
    Column("middlename", String(255), nullable=True),
    Column("prefix", String(40), nullable=True),
    Column("suffix", String(40), nullable=True),
    Column("dob", Date, nullable=True),
    Column("gender", SmallInteger, nullable=True),
    Column("taxvat", String(50), nullable=True),
    Column("password_hash", String(255), nullable=True),
    Column("confirmation", String(64), nullable=True),  # set while the account awaits confirmation
    Column("rp_token_hash", String(64), nullable=True),  # sha256 of the pending password-reset token
    Column("rp_token_created_at", DateTime, nullable=True),
    Column("created_in", String(255), nullable=True),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    Column("default_billing", Integer, nullable=True),  # customer_address_entity.id
    Column("default_shipping", Integer, nullable=True),
    Column("disable_auto_group_change", SmallInteger, nullable=False, default=0),
    Column("custom_attributes", Text, nullable=True),  # JSON list of {attribute_code, value}
    UniqueConstraint("email", "website_id"),
    Index("ix_customer_entity_lastname_firstname", "lastname", "firstname"),
)

customer_address_entity = Table(
    "customer_address_entity", metadata,
    Column("id", Integer, primary_key=True),
    Column("customer_id", Integer, ForeignKey("customer_entity.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("firstname", String(255), nullable=True),
    Column("lastname", String(255), nullable=True),
    Column("middlename", String(255), nullable=True),
    Column("prefix", String(40), nullable=True),
    Column("suffix", String(40), nullable=True),
    Column("company", String(255), nullable=True),
    Column("street", Text, nullable=True),  # JSON list of lines
    Column("city", String(255), nullable=True),
    Column("region", String(255), nullable=True),
    Column("region_code", String(32), nullable=True),
    Column("region_id", Integer, nullable=True),
    Column("country_id", String(2), nullable=True),
    Column("postcode", String(255), nullable=True),
    Column("telephone", String(255), nullable=True),
    Column("fax", String(255), nullable=True),
    Column("vat_id", String(255), nullable=True),
    Column("custom_attributes", Text, nullable=True),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
)

# the websites where a customer group is not offered (the group's ``exclude_website_ids``)
customer_group_excluded_website = Table(
    "customer_group_excluded_website", metadata,
    Column("customer_group_id", Integer, ForeignKey("customer_group.customer_group_id", ondelete="CASCADE"),
           primary_key=True),
    Column("website_id", Integer, ForeignKey("store_website.website_id", ondelete="CASCADE"), primary_key=True),
)

# the platform's customer groups
DEFAULT_GROUPS = [
    {"customer_group_id": 0, "customer_group_code": "NOT LOGGED IN", "tax_class_id": 3},
    {"customer_group_id": 1, "customer_group_code": "General", "tax_class_id": 3},
    {"customer_group_id": 2, "customer_group_code": "Wholesale", "tax_class_id": 3},
    {"customer_group_id": 3, "customer_group_code": "Retailer", "tax_class_id": 3},
]
