"""Store credit in carts and orders.

- ``StoreCreditTotal``: the totals collector (``etc/sales.xml``, sort order 530: after the fees, reward
  points and gift cards) that pays what is left of the cart with the customer's balance, as a negative
  adjustment and its own total segment;
- ``remember_applied``: after every stored collection, keeps what the collection applied with the cart
  (the cart's extension attributes show it, and placement compares against it);
- ``refuse_uncovered``: refuses an order whose credit the balance no longer covers (spent meanwhile);
- ``pay_with_credit``: at placement, takes the credit off the balance with one conditional UPDATE;
- ``return_on_cancel`` and ``mark_invoiced``: the credit of a cancelled order goes back unless invoiced.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import bindparam, insert, select, update

from ...framework.context import Context
from ...framework.exceptions import InputException
from ...platform.quote.totals import ZERO, Item, Quote, Segment, Total, cents
from . import balances
from .tables import order_credit, quote_credit

CODE = "vdstorecredit"
TITLE = "Store Credit"
MAX_CODE = "vdstorecredit_max"
MAX_TITLE = "Store Credit Max"

ENABLED = "vendor_storecredit/general/enabled"
ON_SHIPPING = "vendor_storecredit/general/allow_on_shipping"
ON_TAX = "vendor_storecredit/general/allow_on_tax"
ENCOURAGE = "vendor_storecredit/general/encourage"
RESTRICT = "vendor_storecredit/restrictions/enabled"
EXCLUDED_SKUS = "vendor_storecredit/restrictions/excluded_skus"
EXCLUDED_CATEGORIES = "vendor_storecredit/restrictions/excluded_category_ids"

NOT_COVERED = ("The store credit balance no longer covers the store credit applied to this cart. "
               "Review the order and try again.")

_CHOICE = select(quote_credit).where(quote_credit.c.quote_id == bindparam("quote_id"))
_ORDER = select(order_credit).where(order_credit.c.order_id == bindparam("order_id"))


def flag(ctx: Context, path: str, store_id: int | None) -> bool:
    return ctx.config.flag(path, store_id) if ctx.config else False


def _listed(ctx: Context, path: str, store_id: int | None) -> set[str]:
    value = ctx.config.get(path, store_id) if ctx.config else None
    return {part.strip() for part in str(value or "").split(",") if part.strip()}


def choice(ctx: Context, quote_id: int) -> Any:
    """The cart's store credit row (None: credit never applied on it)."""
    return ctx.conn.execute(_CHOICE, {"quote_id": quote_id}).first()


def set_choice(ctx: Context, quote_id: int, use: bool, requested: Decimal | None = None) -> None:
    """Turn the credit on (with the amount asked for) or off for a cart."""
    values: dict[str, Any] = {"use_credit": use}
    if requested is not None:
        values["requested"] = requested
    if choice(ctx, quote_id) is None:
        ctx.conn.execute(insert(quote_credit).values(quote_id=quote_id, requested=requested or ZERO, amount=ZERO,
                                                     shipping_amount=ZERO, confirmed=ZERO, use_credit=use))
    else:
        ctx.conn.execute(update(quote_credit).where(quote_credit.c.quote_id == quote_id).values(**values))


def confirm(ctx: Context, quote_id: int, applied: Decimal) -> None:
    """What applying the credit applied: an order later paying less credit because the balance no
    longer covers this is refused (``refuse_uncovered``)."""
    ctx.conn.execute(update(quote_credit).where(quote_credit.c.quote_id == quote_id).values(confirmed=applied))


def _excluded(item: Item, skus: set[str], categories: set[str]) -> bool:
    return item.sku in skus or any(str(c) in categories for c in item.category_ids)


def _payable(item: Item) -> Decimal:
    return max(ZERO, item.row_total - item.discount_amount)


class StoreCreditTotal:
    """Pays what is left of a customer's cart with the customer's balance (capped, never an error)."""
    code = CODE

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        store_id = quote.store_id
        if quote.customer_id is None or not flag(ctx, ENABLED, store_id):
            return
        row = choice(ctx, quote.id)
        in_use = row is not None and bool(row.use_credit)
        payable = total.payable
        available = balances.of(ctx, quote.customer_id)   # base and cart currency are the same
        if payable <= 0 or (available <= 0 and not in_use):
            if in_use:
                total.extension.update(vdstorecredit_use=1, vdstorecredit_amount=ZERO, vdstorecredit_base_amount=ZERO,
                                       vdstorecredit_shipping_amount=ZERO)
                total.extra[CODE] = {"applied": ZERO, "in_use": True}
            return
        on_shipping, on_tax = flag(ctx, ON_SHIPPING, store_id), flag(ctx, ON_TAX, store_id)
        shipping = max(ZERO, total.shipping_amount - total.shipping_discount_amount)
        items = [i for i in quote.items]
        if flag(ctx, RESTRICT, store_id):
            skus, categories = _listed(ctx, EXCLUDED_SKUS, store_id), _listed(ctx, EXCLUDED_CATEGORIES, store_id)
            items = [i for i in items if not _excluded(i, skus, categories)]
            allowed = sum((_payable(i) for i in items), ZERO) + (shipping if on_shipping else ZERO)
            if on_tax:
                allowed += total.tax_amount
            allowed = min(payable, allowed)
        else:
            allowed = payable - (ZERO if on_shipping else shipping) - (ZERO if on_tax else total.tax_amount)
        allowed = max(ZERO, cents(allowed))
        suggested = min(available, allowed)
        if not in_use:
            shown = suggested if flag(ctx, ENCOURAGE, store_id) else ZERO
            total.extension.update(vdstorecredit_use=0, vdstorecredit_amount=shown, vdstorecredit_base_amount=shown,
                                   vdstorecredit_shipping_amount=ZERO)
            total.extra[CODE] = {"suggested": suggested, "in_use": False}
            return
        applied = cents(min(Decimal(row.requested), available, allowed))
        on_items = self._spread(items, applied)
        to_shipping = applied - on_items
        if applied > 0:
            total.adjustments[CODE] = -applied
        total.extension.update(vdstorecredit_use=1, vdstorecredit_amount=applied, vdstorecredit_base_amount=applied,
                               vdstorecredit_shipping_amount=to_shipping)
        total.extra[CODE] = {"applied": applied, "in_use": True, "shipping": to_shipping}

    @staticmethod
    def _spread(items: list[Item], applied: Decimal) -> Decimal:
        """Share the applied credit over the items, in proportion to what each is to pay (the last item
        takes what rounding left); answers the part the items took (the rest pays shipping). Lines that
        a collector added keep their data as the collector asks, so their share is not written on them."""
        parts = [(i, _payable(i)) for i in items if _payable(i) > 0]
        whole = sum((p for _, p in parts), ZERO)
        on_items = min(applied, whole)
        left = on_items
        for n, (item, amount) in enumerate(parts):
            share = left if n == len(parts) - 1 else min(left, cents(on_items * amount / whole))
            left -= share
            if item.added_by is None:
                item.extension[CODE] = float(share)
        return on_items

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        data = total.extra.get(CODE)
        if data is None:
            return None
        if data["in_use"]:
            applied = data["applied"]
            return Segment(CODE, TITLE, -applied if applied else ZERO)
        if data["suggested"] > 0:
            return Segment(MAX_CODE, MAX_TITLE, data["suggested"])
        return None


def remember_applied(ctx: Context, *, quote: Quote, total: Total, **_: Any) -> None:
    """``sales_quote_collect_totals_after``: keep what the stored collection applied with the cart."""
    data = total.extra.get(CODE)
    if data is None or not data["in_use"]:
        return
    ctx.conn.execute(update(quote_credit).where(quote_credit.c.quote_id == quote.id).values(
        amount=data["applied"], shipping_amount=data.get("shipping", ZERO)))


def refuse_uncovered(ctx: Context, *, quote: Quote, total: Total, **_: Any) -> None:
    """``checkout_submit_before``: the order's collection caps the credit by the balance as it is now.
    When that is less than applying the credit applied, because the balance no longer covers it (another
    order spent it meanwhile), the order is refused rather than charged differently."""
    data = total.extra.get(CODE)
    if data is None or not data["in_use"] or quote.customer_id is None:
        return
    row = choice(ctx, quote.id)
    shown = cents(row.confirmed) if row is not None else ZERO
    if data["applied"] < shown and balances.of(ctx, quote.customer_id) < shown:
        raise InputException(NOT_COVERED)


def pay_with_credit(ctx: Context, *, order_id: int, increment_id: str, quote: Quote, total: Total,
                    **_: Any) -> None:
    """``sales_order_place_after``: take the applied credit off the balance (one conditional UPDATE; an
    order whose credit another order spent first is refused, and the whole placement rolls back)."""
    data = total.extra.get(CODE)
    if data is None or not data["in_use"] or quote.customer_id is None or data["applied"] <= 0:
        return
    applied = data["applied"]
    try:
        balances.change(ctx, quote.customer_id, -applied, balances.PAID_FOR_ORDER,
                        action_data={"order_increment_id": increment_id}, store_id=quote.store_id, visible=True)
    except balances.NotEnoughCredit:
        raise InputException(NOT_COVERED) from None
    ctx.conn.execute(insert(order_credit).values(
        order_id=order_id, increment_id=increment_id, customer_id=quote.customer_id, store_id=quote.store_id,
        amount=applied, shipping_amount=data.get("shipping", ZERO), invoiced_amount=ZERO, refunded_amount=ZERO,
        given_back_amount=ZERO))


def order_row(ctx: Context, order_id: int) -> Any:
    return ctx.conn.execute(_ORDER, {"order_id": order_id}).first()


def mark_invoiced(ctx: Context, *, order_id: int, **_: Any) -> None:
    """``sales_order_invoice_save_after``: the first invoice carries the order's module amounts, so the
    whole credit counts as invoiced from then on."""
    ctx.conn.execute(update(order_credit).where(order_credit.c.order_id == order_id)
                     .values(invoiced_amount=order_credit.c.amount))


def return_on_cancel(ctx: Context, *, order_id: int, **_: Any) -> None:
    """``sales_order_cancel_after``: the credit used that is neither invoiced nor given back yet goes
    back to the balance."""
    row = order_row(ctx, order_id)
    if row is None or row.customer_id is None:
        return
    left = cents(Decimal(row.amount) - Decimal(row.invoiced_amount) - Decimal(row.given_back_amount))
    if left <= 0:
        return
    balances.change(ctx, row.customer_id, left, balances.RETURNED_ON_CANCEL,
                    action_data={"order_increment_id": row.increment_id}, store_id=row.store_id, visible=True)
    ctx.conn.execute(update(order_credit).where(order_credit.c.order_id == order_id)
                     .values(given_back_amount=order_credit.c.given_back_amount + left))
