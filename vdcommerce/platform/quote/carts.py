"""The cart core: finding carts, loading them as the totals pipeline sees them, collecting and saving.

Every service of the quote and checkout packages works on numeric cart ids through these functions;
the guest services only translate the masked id first (``by_masked_id``).
"""
from __future__ import annotations

import datetime as dt
import secrets
import string
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Collection, Iterable, NamedTuple, Sequence

import orjson
from sqlalchemy import ColumnElement, FromClause, Row, Select, bindparam, delete, insert, select, update

from ...framework.data import Dumped, digits, json_number
from ...framework import events, extensions
from ...framework.context import OWNERS, PLACEHOLDERS, Context
from ...framework.db import Query, Write
from ...framework.exceptions import InputException, LocalizedException, NoSuchEntityException
from ...framework.search import SearchField
from ..catalog import prices, stock
from ..catalog.service import ProductFacts, product_facts, products_by_ids
from . import addresses, totals
from .api import (CartItemExtensionInterface, CartItemInterface, TotalSegmentInterface, TotalsExtensionInterface,
                  TotalsInterface, TotalsItemExtensionInterface)
from .tables import quote as quote_t
from .tables import quote_address as address_t
from .tables import quote_item as item_t
from .tables import quote_payment as payment_t

_ALPHABET = string.ascii_letters + string.digits
NO_ACTIVE_CART = "Current customer does not have an active cart."

_BY_ID = Query(select(quote_t).where(quote_t.c.id == bindparam("id")))
_BY_MASK = Query(select(quote_t).where(quote_t.c.masked_id == bindparam("mask")))
_ACTIVE_OF_CUSTOMER = Query(select(quote_t.c.id).where(quote_t.c.customer_id == bindparam("customer_id"),
                                                       quote_t.c.is_active.is_(True)).order_by(quote_t.c.id.desc()))
_ITEMS = Query(select(item_t).where(item_t.c.quote_id == bindparam("id")).order_by(item_t.c.item_id))
_ADDRESSES = Query(select(address_t).where(address_t.c.quote_id == bindparam("id")))
_PAYMENT = Query(select(payment_t).where(payment_t.c.quote_id == bindparam("id")))
# the writes of the checkout path, built once: the values come with each execution (SET and VALUES take
# the columns given), so a write costs no statement construction nor cache key
_INSERT_QUOTE = insert(quote_t).returning(*quote_t.c)
_SET_QUOTE = Write(update(quote_t).where(quote_t.c.id == bindparam("_quote_id")))
_NOTE_STATE = (update(quote_t).where(quote_t.c.id == bindparam("_quote_id"), quote_t.c.module_state.is_not(None),
                                     quote_t.c.module_state.not_like(bindparam("_pattern")))
               .values(module_state=quote_t.c.module_state + bindparam("_add")))
_INSERT_ADDRESS = insert(address_t).returning(*address_t.c)
_UPDATE_ADDRESS = update(address_t).where(address_t.c.id == bindparam("_address_id")).returning(*address_t.c)
_INSERT_PAYMENT = insert(payment_t).returning(*payment_t.c)
_UPDATE_PAYMENT = update(payment_t).where(payment_t.c.payment_id == bindparam("_payment_id")).returning(*payment_t.c)


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)


def loads(text: str | None) -> Any:
    return orjson.loads(text) if text else None


def dumps(value: Any) -> str | None:
    return orjson.dumps(value, default=str).decode() if value else None


# --------------------------------------------------------------------------- finding carts

def not_found(cart_id: Any) -> NoSuchEntityException:
    return NoSuchEntityException.single_field("cartId", str(cart_id))


def row_of(ctx: Context, cart_id: int):
    """An active cart by numeric id; 404 ``cartId`` otherwise."""
    row = _BY_ID.first(ctx.conn, id=cart_id)
    if row is None or not row.is_active:
        raise not_found(cart_id)
    return row


def by_masked_id(ctx: Context, masked_id: str):
    """An active guest cart by masked id; 404 ``cartId`` (with the id as sent) otherwise."""
    row = _BY_MASK.first(ctx.conn, mask=masked_id) if len(masked_id) == 32 else None
    if row is None or not row.is_active or row.customer_id is not None:
        raise not_found(masked_id)
    return row


def active_cart_id(ctx: Context, customer_id: int | None) -> int | None:
    if customer_id is None:
        return None
    row = _ACTIVE_OF_CUSTOMER.first(ctx.conn, customer_id=customer_id)
    return row.id if row is not None else None


def _cart_id_placeholder(ctx: Context) -> int:
    """``%cart_id%``: the calling customer's active cart."""
    cart_id = active_cart_id(ctx, ctx.caller.customer_id)
    if cart_id is None:
        raise NoSuchEntityException(NO_ACTIVE_CART)
    return cart_id


PLACEHOLDERS["%cart_id%"] = _cart_id_placeholder


def id_value(value: str) -> int | None:
    """A path's record id as a number the databases take (None: not one)."""
    return int(value) if digits(value) and int(value) < 2**31 else None


def _owns_cart(ctx: Context, value: str) -> bool:
    """``cartId`` of a resource-or-owner route: an active cart of the calling customer."""
    cart_id = id_value(value)
    row = _BY_ID.first(ctx.conn, id=cart_id) if cart_id is not None else None
    return row is not None and row.is_active and row.customer_id is not None \
        and row.customer_id == ctx.caller.customer_id


OWNERS["cartId"] = _owns_cart


# --------------------------------------------------------------------------- creating

def create(ctx: Context, customer=None) -> int:
    """A new active cart in the current store view (the default one under ``all``); a guest's gets a
    masked id, a customer's takes the customer's group and names. Answers its id."""
    return create_row(ctx, customer).id


def create_row(ctx: Context, customer=None):
    """``create``, answering the new cart's row. A new cart has no items, addresses nor payment: its
    first collection starts from the inserted row without reading anything back."""
    store_id = ctx.store_id or 1
    t = now()
    values: dict[str, Any] = dict(store_id=store_id, created_at=t, updated_at=t, is_active=True, is_virtual=False,
                                  items_count=0, items_qty=0, subtotal=0, subtotal_with_discount=0, grand_total=0,
                                  customer_note_notify=True, module_state=",")  # no module has rows for it yet
    if customer is None:
        values.update(masked_id="".join(secrets.choice(_ALPHABET) for _ in range(32)),
                      customer_group_id=0, customer_is_guest=True)
    else:
        values.update(customer_fields(customer))
    row = ctx.conn.execute(_INSERT_QUOTE, values).one()
    collect_and_save(ctx, row.id, Loaded(ctx, row, items=[], addresses={}, payment=None))
    return row


def customer_fields(customer) -> dict[str, Any]:
    """The cart columns that come from its customer (customer.api.CustomerInterface)."""
    return dict(customer_id=customer.id, customer_group_id=customer.group_id or 0, customer_is_guest=False,
                customer_email=customer.email, customer_firstname=customer.firstname,
                customer_lastname=customer.lastname)


# --------------------------------------------------------------------------- loading

_READ: Any = object()  # Loaded: read this part from the database


class Loaded:
    """A cart's rows: the cart, its items, its addresses (values by type) and its payment."""

    def __init__(self, ctx: Context, row, *, items: list[Any] | None = None,
                 addresses: dict[str, dict[str, Any]] | None = None, payment: Any = _READ):
        """Reads what is not given: a caller that has just read or written a part (a new cart, an item
        it inserted) passes it instead of reading it again."""
        conn = ctx.conn
        self.row = row
        self.items = _ITEMS.all(conn, id=row.id) if items is None else items
        self.addresses = self.read_addresses(ctx) if addresses is None else addresses
        self.payment = _PAYMENT.first(conn, id=row.id) if payment is _READ else payment

    def read_addresses(self, ctx: Context) -> dict[str, dict[str, Any]]:
        return {a.address_type: addresses.from_row(a) for a in _ADDRESSES.all(ctx.conn, id=self.row.id)}

    def read_items(self, ctx: Context) -> None:
        self.items = _ITEMS.all(ctx.conn, id=self.row.id)

    @property
    def shipping(self) -> dict[str, Any] | None:
        return self.addresses.get("shipping")

    @property
    def billing(self) -> dict[str, Any] | None:
        return self.addresses.get("billing")


_PRODUCTS = "quote.products"


def products_of(ctx: Context, ids: Iterable[int]) -> dict[int, ProductFacts]:
    """The catalog's facts of the cart's products, read once per request: a request that adds an item
    and collects, or collects twice, reads each product once (``remember_product``)."""
    known: dict[int, ProductFacts] = ctx.extra.setdefault(_PRODUCTS, {})
    missing = [i for i in ids if i not in known]
    if missing:
        known.update(products_by_ids(ctx.conn, missing))
    return {i: known[i] for i in ids if i in known}


def remember_product(ctx: Context, facts: ProductFacts) -> None:
    """A product the request has just read (by sku): the next collection takes it from here."""
    ctx.extra.setdefault(_PRODUCTS, {})[facts.id] = facts


def item_options(product_option: dict | None) -> list[dict[str, Any]]:
    """The chosen options of an item (custom and configurable), as collectors and totals see them."""
    ext = (product_option or {}).get("extension_attributes") or {}
    return list(ext.get("custom_options") or []) + list(ext.get("configurable_item_options") or [])


def pipeline_quote(ctx: Context, cart: Loaded, **overrides: Any) -> totals.Quote:
    """The cart as collectors see it: item prices as stored, product facts (categories, attributes) as
    the catalog has them now. ``overrides`` replace fields (an estimate's address, a method)."""
    row = cart.row
    facts = products_of(ctx, {i.product_id for i in cart.items}) if cart.items else {}
    items = []
    for r in cart.items:
        f = facts.get(r.product_id)
        items.append(totals.Item(
            item_id=r.item_id, product_id=r.product_id, sku=r.sku, name=r.name or "", product_type=r.product_type,
            qty=Decimal(r.qty), price=Decimal(r.price), weight=Decimal(r.weight) if r.weight is not None else None,
            attribute_set_id=f.attribute_set_id if f else 4, category_ids=list(f.category_ids) if f else [],
            custom_attributes=dict(f.custom_attributes) if f else {},
            options=item_options(loads(r.product_option)), extension=loads(r.extension) or {},
            added_by=r.added_by, added_key=r.added_key))
    payment = cart.payment
    values: dict[str, Any] = dict(
        id=row.id, store_id=row.store_id, website_id=ctx.config.website_of.get(row.store_id, 1) if ctx.config else 1,
        customer_id=row.customer_id, customer_group_id=row.customer_group_id, customer_email=row.customer_email,
        coupon_code=row.coupon_code, items=items, shipping_address=addresses.for_totals(cart.shipping),
        billing_address=addresses.for_totals(cart.billing), shipping_carrier_code=row.shipping_carrier_code,
        shipping_method_code=row.shipping_method_code, payment_method=payment.method if payment else None,
        extension=loads(row.extension) or {}, declined={(c, k) for c, k in loads(row.declined_lines) or []},
        module_state=module_state(row.module_state))
    values.update(overrides)
    return totals.Quote(**values)


def module_state(value: str | None) -> frozenset[str] | None:
    """``quote.module_state`` as a set of module keys (None: not known)."""
    return None if value is None else frozenset(k for k in value.split(",") if k)


def note_state(ctx: Context, cart_id: int, key: str) -> None:
    """A module writes rows of its own for this cart: the cart names it from now on, so its collector
    and observers read them (``totals.keeps_state``). Called with the module's insert, in the same
    transaction; a cart whose state is not known (NULL) stays so, a cart that names it already is not
    written. Deleting the rows later needs no call (the module then reads and finds none)."""
    ctx.extra.setdefault(totals.NOTED_STATE, set()).add((cart_id, key))
    ctx.conn.execute(_NOTE_STATE, {"_quote_id": cart_id, "_add": key + ",", "_pattern": f"%,{key},%"})


# --------------------------------------------------------------------------- totals

TOTALS_INTERFACE = "Magento\\Quote\\Api\\Data\\TotalsInterface"


TOTALS_ITEM_INTERFACE = "Magento\\Quote\\Api\\Data\\TotalsItemInterface"


def _item_extension(item: totals.Item, shown: Collection[str]) -> dict[str, Any] | None:
    """A totals item's extension attributes in their JSON form: ``added_by`` of a collector line, and
    the values a collector left in ``item.extension`` under codes declared on the totals item."""
    values: dict[str, Any] = {k: v for k, v in item.extension.items() if k in shown} if item.extension else {}
    if item.added_by:
        values["added_by"] = item.added_by
    return TotalsItemExtensionInterface.of(**values).dump() if values else None


_NO_OPTIONS = "[]"


def totals_item(i: totals.Item, shown: Collection[str]) -> Dumped:
    """One line of the totals object, written straight into its JSON form (``TotalsItemInterface``'s
    fields in their order, numbers as its float fields write them): base amounts equal their twins
    (one currency). Each amount is converted once, however many fields repeat it."""
    price, row_total, discount = json_number(i.price), json_number(i.row_total), json_number(i.discount_amount)
    tax = json_number(i.tax_amount) if i.tax_amount else 0
    price_incl = price if i.price_incl_tax is None else json_number(i.price_incl_tax)
    row_incl = row_total if i.row_total_incl_tax is None else json_number(i.row_total_incl_tax)
    out = Dumped(
        item_id=None if i.item_id is None else int(i.item_id), price=price, base_price=price,
        qty=json_number(i.qty), row_total=row_total, base_row_total=row_total, row_total_with_discount=0,
        tax_amount=tax, base_tax_amount=tax, tax_percent=json_number(i.tax_percent) if i.tax_percent else 0,
        discount_amount=discount, base_discount_amount=discount,
        discount_percent=json_number(i.discount_percent), price_incl_tax=price_incl, base_price_incl_tax=price_incl,
        row_total_incl_tax=row_incl, base_row_total_incl_tax=row_incl,
        options=orjson.dumps(i.options).decode() if i.options else _NO_OPTIONS,
        weee_tax_applied_amount=None, weee_tax_applied=None)
    if i.name is not None:
        out["name"] = i.name
    ext = _item_extension(i, shown)
    if ext:
        out["extension_attributes"] = ext
    return out


def totals_object(quote: totals.Quote, total: totals.Total, segments: list[totals.Segment]) -> TotalsInterface:
    """The cart's totals object: base amounts equal their twins (one currency). Its items are in their JSON
    form already (``totals_item``): a 50-item cart's answer is some 50 objects and 800 numbers fewer to
    build and dump again."""
    shown_items = extensions.codes_kept_by_owner(TOTALS_ITEM_INTERFACE)
    items = [totals_item(i, shown_items) for i in quote.items]
    shown = extensions.codes_kept_by_owner(TOTALS_INTERFACE)
    ext = {k: v for k, v in total.extension.items() if k in shown}
    segs = [TotalSegmentInterface.of(code=s.code, title=s.title, value=s.value, area=s.area,
                                     extension_attributes=s.extension_attributes) for s in segments]
    t = total
    subtotal_incl = t.subtotal if t.subtotal_incl_tax is None else t.subtotal_incl_tax
    shipping_incl = t.shipping_amount if t.shipping_incl_tax is None else t.shipping_incl_tax
    return TotalsInterface.of(
        grand_total=t.grand_total, base_grand_total=t.grand_total, subtotal=t.subtotal, base_subtotal=t.subtotal,
        discount_amount=t.discount_amount, base_discount_amount=t.discount_amount,
        subtotal_with_discount=t.subtotal_with_discount, base_subtotal_with_discount=t.subtotal_with_discount,
        shipping_amount=t.shipping_amount, base_shipping_amount=t.shipping_amount,
        shipping_discount_amount=t.shipping_discount_amount, base_shipping_discount_amount=t.shipping_discount_amount,
        tax_amount=t.tax_amount, base_tax_amount=t.tax_amount, shipping_tax_amount=t.shipping_tax_amount,
        base_shipping_tax_amount=t.shipping_tax_amount, subtotal_incl_tax=subtotal_incl,
        base_subtotal_incl_tax=subtotal_incl, shipping_incl_tax=shipping_incl, base_shipping_incl_tax=shipping_incl,
        base_currency_code="USD", quote_currency_code="USD",
        coupon_code=t.coupon_code, items_qty=sum((i.qty for i in quote.items), Decimal(0)),
        items=items, total_segments=segs, extension_attributes=TotalsExtensionInterface.of(**ext) if ext else None)


def stored_totals(row) -> TotalsInterface:
    return TotalsInterface.of(**loads(row.totals))


def save_collected(ctx: Context, quote: totals.Quote, total: totals.Total,
                   segments: list[totals.Segment], **fields: Any) -> TotalsInterface:
    """Keep a collection's results on the cart (and the collector lines it changed) and tell the modules
    (``sales_quote_collect_totals_after``). ``fields``: other cart columns written in the same update."""
    save_lines(ctx, quote)
    qty = sum((i.qty for i in quote.items), Decimal(0))
    result = totals_object(quote, total, segments)
    set_fields(ctx, quote.id, subtotal=total.subtotal, subtotal_with_discount=total.subtotal_with_discount,
               grand_total=total.grand_total,
               applied_rule_ids=",".join(str(r) for r in sorted(total.applied_rule_ids)) or None,
               totals=orjson.dumps(result.dump()).decode(), items_count=len(quote.items), items_qty=qty,
               is_virtual=quote.is_virtual, **fields)
    events.dispatch(ctx, "sales_quote_collect_totals_after", quote=quote, total=total)
    return result


class Collected(NamedTuple):
    quote: totals.Quote
    total: totals.Total
    segments: list[totals.Segment]
    totals: TotalsInterface


class Prepared(NamedTuple):
    """A cart loaded and collected in this request, not yet saved (the order placement takes it on)."""
    cart: Loaded
    quote: totals.Quote
    total: totals.Total
    segments: list[totals.Segment]

    @property
    def settled(self) -> bool:
        """Every line of the collection is stored: no collector line waits for its item id, so the
        collection is the one a fresh read of the cart gives."""
        return all(i.item_id for i in self.quote.items)


def collect_and_save(ctx: Context, cart_id: int, cart: Loaded | None = None) -> Collected:
    """Re-collect a cart after a change and store the results. ``cart``: the cart as it now is in the
    database, when the caller has it (read in this request, with its own writes applied), so that it
    is not read again."""
    if cart is None:
        cart = Loaded(ctx, _BY_ID.first(ctx.conn, id=cart_id))
    quote = pipeline_quote(ctx, cart)
    total, segments = totals.collect(ctx, quote)
    return Collected(quote, total, segments, save_collected(ctx, quote, total, segments))


# --------------------------------------------------------------------------- writing

def save_lines(ctx: Context, quote: totals.Quote) -> None:
    """Store what a collection changed in the cart's collector lines (added, changed, removed); new
    lines get their item ids. Calling it again after that changes nothing."""
    conn = ctx.conn
    if quote.removed_item_ids:
        conn.execute(delete(item_t).where(item_t.c.item_id.in_(quote.removed_item_ids)))
        quote.removed_item_ids.clear()
    t = now()
    for item in quote.items:
        if item.added_by is None:
            continue
        if item.item_id == 0:
            item.item_id = conn.execute(insert(item_t).values(
                quote_id=quote.id, product_id=item.product_id, sku=item.sku, name=item.name,
                product_type=item.product_type, qty=item.qty, price=item.price, weight=item.weight,
                extension=dumps(item.extension), added_by=item.added_by, added_key=item.added_key,
                created_at=t, updated_at=t).returning(item_t.c.item_id)).scalar_one()
        elif item.changed:
            conn.execute(update(item_t).where(item_t.c.item_id == item.item_id).values(
                qty=item.qty, price=item.price, extension=dumps(item.extension), updated_at=t))
        item.changed = False


def decline_line(ctx: Context, row, item) -> None:
    """A client removed a line a collector added: that collector does not add it to this cart again."""
    declined = loads(row.declined_lines) or []
    pair = [item.added_by, item.added_key or ""]
    if pair not in declined:
        set_fields(ctx, row.id, declined_lines=dumps([*declined, pair]))


def save_address(ctx: Context, cart_id: int, kind: str, values: dict[str, Any]) -> int:
    """Insert or replace the cart's shipping or billing address; answers its id."""
    conn = ctx.conn
    columns = addresses.to_columns({k: v for k, v in values.items() if k in addresses.FIELDS})
    existing = conn.execute(select(address_t.c.id).where(address_t.c.quote_id == cart_id,
                                                         address_t.c.address_type == kind)).scalar()
    if existing is not None:
        conn.execute(update(address_t).where(address_t.c.id == existing).values(**columns))
        return existing
    return conn.execute(insert(address_t).values(quote_id=cart_id, address_type=kind, **columns)
                        .returning(address_t.c.id)).scalar_one()


def store_address(ctx: Context, cart: Loaded, kind: str, values: dict[str, Any]) -> int:
    """``save_address`` on a loaded cart: the stored address replaces the cart's in memory (as a later
    read would give it), and the existing one's id comes from the cart rather than a query."""
    conn = ctx.conn
    columns = addresses.to_columns({k: v for k, v in values.items() if k in addresses.FIELDS})
    existing = (cart.addresses.get(kind) or {}).get("id")
    if existing is not None:
        stored = conn.execute(_UPDATE_ADDRESS, {**columns, "_address_id": existing}).one()
    else:
        stored = conn.execute(_INSERT_ADDRESS, {**columns, "quote_id": cart.row.id, "address_type": kind}).one()
    cart.addresses[kind] = addresses.from_row(stored)
    return stored.id


def store_payment(ctx: Context, cart: Loaded, payment: dict[str, Any]) -> int:
    """``save_payment`` on a loaded cart: the stored payment replaces the cart's in memory."""
    values = dict(method=payment.get("method"), po_number=payment.get("po_number"),
                  additional_data=dumps(payment.get("additional_data")))
    if cart.payment is not None:
        cart.payment = ctx.conn.execute(_UPDATE_PAYMENT, {**values, "_payment_id": cart.payment.payment_id}).one()
    else:
        cart.payment = ctx.conn.execute(_INSERT_PAYMENT, {**values, "quote_id": cart.row.id}).one()
    return cart.payment.payment_id


def save_payment(ctx: Context, cart_id: int, payment: dict[str, Any]) -> int:
    """Store the cart's payment (method, po_number, additional_data); answers the payment id."""
    conn = ctx.conn
    values = dict(method=payment.get("method"), po_number=payment.get("po_number"),
                  additional_data=dumps(payment.get("additional_data")))
    existing = conn.execute(select(payment_t.c.payment_id).where(payment_t.c.quote_id == cart_id)).scalar()
    if existing is not None:
        conn.execute(update(payment_t).where(payment_t.c.payment_id == existing).values(**values))
        return existing
    return conn.execute(insert(payment_t).values(quote_id=cart_id, **values)
                        .returning(payment_t.c.payment_id)).scalar_one()


def set_fields(ctx: Context, cart_id: int, **values: Any) -> None:
    _SET_QUOTE.run(ctx.conn, {"updated_at": now(), **values, "_quote_id": cart_id})


def delete_item(ctx: Context, item_id: int) -> None:
    ctx.conn.execute(delete(item_t).where(item_t.c.item_id == item_id))


# --------------------------------------------------------------------------- for modules with carts of their own kind
# A module that keeps a row of its own per cart (a quote request is a cart) reads and searches carts
# through these, never through the quote tables (docs/platform/quote.md, "Carts a module keeps").

_LINE = Query(select(item_t.c.item_id, item_t.c.quote_id, item_t.c.price, item_t.c.qty, item_t.c.added_by)
              .where(item_t.c.item_id == bindparam("item_id")))
_CUSTOMER_LINES = Query(select(item_t.c.item_id, item_t.c.qty).where(
    item_t.c.quote_id == bindparam("id"), item_t.c.added_by.is_(None)).order_by(item_t.c.item_id))

CART_SEARCH_FIELDS: dict[str, SearchField] = {
    "created_at": SearchField(quote_t.c.created_at, "datetime"),
    "updated_at": SearchField(quote_t.c.updated_at, "datetime"),
    "customer_id": SearchField(quote_t.c.customer_id, "int"),
    "customer_email": SearchField(quote_t.c.customer_email),
    "store_id": SearchField(quote_t.c.store_id, "int"),
    "is_active": SearchField(quote_t.c.is_active, "bool"),
    "grand_total": SearchField(quote_t.c.grand_total, "float"),
}


@dataclass(frozen=True)
class JoinedCarts:
    """Carts joined one to one with a module's table: ``select`` reads every cart column (what
    ``service.Carts.cart`` turns into a ``CartInterface``) and the module's columns; ``fields`` are the
    carts' searchCriteria keys (add the module's own to them); ``key`` is the cart id, the list's
    identifier for ``framework.search.search``."""
    select: Select[Any]
    fields: dict[str, SearchField]
    key: ColumnElement[Any]

    def of_customer(self, customer_id: int) -> ColumnElement[bool]:
        """The condition "the cart is the customer's" (for ``select.where``)."""
        return quote_t.c.customer_id == customer_id


def joined_carts(table: FromClause, cart_id: ColumnElement[Any], *columns: ColumnElement[Any]) -> JoinedCarts:
    """The carts that have a row in ``table`` (``cart_id``: its column holding the cart id), with
    ``columns`` of that table beside the cart's own. Built once, at import time."""
    return JoinedCarts(select(quote_t, *columns).join(table, cart_id == quote_t.c.id),
                       dict(CART_SEARCH_FIELDS), quote_t.c.id)


def customer_carts(customer_id: int) -> Select[Any]:
    """The ids of a customer's carts, active or not (a subquery: ``column.in_(customer_carts(id))``)."""
    return select(quote_t.c.id).where(quote_t.c.customer_id == customer_id)


def cart_row(ctx: Context, cart_id: int) -> Row[Any] | None:
    """A cart by numeric id whether active or not (None: no such cart); ``row_of`` is for active ones."""
    row: Row[Any] | None = _BY_ID.first(ctx.conn, id=cart_id)
    return row


def line(ctx: Context, item_id: int) -> Row[Any] | None:
    """One cart line by id: ``item_id``, ``quote_id``, ``price``, ``qty``, ``added_by`` (None: no such line)."""
    row: Row[Any] | None = _LINE.first(ctx.conn, item_id=item_id)
    return row


def customer_lines(ctx: Context, cart_id: int) -> list[Row[Any]]:
    """The lines the customer put in a cart (not those a collector added): ``item_id``, ``qty``."""
    return list(_CUSTOMER_LINES.all(ctx.conn, id=cart_id))


# --------------------------------------------------------------------------- output

def delete_cart(ctx: Context, cart_id: int) -> bool:
    """Delete a cart with its items, addresses and payment (an order deleted for good takes its cart
    along); False when there is no such cart."""
    return ctx.conn.execute(delete(quote_t).where(quote_t.c.id == cart_id)).rowcount > 0


def item_out(r, cart_id: int) -> CartItemInterface:
    return CartItemInterface.of(item_id=r.item_id, sku=r.sku, qty=Decimal(r.qty), name=r.name, price=r.price,
                                product_type=r.product_type, quote_id=str(cart_id),
                                product_option=loads(r.product_option),
                                extension_attributes=CartItemExtensionInterface.of(added_by=r.added_by)
                                if r.added_by else None)


# --------------------------------------------------------------------------- many lines at once

PRODUCT_NOT_FOUND = "The product that was requested doesn't exist. Verify the product and try again."
PRODUCT_NOT_AVAILABLE = "Product that you are trying to add is not available."


class NewLine(NamedTuple):
    """A line to add: a SKU, a quantity and the chosen options (a ``product_option`` object, or None)."""
    sku: str
    qty: Decimal
    options: dict[str, Any] | None = None


class LineError(NamedTuple):
    """Why one line cannot be added: its 1-based position in the call and the platform's message."""
    position: int
    error: LocalizedException

    @property
    def message(self) -> str:
        return self.error.rendered()


class LinesRefused(InputException):
    """Some lines of an ``add_lines`` call cannot be added; nothing was written."""

    def __init__(self, errors: list[LineError]):
        super().__init__(errors[0].error.message, errors[0].error.parameters)
        self.line_errors = errors


def number_text(value: Any) -> str:
    """A quantity as messages show it: ``2``, ``-2``, ``1.5`` (no trailing ``.0``)."""
    try:
        d = Decimal(str(value))
    except (ArithmeticError, ValueError):
        return str(value)
    if not d.is_finite():
        return str(value)
    return str(d.quantize(Decimal(1))) if d == d.to_integral_value() else format(d.normalize(), "f")


def _option_json(options: dict[str, Any] | None) -> str | None:
    return orjson.dumps(options, option=orjson.OPT_SORT_KEYS).decode() if options else None


def check_lines(ctx: Context, store_id: int, lines: Sequence[NewLine], in_cart: dict[int, Decimal] | None = None
                ) -> tuple[list[ProductFacts | None], list[LineError]]:
    """Every line checked as ``POST .../items`` checks an item (the product exists, is enabled and in the
    website of the store view ``store_id`` (the cart's), the quantity is above 0, stock and the sale
    limits hold for ``in_cart`` (what the cart has of each product) plus the earlier lines of the call
    that passed). Answers each line's product (None when unknown) and the errors, in line order."""
    website = ctx.config.website_of.get(store_id, 1) if ctx.config else 1
    counted: dict[int, Decimal] = dict(in_cart or {})
    found: list[ProductFacts | None] = []
    errors: list[LineError] = []
    by_sku: dict[str, ProductFacts | None] = {}
    for position, line in enumerate(lines, start=1):
        sku = (line.sku or "").strip()
        if sku not in by_sku:
            by_sku[sku] = product_facts(ctx.conn, sku) if sku else None
        product = by_sku[sku]
        found.append(product)
        try:
            if not sku:
                raise InputException.required("sku")
            if product is None:
                raise NoSuchEntityException(PRODUCT_NOT_FOUND)
            if line.qty is None or not Decimal(line.qty).is_finite() or Decimal(line.qty) <= 0:
                raise InputException.invalid_value("qty", number_text(line.qty))
            if product.status != 1 or website not in product.website_ids:
                raise LocalizedException(PRODUCT_NOT_AVAILABLE)
            wanted = counted.get(product.id, Decimal(0)) + Decimal(line.qty)
            stock.check_salable(ctx, product.id, wanted)
        except LocalizedException as e:
            errors.append(LineError(position, e))
            continue
        counted[product.id] = wanted
        remember_product(ctx, product)
    return found, errors


def add_lines(ctx: Context, cart_id: int, lines: Sequence[NewLine]) -> list[int]:
    """Add every line to an active cart, or none: all lines are checked first (``check_lines``, counting
    the cart's quantities); any failure raises ``LinesRefused`` with one ``LineError`` per failing line
    and writes nothing. Otherwise the lines are written (a line whose product and options are in the
    cart already raises that item's quantity, as later lines of the same product do), the totals are
    collected once, and the item ids are answered in line order."""
    row = row_of(ctx, cart_id)
    cart = Loaded(ctx, row)
    in_cart: dict[int, Decimal] = {}
    for r in cart.items:
        in_cart[r.product_id] = in_cart.get(r.product_id, Decimal(0)) + Decimal(r.qty)
    products, errors = check_lines(ctx, row.store_id, lines, in_cart)
    if errors:
        raise LinesRefused(errors)
    conn = ctx.conn
    t = now()
    items = {r.item_id: r for r in cart.items}
    ids: list[int] = []
    for line, product in zip(lines, products):
        assert product is not None
        options = _option_json(line.options)
        same = next((r for r in items.values() if r.product_id == product.id and r.product_option == options
                     and r.added_by is None), None)
        values = dict(name=product.name, price=prices.final_price(ctx, product.id, product.price),
                      weight=product.weight, updated_at=t)
        if same is not None:
            saved = conn.execute(_UPDATE_LINE, {**values, "qty": Decimal(same.qty) + Decimal(line.qty),
                                                "_item_id": same.item_id}).one()
        else:
            saved = conn.execute(_INSERT_LINE, {
                **values, "quote_id": row.id, "product_id": product.id, "sku": product.sku,
                "product_type": product.type_id, "qty": Decimal(line.qty), "product_option": options,
                "created_at": t}).one()
        items[saved.item_id] = saved
        ids.append(saved.item_id)
    cart.items = sorted(items.values(), key=lambda r: r.item_id)
    collect_and_save(ctx, row.id, cart)
    return ids


_INSERT_LINE = insert(item_t).returning(*item_t.c)
_UPDATE_LINE = update(item_t).where(item_t.c.item_id == bindparam("_item_id")).returning(*item_t.c)
