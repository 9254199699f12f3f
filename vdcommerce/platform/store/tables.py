from sqlalchemy import Boolean, Column, ForeignKey, Index, Integer, String, Table

from ...framework.db import metadata

website = Table(
    "store_website", metadata,
    Column("website_id", Integer, primary_key=True, autoincrement=False),
    Column("code", String(32), nullable=False, unique=True),
    Column("name", String(64), nullable=False),
    Column("default_group_id", Integer, nullable=False, default=0),
)

group = Table(
    "store_group", metadata,
    Column("group_id", Integer, primary_key=True, autoincrement=False),
    Column("website_id", Integer, ForeignKey("store_website.website_id"), nullable=False),
    Column("name", String(255), nullable=False),
    Column("default_store_id", Integer, nullable=False, default=0),
    # added by 0012_store; defaults on the server only, so that the first revision's seed rows (which
    # name the columns above) insert as they did
    Column("code", String(32), nullable=False, server_default=""),
    Column("root_category_id", Integer, nullable=False, server_default="0"),
    Index(None, "code", unique=True),
)

store = Table(
    "store", metadata,
    Column("store_id", Integer, primary_key=True, autoincrement=False),
    Column("code", String(32), nullable=False, unique=True),
    Column("website_id", Integer, ForeignKey("store_website.website_id"), nullable=False),
    Column("group_id", Integer, ForeignKey("store_group.group_id"), nullable=False),
    Column("name", String(255), nullable=False),
    Column("sort_order", Integer, nullable=False, default=0),
    Column("is_active", Boolean, nullable=False, default=True),
)

# the platform's default scope tree; the initial migration inserts it (0012_store gives the groups
# their codes, `default` and `main_website_store`, and root categories, 0 and 2)
DEFAULT_SCOPES = {
    website: [{"website_id": 0, "code": "admin", "name": "Admin", "default_group_id": 0},
              {"website_id": 1, "code": "base", "name": "Main Website", "default_group_id": 1}],
    group: [{"group_id": 0, "website_id": 0, "name": "Default", "default_store_id": 0},
            {"group_id": 1, "website_id": 1, "name": "Main Website Store", "default_store_id": 1}],
    store: [{"store_id": 0, "code": "admin", "website_id": 0, "group_id": 0, "name": "Admin", "sort_order": 0, "is_active": True},
            {"store_id": 1, "code": "default", "website_id": 1, "group_id": 1, "name": "Default Store View", "sort_order": 0, "is_active": True}],
}
