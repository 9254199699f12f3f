"""The test module's part in carts and orders, built the way a vendor module takes part:

- ``Fee``: a totals collector that adds the fee an admin (or the cart's own customer) set on a cart
  (``PUT /V1/vdtest/carts/:cartId/fee``, a resource-or-owner route); the amount shows as a total segment
  and in the cart totals, and travels to the placed order as ``extension_attributes.vdtest_fee_amount``
  and ``vdtest_fee_label`` (``GET /V1/vdtest/orders/:orderId/fee`` reads it back, again for an admin or
  the order's own customer);
- ``Gift``: a totals collector that adds a free line of ``testmodule/gift/gift_sku`` while the cart
  holds ``testmodule/gift/min_qty`` units of ``testmodule/gift/trigger_sku``;
- ``Flip``: a collector that never settles (it wants its line exactly while the line is absent), to
  show that a collection still ends, while ``testmodule/flip/sku`` names a product;
- ``refuse_vetoed_products``: an observer of ``checkout_submit_before`` that refuses to place an order
  holding a product whose SKU starts with ``veto-``.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import Column, Integer, Numeric, String, Table, bindparam, delete, insert, select

from vdcommerce.framework.context import Context, Service
from vdcommerce.framework.db import metadata
from vdcommerce.framework.exceptions import LocalizedException
from vdcommerce.framework.limits import number_limits, out_of_range
from vdcommerce.platform.catalog.service import product_facts
from vdcommerce.platform.quote import carts
from vdcommerce.platform.quote.api import TotalsInterface
from vdcommerce.platform.quote.totals import ZERO, Line, Quote, Segment, Total, cents
from vdcommerce.platform.sales.orders import load_order


cart_fee = Table(
    "vendor_testmodule_cart_fee", metadata,
    Column("quote_id", Integer, primary_key=True, autoincrement=False),
    Column("amount", Numeric(20, 4), nullable=False),
    Column("label", String(255), nullable=False),
)
VETOED = 'The product "%1" cannot be ordered.'

_FEE_OF = select(cart_fee.c.amount, cart_fee.c.label).where(cart_fee.c.quote_id == bindparam("id"))


class Fee:
    code = "vdtest_fee"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        fee = ctx.conn.execute(_FEE_OF, {"id": quote.id}).first()
        if fee is None or not quote.items:
            return
        amount = cents(fee.amount)
        total.adjustments[self.code] = amount
        total.extension.update(vdtest_fee_amount=amount, vdtest_fee_label=fee.label)

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        if self.code not in total.adjustments:
            return None
        return Segment(self.code, f"Fee ({total.extension['vdtest_fee_label']})", total.adjustments[self.code])


class Gift:
    code = "vdtest_gift"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        trigger = str(ctx.config_value("testmodule/gift/trigger_sku", "")).strip()
        gift = str(ctx.config_value("testmodule/gift/gift_sku", "")).strip()
        if not trigger or not gift:
            return
        bought = sum((i.qty for i in quote.items if i.sku == trigger and i.added_by is None), Decimal(0))
        if bought < Decimal(str(ctx.config_value("testmodule/gift/min_qty", "1"))):
            return
        product = product_facts(ctx.conn, gift)
        if product is None or product.status != 1 or not product.is_in_stock:
            return
        total.want_line(self.code, Line(key=product.sku, product_id=product.id, sku=product.sku,
                                        name=product.name, qty=Decimal(1), price=ZERO,
                                        product_type=product.type_id, weight=product.weight))

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        return None


class Flip:
    code = "vdtest_flip"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        sku = str(ctx.config_value("testmodule/flip/sku", "")).strip()
        product = product_facts(ctx.conn, sku) if sku and quote.items else None
        if product is None or any(i.added_by == self.code for i in quote.items):
            return
        total.want_line(self.code, Line(key="flip", product_id=product.id, sku=product.sku, name=product.name,
                                        qty=Decimal(1), price=product.price))

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        return None


def refuse_vetoed_products(ctx: Context, *, quote: Quote, **_: Any) -> None:
    for item in quote.items:
        if item.sku.lower().startswith("veto-"):
            raise LocalizedException(VETOED, [item.sku])


_FEE_DIGITS = number_limits(cart_fee, {"amount": "amount"})


class CartFeeManagement(Service):
    interface = "Vendor\\Testmodule\\Api\\CartFeeManagementInterface"
    summary = "Test fees on carts"

    def set(self, cart_id: int, amount: float, label: str) -> TotalsInterface:
        row = carts.row_of(self.ctx, cart_id)
        too_big = out_of_range({"amount": amount}, _FEE_DIGITS)
        if too_big is not None:  # before the amount is rounded: a number past the decimal context's reach
            raise too_big
        self.conn.execute(delete(cart_fee).where(cart_fee.c.quote_id == row.id))
        self.conn.execute(insert(cart_fee).values(quote_id=row.id, amount=cents(amount), label=label))
        return carts.collect_and_save(self.ctx, row.id).totals

    def get_order_fee(self, order_id: int) -> float:
        ext = load_order(self.ctx, order_id).extension_attributes
        value = getattr(ext, "vdtest_fee_amount", None) if ext is not None else None
        return float(value) if value is not None else 0.0


class CartLines(Service):
    """``POST /V1/vdtest/carts/:cartId/lines``: the platform's all-or-nothing add of many lines
    (``carts.add_lines``). Answers the item ids as text, or, when lines are refused, ``"<position>:
    <message>"`` for each of them (a test of the piece, not a client's route)."""
    interface = "Vendor\\Testmodule\\Api\\CartLinesInterface"

    def add(self, cart_id: int, skus: list[str], qtys: list[float]) -> list[str]:
        lines = [carts.NewLine(sku, Decimal(str(qty))) for sku, qty in zip(skus, qtys)]
        try:
            return [str(i) for i in carts.add_lines(self.ctx, cart_id, lines)]
        except carts.LinesRefused as refused:
            return [f"{e.position}: {e.message}" for e in refused.line_errors]


class CatalogSearch(Service):
    """``GET /V1/vdtest/catalog/search``: the SKUs the platform's catalog text search finds."""
    interface = "Vendor\\Testmodule\\Api\\CatalogSearchInterface"

    def find(self, term: str | None = None, limit: int = 10) -> list[str]:
        from vdcommerce.platform.catalog import search
        return [p.sku for p in search.find(self.ctx, search.check_term(self.ctx, term), website_id=1,
                                           limit=min(max(limit, 0), 1000))]
