"""Gift wrap in carts and orders.

- ``CartWraps``: the handler of the cart's ``extension_attributes.vdgiftwrap_items`` (the wraps a
  shopper chose, one per cart item), saved by ``PUT /V1/carts/mine`` and shown on every cart response;
- ``GiftWrapTotal``: the totals collector (``etc/sales.xml``) that prices each chosen wrap into the
  cart, as its own total segment ``vdgiftwrap`` before the grand total;
- ``copy_to_order``: an observer of ``sales_order_place_after`` that copies the choices, with their
  prices, onto the order (``OrderWraps`` shows them under the order's ``extension_attributes``).
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import bindparam, delete, insert, select

from ...framework.context import Context
from ...framework.exceptions import InputException, NoSuchEntityException
from ...platform.quote import carts
from ...platform.quote.totals import ZERO, Quote, Segment, Total, cents, keeps_state
from .api import CartWrapInterface, OrderWrapInterface
from .service import CARD_NOT_FOUND, CARD_VALUES, ENABLED, NOT_FOUND, WRAP_VALUES
from .tables import order_wrap, quote_wrap

CODE = "vdgiftwrap"
STATE = "giftwrap"  # the cart's chosen wraps, as quote.module_state names them (carts.note_state)
TITLE = "Gift Wrap"

_CHOICES = (select(quote_wrap).where(quote_wrap.c.quote_id.in_(bindparam("ids", expanding=True)))
            .order_by(quote_wrap.c.quote_id, quote_wrap.c.quote_item_id))
_DROP = delete(quote_wrap).where(quote_wrap.c.quote_id == bindparam("quote_id"))
_ORDER_WRAPS = (select(order_wrap).where(order_wrap.c.order_id.in_(bindparam("ids", expanding=True)))
                .order_by(order_wrap.c.order_id, order_wrap.c.entity_id))
NOT_IN_CART = 'The cart doesn\'t contain the item with ID "%1".'


def choices(ctx: Context, cart_ids: list[int]) -> dict[int, list[Any]]:
    """The stored choices of these carts, by cart id."""
    out: dict[int, list[Any]] = {}
    if cart_ids:
        for row in ctx.conn.execute(_CHOICES, {"ids": cart_ids}):
            out.setdefault(row.quote_id, []).append(row)
    return out


def priced(ctx: Context, quote: Quote) -> list[dict[str, Any]]:
    """Each chosen wrap that applies now: its item, the wrap (and card) as the cart's store view reads
    them, and its amount (wrap price x quantity, plus the card's price once, to the cent). A wrap
    disabled for the store view, or a choice whose item left the cart, is left out; a disabled card is
    not charged. An empty cart has none (a choice applies to an item of the cart): nothing is read."""
    if not quote.items or not keeps_state(ctx, quote, STATE):
        return []
    rows = choices(ctx, [quote.id]).get(quote.id, [])
    items = {i.item_id: i for i in quote.items}
    rows = [r for r in rows if r.quote_item_id in items and items[r.quote_item_id].sku == r.sku]
    if not rows:
        return []
    wraps = WRAP_VALUES.read(ctx.conn, {r.wrap_id for r in rows}, quote.store_id)
    cards = CARD_VALUES.read(ctx.conn, {r.card_id for r in rows if r.card_id is not None}, quote.store_id)
    out = []
    for r in rows:
        wrap = wraps.get(r.wrap_id) or {}
        if wrap.get("status") != ENABLED:
            continue
        item = items[r.quote_item_id]
        unit = cents(wrap.get("price") or ZERO)
        card = cards.get(r.card_id) if r.card_id is not None else None
        card_price = None
        if card is not None and card.get("status") == ENABLED:
            card_price = cents(card.get("price") or ZERO)
        else:
            card = None
        out.append({"item": item, "wrap_id": r.wrap_id, "wrap_name": wrap.get("name"), "gift_message": r.gift_message,
                    "is_receipt_hidden": r.is_receipt_hidden, "price": unit,
                    "card_id": r.card_id if card is not None else None, "card_name": card and card.get("name"),
                    "card_price": card_price, "amount": cents(unit * item.qty + (card_price or ZERO))})
    return out


class CartWraps:
    """``extension_attributes.vdgiftwrap_items`` of a cart."""

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        """The stored choices (also those a collection leaves out: an item gone, a wrap switched off)."""
        found = choices(ctx, [int(i) for i in ids])
        out: dict[Any, Any] = {}
        for cart_id, rows in found.items():
            out[cart_id] = [CartWrapInterface.of(item_id=r.quote_item_id, wrap_id=r.wrap_id, card_id=r.card_id,
                                                 gift_message=r.gift_message, is_receipt_hidden=r.is_receipt_hidden)
                            for r in rows]
        return out

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        """Replace the cart's choices with the list sent (null or []: no wrap at all)."""
        cart = carts.Loaded(ctx, carts.row_of(ctx, int(record_id)))
        skus = {r.item_id: r.sku for r in cart.items}
        store_id = cart.row.store_id
        wanted: dict[int, dict[str, Any]] = {}
        for choice in value or []:
            if choice.item_id is None:
                raise InputException.required("item_id")
            if choice.wrap_id is None:
                raise InputException.required("wrap_id")
            if choice.item_id not in skus:
                raise NoSuchEntityException(NOT_IN_CART, [choice.item_id])
            if choice.is_receipt_hidden not in (None, 0, 1):
                raise InputException.invalid_value("is_receipt_hidden", choice.is_receipt_hidden)
            wanted[choice.item_id] = {"quote_item_id": choice.item_id, "quote_id": cart.row.id,
                                      "sku": skus[choice.item_id],
                                      "wrap_id": choice.wrap_id, "card_id": choice.card_id,
                                      "gift_message": choice.gift_message,
                                      "is_receipt_hidden": choice.is_receipt_hidden or 0}
        if wanted:
            wraps = WRAP_VALUES.read(ctx.conn, {w["wrap_id"] for w in wanted.values()}, store_id)
            for w in wanted.values():
                values = wraps.get(w["wrap_id"])
                if values is None or values.get("name") is None and values.get("status") is None:
                    raise NoSuchEntityException(NOT_FOUND, [w["wrap_id"]])
                if values.get("status") != ENABLED:
                    raise InputException('The wrap with ID "%1" is not available.', [w["wrap_id"]])
            card_ids = {w["card_id"] for w in wanted.values() if w["card_id"] is not None}
            cards = CARD_VALUES.read(ctx.conn, card_ids, store_id)
            for card_id in sorted(card_ids):
                values = cards[card_id]
                if values.get("name") is None and values.get("status") is None:
                    raise NoSuchEntityException(CARD_NOT_FOUND, [card_id])
                if values.get("status") != ENABLED:
                    raise InputException('The message card with ID "%1" is not available.', [card_id])
        ctx.conn.execute(_DROP, {"quote_id": cart.row.id})
        if wanted:
            carts.note_state(ctx, cart.row.id, STATE)
            ctx.conn.execute(insert(quote_wrap), list(wanted.values()))


class GiftWrapTotal:
    """The wrap amount of a cart: a total segment of its own, added to the grand total."""
    code = CODE

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        lines = priced(ctx, quote)
        if not lines:
            return
        amount = sum((line["amount"] for line in lines), ZERO)
        total.adjustments[self.code] = amount
        total.extension["vdgiftwrap_amount"] = amount
        for line in lines:
            line["item"].extension[CODE] = {
                "wrap_id": line["wrap_id"], "wrap_name": line["wrap_name"], "gift_message": line["gift_message"],
                "is_receipt_hidden": line["is_receipt_hidden"], "price": str(line["price"]),
                "row_total": str(line["amount"])}
            if line["card_id"] is not None:
                line["item"].extension[CODE].update(card_id=line["card_id"], card_name=line["card_name"],
                                                    card_price=str(line["card_price"]))
        total.extra[CODE] = lines

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        if self.code not in total.adjustments:
            return None
        return Segment(self.code, TITLE, total.adjustments[self.code])


def copy_to_order(ctx: Context, *, order_id: int, quote: Quote, total: Total, **_: Any) -> None:
    """The wraps of the placed cart become the order's, prices copied (the cart's choices stay with the
    deactivated cart)."""
    lines = total.extra.get(CODE) or []
    if lines:
        ctx.conn.execute(insert(order_wrap), [{
            "order_id": order_id, "order_item_sku": line["item"].sku, "quote_item_id": line["item"].item_id,
            "wrap_id": line["wrap_id"], "wrap_name": line["wrap_name"], "qty": line["item"].qty,
            "card_id": line["card_id"], "card_name": line["card_name"], "gift_message": line["gift_message"],
            "is_receipt_hidden": line["is_receipt_hidden"] or 0, "price": line["price"], "base_price": line["price"],
            "card_price": line["card_price"], "base_card_price": line["card_price"]} for line in lines])


class OrderWraps:
    """``extension_attributes.vdgiftwrap_items`` of an order (read only: written at placement)."""

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        if not ids:
            return out
        for r in ctx.conn.execute(_ORDER_WRAPS, {"ids": [int(i) for i in ids]}):
            price = Decimal(r.price)
            card_price = Decimal(r.card_price) if r.card_price is not None else None
            out.setdefault(r.order_id, []).append(OrderWrapInterface.of(
                sku=r.order_item_sku, wrap_id=r.wrap_id, wrap_name=r.wrap_name, qty=float(r.qty),
                card_id=r.card_id, card_name=r.card_name, gift_message=r.gift_message,
                is_receipt_hidden=r.is_receipt_hidden, price=price, base_price=Decimal(r.base_price),
                card_price=card_price, base_card_price=Decimal(r.base_card_price) if card_price is not None else None,
                row_total=cents(price * Decimal(r.qty) + (card_price or ZERO))))
        return out

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        """Orders are written at placement; a value sent with an order is ignored."""
