"""FAQ tables: questions, categories, tags and their links.

Store views and categories of a question, and store views of a category, are link tables so that
filtering on them and checking URL keys per store view are plain queries. Customer groups and
product ids are comma-separated columns (they are only ever read back or matched with ``finset``).
"""
from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Index, Integer, String, Table, Text

from ...framework.db import metadata

question = Table(
    "vendor_faq_question", metadata,
    Column("question_id", Integer, primary_key=True, autoincrement=True),
    Column("title", Text, nullable=False),
    Column("short_answer", Text, nullable=True),
    Column("answer", Text, nullable=True),
    Column("visibility", Integer, nullable=False, default=1),
    Column("status", Integer, nullable=False, default=0),
    Column("position", Integer, nullable=False, default=0),
    Column("name", String(255), nullable=True),
    Column("email", String(255), nullable=False, default=""),
    Column("url_key", String(255), nullable=True),
    Column("positive_rating", Integer, nullable=False, default=0),
    Column("negative_rating", Integer, nullable=False, default=0),
    Column("total_rating", Integer, nullable=False, default=0),
    Column("visit_count", Integer, nullable=False, default=0),
    Column("exclude_sitemap", Boolean, nullable=False, default=False),
    Column("is_show_full_answer", Boolean, nullable=False, default=False),
    Column("product_ids", String(1024), nullable=False, default=""),
    Column("customer_groups", String(255), nullable=False, default=""),
    Column("canonical_url", String(255), nullable=False, default=""),
    Column("meta_title", String(255), nullable=True),
    Column("meta_description", Text, nullable=True),
    Column("meta_robots", String(255), nullable=True),
    Column("asked_from_store", Integer, nullable=True),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    Index("ix_vendor_faq_question_status_position_question_id", "status", "position", "question_id"),
    # the count of a list filtered on status reads this narrow index (a fraction of the pages)
    Index("ix_vendor_faq_question_status", "status"),
    Index("ix_vendor_faq_question_visibility_position_question_id", "visibility", "position", "question_id"),
    Index("ix_vendor_faq_question_url_key", "url_key"),
)

question_store = Table(
    "vendor_faq_question_store", metadata,
    Column("question_id", Integer, ForeignKey("vendor_faq_question.question_id", ondelete="CASCADE"),
           primary_key=True),
    Column("store_id", Integer, primary_key=True),
    Index("ix_vendor_faq_question_store_store_id", "store_id"),
)

category = Table(
    "vendor_faq_category", metadata,
    Column("category_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=False),
    Column("position", Integer, nullable=True),
    Column("url_key", String(255), nullable=True),
    Column("status", Integer, nullable=False, default=1),
    Column("meta_title", String(255), nullable=True),
    Column("meta_description", Text, nullable=True),
    Column("visit_count", Integer, nullable=False, default=0),
    Column("exclude_sitemap", Boolean, nullable=False, default=False),
    Column("canonical_url", String(255), nullable=False, default=""),
    Column("description", Text, nullable=True),
    Column("icon", String(255), nullable=True),
    Column("customer_groups", String(255), nullable=False, default=""),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    Index("ix_vendor_faq_category_url_key", "url_key"),
)

category_store = Table(
    "vendor_faq_category_store", metadata,
    Column("category_id", Integer, ForeignKey("vendor_faq_category.category_id", ondelete="CASCADE"),
           primary_key=True),
    Column("store_id", Integer, primary_key=True),
    Index("ix_vendor_faq_category_store_store_id", "store_id"),
)

tag = Table(
    "vendor_faq_tag", metadata,
    Column("tag_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=False, unique=True),
)

question_category = Table(
    "vendor_faq_question_category", metadata,
    Column("question_id", Integer, ForeignKey("vendor_faq_question.question_id", ondelete="CASCADE"),
           primary_key=True),
    Column("category_id", Integer, ForeignKey("vendor_faq_category.category_id", ondelete="CASCADE"),
           primary_key=True),
    Index("ix_vendor_faq_question_category_category_id", "category_id"),
)

question_tag = Table(
    "vendor_faq_question_tag", metadata,
    Column("question_id", Integer, ForeignKey("vendor_faq_question.question_id", ondelete="CASCADE"),
           primary_key=True),
    Column("tag_id", Integer, ForeignKey("vendor_faq_tag.tag_id", ondelete="CASCADE"), primary_key=True),
    Index("ix_vendor_faq_question_tag_tag_id", "tag_id"),
)
