"""Newsletter subscribers: the functions other packages and vendor modules call.

A subscriber record is one address in one store view (``subscriber_status``: 1 subscribed, 2 not
active, 3 unsubscribed, 4 unconfirmed). A customer has at most one record, linked by ``customer_id``;
a guest's record is linked to the account of the store's website with the same address as soon as
either subscribes. Every change of a record (created, status or link changed) raises
``newsletter_subscriber_save_after`` with the record and its previous status (None for a new one);
a removed record raises ``newsletter_subscriber_delete_after``.

The customer's ``extension_attributes.is_subscribed`` on the customer routes reads and writes these
records (``extensions.IsSubscribed``); a customer deleted or anonymised loses its record.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select, update

from ...framework.dates import utc_now as _now
from ...framework import events
from ...framework.context import Context
from ...framework.exceptions import InputException
from ..customer import service as customers
from ..store import service as scopes
from .tables import newsletter_subscriber as t

SUBSCRIBED, NOT_ACTIVE, UNSUBSCRIBED, UNCONFIRMED = 1, 2, 3, 4
STATUSES = (SUBSCRIBED, NOT_ACTIVE, UNSUBSCRIBED, UNCONFIRMED)


@dataclass(frozen=True)
class Subscriber:
    subscriber_id: int
    store_id: int
    customer_id: int | None
    email: str
    status: int
    change_status_at: dt.datetime | None

    @property
    def is_subscribed(self) -> bool:
        return self.status == SUBSCRIBED


_SELECT = select(t.c.subscriber_id, t.c.store_id, t.c.customer_id, t.c.subscriber_email, t.c.subscriber_status,
                 t.c.change_status_at)
_BY_ID = _SELECT.where(t.c.subscriber_id == bindparam("id"))
_BY_CUSTOMER = _SELECT.where(t.c.customer_id == bindparam("customer_id"))
_BY_EMAIL = _SELECT.where(t.c.store_id == bindparam("store_id"), t.c.subscriber_email == bindparam("email"))
_STATUS_OF_CUSTOMERS = select(t.c.customer_id, t.c.subscriber_status).where(
    t.c.customer_id.in_(bindparam("ids", expanding=True)))



def _subscriber(row: Any) -> Subscriber | None:
    if row is None:
        return None
    return Subscriber(row.subscriber_id, row.store_id, row.customer_id, row.subscriber_email, row.subscriber_status,
                      row.change_status_at)


def _address(email: str) -> str:
    address = (email or "").strip().lower()
    if not customers.valid_email(address):
        raise InputException.invalid_value("email", email)
    return address


def _store(ctx: Context, store_id: int | None) -> scopes.StoreView:
    """The store view a subscription belongs to: the one named, else the current one (the admin store
    stands for the main website's default store view)."""
    if store_id is None and ctx.store_id == scopes.ADMIN_STORE_ID:
        view = scopes.default_store_view(ctx.conn, 1)
    else:
        view = scopes.store_view(ctx.conn, store_id if store_id is not None else ctx.store_id)
    if view is None or view.store_id == scopes.ADMIN_STORE_ID:
        raise InputException.invalid_value("storeId", store_id if store_id is not None else ctx.store_id)
    return view


# --------------------------------------------------------------------------- reading

def get(ctx: Context, email: str, store_id: int | None = None) -> Subscriber | None:
    """The record of this address in the store view (the current one by default): a customer's of the
    store's website with this address first."""
    view = _store(ctx, store_id)
    address = _address(email)
    customer_id = customers.customer_id_by_email(ctx.conn, address, view.website_id)
    found = _subscriber(ctx.conn.execute(_BY_CUSTOMER, {"customer_id": customer_id}).first()) \
        if customer_id is not None else None
    return found or _subscriber(ctx.conn.execute(_BY_EMAIL, {"store_id": view.store_id, "email": address}).first())


def get_by_id(conn: Connection, subscriber_id: int) -> Subscriber | None:
    return _subscriber(conn.execute(_BY_ID, {"id": subscriber_id}).first())


def for_customer(conn: Connection, customer_id: int) -> Subscriber | None:
    """The customer's record, if it has one."""
    return _subscriber(conn.execute(_BY_CUSTOMER, {"customer_id": customer_id}).first())


def statuses_of_customers(conn: Connection, customer_ids: list[int]) -> dict[int, int]:
    """``{customer_id: subscriber_status}`` of the customers that have a record."""
    if not customer_ids:
        return {}
    return {r.customer_id: r.subscriber_status for r in conn.execute(_STATUS_OF_CUSTOMERS, {"ids": customer_ids})}


# --------------------------------------------------------------------------- changing

def subscribe(ctx: Context, email: str, store_id: int | None = None) -> Subscriber:
    """Subscribe an address in a store view (the current one by default), a guest's or a customer's:
    a new record is subscribed, an unsubscribed one is subscribed again, a subscribed one stays as it
    is. A customer of the store's website with this address gets the record linked to it."""
    view = _store(ctx, store_id)
    address = _address(email)
    customer_id = customers.customer_id_by_email(ctx.conn, address, view.website_id)
    return _set(ctx, view.store_id, address, customer_id, SUBSCRIBED)


def unsubscribe(ctx: Context, email: str, store_id: int | None = None) -> Subscriber | None:
    """Unsubscribe an address in a store view (the current one by default); None when it has no record."""
    found = get(ctx, email, store_id)
    if found is None:
        return None
    return _change(ctx, found, UNSUBSCRIBED, found.customer_id, found.email)


def subscribe_customer(ctx: Context, customer_id: int) -> Subscriber:
    """Subscribe a customer (in its store view); 404 for an unknown customer."""
    customer = customers.load_customer(ctx, customer_id)
    return _set(ctx, customer.store_id or 1, customer.email or "", customer_id, SUBSCRIBED)


def unsubscribe_customer(ctx: Context, customer_id: int) -> Subscriber | None:
    """Unsubscribe a customer; None when it has no record."""
    found = for_customer(ctx.conn, customer_id)
    if found is None:
        return None
    return _change(ctx, found, UNSUBSCRIBED, customer_id, found.email)


def remove_customer(ctx: Context, customer_id: int) -> None:
    """Delete the customer's record (the customer is deleted or its personal data erased)."""
    found = for_customer(ctx.conn, customer_id)
    if found is not None:
        ctx.conn.execute(delete(t).where(t.c.subscriber_id == found.subscriber_id))
        events.dispatch(ctx, "newsletter_subscriber_delete_after", subscriber=found)


def follow_customer_email(ctx: Context, customer_id: int, email: str) -> None:
    """The customer's address changed: its record follows (a guest record of the new address in the same
    store view merges into it)."""
    found = for_customer(ctx.conn, customer_id)
    address = (email or "").strip().lower()
    if found is None or found.email == address:
        return
    _drop_other_record(ctx, found, address)
    ctx.conn.execute(update(t).where(t.c.subscriber_id == found.subscriber_id).values(subscriber_email=address))


def _drop_other_record(ctx: Context, kept: Subscriber, address: str) -> None:
    """Delete the record of ``address`` in ``kept``'s store view that ``kept`` replaces (a guest's, or
    one left linked to a customer who no longer has the address: an address belongs to one customer of
    a website)."""
    other = _subscriber(ctx.conn.execute(_BY_EMAIL, {"store_id": kept.store_id, "email": address}).first())
    if other is not None and other.subscriber_id != kept.subscriber_id:
        ctx.conn.execute(delete(t).where(t.c.subscriber_id == other.subscriber_id))
        events.dispatch(ctx, "newsletter_subscriber_delete_after", subscriber=other)


def _set(ctx: Context, store_id: int, address: str, customer_id: int | None, status: int) -> Subscriber:
    """Give the address (and customer) this status, creating its record when needed."""
    found = for_customer(ctx.conn, customer_id) if customer_id is not None else None
    if found is None:
        # the address's record in the store view: a guest's, or one left linked to a customer who no
        # longer has the address (an address belongs to one customer of a website), taken over
        found = _subscriber(ctx.conn.execute(_BY_EMAIL, {"store_id": store_id, "email": address}).first())
    elif found.email != address:
        _drop_other_record(ctx, found, address)
    if found is None:
        subscriber_id = ctx.conn.execute(insert(t).values(
            store_id=store_id, customer_id=customer_id, subscriber_email=address, subscriber_status=status,
            change_status_at=_now())).inserted_primary_key[0]
        created = get_by_id(ctx.conn, subscriber_id)
        assert created is not None
        events.dispatch(ctx, "newsletter_subscriber_save_after", subscriber=created, previous_status=None)
        return created
    return _change(ctx, found, status, customer_id if customer_id is not None else found.customer_id, address)


def _change(ctx: Context, found: Subscriber, status: int, customer_id: int | None, address: str) -> Subscriber:
    if (found.status, found.customer_id, found.email) == (status, customer_id, address):
        return found
    values: dict[str, Any] = {"customer_id": customer_id, "subscriber_email": address}
    if found.status != status:
        values.update(subscriber_status=status, change_status_at=_now())
    ctx.conn.execute(update(t).where(t.c.subscriber_id == found.subscriber_id).values(**values))
    changed = get_by_id(ctx.conn, found.subscriber_id)
    assert changed is not None
    events.dispatch(ctx, "newsletter_subscriber_save_after", subscriber=changed, previous_status=found.status)
    return changed
