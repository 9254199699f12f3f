"""The RMA services the routes bind to: return requests, their items, tracking numbers, chat and
history, resolving, the returnable order and the customer's "My Returns" (docs/modules/rma.md).
The reference data lives in reference.py, the shared logic in logic.py."""
from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from sqlalchemy import delete, insert, select, update

from ...framework import db
from ...framework.context import Service
from ...framework.exceptions import InputException, LocalizedException, NoSuchEntityException
from ...framework.files import FileResponse
from ...framework.repository import Record, Repository
from ...framework.search import Filter, FilterGroup, SearchCriteria, SortOrder
from ...platform.catalog import service as catalog
from ...platform.media import service as media
from ...platform.media.api import ImageContentInterface
from ...platform.sales import service as sales
from . import logic as L
from .api import (CodeLabelInterface, FormOptionsInterface, HistoryInterface, HistorySearchResultsInterface,
                  MessageFileInterface, MessageInterface, MessageSearchResultsInterface, RequestCustomFieldInterface,
                  RequestInterface, RequestItemInterface, RequestItemSearchResultsInterface,
                  RequestSearchResultsInterface, ResolveResultInterface, ReturnedRequestInterface,
                  ReturnOrderInterface, ReturnOrderItemInterface, TrackingInterface)
from .reference import ConditionRepository, ReasonRepository, ResolutionRepository
from .tables import condition, history, message, message_file, order_lock, reason, request_item, resolution
from .tables import request as request_t
from .tables import status as status_t
from .tables import tracking
from .tables import tracking as tracking_table

ITEM_NOT_FOUND = 'Request item with specified ID "%1" not found.'
TRACKING_NOT_FOUND = 'Tracking number with specified ID "%1" not found.'
MESSAGE_NOT_FOUND = 'Message with specified ID "%1" not found.'


# --------------------------------------------------------------------------- output

def item_data(row: Any) -> RequestItemInterface:
    return RequestItemInterface.of(
        request_item_id=row.request_item_id, request_id=row.request_id, order_item_id=row.order_item_id,
        qty=float(row.qty), request_qty=float(row.request_qty), reason_id=row.reason_id,
        condition_id=row.condition_id, resolution_id=row.resolution_id, item_status=row.item_status,
        creditmemo_id=row.creditmemo_id)


def tracking_data(row: Any) -> TrackingInterface:
    return TrackingInterface.of(tracking_id=row.tracking_id, request_id=row.request_id,
                                tracking_code=row.tracking_code, tracking_number=row.tracking_number,
                                customer=bool(row.customer))


def request_data(ctx: Any, row: Any, mine: bool = False) -> RequestInterface:
    items = ctx.conn.execute(select(request_item).where(request_item.c.request_id == row.request_id)
                             .order_by(request_item.c.request_item_id)).all()
    tracks = ctx.conn.execute(select(tracking).where(tracking.c.request_id == row.request_id)
                              .order_by(tracking.c.tracking_id)).all()
    label, state = L.status_label(ctx, row.status, row.store_id)
    try:
        fields = json.loads(row.custom_fields or "[]")
    except ValueError:
        fields = []
    return RequestInterface.of(
        request_id=row.request_id, increment_id=L.increment_id(row.request_id), order_id=row.order_id,
        store_id=row.store_id, created_at=L.stamp(row.created_at), modified_at=L.stamp(row.modified_at),
        status=row.status, status_label=label, status_state=state, customer_id=row.customer_id,
        customer_name=row.customer_name, url_hash=row.url_hash, manager_id=row.manager_id,
        custom_fields=[RequestCustomFieldInterface.of(key=f.get("key"), value=f.get("value")) for f in fields],
        rating=row.rating, rating_comment=row.rating_comment, note="" if mine else row.note,
        shipping_label=row.shipping_label, request_items=[item_data(i) for i in items],
        tracking_numbers=[tracking_data(t) for t in tracks])


def message_data(ctx: Any, row: Any) -> MessageInterface:
    files = ctx.conn.execute(select(message_file).where(message_file.c.message_id == row.message_id)
                             .order_by(message_file.c.message_file_id)).all()
    return MessageInterface.of(
        message_id=row.message_id, request_id=row.request_id, created_at=L.stamp(row.created_at),
        message=row.message, name=row.name, customer_id=row.customer_id, manager_id=row.manager_id,
        system=bool(row.system), manager=bool(row.manager), read=bool(row.read),
        message_files=[MessageFileInterface.of(message_file_id=f.message_file_id, message_id=f.message_id,
                                               filepath=f.filepath, filename=f.filename, url_hash=f.url_hash)
                       for f in files])


def history_data(row: Any) -> HistoryInterface:
    try:
        data = json.loads(row.event_data or "{}")
    except ValueError:
        data = {}
    return HistoryInterface.of(event_id=row.event_id, request_id=row.request_id, event_date=L.stamp(row.event_date),
                               event_type=row.event_type, event_data=data, event_initiator=row.event_initiator,
                               event_initiator_name=row.event_initiator_name, message=row.message)


# --------------------------------------------------------------------------- shared checks

def _exists(ctx: Any, table: Any, key: str, value: Any, repo: type[Repository[Any, Any]]) -> None:
    if value is None:
        raise InputException.required(key)
    if ctx.conn.execute(select(table.c[key]).where(table.c[key] == value)).first() is None:
        raise repo(ctx).missing(value)


def _usable(ctx: Any, table: Any, key: str, value: Any) -> bool:
    row = ctx.conn.execute(select(table).where(table.c[key] == value)).first()
    return row is not None and row.status == 1 and not row.is_deleted


def _check_item(ctx: Any, values: dict[str, Any], order_items: set[int]) -> None:
    """An item as the item routes and the PUT of a request take it: no returnability check."""
    if values.get("order_item_id") is None:
        raise InputException.required("order_item_id")
    if values["order_item_id"] not in order_items:
        raise LocalizedException("The order item does not belong to the request's order.")
    qty = values.get("qty")
    if qty is None:
        raise InputException.required("qty")
    if qty <= 0:
        raise InputException.invalid_value("qty", _num(qty))
    _exists(ctx, reason, "reason_id", values.get("reason_id"), ReasonRepository)
    _exists(ctx, condition, "condition_id", values.get("condition_id"), ConditionRepository)
    _exists(ctx, resolution, "resolution_id", values.get("resolution_id"), ResolutionRepository)
    item_status = values.get("item_status")
    if item_status is not None and item_status not in range(5):
        raise InputException.invalid_value("item_status", str(item_status))


def _num(value: Any) -> str:
    f = float(value)
    return str(int(f)) if f == int(f) else str(f)


def _qty(value: Any) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.0001"))


def _custom_fields(ctx: Any, fields: list[RequestCustomFieldInterface] | None, store_id: int) -> str:
    codes = {f["code"] for f in L.json_setting(ctx, L.CUSTOM_FIELDS, store_id)}
    out = []
    for f in fields or []:
        if f.key not in codes:
            raise InputException.invalid_value("custom_fields", f.key or "")
        out.append({"key": f.key, "value": "" if f.value is None else str(f.value)})
    return json.dumps(out)


# --------------------------------------------------------------------------- create

def create_request(ctx: Any, req: RequestInterface, customer_id: int | None, secret_key: str = "") -> RequestInterface:
    """The admin create (``customer_id`` None) and the customer create share this."""
    if req.order_id is None:
        raise InputException.required("order_id")
    order = L.load_order(ctx, req.order_id, customer_id)
    L.check_order_status(ctx, order)
    if customer_id is None:
        if secret_key:
            raise LocalizedException("Order not found")
        if req.customer_id is None or req.customer_id != order.customer_id or not order.customer_id:
            raise LocalizedException("Wrong Customer Id")
    if not req.request_items:
        raise InputException.required("request_items")
    # creates for one order take turns: the order's lock row, held until the transaction ends
    db.insert_new(ctx.conn, order_lock, [{"order_id": order.entity_id}], ["order_id"])
    ctx.conn.execute(select(order_lock).where(order_lock.c.order_id == order.entity_id).with_for_update()).first()
    judged = {j.item.item_id: j for j in L.judge(ctx, order, admin=customer_id is None)}
    taken: dict[int, Decimal] = {}
    kept = []
    for entry in req.request_items:
        j = judged.get(entry.order_item_id) if entry.order_item_id is not None else None
        if j is None or not j.returnable or entry.qty is None or entry.qty <= 0:
            continue
        qty = _qty(entry.qty)
        if qty <= 0 or taken.get(j.item.item_id, Decimal(0)) + qty > j.available:
            continue
        if entry.resolution_id not in j.resolutions:
            continue
        if not _usable(ctx, reason, "reason_id", entry.reason_id) or \
                not _usable(ctx, condition, "condition_id", entry.condition_id):
            continue
        taken[j.item.item_id] = taken.get(j.item.item_id, Decimal(0)) + qty
        kept.append((entry, qty))
    if not kept:
        raise LocalizedException("Items were not selected")
    fields = _custom_fields(ctx, req.custom_fields, order.store_id or 0)
    status_id = req.status if customer_id is None and req.status is not None else None
    if status_id is not None and L.status_row(ctx, status_id) is None:
        raise NoSuchEntityException('Status with specified ID "%1" not found.', [status_id])
    if status_id is None:
        initial = ctx.conn.execute(select(status_t.c.status_id).where(
            status_t.c.initial.is_(True), status_t.c.is_deleted.is_(False))).first()
        if initial is None:
            raise LocalizedException("There is no initial status.")
        status_id = initial.status_id
    at = L.now(ctx)
    name = " ".join(p for p in (order.customer_firstname, order.customer_lastname) if p)
    if customer_id is None and req.customer_name:
        name = req.customer_name
    request_id = ctx.conn.execute(insert(request_t).values(
        order_id=order.entity_id, store_id=order.store_id or 0, created_at=at, modified_at=at, status=status_id,
        customer_id=order.customer_id, customer_name=name, url_hash=L.new_hash(),
        manager_id=(req.manager_id or 0) if customer_id is None else 0, custom_fields=fields,
        rating=0, rating_comment="", note=(req.note or "") if customer_id is None else "", shipping_label="",
    )).inserted_primary_key[0]
    for entry, qty in kept:
        ctx.conn.execute(insert(request_item).values(
            request_id=request_id, order_item_id=entry.order_item_id, qty=qty, request_qty=qty,
            reason_id=entry.reason_id, condition_id=entry.condition_id, resolution_id=entry.resolution_id,
            item_status=L.PENDING))
    L.history(ctx, request_id, 0, {"items": [{"order_item_id": e.order_item_id, "qty": float(q)} for e, q in kept]},
              L.CUSTOMER, name, at)
    row = L.request_row(ctx, request_id)
    label, _ = L.status_label(ctx, status_id, row.store_id)
    variables = {"increment_id": L.increment_id(request_id), "customer_name": name,
                 "order_increment_id": order.increment_id, "status_label": label}
    if L.flag(ctx, L.NOTIFY_CUSTOMER, row.store_id):
        L.send_mail(ctx, "vendor_rma_new_request_customer", order.customer_email or "", name, row.store_id,
                    request_id, variables)
    if L.flag(ctx, L.NOTIFY_ADMIN, row.store_id):
        for address in L.shop_addresses(ctx, row.store_id):
            L.send_mail(ctx, "vendor_rma_new_request_admin", address, "", row.store_id, request_id, variables)
    return request_data(ctx, row, mine=customer_id is not None)


def close_request(ctx: Any, request_id_hash: str, customer_id: int) -> bool:
    text = str(request_id_hash).strip()
    if customer_id:
        row = L.mine_row(ctx, customer_id, text, lock=True)
    else:
        if text.isdigit():
            row = ctx.conn.execute(select(request_t).where(request_t.c.request_id == int(text)).with_for_update()).first()
        else:
            row = ctx.conn.execute(select(request_t).where(request_t.c.url_hash == text).with_for_update()).first()
        if row is None:
            raise NoSuchEntityException(L.MINE_NOT_FOUND)
    current = L.status_row(ctx, row.status)
    if current is not None and current.state == L.CANCELED:
        return True
    target = L.canceled_status(ctx)
    if target is None:
        raise LocalizedException("No canceled status is configured.")
    at = L.now(ctx)
    L.history(ctx, row.request_id, 5, {}, L.CUSTOMER if customer_id else L.MANAGER,
              row.customer_name if customer_id else _manager_name(ctx), at)
    if target != row.status:
        L.set_status(ctx, row, target, at)
        L.history(ctx, row.request_id, 6, {"from": row.status, "to": target}, L.SYSTEM, "System", at)
    L.touch(ctx, row.request_id, at)
    return True


def _manager_name(ctx: Any) -> str:
    user_id = getattr(ctx.caller, "user_id", None)
    return f"Admin #{user_id}" if user_id else "Admin"


def _manager_id(ctx: Any) -> int:
    user_id = getattr(ctx.caller, "user_id", None)
    return int(user_id) if getattr(ctx.caller, "user_type", None) == 2 and user_id else 0


# --------------------------------------------------------------------------- tracking

def add_tracking(ctx: Any, row: Any, code: str | None, number: str | None, by_customer: bool) -> TrackingInterface:
    number = (number or "").strip()
    if not number:
        raise InputException.required("tracking_number")
    code = (code or "").strip()
    if by_customer:
        carriers = {c["code"] for c in L.json_setting(ctx, L.CARRIERS, row.store_id)}
        if code not in carriers:
            raise InputException.invalid_value("tracking_code", code)
    elif not code:
        raise InputException.required("tracking_code")
    at = L.now(ctx)
    tracking_id = ctx.conn.execute(insert(tracking).values(request_id=row.request_id, tracking_code=code,
                                                           tracking_number=number, customer=by_customer)
                                   ).inserted_primary_key[0]
    L.history(ctx, row.request_id, 1, {"tracking_id": tracking_id, "tracking_code": code, "tracking_number": number},
              L.CUSTOMER if by_customer else L.MANAGER, row.customer_name if by_customer else _manager_name(ctx), at)
    L.touch(ctx, row.request_id, at)
    if by_customer:
        L.automatic_change(ctx, L.request_row(ctx, row.request_id), L.EV_TRACKING, at)
    return tracking_data(ctx.conn.execute(select(tracking).where(tracking.c.tracking_id == tracking_id)).one())


def remove_tracking(ctx: Any, track: Any, by_customer: bool) -> None:
    at = L.now(ctx)
    ctx.conn.execute(delete(tracking).where(tracking.c.tracking_id == track.tracking_id))
    row = L.request_row(ctx, track.request_id)
    L.history(ctx, track.request_id, 2, {"tracking_id": track.tracking_id, "tracking_code": track.tracking_code,
                                         "tracking_number": track.tracking_number},
              L.CUSTOMER if by_customer else L.MANAGER, row.customer_name if by_customer else _manager_name(ctx), at)
    L.touch(ctx, track.request_id, at)


# --------------------------------------------------------------------------- chat

def add_message(ctx: Any, row: Any, text: str | None, files: Sequence[ImageContentInterface | None], *,
                customer_id: int, manager_id: int, name: str, manager: bool, system: bool,
                notify: bool) -> MessageInterface:
    if not L.flag(ctx, L.CHAT_ENABLED, row.store_id):
        raise LocalizedException("The chat is disabled.")
    clean = L.strip_tags(text).strip()
    if not clean and not files:
        raise InputException.required("message")
    at = L.now(ctx)
    message_id = ctx.conn.execute(insert(message).values(
        request_id=row.request_id, created_at=at, message=clean, name=name, customer_id=customer_id,
        manager_id=manager_id, system=system, manager=manager, read=False)).inserted_primary_key[0]
    for content in files:
        stored = L.save_file(ctx, content, f"vendor_rma/{row.request_id}", L.CHAT_FILES, row.store_id)
        ctx.conn.execute(insert(message_file).values(message_id=message_id, file_id=stored.file_id,
                                                     filepath=stored.path, filename=stored.name,
                                                     url_hash=L.new_hash()))
    L.touch(ctx, row.request_id, at)
    if notify and not system:
        L.history(ctx, row.request_id, 3, {"message_id": message_id}, L.MANAGER if manager else L.CUSTOMER,
                  name if not manager else (name or _manager_name(ctx)), at)
        if not manager:
            L.automatic_change(ctx, L.request_row(ctx, row.request_id), L.EV_MESSAGE, at)
        elif L.flag(ctx, L.NOTIFY_NEW_ADMIN_MESSAGE, row.store_id):
            L.send_mail(ctx, "vendor_rma_new_message_customer", L.customer_email(ctx, row), row.customer_name,
                        row.store_id, row.request_id,
                        {"increment_id": L.increment_id(row.request_id), "message": clean, "name": name})
    return message_data(ctx, ctx.conn.execute(select(message).where(message.c.message_id == message_id)).one())


def file_download(ctx: Any, message_file_id: int, request_id: int | None) -> FileResponse:
    f = ctx.conn.execute(select(message_file, message.c.request_id)
                         .select_from(message_file.join(message, message.c.message_id == message_file.c.message_id))
                         .where(message_file.c.message_file_id == message_file_id)).first()
    if f is None or (request_id is not None and f.request_id != request_id):
        raise NoSuchEntityException(L.NOT_FOUND_FILE)
    return media.download(ctx.conn, f.file_id, f.filename)


def label_download(ctx: Any, row: Any) -> FileResponse:
    if not row.shipping_label or row.label_file_id is None:
        raise NoSuchEntityException(L.NOT_FOUND_FILE)
    return media.download(ctx.conn, row.label_file_id, row.shipping_label, inline=False)


def delete_request_files(ctx: Any, request_id: int) -> None:
    for f in ctx.conn.execute(select(message_file.c.file_id).select_from(
            message_file.join(message, message.c.message_id == message_file.c.message_id))
            .where(message.c.request_id == request_id)).all():
        media.remove(ctx.conn, f.file_id)


# --------------------------------------------------------------------------- returnable order

def returnable_order(ctx: Any, order_id: int, customer_id: int | None) -> ReturnOrderInterface:
    order = L.load_order(ctx, order_id, customer_id)
    L.check_order_status(ctx, order)
    judged = L.judge(ctx, order, admin=customer_id is None)
    resolutions = ResolutionRepository(ctx)
    by_id = {}
    for j in judged:
        for rid in j.resolutions:
            if rid not in by_id:
                by_id[rid] = resolutions.get_by_id(rid)
    existing = set(catalog.products_by_ids(ctx.conn, [j.item.product_id for j in judged if j.item.product_id]))
    holders: dict[int, Any] = {}
    for rid in {r for j in judged for r in j.holding}:
        holders[rid] = L.request_row(ctx, rid)
    items = []
    for j in judged:
        items.append(ReturnOrderItemInterface.of(
            item=j.item, product_exists=j.item.product_id in existing, purchased_qty=float(j.purchased),
            available_qty=float(j.available), returnable=j.returnable,
            no_returnable_reason=None if j.returnable else j.reason,
            no_returnable_data=[ReturnedRequestInterface.of(request_id=r, increment_id=L.increment_id(r),
                                                            url_hash=holders[r].url_hash) for r in j.holding]
            if j.reason == 0 else [],
            resolutions=[by_id[r] for r in j.resolutions]))
    return ReturnOrderInterface.of(order=order, items=items)


# --------------------------------------------------------------------------- resolve

def resolve(ctx: Any, request_id: int, item_ids: list[int], return_to_stock: bool, notify: bool
            ) -> ResolveResultInterface:
    row = L.request_row(ctx, request_id, lock=True)
    items = {i.request_item_id: i for i in ctx.conn.execute(
        select(request_item).where(request_item.c.request_id == request_id).with_for_update())}
    if item_ids:
        chosen = []
        for item_id in item_ids:
            if item_id not in items:
                raise NoSuchEntityException(ITEM_NOT_FOUND, [item_id])
            if items[item_id].item_status in (L.RESOLVED, L.REJECTED):
                raise LocalizedException('Request item with ID "%1" can\'t be resolved.', [item_id])
            if items[item_id] not in chosen:
                chosen.append(items[item_id])
    else:
        chosen = [i for i in sorted(items.values(), key=lambda i: i.request_item_id) if i.item_status in L.OPEN_ITEM]
    if not chosen:
        raise LocalizedException("There are no items to resolve.")
    actions = {r.resolution_id: r.action for r in ctx.conn.execute(
        select(resolution.c.resolution_id, resolution.c.action).where(
            resolution.c.resolution_id.in_({i.resolution_id for i in chosen})))}
    money = {"refund": [i for i in chosen if actions.get(i.resolution_id) == "refund"],
             "store_credit": [i for i in chosen if actions.get(i.resolution_id) == "store_credit"]}
    if money["store_credit"] and not L.store_credit_available(ctx, row.order_id):
        raise LocalizedException("Store credit is not available for this order.")
    memo_of: dict[int, int] = {}
    memo_ids: list[int] = []
    refunded = Decimal(0)
    credited = Decimal(0)
    for action in ("refund", "store_credit"):
        group = money[action]
        if not group:
            continue
        qtys = L.sum_qty([(i.order_item_id, Decimal(i.qty)) for i in group])
        result = sales.refund_order(
            ctx, row.order_id, items=qtys, shipping_amount=Decimal(0),
            return_to_stock=list(qtys) if return_to_stock else (),
            to_store_credit="all" if action == "store_credit" else None,
            comment=f"Refund for return request #{L.increment_id(request_id)}.", append_comment=True, notify=notify)
        memo_ids.append(result.creditmemo_id)
        for i in group:
            memo_of[i.request_item_id] = result.creditmemo_id
        if action == "refund":
            refunded += Decimal(result.grand_total)
        else:
            credited += Decimal(result.store_credit)
    at = L.now(ctx)
    for i in chosen:
        ctx.conn.execute(update(request_item).where(request_item.c.request_item_id == i.request_item_id)
                         .values(item_status=L.RESOLVED, creditmemo_id=memo_of.get(i.request_item_id)))
    L.history(ctx, request_id, 12, {"items": [i.request_item_id for i in chosen], "creditmemo_ids": sorted(memo_ids)},
              L.MANAGER, _manager_name(ctx), at)
    still_open = ctx.conn.execute(select(request_item.c.request_item_id).where(
        request_item.c.request_id == request_id, request_item.c.item_status.in_(L.OPEN_ITEM))).first()
    current = L.status_row(ctx, row.status)
    if still_open is None and (current is None or current.state != L.COMPLETED):
        s = status_t.c
        done = ctx.conn.execute(select(s.status_id).where(s.enabled.is_(True), s.is_deleted.is_(False),
                                                          s.state == L.COMPLETED)
                                .order_by(s.priority, s.status_id)).first()
        if done is not None:
            L.set_status(ctx, row, done.status_id, at)
            L.history(ctx, request_id, 10, {"from": row.status, "to": done.status_id, "reason": "resolved"},
                      L.SYSTEM, "System", at)
    L.touch(ctx, request_id, at)
    return ResolveResultInterface.of(request=request_data(ctx, L.request_row(ctx, request_id)),
                                     creditmemo_ids=sorted(memo_ids), refunded_amount=float(refunded),
                                     store_credit_amount=float(credited))


# --------------------------------------------------------------------------- routed services: requests

class RequestRepository(Repository[RequestInterface, RequestSearchResultsInterface]):
    interface = "Vendor\\Rma\\Api\\RequestRepositoryInterface"
    summary = "Return requests"
    entity = "request"
    table = request_t
    data = RequestInterface
    results = RequestSearchResultsInterface
    not_found = L.REQUEST_NOT_FOUND
    mine = False

    def to_data(self, record: Record) -> RequestInterface:
        row = L.request_row(self.ctx, record["request_id"])
        return request_data(self.ctx, row, mine=self.mine)

    def get_by_id(self, request_id: int) -> RequestInterface:
        return request_data(self.ctx, L.request_row(self.ctx, request_id))

    def save(self, request: RequestInterface) -> RequestInterface:  # noqa: C901 - one edit, step by step
        ctx = self.ctx
        request_id = request.request_id
        if request_id is None:
            raise InputException.required("request_id")
        row = L.request_row(ctx, request_id, lock=True)
        sent = request.sent()
        values: dict[str, Any] = {}
        changed: list[str] = []
        if sent.get("order_id") is not None and sent["order_id"] != row.order_id:
            raise LocalizedException("The order of a return request cannot be changed.")
        order = L.load_order(ctx, row.order_id)
        if sent.get("customer_id") is not None and sent["customer_id"] != order.customer_id:
            raise LocalizedException("Wrong Customer Id")
        for key in ("store_id", "status", "customer_name", "manager_id", "rating", "rating_comment", "note"):
            if key in sent and sent[key] is not None and sent[key] != getattr(row, key):
                values[key] = sent[key]
        if "status" in values and L.status_row(ctx, values["status"]) is None:
            raise NoSuchEntityException('Status with specified ID "%1" not found.', [values["status"]])
        if "rating" in values and values["rating"] not in range(6):
            raise InputException.invalid_value("rating", str(values["rating"]))
        if "store_id" in values and ctx.config is not None and values["store_id"] not in ctx.config.website_of:
            raise InputException.invalid_value("store_id", str(values["store_id"]))
        if "custom_fields" in sent and sent["custom_fields"] is not None:
            values["custom_fields"] = _custom_fields(ctx, request.custom_fields, row.store_id)
            if values["custom_fields"] == row.custom_fields:
                values.pop("custom_fields")
        changed.extend(values)
        at = L.now(ctx)
        if "request_items" in sent and sent["request_items"] is not None:
            order_items = L.order_item_ids(order)
            existing = {i.request_item_id: i for i in ctx.conn.execute(
                select(request_item).where(request_item.c.request_id == request_id))}
            keep: set[int] = set()
            for entry in request.request_items or []:
                item_sent = entry.sent()
                item_id = item_sent.get("request_item_id")
                if item_id is not None and item_id not in existing:
                    raise NoSuchEntityException(ITEM_NOT_FOUND, [item_id])
                merged = {**(existing[item_id]._asdict() if item_id is not None else {}),
                          **{k: v for k, v in item_sent.items() if v is not None and k not in
                             ("request_qty", "creditmemo_id", "request_item_id", "request_id")}}
                _check_item(ctx, merged, order_items)
                cols = {k: merged[k] for k in ("order_item_id", "reason_id", "condition_id", "resolution_id")}
                cols["qty"] = _qty(merged["qty"])
                cols["item_status"] = merged.get("item_status") or 0
                if item_id is not None:
                    keep.add(item_id)
                    ctx.conn.execute(update(request_item).where(request_item.c.request_item_id == item_id)
                                     .values(cols))
                else:
                    new_id = ctx.conn.execute(insert(request_item).values(
                        request_id=request_id, request_qty=cols["qty"], **cols)).inserted_primary_key[0]  # type: ignore[index]
                    keep.add(new_id)
            gone = [i for i in existing if i not in keep]
            if gone:
                ctx.conn.execute(delete(request_item).where(request_item.c.request_item_id.in_(gone)))
            changed.append("request_items")
        if request.shipping_label_content is not None:
            stored = L.save_file(ctx, request.shipping_label_content, f"vendor_rma/{request_id}/label",
                                 L.LABEL_FILES, row.store_id)
            if row.label_file_id is not None:
                media.remove(ctx.conn, row.label_file_id)
            values.update(shipping_label=stored.name, label_file_id=stored.file_id)
            L.history(ctx, request_id, 8, {"filename": stored.name}, L.MANAGER, _manager_name(ctx), at)
            changed.append("shipping_label")
        elif sent.get("shipping_label") == "" and row.shipping_label:
            if row.label_file_id is not None:
                media.remove(ctx.conn, row.label_file_id)
            values.update(shipping_label="", label_file_id=None)
            L.history(ctx, request_id, 9, {"filename": row.shipping_label}, L.MANAGER, _manager_name(ctx), at)
            changed.append("shipping_label")
        ctx.conn.execute(update(request_t).where(request_t.c.request_id == request_id).values(modified_at=at, **values))
        data: dict[str, Any] = {"changed": changed}
        if "status" in values:
            data.update({"from": row.status, "to": values["status"]})
        L.history(ctx, request_id, 7, data, L.MANAGER, _manager_name(ctx), at)
        if "status" in values:
            L.status_effects(ctx, L.request_row(ctx, request_id), values["status"], at)
        return request_data(ctx, L.request_row(ctx, request_id))

    def get_tracking_by_id(self, tracking_id: int) -> TrackingInterface:
        return tracking_data(self._tracking(tracking_id))

    def save_tracking(self, tracking: TrackingInterface) -> TrackingInterface:
        ctx = self.ctx
        if tracking.tracking_id is not None:
            stored = self._tracking(tracking.tracking_id)
            sent = tracking.sent()
            request_id = sent.get("request_id") or stored.request_id
            row = L.request_row(ctx, request_id)
            code = sent["tracking_code"] if sent.get("tracking_code") is not None else stored.tracking_code
            number = sent["tracking_number"] if sent.get("tracking_number") is not None else stored.tracking_number
            if not (number or "").strip():
                raise InputException.required("tracking_number")
            if not (code or "").strip():
                raise InputException.required("tracking_code")
            customer = sent["customer"] if sent.get("customer") is not None else stored.customer
            ctx.conn.execute(update(tracking_table).where(tracking_table.c.tracking_id == stored.tracking_id).values(
                request_id=row.request_id, tracking_code=code.strip(), tracking_number=number.strip(),
                customer=bool(customer)))
            L.touch(ctx, row.request_id, L.now(ctx))
            return tracking_data(self._tracking(stored.tracking_id))
        if tracking.request_id is None:
            raise InputException.required("request_id")
        row = L.request_row(ctx, tracking.request_id)
        return add_tracking(ctx, row, tracking.tracking_code, tracking.tracking_number, bool(tracking.customer))

    def delete_tracking_by_id(self, tracking_id: int) -> TrackingInterface:
        track = self._tracking(tracking_id)
        remove_tracking(self.ctx, track, False)
        return tracking_data(track)

    def _tracking(self, tracking_id: int) -> Any:
        row = self.conn.execute(select(tracking).where(tracking.c.tracking_id == tracking_id)).first()
        if row is None:
            raise NoSuchEntityException(TRACKING_NOT_FOUND, [tracking_id])
        return row


class RequestFinder(RequestRepository):
    interface = "Vendor\\RmaApi\\Api\\RequestFinderInterface"
    summary = "Return requests (list)"

    def get_list(self, search_criteria: SearchCriteria | None = None) -> RequestSearchResultsInterface:
        return self.list_records(search_criteria or SearchCriteria.of(filter_groups=[]))


class RequestDeleter(Service):
    interface = "Vendor\\RmaApi\\Api\\RequestDeleterInterface"
    summary = "Deleting return requests"

    def delete_by_id(self, request_id: int) -> bool:
        row = L.request_row(self.ctx, request_id, lock=True)
        delete_request_files(self.ctx, request_id)
        if row.label_file_id is not None:
            media.remove(self.conn, row.label_file_id)
        for table in (history, tracking, request_item, message):
            self.conn.execute(delete(table).where(table.c.request_id == request_id))
        self.conn.execute(delete(request_t).where(request_t.c.request_id == request_id))
        return True


class CustomerRequestRepository(Service):
    interface = "Vendor\\Rma\\Api\\CustomerRequestRepositoryInterface"
    summary = "Return requests made for customers"

    def create(self, request: RequestInterface, secret_key: str = "") -> RequestInterface:
        return create_request(self.ctx, request, None, secret_key or "")

    def close_request(self, request_id_hash: str, customer_id: int = 0) -> bool:
        if customer_id:
            L.require_enabled(self.ctx)
        return close_request(self.ctx, request_id_hash, customer_id)


class ResolveManagement(Service):
    interface = "Vendor\\Rma\\Api\\ResolveManagementInterface"
    summary = "Resolving return requests"

    def resolve(self, request_id: int, item_ids: list[int] | None = None, return_to_stock: bool = True,
                notify: bool = False) -> ResolveResultInterface:
        return resolve(self.ctx, request_id, list(item_ids or []), return_to_stock is not False, bool(notify))


class ShippingLabel(Service):
    interface = "Vendor\\Rma\\Api\\ShippingLabelInterface"
    summary = "Return shipping labels"

    def download(self, request_id: int) -> FileResponse:
        return label_download(self.ctx, L.request_row(self.ctx, request_id))


class CreateReturnProcessor(Service):
    interface = "Vendor\\Rma\\Api\\CreateReturnProcessorInterface"
    summary = "What an order can return"

    def process(self, order_id: int, is_admin: bool = False) -> ReturnOrderInterface:
        return returnable_order(self.ctx, order_id, None if is_admin else None)


# --------------------------------------------------------------------------- items

class RequestItemRepository(Repository[RequestItemInterface, RequestItemSearchResultsInterface]):
    interface = "Vendor\\RmaApi\\Api\\RequestItemRepositoryInterface"
    summary = "Items of return requests"
    entity = "request item"
    table = request_item
    data = RequestItemInterface
    results = RequestItemSearchResultsInterface
    not_found = ITEM_NOT_FOUND

    def to_data(self, record: Record) -> RequestItemInterface:
        return RequestItemInterface.of(**{**record, "qty": float(record["qty"]),
                                          "request_qty": float(record["request_qty"])})

    def get_by_id(self, item_id: int) -> RequestItemInterface:
        return self.get_record(item_id)

    def save(self, item: RequestItemInterface) -> RequestItemInterface:
        ctx = self.ctx
        sent = item.sent()
        item_id = sent.get("request_item_id")
        stored = self.load(item_id) if item_id is not None else None
        merged = {**(stored or {}), **{k: v for k, v in sent.items()
                                       if v is not None and k not in ("request_qty", "creditmemo_id",
                                                                      "request_item_id")}}
        if merged.get("request_id") is None:
            raise InputException.required("request_id")
        row = L.request_row(ctx, merged["request_id"])
        order = L.load_order(ctx, row.order_id)
        _check_item(ctx, merged, L.order_item_ids(order))
        cols = {k: merged[k] for k in ("request_id", "order_item_id", "reason_id", "condition_id", "resolution_id")}
        cols["qty"] = _qty(merged["qty"])
        cols["item_status"] = merged.get("item_status") or 0
        if stored is None:
            item_id = ctx.conn.execute(insert(request_item).values(request_qty=cols["qty"], **cols)
                                       ).inserted_primary_key[0]  # type: ignore[index]
        else:
            ctx.conn.execute(update(request_item).where(request_item.c.request_item_id == item_id).values(cols))
        L.touch(ctx, row.request_id, L.now(ctx))
        return self.get_record(item_id)

    def delete_by_id(self, item_id: int) -> bool:
        record = self.load(item_id)
        self.delete_record(item_id)
        L.touch(self.ctx, record["request_id"], L.now(self.ctx))
        return True


class RequestItemFinder(RequestItemRepository):
    interface = "Vendor\\RmaApi\\Api\\RequestItemFinderInterface"
    summary = "Items of return requests (list)"

    def get_list(self, search_criteria: SearchCriteria | None = None) -> RequestItemSearchResultsInterface:
        return self.list_records(search_criteria or SearchCriteria.of(filter_groups=[]))


# --------------------------------------------------------------------------- chat, history

class ChatRepository(Repository[MessageInterface, MessageSearchResultsInterface]):
    interface = "Vendor\\Rma\\Api\\ChatRepositoryInterface"
    summary = "Chat of return requests"
    entity = "message"
    table = message
    data = MessageInterface
    results = MessageSearchResultsInterface
    not_found = MESSAGE_NOT_FOUND

    def to_data(self, record: Record) -> MessageInterface:
        row = self.conn.execute(select(message).where(message.c.message_id == record["message_id"])).one()
        return message_data(self.ctx, row)

    def get_by_id(self, message_id: int) -> MessageInterface:
        return self.get_record(message_id)

    def save(self, message: MessageInterface, notify: bool = False) -> MessageInterface:
        if message.request_id is None:
            raise InputException.required("request_id")
        row = L.request_row(self.ctx, message.request_id)
        files = []
        for f in message.message_files or []:
            if f.content is None:
                raise InputException.required("content")
            files.append(f.content)
        manager = bool(message.manager)
        system = bool(message.system)
        return add_message(self.ctx, row, message.message, files,
                           customer_id=0 if manager or system else (message.customer_id or row.customer_id),
                           manager_id=(message.manager_id or _manager_id(self.ctx)) if manager and not system else 0,
                           name=message.name or ("" if system else (row.customer_name if not manager else "")),
                           manager=manager or system, system=system, notify=bool(notify))

    def delete_by_id(self, message_id: int) -> bool:
        record = self.load(message_id)
        for f in self.conn.execute(select(message_file.c.file_id).where(message_file.c.message_id == message_id)):
            media.remove(self.conn, f.file_id)
        self.conn.execute(delete(message_file).where(message_file.c.message_id == message_id))
        self.conn.execute(delete(message).where(message.c.message_id == message_id))
        at = L.now(self.ctx)
        L.history(self.ctx, record["request_id"], 4, {"message_id": message_id}, L.MANAGER, _manager_name(self.ctx), at)
        L.touch(self.ctx, record["request_id"], at)
        return True


class ChatMessageFinder(ChatRepository):
    interface = "Vendor\\RmaApi\\Api\\ChatMessageFinderInterface"
    summary = "Chat of return requests (list)"

    def get_list(self, search_criteria: SearchCriteria | None = None) -> MessageSearchResultsInterface:
        return self.list_records(search_criteria or SearchCriteria.of(filter_groups=[]))


class ChatFile(Service):
    interface = "Vendor\\Rma\\Api\\ChatFileInterface"
    summary = "Chat attachments"

    def download(self, message_file_id: int) -> FileResponse:
        return file_download(self.ctx, message_file_id, None)


class HistoryRepository(Repository[HistoryInterface, HistorySearchResultsInterface]):
    interface = "Vendor\\Rma\\Api\\HistoryRepositoryInterface"
    summary = "History of return requests"
    entity = "event"
    table = history
    data = HistoryInterface
    results = HistorySearchResultsInterface
    not_found = 'Rma Event with specified ID "%1" not found.'

    def to_data(self, record: Record) -> HistoryInterface:
        try:
            data = json.loads(record.get("event_data") or "{}")
        except ValueError:
            data = {}
        return HistoryInterface.of(**{**record, "event_date": L.stamp(record["event_date"]), "event_data": data})

    def get_list(self, search_criteria: SearchCriteria | None = None) -> HistorySearchResultsInterface:
        return self.list_records(search_criteria or SearchCriteria.of(filter_groups=[]))

    def get_request_events(self, request_id: int) -> list[HistoryInterface]:
        L.request_row(self.ctx, request_id)
        rows = self.conn.execute(select(history).where(history.c.request_id == request_id)
                                 .order_by(history.c.event_id)).all()
        return [history_data(r) for r in rows]


# --------------------------------------------------------------------------- the customer's side

class FormOptions(Service):
    interface = "Vendor\\Rma\\Api\\FormOptionsInterface"
    summary = "What the return form offers"

    def get(self) -> FormOptionsInterface:
        ctx = self.ctx

        def offered(repo: Any, table: Any, key: str) -> list[Any]:
            rows = ctx.conn.execute(select(table.c[key]).where(table.c.status == 1, table.c.is_deleted.is_(False))
                                    .order_by(table.c.position, table.c[key])).all()
            return [repo.get_by_id(r[0]) for r in rows]

        resolutions = [r for r in offered(ResolutionRepository(ctx), resolution, "resolution_id")
                       if r.action != "store_credit" or _store_credit_at_all(ctx)]
        return FormOptionsInterface.of(
            reasons=offered(ReasonRepository(ctx), reason, "reason_id"),
            conditions=offered(ConditionRepository(ctx), condition, "condition_id"),
            resolutions=resolutions,
            custom_fields=[CodeLabelInterface.of(code=f["code"], label=f.get("label", ""))
                           for f in L.json_setting(ctx, L.CUSTOM_FIELDS)],
            carriers=[CodeLabelInterface.of(code=f["code"], label=f.get("label", ""))
                      for f in L.json_setting(ctx, L.CARRIERS)],
            chat_enabled=L.flag(ctx, L.CHAT_ENABLED), rating_enabled=L.flag(ctx, L.FEEDBACK),
            max_file_size=L.max_file_bytes(ctx) // 1024)


def _store_credit_at_all(ctx: Any) -> bool:
    return L.store_credit_available(ctx)


class CustomerRequestManagement(Service):
    interface = "Vendor\\Rma\\Api\\CustomerRequestManagementInterface"
    summary = "The customer's return requests"

    def get_list(self, customer_id: int, search_criteria: SearchCriteria | None = None
                 ) -> RequestSearchResultsInterface:
        L.require_enabled(self.ctx)
        criteria = search_criteria or SearchCriteria.of(filter_groups=[])
        groups = list(criteria.filter_groups or []) + [FilterGroup.of(filters=[
            Filter.of(field="customer_id", value=str(customer_id), condition_type="eq")])]
        sorts = criteria.sort_orders or [SortOrder.of(field="created_at", direction="DESC"),
                                         SortOrder.of(field="request_id", direction="DESC")]
        own = SearchCriteria.of(filter_groups=groups, sort_orders=sorts, page_size=criteria.page_size,
                                current_page=criteria.current_page)
        repo = RequestRepository(self.ctx)
        repo.mine = True
        page = repo.list_records(own)
        page.search_criteria = criteria if search_criteria is not None else page.search_criteria
        return page

    def get_by_id(self, customer_id: int, request_id: int) -> RequestInterface:
        L.require_enabled(self.ctx)
        return request_data(self.ctx, L.mine_row(self.ctx, customer_id, request_id), mine=True)

    def get_returnable_order(self, customer_id: int, order_id: int) -> ReturnOrderInterface:
        L.require_enabled(self.ctx)
        return returnable_order(self.ctx, order_id, customer_id)

    def create(self, customer_id: int, request: RequestInterface) -> RequestInterface:
        L.require_enabled(self.ctx)
        return create_request(self.ctx, request, customer_id)

    def add_tracking(self, customer_id: int, request_id: int, tracking: TrackingInterface) -> TrackingInterface:
        L.require_enabled(self.ctx)
        row = L.mine_row(self.ctx, customer_id, request_id)
        return add_tracking(self.ctx, row, tracking.tracking_code, tracking.tracking_number, True)

    def remove_tracking(self, customer_id: int, request_id: int, tracking_id: int) -> bool:
        L.require_enabled(self.ctx)
        row = L.mine_row(self.ctx, customer_id, request_id)
        track = self.conn.execute(select(tracking).where(tracking.c.tracking_id == tracking_id)).first()
        if track is None or track.request_id != row.request_id or not track.customer:
            return False
        remove_tracking(self.ctx, track, True)
        return True

    def rate(self, customer_id: int, request_id: int, rating: int, rating_comment: str = "") -> bool:
        L.require_enabled(self.ctx)
        row = L.mine_row(self.ctx, customer_id, request_id, lock=True)
        if rating is None or rating not in range(1, 6):
            raise InputException.invalid_value("rating", "" if rating is None else str(rating))
        current = L.status_row(self.ctx, row.status)
        if not L.flag(self.ctx, L.FEEDBACK, row.store_id) or row.rating or current is None \
                or current.state != L.COMPLETED:
            return False
        at = L.now(self.ctx)
        self.conn.execute(update(request_t).where(request_t.c.request_id == row.request_id).values(
            rating=rating, rating_comment=L.strip_tags(rating_comment or ""), modified_at=at))
        L.automatic_change(self.ctx, L.request_row(self.ctx, row.request_id), L.EV_RATING, at)
        return True

    def get_messages(self, customer_id: int, request_id: int) -> list[MessageInterface]:
        L.require_enabled(self.ctx)
        row = L.mine_row(self.ctx, customer_id, request_id)
        rows = self.conn.execute(select(message).where(message.c.request_id == row.request_id)
                                 .order_by(message.c.message_id)).all()
        out = [message_data(self.ctx, r) for r in rows]
        self.conn.execute(update(message).where(message.c.request_id == row.request_id,
                                                message.c.manager.is_(True), message.c.read.is_(False))
                          .values(read=True))
        return out

    def add_message(self, customer_id: int, request_id: int, message: str = "",
                    files: list[ImageContentInterface] | None = None) -> MessageInterface:
        L.require_enabled(self.ctx)
        row = L.mine_row(self.ctx, customer_id, request_id)
        return add_message(self.ctx, row, message, list(files or []), customer_id=customer_id, manager_id=0,
                           name=row.customer_name, manager=False, system=False, notify=True)

    def download_file(self, customer_id: int, request_id: int, message_file_id: int) -> FileResponse:
        L.require_enabled(self.ctx)
        try:
            row = L.mine_row(self.ctx, customer_id, request_id)
        except NoSuchEntityException:
            raise NoSuchEntityException(L.NOT_FOUND_FILE) from None
        return file_download(self.ctx, message_file_id, row.request_id)

    def download_label(self, customer_id: int, request_id: int) -> FileResponse:
        L.require_enabled(self.ctx)
        try:
            row = L.mine_row(self.ctx, customer_id, request_id)
        except NoSuchEntityException:
            raise NoSuchEntityException(L.NOT_FOUND_FILE) from None
        return label_download(self.ctx, row)
