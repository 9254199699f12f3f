"""Custom form tables: the forms and the answers (submissions) sent through them.

An answer keeps ``form_id`` without a foreign key on purpose: deleting a form keeps its answers, which
still carry the form's id, title (``form_name``) and code. The store views and customer groups of a
form are comma-separated id lists on its row (the wire form), checked on save.

Ids are never reused (``sqlite_autoincrement``; PostgreSQL sequences behave so already): the answers
of a deleted form must not look like answers of a later form.
"""
from sqlalchemy import Boolean, Column, DateTime, Index, Integer, SmallInteger, String, Table, Text

from ...framework.db import metadata

form = Table(
    "vendor_customform_form", metadata,
    Column("form_id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(255), nullable=False, unique=True),
    Column("title", String(255), nullable=False),
    Column("success_url", Text, nullable=False, default=""),
    Column("status", SmallInteger, nullable=False, default=1),
    Column("created_at", DateTime, nullable=False),
    Column("customer_group", String(255), nullable=False, default=""),
    Column("store_id", String(255), nullable=False, default="0"),
    Column("send_notification", SmallInteger, nullable=False, default=0),
    Column("send_to", Text, nullable=False, default=""),
    Column("email_template", String(255), nullable=False, default=""),
    Column("submit_button", String(255), nullable=False, default=""),
    Column("success_message", Text, nullable=False, default=""),
    Column("form_json", Text, nullable=False, default=""),
    Column("email_field", String(255), nullable=False, default=""),
    Column("email_field_hide", Boolean, nullable=False, default=False),
    Column("popup_show", Boolean, nullable=False, default=False),
    Column("popup_button", String(255), nullable=False, default=""),
    Column("form_title", Text, nullable=False, default=""),
    Column("auto_reply_template", String(255), nullable=False, default=""),
    Column("auto_reply_enabled", Boolean, nullable=False, default=False),
    Column("survey_mode_enabled", Boolean, nullable=False, default=False),
    Column("form_contains_sensitive_data", Boolean, nullable=False, default=False),
    Column("scheduled_from", DateTime, nullable=True),
    Column("scheduled_to", DateTime, nullable=True),
    Column("is_visible", Boolean, nullable=False, default=True),
    sqlite_autoincrement=True,
)

answer = Table(
    "vendor_customform_answer", metadata,
    Column("answer_id", Integer, primary_key=True, autoincrement=True),
    Column("form_id", Integer, nullable=False),
    Column("store_id", String(32), nullable=False, default="0"),
    Column("created_at", DateTime, nullable=False),
    Column("ip", String(64), nullable=False, default=""),
    Column("response_json", Text, nullable=False, default=""),
    Column("customer_id", Integer, nullable=False, default=0),
    Column("admin_response_email", String(255), nullable=True),
    Column("admin_response_message", Text, nullable=True),
    Column("admin_response_status", String(8), nullable=True),
    Column("referer_url", Text, nullable=True),
    Column("updated_at", DateTime, nullable=True),
    Column("form_name", String(255), nullable=True),
    Column("form_code", String(255), nullable=True),
    Index("ix_vendor_customform_answer_form_id", "form_id"),
    Index("ix_vendor_customform_answer_customer_id", "customer_id"),
    sqlite_autoincrement=True,
)
