"""What a return request does: which items can be returned, status changes and their effects,
history, mail and the chat's files. Plain functions over a Context; "now" is always passed in, so
requests and the scheduled jobs share them (docs/modules/rma.md)."""
from __future__ import annotations

import datetime as dt
import json
import re
import secrets
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, func, insert, select, update

from ...framework.context import Context
from ...framework.exceptions import InputException, LocalizedException, NoSuchEntityException
from ...platform import mail, rule
from ...platform.media import service as media
from ...platform.catalog import service as catalog
from ...platform.rule.products import as_item
from ...platform.sales import service as sales
from ...platform.mail.service import SENDERS
from ...platform.sales.api import OrderInterface
from .tables import (period_ended, request, request_item, resolution, return_rule, rule_customer_group,
                     rule_resolution, rule_website, status, status_store)
from .tables import history as history_t
from .tables import message as message_t

TIME = "%Y-%m-%d %H:%M:%S"
EPS = Decimal("0.0001")

# configuration
ENABLED = "vdrma/general/enabled"
ALLOWED_STATUSES = "vdrma/general/allowed_statuses"
FEEDBACK = "vdrma/general/enable_feedback"
MAX_FILE_SIZE = "vdrma/general/max_file_size"
AUTO_CLOSE_DAYS = "vdrma/general/auto_close_days"
SENDER = "vdrma/email/sender"
NOTIFY_CUSTOMER = "vdrma/email/notify_customer"
NOTIFY_ADMIN = "vdrma/email/notify_admin"
SEND_TO = "vdrma/email/send_to"
NOTIFY_NEW_ADMIN_MESSAGE = "vdrma/email/notify_customer_new_admin_message"
CHAT_ENABLED = "vdrma/chat/enabled"
CARRIERS = "vdrma/shipping/carriers"
CUSTOM_FIELDS = "vdrma/extra/custom_fields"

# states, item statuses, events
PROCESSING, APPROVED, DELIVERED, COMPLETED, CANCELED = range(5)
PENDING, AUTHORIZED, RECEIVED, RESOLVED, REJECTED = range(5)
OPEN_ITEM = (PENDING, AUTHORIZED, RECEIVED)
EV_MESSAGE, EV_TRACKING, EV_CANCEL, EV_RATING = 1, 2, 3, 4
CUSTOMER, MANAGER, SYSTEM = 0, 1, 2

EVENT_MESSAGES = {
    0: "Request created.", 1: "Tracking number added.", 2: "Tracking number removed.", 3: "New message.",
    4: "Message deleted.", 5: "Request closed.", 6: "Status changed automatically.", 7: "Request saved by manager.",
    8: "Shipping label added.", 9: "Shipping label removed.", 10: "Status changed by the system.",
    11: "Manager changed by the system.", 12: "Items resolved."}

CHAT_FILES = media.files(("jpg", "jpeg", "png", "gif", "webp", "pdf", "txt"))
LABEL_FILES = media.files(("pdf", "png", "jpg", "jpeg", "gif"))
NOT_FOUND_FILE = "The requested file was not found."
REQUEST_NOT_FOUND = 'Request with specified ID "%1" not found.'
MINE_NOT_FOUND = "Request doesn't exist."
DISABLED = "The returns functionality is disabled."
_TAGS = re.compile(r"<[^>]*>")


def now(ctx: Context) -> dt.datetime:
    """The one "now" of the request or the job run (the job clock)."""
    return ctx.now()


def stamp(value: dt.datetime | None) -> str | None:
    return value.strftime(TIME) if value is not None else None


def strip_tags(text: str | None) -> str:
    return _TAGS.sub("", text or "")


def setting(ctx: Context, path: str, store_id: int | None = None) -> str:
    value = ctx.config.get(path, ctx.store_id if store_id is None else store_id) if ctx.config else None
    return "" if value is None else str(value).strip()


def flag(ctx: Context, path: str, store_id: int | None = None) -> bool:
    return setting(ctx, path, store_id) not in ("", "0", "false")


def json_setting(ctx: Context, path: str, store_id: int | None = None) -> list[dict[str, str]]:
    try:
        value = json.loads(setting(ctx, path, store_id) or "[]")
    except ValueError:
        return []
    return [v for v in value if isinstance(v, dict) and v.get("code")] if isinstance(value, list) else []


def max_file_bytes(ctx: Context, store_id: int | None = None) -> int:
    try:
        return int(float(setting(ctx, MAX_FILE_SIZE, store_id) or 2000) * 1024)
    except ValueError:
        return 2000 * 1024


def new_hash() -> str:
    while True:
        value = secrets.token_hex(16)
        if any(c.isalpha() for c in value):
            return value


def increment_id(request_id: int) -> str:
    return f"{request_id:09d}"


def require_enabled(ctx: Context) -> None:
    if not flag(ctx, ENABLED):
        raise LocalizedException(DISABLED)


# --------------------------------------------------------------------------- orders

def load_order(ctx: Context, order_id: int, customer_id: int | None = None) -> OrderInterface:
    """The order (a customer's own only, with ``customer_id``); 404 naming ``orderId`` otherwise."""
    try:
        if customer_id is not None:
            return sales.customer_order(ctx, customer_id, order_id)
        return sales.OrderRepository(ctx).get(order_id)
    except NoSuchEntityException:
        raise NoSuchEntityException.single_field("orderId", str(order_id)) from None


def check_order_status(ctx: Context, order: OrderInterface) -> None:
    allowed = [s.strip() for s in setting(ctx, ALLOWED_STATUSES, order.store_id).split(",") if s.strip()]
    if allowed and order.status not in allowed:
        raise LocalizedException("Wrong Order.")


def store_credit_available(ctx: Context, order_id: int | None = None) -> bool:
    """Store credit can take a refund (of this order): the platform's store-credit refund hook."""
    return sales.store_credit_available(ctx, order_id)


# --------------------------------------------------------------------------- returnability

@dataclass
class Judgement:
    item: Any
    purchased: Decimal
    available: Decimal = Decimal(0)
    returnable: bool = False
    reason: int | None = None
    holding: list[int] = field(default_factory=list)
    resolutions: list[int] = field(default_factory=list)


def candidate_resolutions(ctx: Context, order: OrderInterface) -> list[Any]:
    rows: list[Any] = ctx.conn.execute(select(resolution).where(resolution.c.status == 1, resolution.c.is_deleted.is_(False))
                            .order_by(resolution.c.position, resolution.c.resolution_id)).all()  # type: ignore[assignment]
    if any(r.action == "store_credit" for r in rows) and not (
            order.customer_id and store_credit_available(ctx, order.entity_id)):
        rows = [r for r in rows if r.action != "store_credit"]
    return rows


@dataclass
class Rule:
    id: int
    conditions: str | None
    default: int
    periods: dict[int, int | None]
    groups: set[int]
    websites: set[int]


def active_rules(ctx: Context) -> list[Rule]:
    rows = ctx.conn.execute(select(return_rule).where(return_rule.c.status == 1)
                            .order_by(return_rule.c.priority, return_rule.c.id)).all()
    if not rows:
        return []
    ids = [r.id for r in rows]
    groups: dict[int, set[int]] = {i: set() for i in ids}
    websites: dict[int, set[int]] = {i: set() for i in ids}
    periods: dict[int, dict[int, int | None]] = {i: {} for i in ids}
    for g in ctx.conn.execute(select(rule_customer_group).where(rule_customer_group.c.rule_id.in_(ids))):
        groups[g.rule_id].add(g.customer_group_id)
    for w in ctx.conn.execute(select(rule_website).where(rule_website.c.rule_id.in_(ids))):
        websites[w.rule_id].add(w.website_id)
    for p in ctx.conn.execute(select(rule_resolution).where(rule_resolution.c.rule_id.in_(ids))):
        periods[p.rule_id][p.resolution_id] = p.value
    return [Rule(r.id, r.conditions_serialized, r.default_resolution, periods[r.id], groups[r.id], websites[r.id])
            for r in rows]


def applicable_rule(rules: list[Rule], website_id: int, group_id: int, product: Any) -> Rule | None:
    for r in rules:
        if r.websites and website_id not in r.websites:
            continue
        if r.groups and group_id not in r.groups:
            continue
        if r.conditions:
            if product is None or not rule.item_predicate(r.conditions)(as_item(product)):
                continue
        return r
    return None


def period_of(r: Rule, resolution_id: int) -> int:
    value = r.periods.get(resolution_id)
    return r.default if value is None else value


def website_of(ctx: Context, store_id: int | None) -> int:
    if ctx.config is None or store_id is None:
        return 1
    return ctx.config.website_of.get(store_id, 1)


def held_quantities(ctx: Context, order_item_ids: list[int], skip_request: int | None = None
                    ) -> tuple[dict[int, Decimal], dict[int, list[int]], dict[int, Decimal]]:
    """Per order item: the quantity other requests hold, those requests, and what this module's own
    credit memos refunded."""
    held: dict[int, Decimal] = {}
    holders: dict[int, list[int]] = {}
    own: dict[int, Decimal] = {}
    if not order_item_ids:
        return held, holders, own
    i, r, s = request_item.c, request.c, status.c
    rows = ctx.conn.execute(
        select(i.order_item_id, i.qty, i.item_status, i.creditmemo_id, r.request_id, s.state)
        .select_from(request_item.join(request, r.request_id == i.request_id)
                     .outerjoin(status, s.status_id == r.status))
        .where(i.order_item_id.in_(order_item_ids))).all()
    for row in rows:
        qty = Decimal(row.qty)
        if row.creditmemo_id is not None:
            own[row.order_item_id] = own.get(row.order_item_id, Decimal(0)) + qty
        if skip_request is not None and row.request_id == skip_request:
            continue
        if row.item_status == REJECTED or row.state == CANCELED:
            continue
        held[row.order_item_id] = held.get(row.order_item_id, Decimal(0)) + qty
        if row.request_id not in holders.setdefault(row.order_item_id, []):
            holders[row.order_item_id].append(row.request_id)
    for ids in holders.values():
        ids.sort()
    return held, holders, own


def judge(ctx: Context, order: OrderInterface, admin: bool) -> list[Judgement]:
    """Each order item judged for a return (docs/modules/rma.md "Which items can be returned")."""
    items = sorted(order.items or [], key=lambda it: it.item_id or 0)
    held, holders, own = held_quantities(ctx, [int(it.item_id or 0) for it in items])
    candidates = candidate_resolutions(ctx, order)
    rules = [] if admin else active_rules(ctx)
    products = catalog.products_by_ids(ctx.conn, [it.product_id for it in items if it.product_id]) if rules else {}
    ended: set[tuple[int, int]] = set()
    if rules:
        ended = {(e.order_item_id, e.resolution_id) for e in ctx.conn.execute(
            select(period_ended).where(period_ended.c.order_item_id.in_([it.item_id for it in items])))}
    website = website_of(ctx, order.store_id)
    group = order.customer_group_id or 0
    out = []
    for it in items:
        item_id = int(it.item_id or 0)
        purchased = Decimal(str(it.qty_shipped or 0))
        j = Judgement(it, purchased)
        out.append(j)
        if purchased < EPS:
            j.reason = 3
            continue
        requested = held.get(item_id, Decimal(0))
        elsewhere = Decimal(0) if admin else max(Decimal(0), Decimal(str(it.qty_refunded or 0))
                                                 - own.get(item_id, Decimal(0)))
        j.available = max(Decimal(0), purchased - requested - elsewhere)
        if j.available < EPS:
            j.available = Decimal(0)
            if requested > 0:
                j.reason, j.holding = 0, holders.get(item_id, [])
            else:
                j.reason = 2
            continue
        allowed = [r.resolution_id for r in candidates]
        if not admin and rules:
            applicable = applicable_rule(rules, website, group, products.get(int(it.product_id or 0)))
            if applicable is not None:
                allowed = [r.resolution_id for r in candidates
                           if period_of(applicable, r.resolution_id) > 0
                           and (item_id, r.resolution_id) not in ended]
        if allowed:
            j.returnable, j.resolutions = True, allowed
        else:
            on_sale = it.original_price is not None and it.price is not None and it.price < it.original_price
            j.reason = 4 if on_sale else 1
    return out


# --------------------------------------------------------------------------- history, mail, status changes

def history(ctx: Context, request_id: int, event_type: int, data: dict[str, Any], initiator: int,
            name: str, at: dt.datetime) -> None:
    ctx.conn.execute(insert(history_t).values(
        request_id=request_id, event_date=at, event_type=event_type, event_data=json.dumps(data),
        event_initiator=initiator, event_initiator_name=name or ("System" if initiator == SYSTEM else ""),
        message=EVENT_MESSAGES[event_type]))


def touch(ctx: Context, request_id: int, at: dt.datetime) -> None:
    ctx.conn.execute(update(request).where(request.c.request_id == request_id).values(modified_at=at))


def sender(ctx: Context, store_id: int) -> str:
    value = setting(ctx, SENDER, store_id) or "general"
    return value if value in SENDERS else "general"


def shop_addresses(ctx: Context, store_id: int) -> list[str]:
    return [a.strip() for a in setting(ctx, SEND_TO, store_id).split(",") if "@" in a.strip()]


def send_mail(ctx: Context, template: str, to: str, name: str, store_id: int, request_id: int,
              variables: dict[str, Any]) -> None:
    if not to or "@" not in to:
        return
    try:
        mail.enqueue(ctx, template, to=to, name=name, variables=variables, store_id=store_id,
                     sender=sender(ctx, store_id), entity_type="vendor_rma_request", entity_id=request_id)
    except ValueError:  # an address the outbox refuses: nothing to write to
        pass


def status_row(ctx: Context, status_id: int) -> Any:
    return ctx.conn.execute(select(status).where(status.c.status_id == status_id)).first()


def status_store_row(ctx: Context, status_id: int, store_id: int) -> dict[str, Any] | None:
    rows = {r.store_id: r._asdict() for r in ctx.conn.execute(
        select(status_store).where(status_store.c.status_id == status_id, status_store.c.store_id.in_((0, store_id))))}
    return rows.get(store_id) or rows.get(0)


def status_label(ctx: Context, status_id: int, store_id: int) -> tuple[str, int | None]:
    row = status_row(ctx, status_id)
    if row is None:
        return "", None
    label = ""
    rows = {r.store_id: r for r in ctx.conn.execute(
        select(status_store).where(status_store.c.status_id == status_id, status_store.c.store_id.in_((0, store_id))))}
    for store in (store_id, 0):
        if store in rows and rows[store].label:
            label = rows[store].label
            break
    return label or row.title, row.state


def status_effects(ctx: Context, req: Any, status_id: int, at: dt.datetime) -> None:
    """What entering a status does: a system chat message, the customer's and the shop's mail."""
    store = status_store_row(ctx, status_id, req.store_id)
    if store is None:
        return
    if store["send_to_chat"] and (store["chat_message"] or "").strip():
        ctx.conn.execute(insert(message_t).values(request_id=req.request_id, created_at=at,
                                                  message=store["chat_message"], name="", customer_id=0,
                                                  manager_id=0, system=True, manager=True, read=False))
    label, _ = status_label(ctx, status_id, req.store_id)
    base = {"increment_id": increment_id(req.request_id), "status_label": label}
    if store["send_email_to_customer"]:
        send_mail(ctx, "vendor_rma_status_customer", customer_email(ctx, req), req.customer_name, req.store_id,
                  req.request_id, {**base, "text": store["customer_custom_text"]})
    if store["send_email_to_admin"]:
        for address in shop_addresses(ctx, req.store_id):
            send_mail(ctx, "vendor_rma_status_admin", address, "", req.store_id, req.request_id,
                      {**base, "text": store["admin_custom_text"]})


def customer_email(ctx: Context, req: Any) -> str:
    try:
        return sales.OrderRepository(ctx).get(req.order_id).customer_email or ""
    except NoSuchEntityException:
        return ""


def set_status(ctx: Context, req: Any, status_id: int, at: dt.datetime) -> None:
    ctx.conn.execute(update(request).where(request.c.request_id == req.request_id)
                     .values(status=status_id, modified_at=at))
    status_effects(ctx, req, status_id, at)


def auto_status(ctx: Context, current_state: int | None, event: int) -> int | None:
    s = status.c
    rows = ctx.conn.execute(select(status).where(s.enabled.is_(True), s.is_deleted.is_(False), s.auto_event == event)
                            .order_by(s.state, s.priority, s.status_id)).all()
    if event == EV_CANCEL:
        rows = [r for r in rows if r.state == CANCELED]
    if not rows:
        return None
    same = [r for r in rows if r.state == current_state]
    return int((same or rows)[0].status_id)


def canceled_status(ctx: Context) -> int | None:
    chosen = auto_status(ctx, CANCELED, EV_CANCEL)
    if chosen is not None:
        return chosen
    s = status.c
    row = ctx.conn.execute(select(s.status_id).where(s.enabled.is_(True), s.is_deleted.is_(False), s.state == CANCELED)
                           .order_by(s.priority, s.status_id)).first()
    return row.status_id if row is not None else None


def automatic_change(ctx: Context, req: Any, event: int, at: dt.datetime) -> None:
    current = status_row(ctx, req.status)
    target = auto_status(ctx, current.state if current is not None else None, event)
    if target is None or target == req.status:
        return
    set_status(ctx, req, target, at)
    history(ctx, req.request_id, 6, {"from": req.status, "to": target}, SYSTEM, "System", at)


def request_row(ctx: Context, request_id: int, lock: bool = False) -> Any:
    query = select(request).where(request.c.request_id == request_id)
    if lock:
        query = query.with_for_update()
    row = ctx.conn.execute(query).first()
    if row is None:
        raise NoSuchEntityException(REQUEST_NOT_FOUND, [request_id])
    return row


def mine_row(ctx: Context, customer_id: int, request_id: int | str, lock: bool = False) -> Any:
    """The caller's own request (by id, or by hash when ``request_id`` is not all digits); 404 otherwise."""
    text = str(request_id)
    if text.isdigit():
        condition = request.c.request_id == int(text)
    else:
        condition = request.c.url_hash == text
    query = select(request).where(condition)
    if lock:
        query = query.with_for_update()
    row = ctx.conn.execute(query).first()
    if row is None or (customer_id and row.customer_id != customer_id):
        raise NoSuchEntityException(MINE_NOT_FOUND)
    return row


def save_file(ctx: Context, content: Any, folder: str, rule_: media.UploadRule, store_id: int) -> media.StoredFile:
    upload = media.check_upload(content, rule_)
    if len(upload.data) > max_file_bytes(ctx, store_id):
        raise InputException("The file is too large.")
    return media.store(ctx.conn, upload, folder, private=True)


def order_item_ids(order: OrderInterface) -> set[int]:
    return {int(it.item_id) for it in order.items or [] if it.item_id is not None}


def sum_qty(values: list[tuple[int, Decimal]]) -> dict[int, Decimal]:
    out: dict[int, Decimal] = {}
    for key, qty in values:
        out[key] = out.get(key, Decimal(0)) + qty
    return out


def count_rows(ctx: Context, table: Any, *conditions: Any) -> int:
    return int(ctx.conn.execute(select(func.count()).select_from(table).where(and_(*conditions))).scalar() or 0)
