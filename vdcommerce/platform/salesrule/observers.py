"""Usage counting: placing an order counts a use of every applied rule and of
the coupon, overall and per customer; cancelling the order gives the uses back.

Per-customer counters are upserted (INSERT ... ON CONFLICT), so two orders of one customer placed at
the same time both count.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, case, update
from sqlalchemy.dialects import postgresql, sqlite

from ...framework.context import Context
from ..quote.totals import Quote, Total
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


def count_usage(ctx: Context, *, quote: Quote, total: Total, **_: Any) -> None:
    """``sales_order_place_after``: one more use of the applied rules and of the coupon."""
    conn = ctx.conn
    rule_ids = list(total.applied_rule_ids)
    coupon_id = coupon_id_of(conn, total.coupon_code) if total.coupon_code else None
    customer_id = quote.customer_id
    upsert = _COUNT_UP[conn.dialect.name]
    if rule_ids:
        conn.execute(_RULES[1], {"ids": rule_ids})
        if customer_id is not None:
            conn.execute(upsert["rule"], [{"b_key": r, "b_customer_id": customer_id} for r in rule_ids])
    if coupon_id is not None:
        conn.execute(_COUPON[1], {"b_coupon_id": coupon_id})
        if customer_id is not None:
            conn.execute(upsert["coupon"], {"b_key": coupon_id, "b_customer_id": customer_id})


def give_back_usage(ctx: Context, *, customer_id: int | None = None, applied_rule_ids: list[int] | None = None,
                    coupon_code: str | None = None, **_: Any) -> None:
    """``sales_order_cancel_after``: the cancelled order's uses are given back."""
    conn = ctx.conn
    rule_ids = list(applied_rule_ids or ())
    coupon_id = coupon_id_of(conn, coupon_code) if coupon_code else None
    if rule_ids:
        conn.execute(_RULES[-1], {"ids": rule_ids})
        if customer_id is not None:
            conn.execute(_RULE_CUSTOMER_DOWN, {"ids": rule_ids, "b_customer_id": customer_id})
    if coupon_id is not None:
        conn.execute(_COUPON[-1], {"b_coupon_id": coupon_id})
        if customer_id is not None:
            conn.execute(_COUPON_CUSTOMER_DOWN, {"b_coupon_id": coupon_id, "b_customer_id": customer_id})
