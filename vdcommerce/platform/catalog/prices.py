"""Special prices and the final price a cart charges.

A product has at most one special price per store view (store 0: every store view), active from
``price_from`` to ``price_to`` (either may be empty: open-ended), read in the store's timezone
(``general/locale/timezone``). A ``price_to`` given as a date alone lasts to the end of that day. The final
price is the lower of the price and the active special price; a store view's own special price wins
over store 0's.

The update and delete routes answer the rows they could not take, each with its message and
parameters; the others are saved (an empty list: all of them).
"""
from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import and_, bindparam, delete, insert, or_, select

from ...framework.context import Context, Service
from ...framework.exceptions import NoSuchEntityException
from ..store import service as stores
from .api import PriceUpdateResultInterface, SpecialPriceInterface
from .tables import product as product_t
from .tables import special_price as special_t

ROW = "Row ID: SKU = %SKU, Store ID: %storeId, Price From: %priceFrom, Price To: %priceTo."
NO_PRODUCT = "The product that was requested doesn't exist. Verify the product and try again. " + ROW
INVALID = "Invalid attribute %fieldName = %fieldValue. " + ROW
NO_STORE = "Requested store is not found. " + ROW
FROM_AFTER_TO = "Special price date from should be before special price date to. " + ROW
NO_SKUS = "Requested products don't exist: %sku"
FORMAT = "%Y-%m-%d %H:%M:%S"

_active = (select(special_t.c.store_id, special_t.c.price)
           .where(special_t.c.product_id == bindparam("pid"),
                  special_t.c.store_id.in_(bindparam("stores", expanding=True)),
                  or_(special_t.c.price_from.is_(None), special_t.c.price_from <= bindparam("now")),
                  or_(special_t.c.price_to.is_(None), special_t.c.price_to >= bindparam("now"))))


def store_now(ctx: Context) -> dt.datetime:
    """Now (``ctx.now()``: a job's run time under the job clock) in the store's timezone, without tzinfo
    (as the dates are stored)."""
    name = str(ctx.config_value("general/locale/timezone", "UTC") or "UTC")
    try:
        zone = ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("UTC")
    return ctx.now().replace(tzinfo=dt.timezone.utc).astimezone(zone).replace(tzinfo=None)


def final_price(ctx: Context, product_id: int, price: Decimal) -> Decimal:
    """The price a cart charges for the product in the request's store view now."""
    rows = ctx.conn.execute(_active, {"pid": product_id, "stores": sorted({0, ctx.store_id}),
                                      "now": store_now(ctx)}).all()
    if not rows:
        return price
    special = Decimal(max(rows, key=lambda r: r.store_id).price)
    return min(price, special).quantize(Decimal("0.01"))


def _date(value: str | None, end_of_day: bool) -> tuple[bool, dt.datetime | None]:
    """(valid, parsed) for a sent date; empty is valid and open-ended."""
    if value is None or str(value).strip() == "":
        return True, None
    text = str(value).strip()
    try:
        parsed = dt.datetime.fromisoformat(text)
    except ValueError:
        return False, None
    if parsed.tzinfo is not None:
        parsed = parsed.replace(tzinfo=None)
    if end_of_day and len(text) == 10:
        parsed = parsed.replace(hour=23, minute=59, second=59)
    return True, parsed


class SpecialPriceStorage(Service):
    """``Magento\\Catalog\\Api\\SpecialPriceStorageInterface``."""

    interface = "Magento\\Catalog\\Api\\SpecialPriceStorageInterface"
    summary = "Special prices"

    def get(self, skus: list[str]) -> list[SpecialPriceInterface]:
        ids = self._ids(skus)
        missing = [s for s in skus if s not in ids]
        if missing:
            raise NoSuchEntityException(NO_SKUS, {"sku": ", ".join(missing)})
        if not ids:
            return []
        rows = self.conn.execute(
            select(product_t.c.sku, special_t).join(product_t, product_t.c.entity_id == special_t.c.product_id)
            .where(special_t.c.product_id.in_(list(ids.values())))
            .order_by(product_t.c.sku, special_t.c.store_id)).all()
        return [SpecialPriceInterface.of(price=float(r.price), store_id=r.store_id, sku=r.sku,
                                         price_from=r.price_from.strftime(FORMAT) if r.price_from else None,
                                         price_to=r.price_to.strftime(FORMAT) if r.price_to else None)
                for r in rows]

    def update(self, prices: list[SpecialPriceInterface]) -> list[PriceUpdateResultInterface]:
        failed, valid = self._checked(prices, need_price=True)
        for pid, store_id, price, start, end in valid:
            self.conn.execute(delete(special_t).where(special_t.c.product_id == pid, special_t.c.store_id == store_id))
            self.conn.execute(insert(special_t).values(product_id=pid, store_id=store_id, price=price,
                                                       price_from=start, price_to=end))
        return failed

    def delete(self, prices: list[SpecialPriceInterface]) -> list[PriceUpdateResultInterface]:
        failed, valid = self._checked(prices, need_price=False)
        for pid, store_id, _price, _start, _end in valid:
            self.conn.execute(delete(special_t).where(and_(special_t.c.product_id == pid,
                                                           special_t.c.store_id == store_id)))
        return failed

    # --- helpers

    def _ids(self, skus: list[str]) -> dict[str, int]:
        if not skus:
            return {}
        return {r.sku: r.entity_id for r in self.conn.execute(
            select(product_t.c.sku, product_t.c.entity_id).where(product_t.c.sku.in_(skus)))}

    def _checked(self, prices: list[SpecialPriceInterface], need_price: bool) -> tuple[list[Any], list[Any]]:
        ids = self._ids([p.sku for p in prices if p.sku])
        store_ids = {s.store_id for s in stores.store_views(self.conn)} | {0}
        failed: list[PriceUpdateResultInterface] = []
        valid: list[Any] = []
        for p in prices:
            row = {"SKU": p.sku or "", "storeId": "" if p.store_id is None else str(p.store_id),
                   "priceFrom": p.price_from or "", "priceTo": p.price_to or ""}

            def fail(message: str, extra: dict[str, str] | None = None) -> None:
                params = {**(extra or {}), **row}
                failed.append(PriceUpdateResultInterface.of(message=message, parameters=list(params.values())))

            errors = len(failed)
            if not p.sku or p.sku not in ids:
                fail(NO_PRODUCT)
            if p.price is None or p.price < 0 if need_price else p.price is not None and p.price < 0:
                fail(INVALID, {"fieldName": "Price", "fieldValue": "" if p.price is None else str(p.price)})
            ok_from, start = _date(p.price_from, False)
            ok_to, end = _date(p.price_to, True)
            if not ok_from:
                fail(INVALID, {"fieldName": "Price From", "fieldValue": str(p.price_from)})
            if not ok_to:
                fail(INVALID, {"fieldName": "Price To", "fieldValue": str(p.price_to)})
            if start is not None and end is not None and start > end:
                fail(FROM_AFTER_TO)
            store_id = 0 if p.store_id is None else p.store_id
            if store_id not in store_ids:
                fail(NO_STORE)
            if len(failed) == errors and p.sku is not None:
                valid.append((ids[p.sku], store_id, Decimal(str(p.price or 0)), start, end))
        return failed, valid
