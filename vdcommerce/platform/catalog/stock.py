"""Stock items, their settings, and stock moves.

Each setting of a stock item (``backorders``, ``manage_stock``, ``min_qty``, ``min_sale_qty``,
``max_sale_qty``, ``notify_stock_qty``) applies when its ``use_config_*`` flag is off; otherwise the
configuration's ``cataloginventory/item_options/*`` value does. A client that sends a setting without its
flag turns the flag off (the value it sent applies).

A deduction is one conditional UPDATE per product, so two transactions racing for the last unit cannot
both succeed: PostgreSQL re-checks the condition on the row it locked, SQLite runs writing
transactions one at a time. The condition is the item's: a product whose stock is not managed is never
deducted; with backorders (1, or 2 "notify customer") its qty may go below zero; otherwise it may not go
below ``min_qty``.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, bindparam, case, func, not_, or_, select, update

from ...framework.context import Context, Service
from ...framework.exceptions import InputException, NoSuchEntityException
from ...framework.limits import number_limits, out_of_range
from .api import StockItemCollectionInterface, StockItemInterface, StockStatusInterface
from .tables import product as product_t
from .tables import stock_item as stock_t

NOT_AVAILABLE = "The requested qty is not available"
FEWEST = "The fewest you may purchase is %1."
MOST = "The requested qty exceeds the maximum qty allowed in shopping cart"
NO_SKU = 'The Product with the "%1" SKU doesn\'t exist.'
BACKORDERS = (0, 1, 2)
CONFIG = "cataloginventory/item_options/"
#: setting -> its kind; each has a ``use_config_<setting>`` flag
SETTINGS = {"min_qty": "qty", "min_sale_qty": "qty", "max_sale_qty": "qty", "backorders": "int",
            "notify_stock_qty": "qty", "manage_stock": "bool"}


@dataclass(frozen=True)
class StockDefaults:
    """The configuration's values of the settings (the platform's defaults unless configured)."""
    min_qty: Decimal = Decimal(0)
    min_sale_qty: Decimal = Decimal(1)
    max_sale_qty: Decimal = Decimal(10000)
    backorders: int = 0
    notify_stock_qty: Decimal = Decimal(1)
    manage_stock: bool = True


def defaults(ctx: Context) -> StockDefaults:
    """The settings' configured values for the request's store view."""
    base = StockDefaults()
    values: dict[str, Any] = {}
    for name, kind in SETTINGS.items():
        raw = ctx.config_value(CONFIG + name)
        if raw is None or str(raw).strip() == "":
            continue
        try:
            if kind == "qty":
                values[name] = Decimal(str(raw).strip())
            elif kind == "int":
                values[name] = int(str(raw).strip())
            else:
                values[name] = str(raw).strip() not in ("0", "false", "")
        except (ArithmeticError, ValueError):
            continue
    return StockDefaults(**{**base.__dict__, **values})


def _effective(name: str) -> Any:
    column = stock_t.c[name]
    return case((stock_t.c["use_config_" + name].is_(True), bindparam("cfg_" + name, type_=column.type)),
                else_=column)


_managed = _effective("manage_stock") == True  # noqa: E712
_backordered = _effective("backorders") > 0
_deduct = (update(stock_t)
           .where(stock_t.c.product_id == bindparam("pid"),
                  or_(not_(_managed),
                      and_(stock_t.c.is_in_stock.is_(True),
                           or_(_backordered, stock_t.c.qty - bindparam("n") >= _effective("min_qty")))))
           .values(qty=case((_managed, stock_t.c.qty - bindparam("n")), else_=stock_t.c.qty),
                   is_in_stock=case((not_(_managed), stock_t.c.is_in_stock), (_backordered, stock_t.c.is_in_stock),
                                    (stock_t.c.qty - bindparam("n") > _effective("min_qty"), True), else_=False)))
_restore = (update(stock_t).where(stock_t.c.product_id == bindparam("pid"))
            .values(qty=stock_t.c.qty + bindparam("n"),
                    is_in_stock=case((stock_t.c.qty + bindparam("n") > 0, True), else_=stock_t.c.is_in_stock)))


def _params(d: StockDefaults) -> dict[str, Any]:
    return {"cfg_" + name: getattr(d, name) for name in SETTINGS}


def deduct(conn, wanted: dict[int, Decimal], settings: StockDefaults | None = None) -> None:
    """Take ``qty`` of each product, all or nothing (the caller's transaction rolls back on the error)."""
    params = _params(settings or StockDefaults())
    for pid in sorted(wanted):
        if conn.execute(_deduct, {"pid": pid, "n": Decimal(wanted[pid]), **params}).rowcount != 1:
            raise InputException(NOT_AVAILABLE)


def restore(conn, returned: dict[int, Decimal]) -> None:
    for pid in sorted(returned):
        if returned[pid] > 0:
            conn.execute(_restore, {"pid": pid, "n": Decimal(returned[pid])})


# --------------------------------------------------------------------------- one item

@dataclass(frozen=True)
class StockItem:
    """A product's stock item with its effective settings."""
    product_id: int
    qty: Decimal
    is_in_stock: bool
    use_config: dict[str, bool]
    own: dict[str, Any]
    effective: dict[str, Any]

    @property
    def backorders(self) -> int:
        return int(self.effective["backorders"])

    @property
    def manage_stock(self) -> bool:
        return bool(self.effective["manage_stock"])


_item_by_pid = select(stock_t).where(stock_t.c.product_id == bindparam("pid"))


def _item(row, d: StockDefaults) -> StockItem:
    use_config = {name: bool(row._mapping["use_config_" + name]) for name in SETTINGS}
    own = {name: row._mapping[name] for name in SETTINGS}
    effective = {name: getattr(d, name) if use_config[name] else own[name] for name in SETTINGS}
    return StockItem(row.product_id, Decimal(row.qty), bool(row.is_in_stock), use_config, own, effective)


def stock_item(ctx: Context, product_id: int) -> StockItem | None:
    row = ctx.conn.execute(_item_by_pid, {"pid": product_id}).first()
    return None if row is None else _item(row, defaults(ctx))


def check_salable(ctx: Context, product_id: int, qty_in_cart: Decimal, added: Decimal | None = None) -> None:
    """Whether ``qty_in_cart`` of the product may be in a cart: in stock, within the sale limits, and
    available (unless backorders are allowed or stock is not managed)."""
    item = stock_item(ctx, product_id)
    if item is None:
        raise InputException(NOT_AVAILABLE)
    if not item.manage_stock:
        return
    if not item.is_in_stock:
        raise InputException(NOT_AVAILABLE)
    if qty_in_cart < Decimal(item.effective["min_sale_qty"]):
        raise InputException(FEWEST, [_number(item.effective["min_sale_qty"])])
    if qty_in_cart > Decimal(item.effective["max_sale_qty"]):
        raise InputException(MOST)
    if item.backorders == 0 and qty_in_cart > item.qty - Decimal(item.effective["min_qty"]):
        raise InputException(NOT_AVAILABLE)


def _number(value: Any) -> str:
    d = Decimal(value)
    return str(d.quantize(Decimal(1))) if d == d.to_integral_value() else str(d.normalize())


_DIGITS = number_limits(stock_t, {c: c for c in stock_t.c.keys()})


def item_values(sent: dict[str, Any], stored: dict[str, Any] | None) -> dict[str, Any]:
    """The stock columns a client's stock item changes (``qty``, ``is_in_stock``, the settings and
    their flags), checked. ``stored`` holds the current columns (None: a new product)."""
    reason = out_of_range(sent, _DIGITS)  # what the stock columns cannot hold, as products' own columns
    if reason is not None:
        raise reason
    values: dict[str, Any] = {}
    if sent.get("qty") is not None:
        values["qty"] = Decimal(str(sent["qty"]))
    for name, kind in SETTINGS.items():
        flag = "use_config_" + name
        if sent.get(name) is not None:
            value = sent[name]
            if kind == "int" and value not in BACKORDERS:
                raise InputException.invalid_value(name, value)
            if kind == "qty":
                value = Decimal(str(value))
                if value < 0 and name != "min_qty" or (name == "min_sale_qty" and value <= 0):
                    raise InputException.invalid_value(name, sent[name])
            values[name] = value
            if sent.get(flag) is None:
                values[flag] = False
        if sent.get(flag) is not None:
            values[flag] = bool(sent[flag])
    merged = {**(stored or {}), **values}
    lo = merged.get("min_sale_qty", Decimal(1))
    hi = merged.get("max_sale_qty", Decimal(10000))
    if lo is not None and hi is not None and Decimal(hi) < Decimal(lo):
        raise InputException.invalid_value("max_sale_qty", float(hi))
    if sent.get("is_in_stock") is not None:
        values["is_in_stock"] = bool(sent["is_in_stock"])
    elif "qty" in values or stored is None:
        qty = values.get("qty", merged.get("qty") or Decimal(0))
        backorders = merged.get("backorders", 0) if not merged.get("use_config_backorders", True) else 0
        values["is_in_stock"] = Decimal(qty) > 0 or backorders > 0
    return values


# --------------------------------------------------------------------------- the routes

def item_out(row: Any, d: StockDefaults) -> StockItemInterface:
    """A stock item as the routes write it (``row``: its columns, a row or a mapping)."""
    m = row._mapping if hasattr(row, "_mapping") else row
    return StockItemInterface.of(
        item_id=m["product_id"], product_id=m["product_id"], stock_id=1, qty=float(m["qty"]),
        is_in_stock=bool(m["is_in_stock"]), is_qty_decimal=False,
        **{name: _wire(getattr(d, name) if m["use_config_" + name] else m[name], kind)
           for name, kind in SETTINGS.items()},
        **{"use_config_" + name: bool(m["use_config_" + name]) for name in SETTINGS},
        low_stock_date=None)


def _wire(value: Any, kind: str) -> Any:
    if kind == "qty":
        return float(value)
    return int(value) if kind == "int" else bool(value)


_columns = [c for c in stock_t.c]
_by_sku = (select(*_columns).select_from(stock_t.join(product_t, product_t.c.entity_id == stock_t.c.product_id))
           .where(product_t.c.sku == bindparam("sku")))


class StockRegistry(Service):
    """``Magento\\CatalogInventory\\Api\\StockRegistryInterface``: a product's stock item and status, and
    the items running low."""

    interface = "Magento\\CatalogInventory\\Api\\StockRegistryInterface"
    summary = "Stock items"

    def _row(self, sku: str) -> Any:
        row = self.conn.execute(_by_sku, {"sku": sku}).first()
        if row is None:
            raise NoSuchEntityException(NO_SKU, [sku])
        return row

    def get_stock_item_by_sku(self, product_sku: str, scope_id: int | None = None) -> StockItemInterface:
        return item_out(self._row(product_sku), defaults(self.ctx))

    def get_stock_status_by_sku(self, product_sku: str, scope_id: int | None = None) -> StockStatusInterface:
        row = self._row(product_sku)
        item = item_out(row, defaults(self.ctx))
        return StockStatusInterface.of(product_id=row.product_id, stock_id=1, qty=float(row.qty),
                                       stock_status=1 if row.is_in_stock else 0, stock_item=item)

    def update_stock_item_by_sku(self, product_sku: str, stock_item: StockItemInterface) -> int:
        row = self._row(product_sku)
        values = item_values(stock_item.sent(), dict(row._mapping))
        if values:
            self.conn.execute(update(stock_t).where(stock_t.c.product_id == row.product_id).values(**values))
        return int(row.product_id)

    def get_low_stock_items(self, scope_id: int, qty: float, current_page: int = 1,
                            page_size: int = 0) -> StockItemCollectionInterface:
        if current_page < 1:
            raise InputException.invalid_value("currentPage", current_page)
        if page_size < 0:
            raise InputException.invalid_value("pageSize", page_size)
        d = defaults(self.ctx)
        stmt = (select(*_columns).where(stock_t.c.qty <= Decimal(str(qty)),
                                        _effective("manage_stock") == True)  # noqa: E712
                .order_by(stock_t.c.product_id))
        params = _params(d)
        total = self.conn.execute(select(func.count()).select_from(stmt.subquery()), params).scalar_one()
        if page_size:
            stmt = stmt.limit(page_size).offset((current_page - 1) * page_size)
        rows = self.conn.execute(stmt, params).all()
        return StockItemCollectionInterface.of(items=[item_out(r, d) for r in rows], total_count=total)

