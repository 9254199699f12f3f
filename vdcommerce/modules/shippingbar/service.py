"""The free shipping bar services: the profile repository (admin) and the storefront's bar data.

A profile says where a bar shows (store views, customer groups, pages, one position), what its goal
is (its own amount, or the platform's free-shipping minimum order amount) and how it looks. Its texts
are kept per store view in a table of their own; a store view without its own text uses the default
(store 0) text, key by key.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, delete, insert, select

from ...framework.data import digits
from ...framework.context import Service
from ...framework.exceptions import InputException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from ...platform.quote.totals import cents
from .api import ProfileInterface, ProfileLabelsInterface, ProfileSearchResultsInterface, ProfileStoreLabelInterface
from .tables import profile as profile_t
from .tables import profile_label as label_t

ENABLED = "vendor_shipbar/general/enable"
FREE_SHIPPING_SUBTOTAL = "carriers/freeshipping/free_shipping_subtotal"
PAGES = ("home", "category", "product", "search", "cart", "checkout", "other")
POSITIONS = (10, 15, 20, 25)
MESSAGES = ("init_message", "progress_message", "achieved_message", "terms_message")
FLAGS = ("status", "action_clickable", "closeable", "car_icon_visible")

_LABELS = select(label_t).order_by(label_t.c.profile_id, label_t.c.store_id)
_ACTIVE = select(profile_t).where(profile_t.c.status == 1).order_by(profile_t.c.priority, profile_t.c.profile_id)


def _id_list(value: Any, key: str) -> str | None:
    """A comma-separated list of ids as stored: trimmed, without repeats; a bad id is a 400."""
    if value is None:
        return None
    parts = [p.strip() for p in str(value).split(",") if p.strip()]
    if not all(digits(p) for p in parts):
        raise InputException.invalid_value(key, value)
    return ",".join(dict.fromkeys(str(int(p)) for p in parts))


def _ids(text: str | None) -> set[int]:
    return {int(p) for p in (text or "").split(",") if digits(p.strip())}


def labels_of(conn: Connection, ids: list[int]) -> dict[int, dict[int, dict[str, Any]]]:
    """profile id -> store id -> texts."""
    out: dict[int, dict[int, dict[str, Any]]] = {i: {} for i in ids}
    if ids:
        for r in conn.execute(_LABELS.where(label_t.c.profile_id.in_(ids))):
            out[r.profile_id][r.store_id] = {m: getattr(r, m) for m in MESSAGES}
    return out


def resolved_labels(by_store: dict[int, dict[str, Any]], store_id: int) -> ProfileLabelsInterface:
    """The texts a store view shows: its own where set (not empty), else the default (store 0)."""
    own, default = by_store.get(store_id) or {}, by_store.get(0) or {}
    return ProfileLabelsInterface.of(**{m: own.get(m) or default.get(m) or "" for m in MESSAGES})


class ProfileRepository(Repository[ProfileInterface, ProfileSearchResultsInterface]):
    interface = "Vendor\\ShippingBar\\Api\\ProfileRepositoryInterface"
    summary = "Free shipping bar profiles"
    entity = "profile"
    table = profile_t
    data = ProfileInterface
    results = ProfileSearchResultsInterface
    not_found = 'The free shipping bar profile with ID "%1" doesn\'t exist.'
    required = ("name",)
    choices = {"status": (0, 1), "goal_source": (0, 1), "position": POSITIONS, "action_clickable": (0, 1),
               "closeable": (0, 1), "car_icon_visible": (0, 1)}

    def save(self, profile: ProfileInterface) -> ProfileInterface:
        """Create a profile (no ``profile_id``) or change the one the path names."""
        return self.save_record(profile)

    def get_by_id(self, profile_id: int) -> ProfileInterface:
        return self.get_record(profile_id)

    def delete_by_id(self, profile_id: int) -> bool:
        return self.delete_record(profile_id)

    def get_list(self, search_criteria: SearchCriteria) -> ProfileSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def convert(self, sent: Record, stored: Record | None) -> Record:
        out = super().convert(sent, stored)
        for key in ("stores", "customer_groups"):
            if key in out:
                out[key] = _id_list(out[key], key)
        if "pages" in out and out["pages"] is not None:
            pages = [p.strip() for p in str(out["pages"]).split(",") if p.strip()]
            if any(p not in PAGES for p in pages):
                raise InputException.invalid_value("pages", out["pages"])
            out["pages"] = ",".join(dict.fromkeys(pages))
        if out.get("goal") is not None:
            goal = cents(Decimal(str(out["goal"])))
            if goal < 0:
                raise InputException.invalid_value("goal", out["goal"])
            out["goal"] = goal
        if "labels" in sent:
            out["labels"] = sent["labels"].sent() if sent["labels"] is not None else None
        if "store_labels" in sent:
            out["store_labels"] = [label.sent() for label in sent["store_labels"] or []]
        return out

    def check(self, record: Record, stored: Record | None) -> None:
        for key in ("goal", "pages", "text_size", "text_color", "extra_color", "background_color") + FLAGS:
            if record.get(key) is None:
                record[key] = self.defaults.get(key)
        super().check(record, stored)
        for label in record.get("store_labels") or []:
            store_id = label.get("store_id")
            if store_id is None:
                raise InputException.required("store_id")
            if self.ctx.config is not None and store_id not in self.ctx.config.website_of:
                raise InputException.invalid_value("store_id", store_id)

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        saved = super().write(stored, record, sent_links)
        pid = saved["profile_id"]
        texts = labels_of(self.conn, [pid])[pid] if stored is not None else {}
        if record.get("store_labels") is not None:
            texts = {label["store_id"]: {m: label.get(m) for m in MESSAGES} for label in record["store_labels"]}
        if record.get("labels") is not None:
            texts[0] = {**texts.get(0, {}), **record["labels"]}
        if stored is None or "store_labels" in record or "labels" in record:
            self.conn.execute(delete(label_t).where(label_t.c.profile_id == pid))
            rows = [{"profile_id": pid, "store_id": sid, **{m: values.get(m) for m in MESSAGES}}
                    for sid, values in sorted(texts.items()) if any(values.get(m) for m in MESSAGES)]
            if rows:
                self.conn.execute(insert(label_t), rows)
        saved.pop("labels", None)
        saved.pop("store_labels", None)
        return saved

    def before_delete(self, record: Record) -> None:
        self.conn.execute(delete(label_t).where(label_t.c.profile_id == record["profile_id"]))

    def to_data(self, record: Record) -> ProfileInterface:
        out = {key: record.get(key) for key in self.columns}
        by_store = labels_of(self.conn, [record["profile_id"]])[record["profile_id"]]
        out["labels"] = resolved_labels(by_store, self.ctx.store_id or 0)
        out["store_labels"] = [ProfileStoreLabelInterface.of(store_id=sid, **texts)
                               for sid, texts in sorted(by_store.items())]
        return ProfileInterface.of(**out)


class BarManagement(Service):
    interface = "Vendor\\ShippingBar\\Api\\BarManagementInterface"
    summary = "Free shipping bar on the storefront"

    def get_filled_data(self, customer_group: int, page: str, position: list[int]) -> Any:
        """The bar profile to show for this customer group, page and positions, or ``false``."""
        ctx = self.ctx
        if not ctx.config_flag(ENABLED) or page == "checkout":
            return False
        store_id = ctx.store_id or 0
        winner = None
        for row in ctx.conn.execute(_ACTIVE):
            stores = _ids(row.stores)
            if not (0 in stores or store_id in stores):
                continue
            if customer_group not in _ids(row.customer_groups):
                continue
            if page not in {p.strip() for p in (row.pages or "").split(",")}:
                continue
            winner = row
            break
        if winner is None or winner.position not in position:
            return False
        if winner.goal_source == 1:
            goal = _amount(ctx.config_value(FREE_SHIPPING_SUBTOTAL, "0"))
        else:
            goal = Decimal(winner.goal)
        # the platform keeps one currency (base = display, rate 1): converting is rounding to the cent
        values = {c: getattr(winner, c) for c in profile_t.c.keys()}
        values["goal"] = cents(goal)
        values["custom_style"] = values["custom_style"] or ""
        by_store = labels_of(ctx.conn, [winner.profile_id])[winner.profile_id]
        return ProfileInterface.of(**values, labels=resolved_labels(by_store, store_id))


def _amount(text: Any) -> Decimal:
    try:
        value = Decimal(str(text).strip())
    except Exception:
        return Decimal(0)
    return value if value.is_finite() and value > 0 else Decimal(0)
