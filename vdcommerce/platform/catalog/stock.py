"""Stock moves. A deduction is one conditional UPDATE per product (``... WHERE qty >= :n``), so two
transactions racing for the last unit cannot both succeed: PostgreSQL re-checks the condition on the
row it locked, SQLite runs writing transactions one at a time."""
from __future__ import annotations

from decimal import Decimal

from sqlalchemy import bindparam, case, update

from ...framework.exceptions import InputException
from .tables import stock_item as stock_t

NOT_AVAILABLE = "The requested qty is not available"

_deduct = (update(stock_t)
           .where(stock_t.c.product_id == bindparam("pid"), stock_t.c.qty >= bindparam("n"),
                  stock_t.c.is_in_stock.is_(True))
           .values(qty=stock_t.c.qty - bindparam("n"),
                   is_in_stock=case((stock_t.c.qty - bindparam("n") > 0, True), else_=False)))
_restore = (update(stock_t).where(stock_t.c.product_id == bindparam("pid"))
            .values(qty=stock_t.c.qty + bindparam("n"),
                    is_in_stock=case((stock_t.c.qty + bindparam("n") > 0, True), else_=False)))


def deduct(conn, wanted: dict[int, Decimal]) -> None:
    """Take ``qty`` of each product, all or nothing (the caller's transaction rolls back on the error)."""
    for pid in sorted(wanted):
        if conn.execute(_deduct, {"pid": pid, "n": Decimal(wanted[pid])}).rowcount != 1:
            raise InputException(NOT_AVAILABLE)


def restore(conn, returned: dict[int, Decimal]) -> None:
    for pid in sorted(returned):
        if returned[pid] > 0:
            conn.execute(_restore, {"pid": pid, "n": Decimal(returned[pid])})
