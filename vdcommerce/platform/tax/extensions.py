"""The order's ``item_applied_taxes``: each line's taxes (its order item id, or the shipping), kept by
the tax package when the order is placed (``sales_model_service_quote_submit_before``)."""
from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import bindparam, insert, select

from ...framework.context import Context
from ...framework.db import Query, Write, in_ids
from ..quote.totals import Quote, Total
from ..sales.orders import item_rows
from .api import (AppliedTaxRateInterface, OrderTaxDetailsAppliedTaxExtensionInterface,
                  OrderTaxDetailsAppliedTaxInterface, OrderTaxDetailsItemInterface)
from .tables import order_item_taxes as details_t
from .totals import ITEM_TAXES, applied_tax

_DETAILS = Query(select(details_t.c.order_id, details_t.c.details)
                 .where(in_ids(details_t.c.order_id, "ids")))
_INSERT = Write(insert(details_t))


def applied_tax_object(d: dict[str, Any]) -> OrderTaxDetailsAppliedTaxInterface:
    rates = (d.get("extension_attributes") or {}).get("rates") or []
    return OrderTaxDetailsAppliedTaxInterface.of(
        code=d.get("code"), title=d.get("title"), percent=d.get("percent"), amount=d.get("amount"),
        base_amount=d.get("base_amount"), extension_attributes=OrderTaxDetailsAppliedTaxExtensionInterface.of(
            rates=[AppliedTaxRateInterface.of(**r) for r in rates]))


def _item(d: dict[str, Any]) -> OrderTaxDetailsItemInterface:
    return OrderTaxDetailsItemInterface.of(type=d.get("type"), item_id=d.get("item_id"),
                                           applied_taxes=[applied_tax_object(a) for a in d.get("applied_taxes") or []])


class ItemAppliedTaxes:
    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, list[OrderTaxDetailsItemInterface]]:
        if not ids:
            return {}
        return {row.order_id: [_item(d) for d in orjson.loads(row.details)]
                for row in _DETAILS.all(ctx.conn, ids=list(ids))}

    def save(self, ctx: Context, id: Any, value: Any) -> None:
        """Orders written from data carry no calculated taxes: nothing is kept."""


def keep_item_taxes(ctx: Context, quote: Quote, total: Total, order_id: int, **_: Any) -> None:
    """Observer of ``sales_model_service_quote_submit_before``: the lines' taxes of the placed order,
    with the order item ids its cart items became."""
    lines = total.extra.get(ITEM_TAXES)
    if not lines:
        return
    order_items = {row.quote_item_id: row.item_id for row in item_rows(ctx.conn, order_id)}
    details = []
    for kind, quote_item_id, applied in lines:
        entry: dict[str, Any] = {"type": kind, "applied_taxes": [applied_tax(a, amount, quote.store_id)
                                                                  for a, amount in applied]}
        if kind == "product":
            entry["item_id"] = order_items.get(quote_item_id)
        details.append(entry)
    _INSERT.run(ctx.conn, {"order_id": order_id, "details": orjson.dumps(details).decode()})
