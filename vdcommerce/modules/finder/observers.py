"""Observers of the catalog's events: a deleted product leaves the finder's map and universal products."""
from __future__ import annotations

from typing import Any

from sqlalchemy import delete

from ...framework.context import Context
from .tables import universal, value_map


def product_deleted(ctx: Context, product_id: int, **_: Any) -> None:
    ctx.conn.execute(delete(value_map).where(value_map.c.pid == product_id))
    ctx.conn.execute(delete(universal).where(universal.c.pid == product_id))
