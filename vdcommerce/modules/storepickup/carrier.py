"""The in-store pickup carrier (``vdstorepick``) and the rate processor that writes the pickup comment
on each of its rates.

The carrier offers one rate per active pickup method of the cart's store view (a method linked to
store 0 is offered everywhere); its ``method_code`` is ``vdstorepick<method id>``. The processor
(sort order 300, after shipping rules and promotions) looks the methods up again by that id and puts
the comment in ``rate.extension["vdstorepick_comment"]``, so whichever route lists the rate (the
estimates, ``shipping-methods``, ``shipping-information``) shows the same comment.
"""
from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import bindparam, or_, select

from ...framework.context import Context
from ...platform.media import service as media
from ...platform.quote.totals import Address, Quote, Total, cents
from ...platform.shipping.registry import Rate
from .tables import method as method_t
from .tables import method_label as label_t
from .tables import method_store as store_t

CODE = "vdstorepick"
DEFAULT_TITLE = "Store Pickup"
IMAGE_FOLDER = "vendor_storepick/"
COMMENT_KEY = "vdstorepick_comment"
_METHOD_CODE = re.compile(CODE + r"(\d+)")

_IN_STORE_VIEW = select(store_t.c.method_id).where(
    store_t.c.method_id == method_t.c.id,
    or_(store_t.c.store_id == 0, store_t.c.store_id == bindparam("store_id"))).exists()
_OFFERED = (select(method_t.c.id, method_t.c.name, method_t.c.price)
            .where(method_t.c.is_active.is_(True), _IN_STORE_VIEW).order_by(method_t.c.id))
_COMMENTS = select(method_t.c.id, method_t.c.comment, method_t.c.comment_image) \
    .where(method_t.c.id.in_(bindparam("ids", expanding=True)))
_LABELS = select(label_t.c.method_id, label_t.c.label, label_t.c.comment) \
    .where(label_t.c.method_id.in_(bindparam("ids", expanding=True)), label_t.c.store_id == bindparam("store_id"))


@dataclass
class Offered:
    id: int
    title: str
    price: Decimal


def offered(ctx: Context) -> list[Offered]:
    """The active pickup methods of the current store view, with their store-view title."""
    rows = ctx.conn.execute(_OFFERED, {"store_id": ctx.store_id}).all()
    labels = _labels(ctx, [r.id for r in rows])
    return [Offered(r.id, (labels[r.id][0] if r.id in labels and labels[r.id][0] else r.name),
                    Decimal(str(r.price))) for r in rows]


def _labels(ctx: Context, ids: list[int]) -> dict[int, tuple[str, str]]:
    if not ids:
        return {}
    return {r.method_id: (r.label or "", r.comment or "")
            for r in ctx.conn.execute(_LABELS, {"ids": ids, "store_id": ctx.store_id})}


def render(text: str, image: str | None) -> str:
    """The comment as HTML: the text escaped, then every ``{IMG}`` replaced by the method's image tag
    (by nothing when it has none)."""
    tag = f'<img src="{html.escape(media.url(IMAGE_FOLDER + image))}" alt=""/>' if image else ""
    return html.escape(text, quote=True).replace("{IMG}", tag)


def comments(ctx: Context, ids: Iterable[int]) -> dict[int, str]:
    """The rendered pickup comment of each of these methods in the current store view: the store
    view's label comment when it has one, else the method's own comment."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    labels = _labels(ctx, wanted)
    out: dict[int, str] = {}
    for row in ctx.conn.execute(_COMMENTS, {"ids": wanted}):
        label_comment = labels.get(row.id, ("", ""))[1]
        out[row.id] = render(label_comment or row.comment or "", row.comment_image)
    return out


def method_id(method_code: str) -> int | None:
    m = _METHOD_CODE.fullmatch(method_code or "")
    return int(m.group(1)) if m else None


class StorePickup:
    """The carrier: one rate per pickup method offered in the store view, at the method's price."""
    code = CODE

    def rates(self, ctx: Context, quote: Quote, total: Total, address: Address) -> list[Rate]:
        title = ctx.config_value(f"carriers/{CODE}/title", DEFAULT_TITLE) or DEFAULT_TITLE
        return [Rate(CODE, f"{CODE}{m.id}", title, m.title, cents(m.price)) for m in offered(ctx)]


class PickupComments:
    """Rate processor: the pickup comment on every rate of the pickup carrier."""

    def process(self, ctx: Context, quote: Quote, total: Total, address: Address, rates: list[Rate]) -> list[Rate]:
        pickup = [(r, method_id(r.method_code)) for r in rates if r.carrier_code == CODE]
        found = comments(ctx, [i for _, i in pickup if i is not None])
        for rate, i in pickup:
            if i is not None and i in found:
                rate.extension = {**rate.extension, COMMENT_KEY: found[i]}
        return rates
