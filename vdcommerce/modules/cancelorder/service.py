"""The Cancel Order services: the cancel records (admin), the popup's options (anyone) and the customer's
own cancellation. The cancellation itself is ``process.py``."""
from __future__ import annotations

import datetime as dt
from typing import Any

from ...framework.context import Service
from ...framework.exceptions import InputException, LocalizedException, NoSuchEntityException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from ...platform.customer.service import load_customer
from ...platform.sales.api import OrderInterface
from ...platform.sales.service import customer_order
from . import process
from .api import CancelOptionsInterface, CancelOrderInterface, CancelOrderSearchResultsInterface, CancelReasonInterface
from .tables import cancel_order as record_t

ORDER_CHANGED = "The order of a cancel record cannot be changed."
FROZEN = ("canceled", "closed")


class CancelOrderRepository(Repository[CancelOrderInterface, CancelOrderSearchResultsInterface]):
    """The cancel records. POST records a cancellation and makes it real (the cancel process, as the
    record's ``status`` says who cancelled); PUT edits the record only; DELETE removes the record only."""
    interface = "Vendor\\CancelOrder\\Api\\CancelOrderRepositoryInterface"
    summary = "Cancel Order records"
    entity = "cancelOrder"
    table = record_t
    data = CancelOrderInterface
    results = CancelOrderSearchResultsInterface
    not_found = 'CancelOrder with specified ID "%1" not found.'
    could_not_save = True

    def save(self, cancel_order: CancelOrderInterface) -> CancelOrderInterface:
        sent = cancel_order.sent()
        if sent.get("id") is not None:
            return self._edit(sent)
        return self._create(sent)

    def get_by_id(self, id: int) -> CancelOrderInterface:  # noqa: A002 - the route's parameter name
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:  # noqa: A002
        self.load(id)
        try:
            return self.delete_record(id)
        except NoSuchEntityException:
            raise
        except LocalizedException as e:
            raise LocalizedException("Unable to remove cancelOrder with ID %1. Error: %2", [id, e.rendered()]) from None

    def get_list(self, search_criteria: SearchCriteria) -> CancelOrderSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- the two kinds of save

    def _create(self, sent: Record) -> CancelOrderInterface:
        order_id = sent.get("order_id")
        if order_id is None:
            raise InputException.required("order_id")
        by = _status(sent.get("status", process.CUSTOMER))
        order = process.lock(self.ctx, int(order_id))
        reason = process.reason_text(self.ctx, sent.get("reason"), order.store_id)
        comment = process.clean(sent.get("comment"))
        if order.state in FROZEN:
            record_id = process.write_record(self.ctx, int(order_id), reason, comment, by)
        else:
            record_id = process.run(self.ctx, order, reason, comment, by, check_refund_mode=False)
        return self.get_record(record_id)

    def _edit(self, sent: Record) -> CancelOrderInterface:
        stored = self.load(sent["id"])
        if sent.get("order_id") is not None and int(sent["order_id"]) != stored["order_id"]:
            raise InputException(ORDER_CHANGED)
        values: dict[str, Any] = {"id": stored["id"]}
        if "reason" in sent:
            values["reason"] = process.reason_text(self.ctx, sent["reason"])
        if "comment" in sent:
            values["comment"] = process.clean(sent["comment"])
        if "status" in sent:
            values["status"] = _status(sent["status"])
        return self.save_record(CancelOrderInterface.of(**values))

    def convert(self, sent: Record, stored: Record | None) -> Record:
        out = super().convert(sent, stored)
        out.pop("order_id", None)  # fixed once written
        out.pop("created_at", None)
        return out

    def to_data(self, record: Record) -> CancelOrderInterface:
        created: Any = record.get("created_at")
        return CancelOrderInterface.of(
            id=record["id"], order_id=record["order_id"], reason=record.get("reason") or "",
            comment=record.get("comment") or "", status=int(record.get("status") or 0),
            created_at=created.strftime("%Y-%m-%d %H:%M:%S") if isinstance(created, dt.datetime) else created)


def _status(value: Any) -> int:
    if value is None:
        return process.CUSTOMER
    if isinstance(value, bool) or str(value).strip() not in ("0", "1"):
        raise InputException.invalid_value("status", value)
    return int(str(value).strip())


class CancelOptions(Service):
    interface = "Vendor\\CancelOrder\\Api\\CancelOptionsInterface"
    summary = "Cancel Order popup options"

    def get(self) -> CancelOptionsInterface:
        """The current store view's settings of the cancel button and popup."""
        ctx = self.ctx
        return CancelOptionsInterface.of(
            enabled=process.flag(ctx, process.ENABLED),
            button_title=process.setting(ctx, f"{process.SECTION}/frontend/button_title"),
            popup_enabled=process.flag(ctx, f"{process.SECTION}/frontend/popup_enabled"),
            notice=process.setting(ctx, f"{process.SECTION}/frontend/notice"),
            reasons=[CancelReasonInterface.of(value=value, label=label) for value, label in process.reasons(ctx)],
            required=process.listed(process.setting(ctx, process.REQUIRED)))


class CustomerCancelManagement(Service):
    interface = "Vendor\\CancelOrder\\Api\\CustomerCancelManagementInterface"
    summary = "Customers cancelling their orders"

    def can_cancel(self, customer_id: int, order_id: int) -> bool:
        """Whether the customer may cancel the order now (no side effects)."""
        order = self._own(customer_id, order_id)
        return self._eligible(customer_id, order)

    def cancel(self, customer_id: int, order_id: int, reason: str = "", comment: str = "") -> CancelOrderInterface:
        self._own(customer_id, order_id)
        order = process.lock(self.ctx, order_id)
        if not self._eligible(customer_id, order):
            raise LocalizedException(process.CANNOT)
        reason_kept = process.reason_text(self.ctx, reason)
        comment_kept = process.clean(comment)
        for name, value in (("reason", reason_kept), ("comment", comment_kept)):
            if name in process.listed(process.setting(self.ctx, process.REQUIRED)) and not value:
                raise InputException.required(name)
        record_id = process.run(self.ctx, order, reason_kept, comment_kept, process.CUSTOMER)
        return CancelOrderRepository(self.ctx).get_record(record_id)

    def _own(self, customer_id: int, order_id: int) -> OrderInterface:
        try:
            return customer_order(self.ctx, customer_id, order_id)
        except NoSuchEntityException:
            raise NoSuchEntityException.single_field("orderId", str(order_id)) from None

    def _eligible(self, customer_id: int, order: OrderInterface) -> bool:
        ctx = self.ctx
        if not process.flag(ctx, process.ENABLED):
            return False
        group = load_customer(ctx, customer_id).group_id
        if str(group) not in process.listed(process.setting(ctx, process.GROUPS)):
            return False
        if order.status not in process.listed(process.setting(ctx, process.STATUSES)):
            return False
        return process.cancellable(ctx, order, process.CUSTOMER)
