"""The list filter declared in etc/sales.xml: archived orders, with their documents, leave the sales lists."""
from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, select

from ...framework.context import CUSTOMER, Context
from .tables import archived_order

HIDE_FROM_CUSTOMERS = "orderarchive/general/enable_massfilter"


def hide_archived(ctx: Context, kind: str, order_id: ColumnElement[Any]) -> ColumnElement[bool] | None:
    """Admins, integrations and the scheduled job never list an archived order, nor its invoices,
    shipments and credit memos; a customer stops seeing it only while the store hides archived orders
    on the storefront."""
    if ctx.caller.user_type == CUSTOMER and not ctx.config_flag(HIDE_FROM_CUSTOMERS):
        return None
    return order_id.not_in(select(archived_order.c.order_id))
