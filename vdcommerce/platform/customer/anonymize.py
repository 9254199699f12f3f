"""Anonymising a customer: personal data replaced by stable placeholders, the records themselves kept.

``anonymize_customer(ctx, customer_id)`` is the one service that does it (a deletion-request module
approving a request calls it). In the caller's transaction it overwrites the customer's account and
address book, then raises ``customer_anonymize_after`` (payload ``customer_id`` and ``keep_since``) on
which every package that keeps personal data of the customer overwrites its own tables: sales its
orders and their addresses, quote its carts, integration revokes the customer's tokens, the newsletter
its subscription. The customer package cannot reach those tables (the packages build on it), hence
the event.

The placeholders are the same everywhere, so an order and its customer still read alike:

| data | placeholder |
|---|---|
| names, company, street, city, region, postcode, tax/VAT number | ``-`` (a street is ``["-"]``) |
| e-mail | ``-@<16 hex digits derived from the customer id>.com``: unique per customer, the same on every run |
| telephone, fax | ``0000000`` |
| country | ``0`` (region id: none) |
| date of birth, gender (customer) | ``1970-01-01``, 3 (not specified) |

Empty fields stay empty, amounts and quantities are untouched. The customer can no longer sign in
(its e-mail is gone, its password is cleared). ``keep_since`` (a UTC datetime, default None) lets a
caller keep orders and carts created since then as they are, for a shop that must keep recent
business records.
"""
from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

import orjson
from sqlalchemy import ColumnElement, Table, case, literal, null, update

from ...framework import events
from ...framework.context import Context
from .. import mail
from .service import _now, _row
from .tables import customer_address_entity as address_t
from .tables import customer_entity as customer_t

DASH = "-"
PHONE = "0000000"
COUNTRY = "0"
DOB = dt.date(1970, 1, 1)
GENDER_NOT_SPECIFIED = 3

# every column that holds personal data, wherever it is, and what replaces it (None: cleared)
_PLACEHOLDERS: dict[str, Any] = {
    **{name: DASH for name in ("firstname", "lastname", "middlename", "prefix", "suffix", "company", "city",
                               "region", "postcode", "vat_id", "taxvat", "customer_firstname",
                               "customer_lastname", "customer_middlename", "customer_prefix", "customer_suffix",
                               "customer_taxvat")},
    "street": orjson.dumps([DASH]).decode(),
    "telephone": PHONE, "fax": PHONE, "country_id": COUNTRY,
    "region_code": None, "region_id": None, "custom_attributes": None, "customer_dob": None,
    "remote_ip": "0.0.0.0",
}
_EMAILS = ("email", "customer_email", "recipient")


def anonymous_email(customer_id: int) -> str:
    """The customer's e-mail placeholder: stable, unique per customer, reveals nothing."""
    return f"-@{hashlib.sha256(f'anonymous customer {customer_id}'.encode()).hexdigest()[:16]}.com"


def placeholders(table: Table, customer_id: int) -> dict[str, ColumnElement[Any]]:
    """UPDATE values that anonymise every personal column ``table`` has (a null stays null), for the
    rows of one customer. Each package uses it on its own tables."""
    values: dict[str, ColumnElement[Any]] = {}
    for column in table.columns:
        if column.name in _EMAILS:
            value: Any = anonymous_email(customer_id)
        elif column.name in _PLACEHOLDERS:
            value = _PLACEHOLDERS[column.name]
        else:
            continue
        if value is None:
            values[column.name] = null()
        elif column.nullable:
            values[column.name] = case((column.is_(None), null()), else_=literal(value, column.type))
        else:
            values[column.name] = literal(value, column.type)
    return values


def anonymize_customer(ctx: Context, customer_id: int, *, keep_since: dt.datetime | None = None) -> None:
    """Anonymise a customer's personal data everywhere, in the caller's transaction; 404 when unknown."""
    row = _row(ctx.conn, customer_id)
    conn = ctx.conn
    stamp = _now()
    conn.execute(update(customer_t).where(customer_t.c.id == row.id).values(
        **placeholders(customer_t, row.id), dob=DOB, gender=GENDER_NOT_SPECIFIED, password_hash=None,
        rp_token_hash=None, rp_token_created_at=None, updated_at=stamp))
    conn.execute(update(address_t).where(address_t.c.customer_id == row.id).values(
        **placeholders(address_t, row.id), updated_at=stamp))
    mail.forget(conn, "customer", [row.id], anonymous_email(row.id))
    events.dispatch(ctx, "customer_anonymize_after", customer_id=row.id, keep_since=keep_since)

