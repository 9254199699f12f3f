"""The totals pipeline: what collectors see, what they produce, and their order.

A cart's totals are collected by an ordered list of collectors. Each package declares its collectors
in its ``etc/sales.xml``, in the platform's form::

    <config>
        <section name="quote">
            <group name="totals">
                <item name="discount" instance="vdcommerce.platform.salesrule.totals:Discount" sort_order="400"/>
            </group>
        </section>
    </config>

The platform's own: ``subtotal`` 100 (quote), ``freeshipping`` 200 (salesrule), ``shipping`` 350
(shipping), ``discount`` 400 (salesrule), ``tax`` 450 (tax), ``grand_total`` 550 (quote); the tax
package's ``tax_subtotal`` 150 takes the tax out of prices that include it. A module adds
its collector with a sort order between 450 and 550 (store credit, reward points, fees, gift cards);
its segment then appears before ``grand_total``. ``total_segments`` are the segments the collectors'
``fetch`` return, in collector order.

Amounts are ``Decimal``; each collector rounds what it produces to the cent with ``cents`` (half up, as
the platform rounds prices), so sums of rounded parts stay exact.

A collector is a class with a no-argument constructor and two methods::

    class Collector:
        code = "discount"
        def collect(self, ctx: Context, quote: Quote, total: Total) -> None: ...
        def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None: ...

``collect`` reads the quote and what earlier collectors wrote into ``total`` and writes its own
amounts; ``fetch`` answers the segment to show (or None). ``grand_total`` adds ``total.adjustments``
(module amounts: negative lowers the grand total) to subtotal + shipping + discount + tax, never
below 0. Placing an order copies ``total.adjustments`` and each item's ``extension`` onto the order,
and raises ``sales_model_service_quote_submit_before`` (docs/events.md) for modules that keep more.

``total.extension`` holds the values a collector wants shown by code: a code some package declares on
``Magento\\Quote\\Api\\Data\\TotalsInterface`` shows under the cart totals' ``extension_attributes``,
one declared on ``Magento\\Sales\\Api\\Data\\OrderInterface`` (without a handler) is stored with the
placed order and shows under the order's ``extension_attributes``.

Cart lines a collector adds (free gifts): a collector asks for the lines it wants in the cart with
``total.want_line(self.code, Line(...))`` on every collection in which they apply. After a pass the
pipeline brings the cart in step: a wanted line that is missing is added, one whose quantity or price
differs is changed, and a line the collector added earlier but no longer asks for is removed; when
anything changed, the pipeline runs again over the new lines. Lines a client removed from the cart
are not added again (``quote.declined``). The cart settles after at most ``MAX_PASSES`` changes;
beyond that the lines are left as they are, so two collectors that undo each other cannot loop.
A collector's own lines are in ``quote.items`` with ``added_by`` set to its code: it should leave them
out when it counts what triggers them.
"""
from __future__ import annotations

import functools
import logging
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Callable, Protocol

import orjson

from ...framework.context import Context
from ...framework.packages import DeclarationError, load_packages, parse_xml, resolve

log = logging.getLogger("vdcommerce.quote")

ZERO = Decimal("0.00")
MAX_PASSES = 3
CENT = Decimal("0.01")


def cents(value: Decimal | int | float | str) -> Decimal:
    """Round to the cent, half up (the platform's price rounding)."""
    if not isinstance(value, Decimal):
        value = Decimal(str(value))
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass
class Address:
    """A cart address as collectors see it (shipping or billing)."""
    country_id: str | None = None
    region_id: int | None = None
    region: str | None = None
    region_code: str | None = None
    postcode: str | None = None
    city: str | None = None
    street: list[str] = field(default_factory=list)
    firstname: str | None = None
    lastname: str | None = None
    email: str | None = None
    telephone: str | None = None
    company: str | None = None
    customer_address_id: int | None = None


@dataclass
class Item:
    """One cart item: the product facts collectors need, and what they compute for it."""
    item_id: int
    product_id: int
    sku: str
    name: str
    product_type: str                   # simple, virtual
    qty: Decimal
    price: Decimal                      # unit price
    weight: Decimal | None = None
    attribute_set_id: int = 4
    category_ids: list[str] = field(default_factory=list)
    custom_attributes: dict[str, Any] = field(default_factory=dict)   # product custom attributes by code
    options: list[dict[str, Any]] = field(default_factory=list)      # chosen options (not priced)
    # written by collectors
    row_total: Decimal = ZERO
    discount_amount: Decimal = ZERO     # positive
    discount_percent: Decimal = ZERO
    applied_rule_ids: list[int] = field(default_factory=list)
    free_shipping: bool = False         # a rule made this item free to ship
    extension: dict[str, Any] = field(default_factory=dict)          # module per-item data, copied to the order item
    added_by: str | None = None         # the code of the collector that added this line (None: the customer did)
    added_key: str | None = None        # that collector's key of the line
    changed: bool = False               # a collector line whose quantity or price changed in this collection
    # written by the tax collector (None: no tax, the amounts including tax equal their twins)
    tax_amount: Decimal = ZERO
    tax_percent: Decimal = ZERO
    price_incl_tax: Decimal | None = None
    row_total_incl_tax: Decimal | None = None
    discount_tax_compensation_amount: Decimal = ZERO

    @property
    def is_virtual(self) -> bool:
        return self.product_type == "virtual"

    @property
    def line(self) -> tuple[str, str] | None:
        """(collector code, key) of a line a collector added."""
        return (self.added_by, self.added_key or "") if self.added_by else None


@dataclass
class Line:
    """A cart line a collector wants in the cart (a free gift): ``key`` tells its lines apart."""
    key: str
    product_id: int
    sku: str
    name: str
    qty: Decimal
    price: Decimal                      # unit price of the line (0 for a free gift)
    product_type: str = "simple"
    weight: Decimal | None = None
    extension: dict[str, Any] = field(default_factory=dict)


@dataclass
class Quote:
    """A cart as collectors see it. Collectors read it; only the quote package writes it."""
    id: int
    store_id: int
    website_id: int
    customer_id: int | None
    customer_group_id: int              # 0 for guests
    customer_email: str | None
    coupon_code: str | None
    items: list[Item]
    shipping_address: Address | None
    billing_address: Address | None
    shipping_carrier_code: str | None   # flatrate
    shipping_method_code: str | None    # flatrate
    payment_method: str | None
    extension: dict[str, Any] = field(default_factory=dict)          # module cart data (e.g. credit to use)
    declined: set[tuple[str, str]] = field(default_factory=set)      # collector lines a client removed
    removed_item_ids: list[int] = field(default_factory=list)        # stored collector lines taken out
    # the modules that keep rows of their own for the cart (quote.module_state); None: not known
    module_state: frozenset[str] | None = None

    @property
    def is_virtual(self) -> bool:
        return bool(self.items) and all(i.is_virtual for i in self.items)

    @property
    def shipping_method(self) -> str | None:
        if self.shipping_carrier_code and self.shipping_method_code:
            return f"{self.shipping_carrier_code}_{self.shipping_method_code}"
        return None


@dataclass
class Segment:
    code: str
    title: str | None
    value: Decimal
    area: str | None = None
    extension_attributes: dict[str, Any] | None = None


@dataclass
class Total:
    """What the collectors produce for one cart."""
    subtotal: Decimal = ZERO
    shipping_amount: Decimal = ZERO
    shipping_discount_amount: Decimal = ZERO        # positive, part of discount_amount
    discount_amount: Decimal = ZERO                 # negative or 0: items + shipping
    tax_amount: Decimal = ZERO
    shipping_tax_amount: Decimal = ZERO             # part of tax_amount
    subtotal_incl_tax: Decimal | None = None        # None: no tax, the same as subtotal
    shipping_incl_tax: Decimal | None = None        # None: the same as shipping_amount
    discount_tax_compensation_amount: Decimal = ZERO  # tax a discount on prices including tax took off
    grand_total: Decimal = ZERO
    adjustments: dict[str, Decimal] = field(default_factory=dict)    # module amounts by collector code
    shipping_carrier_title: str | None = None
    shipping_method_title: str | None = None
    free_shipping: bool = False                     # the whole shipment is free (a rule said so)
    discount_descriptions: list[str] = field(default_factory=list)
    applied_rule_ids: list[int] = field(default_factory=list)       # ascending when written to cart/order
    coupon_code: str | None = None                  # the applied code; None when it was refused
    coupon_refused: bool = False                    # a code was on the cart but no rule accepted it
    extra: dict[str, Any] = field(default_factory=dict)             # scratch space shared between collectors
    extension: dict[str, Any] = field(default_factory=dict)         # values for declared extension attributes
    lines: dict[tuple[str, str], Line] = field(default_factory=dict)  # cart lines collectors want

    def want_line(self, code: str, line: Line) -> None:
        """Ask for a cart line (``code``: the collector's); the same key twice: the last one counts."""
        self.lines[(code, line.key)] = line

    @property
    def payable(self) -> Decimal:
        """What is left to pay after the collectors that ran so far: the grand total as it stands (never
        below 0). A collector that pays part of the order (store credit, a gift card) caps its amount by it."""
        amount = (self.subtotal + self.shipping_amount + self.discount_amount + self.tax_amount
                  + self.discount_tax_compensation_amount + sum(self.adjustments.values(), ZERO))
        return max(ZERO, cents(amount))

    @property
    def subtotal_with_discount(self) -> Decimal:
        return self.subtotal - (-self.discount_amount - self.shipping_discount_amount)


class Collector(Protocol):
    code: str

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None: ...

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None: ...


_CART_STATE = "quote.cart_state"
_MISSING: Any = object()


def cart_state(ctx: Context, key: str, quote_id: int, read: Callable[[], Any]) -> Any:
    """A module's own row (or rows) of a cart, read once per request: the collector and the order
    observers of one request that each ask for it run ``read`` once. ``key`` names the module's state
    (its table); every write of that state in the request calls ``forget_cart_state`` first, so the
    next ask reads it again and nothing stale is ever answered. The memo lives in the request's context
    (one transaction), never across requests."""
    memo: dict[tuple[str, int], Any] = ctx.extra.setdefault(_CART_STATE, {})
    value = memo.get((key, quote_id), _MISSING)
    if value is _MISSING:
        value = memo[(key, quote_id)] = read()
    return value


NOTED_STATE = "quote.noted_state"  # (cart id, module key) noted in this request (carts.note_state)


def keeps_state(ctx: Context, quote: Quote, key: str) -> bool:
    """Whether the module ``key`` may keep rows of its own for this cart. False only when the cart says
    it has none: its ``module_state`` is known and does not name the module, and no write of this
    request noted it (``carts.note_state``); a collector or observer then skips reading its rows."""
    if quote.module_state is None or key in quote.module_state:
        return True
    return (quote.id, key) in ctx.extra.get(NOTED_STATE, ())


def forget_cart_state(ctx: Context, key: str, quote_id: int | None = None) -> None:
    """A write of a module's per-cart state (``quote_id`` None: of any cart): the next ``cart_state``
    of it reads again."""
    memo: dict[tuple[str, int], Any] | None = ctx.extra.get(_CART_STATE)
    if not memo:
        return
    for k in [k for k in memo if k[0] == key and (quote_id is None or k[1] == quote_id)]:
        del memo[k]


@functools.cache
def collectors() -> tuple[Collector, ...]:
    """Every package's declared collectors, in ascending sort_order; read once per process."""
    found: list[tuple[int, str, Collector]] = []
    seen: dict[str, str] = {}
    for package in load_packages():
        path = package.etc("sales.xml")
        if path is None:
            continue
        for item in parse_xml(path).findall("section[@name='quote']/group[@name='totals']/item"):
            name, ref, order = item.get("name"), item.get("instance"), item.get("sort_order")
            if not name or not ref or not (order or "").isdigit():
                raise DeclarationError(f"{path}: totals item needs name, instance and a numeric sort_order")
            if name in seen:
                raise DeclarationError(f"{path}: totals collector {name} is already declared in {seen[name]}")
            seen[name] = str(path)
            cls = resolve(ref, f"{path}: totals item {name}")
            found.append((int(order), name, cls()))
    found.sort(key=lambda t: (t[0], t[1]))
    return tuple(c for _, _, c in found)


def _collect_once(ctx: Context, quote: Quote) -> tuple[Total, list[Segment]]:
    total = Total()
    pipeline = collectors()
    for c in pipeline:
        c.collect(ctx, quote, total)
    segments = []
    for c in pipeline:
        seg = c.fetch(ctx, quote, total)
        if seg is not None:
            segments.append(seg)
    return total, segments


def collect(ctx: Context, quote: Quote) -> tuple[Total, list[Segment]]:
    """Run the pipeline over a cart: its totals and its segments, in order. The cart's collector lines
    are brought in step with what the collectors ask for (``quote.items`` changes in memory; the quote
    package stores the changes when it stores the collection)."""
    for _ in range(MAX_PASSES):
        total, segments = _collect_once(ctx, quote)
        if not reconcile_lines(quote, total.lines):
            return total, segments
    log.warning("the collector lines of cart %s did not settle after %d passes", quote.id, MAX_PASSES)
    return _collect_once(ctx, quote)


def _same_data(stored: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """Equal as the cart keeps them (JSON: amounts come back as strings)."""
    return stored == wanted or stored == orjson.loads(orjson.dumps(wanted, default=str))


def reconcile_lines(quote: Quote, wanted: dict[tuple[str, str], Line]) -> bool:
    """Make the cart's collector lines what the collectors asked for; answers whether anything changed."""
    changed = False
    kept: list[Item] = []
    present: set[tuple[str, str]] = set()
    for item in quote.items:
        key = item.line
        if key is None:
            kept.append(item)
            continue
        line = wanted.get(key)
        if line is None or line.qty <= 0 or key in present:
            if item.item_id:
                quote.removed_item_ids.append(item.item_id)
            changed = True
            continue
        present.add(key)
        if item.qty != line.qty or item.price != line.price or not _same_data(item.extension, line.extension):
            item.qty, item.price, item.extension, item.changed = line.qty, line.price, dict(line.extension), True
            changed = True
        kept.append(item)
    for key, line in wanted.items():
        if key in present or key in quote.declined or line.qty <= 0:
            continue
        kept.append(Item(item_id=0, product_id=line.product_id, sku=line.sku, name=line.name,
                         product_type=line.product_type, qty=line.qty, price=line.price, weight=line.weight,
                         extension=dict(line.extension), added_by=key[0], added_key=key[1]))
        changed = True
    quote.items = kept
    return changed
