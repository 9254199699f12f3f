"""Quick Order: find products by SKU or name, read pasted lines, check them, add them all or none
(docs/modules/quickorder.md).

The search is the platform's catalog text search; the add is the platform's bulk add of cart lines
(``quote.carts.add_lines``), which checks every line before it writes any. The module's own checks
(unknown, disabled, out of stock, quantity) come first, in the order the docs give, so each line is
answered with the first reason it cannot be added.
"""
from __future__ import annotations

import csv
import re
from decimal import Decimal
from typing import Any
from ...framework.context import Context, Service
from ...framework.exceptions import InputException, LocalizedException
from ...platform.catalog import prices, search
from ...platform.catalog.service import ProductFacts, product_facts
from ...platform.media.service import url as media_url
from ...platform.quote import carts
from .api import AddToCartResultInterface, ProductInterface, QuickOrderItemInterface, ValidationResultInterface

ENABLED = "vendor_quickorder/general/enabled"
DISABLED_GROUPS = "vendor_quickorder/general/disabled_customer_groups"
MAX_RESULTS = "vendor_quickorder/general/search_max_results"
MAX_QTY = "vendor_quickorder/general/max_qty_add"
MAX_LINES = 500

NO_INPUT = "Input with products was not provided."
TOO_MANY_LINES = "You can send up to %1 lines at once."
BOTH = 'Send either "%1" or "%2", not both.'
NOT_AVAILABLE = "Quick Order is not available."
NO_PRODUCT = "Product doesn't exist"
DISABLED = "Disabled"
OUT_OF_STOCK = "Out of stock"
MAX_QTY_MESSAGE = "The maximum quantity to add is %1."
SUCCESS, NEEDS_OPTIONS, ERROR = 0, 1, 2

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")
_QTY_PREFIX = re.compile(r"qty\s*[:=]\s*(.*)", re.IGNORECASE)


# --------------------------------------------------------------------------- settings

def _int_setting(ctx: Context, path: str, store_id: int, default: int) -> int:
    value = ctx.config.get(path, store_id) if ctx.config else None
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        return default
    return number if number >= 1 else default


def available(ctx: Context, store_id: int, group_id: int) -> bool:
    """The add routes answer for this store view and customer group."""
    if not (ctx.config and ctx.config.flag(ENABLED, store_id)):
        return False
    listed = str(ctx.config.get(DISABLED_GROUPS, store_id) or "")
    return str(group_id) not in {g.strip() for g in listed.split(",") if g.strip()}


# --------------------------------------------------------------------------- the paste format

def _quantity(field: str) -> float | None:
    """Field 2 as a quantity: a number (digits with at most one point, a sign allowed), optionally
    written ``qty:5`` or ``qty=5``; None when it is not one."""
    prefixed = _QTY_PREFIX.fullmatch(field)
    text = prefixed.group(1).strip() if prefixed else field
    return float(text) if _NUMBER.fullmatch(text) else None


def parse_text(text: str | None) -> list[QuickOrderItemInterface]:
    """The items of pasted text (docs/modules/quickorder.md, "The paste format")."""
    lines = [line.strip() for line in re.split(r"\r\n|\n|\r", text or "")]
    lines = [line for line in lines if line and not line.startswith("#")]
    rows = [[f.strip() for f in next(csv.reader([line], delimiter="\t" if "\t" in line else ",", quotechar='"',
                                                skipinitialspace=True), [])] for line in lines]
    if rows and rows[0] and rows[0][0].lower() == "sku":
        rows = rows[1:]
    if not rows:
        raise InputException(NO_INPUT)
    if len(rows) > MAX_LINES:
        raise InputException(TOO_MANY_LINES, [MAX_LINES])
    items = []
    for position, fields in enumerate(rows, start=1):
        sku = fields[0] if fields else ""
        rest = fields[1:]
        qty = _quantity(rest[0]) if rest else None
        if qty is not None:
            rest = rest[1:]
        items.append(QuickOrderItemInterface.of(sku=sku, qty=1.0 if qty is None else qty,
                                                options=[f for f in rest if f], position=position))
    return items


def _items(items: list[QuickOrderItemInterface] | None) -> list[QuickOrderItemInterface]:
    """JSON items, numbered from their place in the list (a sent ``position`` is ignored)."""
    if not items:
        raise InputException.required("items")
    if len(items) > MAX_LINES:
        raise InputException(TOO_MANY_LINES, [MAX_LINES])
    return [QuickOrderItemInterface.of(sku=(i.sku or "").strip(), qty=1.0 if i.qty is None else i.qty,
                                       options=list(i.options or []), position=n)
            for n, i in enumerate(items, start=1)]


# --------------------------------------------------------------------------- line checks

def _result(item: QuickOrderItemInterface, status: int, message: str,
            product: ProductFacts | None) -> ValidationResultInterface:
    return ValidationResultInterface.of(position=item.position, sku=item.sku, qty=item.qty, status=status,
                                        message=message, product_id=product.id if product else None,
                                        product_name=product.name if product else None)


def check(ctx: Context, store_id: int, items: list[QuickOrderItemInterface],
          in_cart: dict[int, Decimal] | None = None) -> list[ValidationResultInterface]:
    """Every line's outcome, in line order: the module's checks, then the platform's add-to-cart checks
    counting ``in_cart`` and the earlier lines that passed."""
    website = ctx.config.website_of.get(store_id, 1) if ctx.config else 1
    most = _int_setting(ctx, MAX_QTY, store_id, 100)
    results: list[ValidationResultInterface | None] = []
    passed: list[tuple[int, QuickOrderItemInterface, ProductFacts]] = []
    known: dict[str, ProductFacts | None] = {}
    for n, item in enumerate(items):
        sku = item.sku or ""
        if not sku:
            results.append(_result(item, ERROR, InputException.required("sku").rendered(), None))
            continue
        if sku not in known:
            known[sku] = product_facts(ctx.conn, sku)
        product = known[sku]
        if product is None or website not in product.website_ids:
            results.append(_result(item, ERROR, NO_PRODUCT, None))
            continue
        qty = Decimal(str(item.qty))
        reason = None
        if product.status != 1:
            reason = DISABLED
        elif not product.is_in_stock:
            reason = OUT_OF_STOCK
        elif qty <= 0:
            reason = InputException.invalid_value("qty", carts.number_text(item.qty)).rendered()
        elif qty > most:
            reason = LocalizedException(MAX_QTY_MESSAGE, [most]).rendered()
        if reason is not None:
            results.append(_result(item, ERROR, reason, product))
            continue
        results.append(None)
        passed.append((n, item, product))
    _, refused = carts.check_lines(ctx, store_id, [carts.NewLine(p.sku, Decimal(str(i.qty))) for _, i, p in passed],
                                   in_cart)
    messages = {e.position: e.message for e in refused}
    for m, (n, item, product) in enumerate(passed, start=1):
        message = messages.get(m)
        results[n] = _result(item, ERROR if message else SUCCESS, message or "", product)
    return [r for r in results if r is not None]


# --------------------------------------------------------------------------- the add

def add(ctx: Context, row: Any, items: list[QuickOrderItemInterface] | None, multiple_sku: str | None
        ) -> AddToCartResultInterface:
    if not available(ctx, row.store_id, row.customer_group_id or 0):
        raise InputException(NOT_AVAILABLE)
    has_items, has_text = bool(items), multiple_sku is not None
    if has_items and has_text:
        raise InputException(BOTH, ["items", "multipleSku"])
    lines = _items(items) if has_items else parse_text(multiple_sku) if has_text else _items(None)
    in_cart: dict[int, Decimal] = {}
    for r in carts.Loaded(ctx, row).items:
        in_cart[r.product_id] = in_cart.get(r.product_id, Decimal(0)) + Decimal(r.qty)
    results = check(ctx, row.store_id, lines, in_cart)
    failed = [r for r in results if r.status != SUCCESS]
    if not failed:
        try:
            carts.add_lines(ctx, row.id, [carts.NewLine(r.sku or "", Decimal(str(r.qty))) for r in results])
        except carts.LinesRefused as refused:
            reasons = {e.position: e.message for e in refused.line_errors}
            failed = [ValidationResultInterface.of(position=r.position, sku=r.sku, qty=r.qty, status=ERROR,
                                                   message=reasons[n], product_id=r.product_id,
                                                   product_name=r.product_name)
                      for n, r in enumerate(results, start=1) if n in reasons]
    if failed:
        return AddToCartResultInterface.of(success=False, added_count=0, product_ids=[], message="", errors=failed)
    count = len(results)
    message = "1 item was added successfully." if count == 1 else f"{count} items were added successfully."
    return AddToCartResultInterface.of(success=True, added_count=count,
                                       product_ids=[r.product_id for r in results if r.product_id is not None],
                                       message=message, errors=[])


# --------------------------------------------------------------------------- routes

def _price_html(amount: Decimal) -> str:
    return f'<span class="price">${amount.quantize(Decimal("0.01")):,.2f}</span>'


def _image(product: ProductFacts) -> str:
    image = product.custom_attributes.get("image")
    if not isinstance(image, str) or not image.strip() or image.strip() == "no_selection":
        return media_url("catalog/product/placeholder/small_image.jpg")
    return media_url("catalog/product/" + image.strip().lstrip("/"))


class Search(Service):
    interface = "Vendor\\QuickOrder\\Api\\SearchInterface"
    summary = "Quick order product search"

    def search(self, search_term: str | None = None) -> list[ProductInterface]:
        term = search.check_term(self.ctx, search_term)
        store_id = self.ctx.store_id or 1
        website = self.ctx.config.website_of.get(store_id, 1) if self.ctx.config else 1
        found = search.find(self.ctx, term, website_id=website,
                            limit=_int_setting(self.ctx, MAX_RESULTS, store_id, 10))
        return [ProductInterface.of(id=p.id, sku=p.sku, name=p.name,
                                    price=_price_html(prices.final_price(self.ctx, p.id, p.price)),
                                    image=_image(p), type_id=p.type_id) for p in found]


class ItemManagement(Service):
    interface = "Vendor\\QuickOrder\\Api\\ItemManagementInterface"
    summary = "Quick order lines"

    def parse(self, multiple_sku: str | None = None) -> list[QuickOrderItemInterface]:
        if multiple_sku is None:
            raise InputException.required("multipleSku")
        return parse_text(multiple_sku)

    def validate(self, items: list[QuickOrderItemInterface] | None = None) -> list[ValidationResultInterface]:
        return check(self.ctx, self.ctx.store_id or 1, _items(items))


class AddToCart(Service):
    interface = "Vendor\\QuickOrder\\Api\\AddToCartInterface"
    summary = "Quick order: add to the customer's cart"

    def execute(self, cart_id: int, items: list[QuickOrderItemInterface] | None = None,
                multiple_sku: str | None = None) -> AddToCartResultInterface:
        return add(self.ctx, carts.row_of(self.ctx, cart_id), items, multiple_sku)


class GuestAddToCart(Service):
    interface = "Vendor\\QuickOrder\\Api\\GuestAddToCartInterface"
    summary = "Quick order: add to a guest cart"

    def execute(self, cart_id: str, items: list[QuickOrderItemInterface] | None = None,
                multiple_sku: str | None = None) -> AddToCartResultInterface:
        return add(self.ctx, carts.by_masked_id(self.ctx, cart_id), items, multiple_sku)

