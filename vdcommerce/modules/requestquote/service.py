"""The request-a-quote services: the storefront remark, submitting a cart as a quote request, the
quote management operations (status, notes, search) and the line operations (notes, negotiated price).

A quote request is a platform cart with a row in ``vendor_quote`` (same id). The cart is active only
while the customer fills it (status 0) and again once the customer takes an approved quote to
checkout; the totals collector (``totals.py``) then charges the negotiated prices.
"""
from __future__ import annotations

from decimal import Decimal
from collections.abc import Callable
from typing import Any

from sqlalchemy import Row
from sqlalchemy.exc import SQLAlchemyError

from ...framework.context import Context, Service
from ...framework.dates import utc_now
from ...framework.exceptions import InputException, NoSuchEntityException
from ...framework.search import SearchCriteria, SearchField, search, search_limits
from ...platform.quote import carts
from ...platform.quote.api import CartInterface
from ...platform.quote.service import Carts
from ...platform.quote.totals import cents
from . import records
from .api import QuoteInterface, QuoteSearchResultsInterface
from .records import APPROVED, CREATED, EXPIRED, PENDING
from .tables import vendor_quote as vq

_MODULE_COLUMNS = ("quote_id", "customer_name", "increment_id", "status", "remarks", "expired_date",
                   "reminder_date", "submited_date", "admin_notification_send", "shipping_configured")
_CARTS = carts.joined_carts(vq, vq.c.quote_id, *[vq.c[name].label(f"vq_{name}") for name in _MODULE_COLUMNS])
_SELECT = _CARTS.select

# Module columns keep their own names on the wire; inside the query they are the module table's; the
# cart's keys are the quote package's.
SEARCH_FIELDS = {
    "quote_id": SearchField(vq.c.quote_id, "int"),
    "customer_name": SearchField(vq.c.customer_name),
    "increment_id": SearchField(vq.c.increment_id),
    "status": SearchField(vq.c.status, "int"),
    "remarks": SearchField(vq.c.remarks),
    "expired_date": SearchField(vq.c.expired_date, "datetime"),
    "reminder_date": SearchField(vq.c.reminder_date, "datetime"),
    "submited_date": SearchField(vq.c.submited_date, "datetime"),
    "admin_notification_send": SearchField(vq.c.admin_notification_send, "int"),
    **_CARTS.fields,
}
_CART_FIELDS = tuple(CartInterface.model_fields)


def _stored(ctx: Context, write: Callable[[], None]) -> bool:
    """Run a write in a savepoint: ``True`` once stored, ``False`` when the database refused it (the
    rest of the request's transaction is kept)."""
    try:
        with ctx.conn.begin_nested():
            write()
    except SQLAlchemyError:
        return False
    return True


def _quote_out(ctx: Context, row: Row[Any]) -> QuoteInterface:
    cart = Carts(ctx).cart(row)
    return QuoteInterface.of(**{name: getattr(cart, name) for name in _CART_FIELDS},
                             status=row.vq_status, shipping_configure=bool(row.vq_shipping_configured))


def _note(note: str) -> str:
    return note.strip()


class RemarkService(Service):
    interface = "Vendor\\RequestQuote\\Api\\RemarkServiceInterface"
    summary = "The remark of the caller's open quote cart"

    def save(self, remark: str) -> None:
        """Store the remark on the caller's open quote cart (the customer's active cart); a caller
        without one stores nothing."""
        cart_id = carts.active_cart_id(self.ctx, self.ctx.caller.customer_id)
        if cart_id is None:
            return None
        remarks = records.dumps({"customer_note": remark.strip()})
        record = records.find(self.ctx, cart_id)
        if record is None:
            records.create(self.ctx, cart_id, remarks=remarks)
        elif record.status == CREATED:
            records.write(self.ctx, cart_id, remarks=remarks)
        return None


class QuoteManagement(Service):
    interface = "Vendor\\RequestQuote\\Api\\QuoteManagementInterface"
    summary = "Submitting a cart as a quote request; taking an approved quote to checkout"

    def submit(self, cart_id: int, remark: str | None = None) -> int:
        """The customer's active cart becomes a pending quote request; the cart is closed."""
        cart = carts.row_of(self.ctx, cart_id)
        if not cart.items_count:
            raise InputException("The quote cart is empty.")
        record = records.find(self.ctx, cart.id)
        if record is not None and record.status != CREATED:
            raise InputException("The quote has already been submitted.")
        names = [n for n in (cart.customer_firstname, cart.customer_lastname) if n]
        remarks = records.loads(record.remarks) if record is not None else {}
        if remark is not None:
            remarks["customer_note"] = remark.strip()
        values: dict[str, Any] = dict(
            status=PENDING, submited_date=utc_now(), customer_name=" ".join(names) or None,
            increment_id=records.increment_id(cart.store_id, cart.id), remarks=records.dumps(remarks))
        if record is None:
            records.create(self.ctx, cart.id, **values)
        else:
            records.write(self.ctx, cart.id, **values)
        carts.set_fields(self.ctx, cart.id, is_active=False)
        return int(cart.id)

    def get_list_for_customer(self, customer_id: int,
                              search_criteria: SearchCriteria | None = None) -> QuoteSearchResultsInterface:
        """The calling customer's quote requests in the statuses shown to customers (Pending to Expired)."""
        base = _SELECT.where(_CARTS.of_customer(customer_id), vq.c.status.in_(records.CUSTOMER_STATUSES))
        page = search(self.conn, base, search_criteria, SEARCH_FIELDS, _CARTS.key, search_limits(self.ctx))
        return QuoteSearchResultsInterface.of(items=[_quote_out(self.ctx, r) for r in page.rows],
                                              search_criteria=page.criteria, total_count=page.total_count)

    def move_to_cart(self, quote_id: int, customer_id: int) -> int:
        """An approved quote of the customer becomes the customer's active cart (the cart they had is
        closed), to be ordered the platform's way at the negotiated prices."""
        record = records.find(self.ctx, quote_id)
        cart = carts.cart_row(self.ctx, quote_id)
        if record is None or cart is None or cart.customer_id != customer_id:
            raise NoSuchEntityException.single_field("quoteId", quote_id)
        if record.status != APPROVED:
            raise InputException("Only an approved quote can be ordered.")
        if records.is_past(record.expired_date):
            raise InputException("The quote has expired.")
        current = carts.active_cart_id(self.ctx, customer_id)
        if current is not None and current != quote_id:
            carts.set_fields(self.ctx, current, is_active=False)
        carts.set_fields(self.ctx, quote_id, is_active=True)
        carts.collect_and_save(self.ctx, quote_id)
        return int(quote_id)


class QuoteRepository(Service):
    interface = "Vendor\\RequestQuote\\Api\\QuoteRepositoryInterface"
    summary = "Quote requests: status, notes and search"

    def get(self, quote_id: int, shared_store_ids: list[int] | None = None) -> QuoteInterface:
        """A quote request from any store view."""
        records.get(self.ctx, quote_id)
        row = self.conn.execute(_SELECT.where(_CARTS.key == quote_id)).one()
        return _quote_out(self.ctx, row)

    def is_vendor_quote(self, quote_id: int) -> bool:
        return records.find(self.ctx, quote_id) is not None

    def approve(self, quote_id: int) -> bool:
        """The quote becomes orderable (status 2) at its negotiated prices."""
        records.get(self.ctx, quote_id)
        expires = records.expiry_of(self.ctx)

        lines = carts.customer_lines(self.ctx, quote_id)

        def write() -> None:
            records.write(self.ctx, quote_id, status=APPROVED, expired_date=expires)
            for line in lines:   # what was approved: ordering a different quantity is refused
                data = records.item_data(self.ctx, line.item_id)
                data["approved_qty"] = str(Decimal(line.qty).normalize())
                records.set_item_data(self.ctx, quote_id, line.item_id, data)
            carts.collect_and_save(self.ctx, quote_id)
        return _stored(self.ctx, write)

    def expire(self, quote_id: int) -> bool:
        """The quote can no longer be ordered (status 5); a cart it was taken to is closed."""
        records.get(self.ctx, quote_id)

        def write() -> None:
            records.write(self.ctx, quote_id, status=EXPIRED)
            carts.set_fields(self.ctx, quote_id, is_active=False)
        return _stored(self.ctx, write)

    def add_customer_note(self, quote_id: int, note: str) -> bool:
        return self._note(quote_id, "customer_note", note)

    def add_admin_note(self, quote_id: int, note: str) -> bool:
        return self._note(quote_id, "admin_note", note)

    def _note(self, quote_id: int, key: str, note: str) -> bool:
        record = records.get(self.ctx, quote_id)
        remarks = records.loads(record.remarks)
        remarks[key] = _note(note)
        return _stored(self.ctx, lambda: records.write(self.ctx, quote_id, remarks=records.dumps(remarks)))

    def get_requests_list(self, search_criteria: SearchCriteria) -> QuoteSearchResultsInterface:
        page = search(self.conn, _SELECT, search_criteria, SEARCH_FIELDS, _CARTS.key, search_limits(self.ctx))
        return QuoteSearchResultsInterface.of(items=[_quote_out(self.ctx, r) for r in page.rows],
                                              search_criteria=page.criteria, total_count=page.total_count)


class QuoteItemRepository(Service):
    interface = "Vendor\\RequestQuote\\Api\\QuoteItemRepositoryInterface"
    summary = "The lines of quote requests: notes and negotiated prices"

    def _item(self, quote_item_id: int) -> Any:
        row = carts.line(self.ctx, quote_item_id)
        if row is None:
            raise NoSuchEntityException.single_field("quoteItemId", quote_item_id)
        return row

    def _set(self, quote_item_id: int, values: dict[str, Any]) -> bool:
        item = self._item(quote_item_id)
        data = records.item_data(self.ctx, item.item_id)
        data.update(values)
        return _stored(self.ctx, lambda: records.set_item_data(self.ctx, item.quote_id, item.item_id, data))

    def add_customer_note(self, quote_item_id: int, note: str) -> bool:
        return self._set(quote_item_id, {"customer_note": _note(note)})

    def add_admin_note(self, quote_item_id: int, note: str) -> bool:
        return self._set(quote_item_id, {"admin_note": _note(note)})

    def set_price(self, quote_item_id: int, price: float, hide_original_price: bool | None = None) -> bool:
        """The negotiated unit price of a line of a quote request (charged once the quote is approved)."""
        item = self._item(quote_item_id)
        records.get(self.ctx, item.quote_id)
        amount = cents(Decimal(str(price)))
        if amount < 0 or amount >= Decimal("1e10"):
            raise InputException.invalid_value("price", price)
        values: dict[str, Any] = {"requested_custom_price": str(amount)}
        if hide_original_price is not None:
            values["hide_original_price"] = hide_original_price
        return self._set(quote_item_id, values)

    def delete_by_id(self, cart_id: int, item_id: int) -> bool:
        """A line leaves a quote request (no route: the shop's staff edit quotes this way in-process)."""
        item = self._item(item_id)
        if item.quote_id != cart_id:
            raise NoSuchEntityException.single_field("quoteItemId", item_id)
        carts.delete_item(self.ctx, item_id)
        carts.collect_and_save(self.ctx, cart_id)
        return True
