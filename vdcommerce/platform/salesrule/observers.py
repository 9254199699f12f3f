"""Usage counting: placing an order counts a use of every applied rule and of
each accepted coupon code, overall and per customer; cancelling the order gives the uses back.

Per-customer counters are upserted (INSERT ... ON CONFLICT), so two orders of one customer placed at
the same time both count. A code's use is taken with a conditional update that never lets its
``times_used`` pass ``usage_limit`` (nor the customer's count pass ``usage_per_customer``): of two
orders racing for a code's last use, the second finds no row to update and is refused, and its
placement rolls back.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, case, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from ...framework.context import Context
from ...framework.db import Query
from ...framework.exceptions import InputException
from ..quote import coupons as cart_coupons
from ..quote.totals import Quote, Total
from . import coupons
from .service import coupon_id_of
from .tables import coupon as coupon_t
from .tables import coupon_usage, rule_customer
from .tables import rule as rule_t


def _upsert(dialect, table, key: str):
    stmt = dialect.insert(table).values({key: bindparam("b_key"), "customer_id": bindparam("b_customer_id"),
                                         "times_used": 1})
    return stmt.on_conflict_do_update(index_elements=[key, "customer_id"],
                                      set_={"times_used": table.c.times_used + 1})


_COUNT_UP = {name: {"rule": _upsert(d, rule_customer, "rule_id"), "coupon": _upsert(d, coupon_usage, "coupon_id")}
             for name, d in (("sqlite", sqlite), ("postgresql", postgresql))}


def _change(column, delta: int):
    """``column + delta``, never below 0."""
    return case((column + delta < 0, 0), else_=column + delta)


_RULES = {d: update(rule_t).where(rule_t.c.rule_id.in_(bindparam("ids", expanding=True)))
          .values(times_used=_change(rule_t.c.times_used, d)) for d in (1, -1)}
_COUPON = {d: update(coupon_t).where(coupon_t.c.coupon_id == bindparam("b_coupon_id"))
           .values(times_used=_change(coupon_t.c.times_used, d)) for d in (1, -1)}
_RULE_CUSTOMER_DOWN = (update(rule_customer)
                       .where(rule_customer.c.rule_id.in_(bindparam("ids", expanding=True)),
                              rule_customer.c.customer_id == bindparam("b_customer_id"))
                       .values(times_used=_change(rule_customer.c.times_used, -1)))
_COUPON_CUSTOMER_DOWN = (update(coupon_usage)
                         .where(coupon_usage.c.coupon_id == bindparam("b_coupon_id"),
                                coupon_usage.c.customer_id == bindparam("b_customer_id"))
                         .values(times_used=_change(coupon_usage.c.times_used, -1)))


COUPON_NOT_VALID = "The coupon code isn't valid. Verify the code and try again."

_COUPON_OF = Query(select(coupon_t.c.coupon_id, coupon_t.c.usage_per_customer)
                   .where(coupon_t.c.code_key == bindparam("code_key")))
# one use of a code, only while its limit leaves one
_SPEND = (update(coupon_t).where(coupon_t.c.coupon_id == bindparam("b_coupon_id"),
                                 or_(coupon_t.c.usage_limit.is_(None), coupon_t.c.usage_limit == 0,
                                     coupon_t.c.times_used < coupon_t.c.usage_limit))
          .values(times_used=coupon_t.c.times_used + 1))


def _spend_per_customer(dialect, limit: int):
    """The customer's use of a coupon: inserted, or added while below ``limit`` (0: no limit)."""
    stmt = dialect.insert(coupon_usage).values(coupon_id=bindparam("b_key"), customer_id=bindparam("b_customer_id"),
                                               times_used=1)
    if not limit:
        return stmt.on_conflict_do_update(index_elements=["coupon_id", "customer_id"],
                                          set_={"times_used": coupon_usage.c.times_used + 1})
    # RETURNING tells whether a row was written (the driver's row count is not reliable for an upsert)
    return stmt.on_conflict_do_update(index_elements=["coupon_id", "customer_id"],
                                      set_={"times_used": coupon_usage.c.times_used + 1},
                                      where=coupon_usage.c.times_used < bindparam("b_limit")
                                      ).returning(coupon_usage.c.times_used)


_SPEND_CUSTOMER = {name: {limited: _spend_per_customer(d, limited) for limited in (0, 1)}
                   for name, d in (("sqlite", sqlite), ("postgresql", postgresql))}


def _spend_codes(ctx: Context, codes: list[str], customer_id: int | None) -> None:
    """One use of every code (each once), refusing the order when a code has none left."""
    conn = ctx.conn
    spend_customer = _SPEND_CUSTOMER[conn.dialect.name]
    for code in codes:
        coupon = _COUPON_OF.first(conn, code_key=code.lower())
        if coupon is None or conn.execute(_SPEND, {"b_coupon_id": coupon.coupon_id}).rowcount != 1:
            raise InputException(COUPON_NOT_VALID)
        if customer_id is not None:
            limit = coupon.usage_per_customer or 0
            params = {"b_key": coupon.coupon_id, "b_customer_id": customer_id}
            if not limit:
                conn.execute(spend_customer[0], params)
            elif conn.execute(spend_customer[1], {**params, "b_limit": limit}).first() is None:
                raise InputException(COUPON_NOT_VALID)


def count_usage(ctx: Context, *, quote: Quote, total: Total, **_: Any) -> None:
    """``sales_order_place_after``: one more use of the applied rules and of every accepted code."""
    conn = ctx.conn
    rule_ids = list(total.applied_rule_ids)
    customer_id = quote.customer_id
    upsert = _COUNT_UP[conn.dialect.name]
    if rule_ids:
        conn.execute(_RULES[1], {"ids": rule_ids})
        if customer_id is not None:
            conn.execute(upsert["rule"], [{"b_key": r, "b_customer_id": customer_id} for r in rule_ids])
    _spend_codes(ctx, coupons.accepted(total), customer_id)


def give_back_usage(ctx: Context, *, customer_id: int | None = None, applied_rule_ids: list[int] | None = None,
                    coupon_code: str | None = None, **_: Any) -> None:
    """``sales_order_cancel_after``: the cancelled order's uses are given back (one per code)."""
    conn = ctx.conn
    rule_ids = list(applied_rule_ids or ())
    if rule_ids:
        conn.execute(_RULES[-1], {"ids": rule_ids})
        if customer_id is not None:
            conn.execute(_RULE_CUSTOMER_DOWN, {"ids": rule_ids, "b_customer_id": customer_id})
    for code in cart_coupons.split(coupon_code):
        coupon_id = coupon_id_of(conn, code)
        if coupon_id is None:
            continue
        conn.execute(_COUPON[-1], {"b_coupon_id": coupon_id})
        if customer_id is not None:
            conn.execute(_COUPON_CUSTOMER_DOWN, {"b_coupon_id": coupon_id, "b_customer_id": customer_id})
