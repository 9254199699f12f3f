"""The product label repository and the store-view / customer-group assignment of labels
(docs/modules/label.md).

A label is a ``Repository`` record (framework/repository.py) with what is its own here: a save
replaces the stored label instead of merging into it, the tooltip travels in the label's extension
attributes and lives on its row, and each label has two display parts (product list, product page)
of which a request reads one (``mode``) and a save writes the one the client names (``type``).
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any

from sqlalchemy import bindparam, delete, insert, select

from ...framework.context import Context
from ...framework.dates import parse_datetime
from ...framework.exceptions import (CouldNotDeleteException, CouldNotSaveException, InputException,
                                     LocalizedException, NoSuchEntityException)
from ...framework.repository import LinkSet, Record, Repository
from ...platform import rule
from .api import (FrontendSettingsInterface, LabelAssignmentInterface, LabelExtensionInterface, LabelInterface,
                  LabelSearchResultsInterface, LabelTooltipInterface)
from .tables import label as label_table
from .tables import label_customer_group, label_part, label_store

PRODUCT_LIST, PRODUCT_PAGE = 1, 2
MODES = (PRODUCT_LIST, PRODUCT_PAGE)
POSITIONS = tuple(range(9))  # top left ... bottom right
TOOLTIP_STATUSES = (1, 2, 3)  # no, desktop and mobile, desktop only
NOT_FOUND = 'Labels with specified ID "%1" not found.'
_PERCENT = re.compile(r"\d{1,3}(\.\d+)?%?")

PART_DEFAULTS: Record = {"label_text": "", "image": None, "image_size": None, "position": 0, "style": None}
TOOLTIP_DEFAULTS: Record = {"status": 1, "color": "", "text_color": "", "text": ""}
_TOOLTIP_COLUMNS = {"status": "tooltip_status", "color": "tooltip_color", "text_color": "tooltip_text_color",
                    "text": "tooltip_text"}
_MAX_LENGTH = {"name": 255, "image": 255, "image_size": 32, "color": 30, "text_color": 30}

_PARTS = select(label_part).where(label_part.c.label_id.in_(bindparam("ids", expanding=True)),
                                  label_part.c.type == bindparam("type"))
_DELETE_PART = delete(label_part).where(label_part.c.label_id == bindparam("b_label_id"),
                                        label_part.c.type == bindparam("b_type"))
_INSERT_PART = insert(label_part)


def display_mode(mode: int) -> int:
    """The display part a ``mode`` names: 1 the product list, anything else the product page."""
    return mode if mode in MODES else PRODUCT_PAGE


def _time(value: Any, key: str) -> dt.datetime | None:
    """A period boundary as sent (``YYYY-MM-DD HH:MM:SS``, a date alone is its midnight); empty: none."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return parse_datetime(value, key)


def _length(key: str, value: Any) -> None:
    limit = _MAX_LENGTH.get(key)
    if limit is not None and isinstance(value, str) and len(value) > limit:
        raise InputException.invalid_value(key, value)


class LabelRepository(Repository[LabelInterface, LabelSearchResultsInterface]):
    interface = "Vendor\\Label\\Api\\LabelRepositoryInterface"
    table = label_table
    data = LabelInterface
    results = LabelSearchResultsInterface
    not_found = NOT_FOUND
    entity = "labels"
    renamed = {"condition_serialized": "conditions_serialized"}
    required = ("name",)
    choices = {"status": (0, 1)}

    #: the display part a read shows
    _mode: int = PRODUCT_PAGE
    #: the extension attributes of a save, as sent
    _ext: Record

    # --- routed methods

    def get_by_id(self, id: int, mode: int = PRODUCT_PAGE) -> LabelInterface:
        self._mode = display_mode(mode)
        return self.get_record(id)

    def get_all(self, mode: int = PRODUCT_PAGE) -> list[LabelInterface]:
        self._mode = display_mode(mode)
        rows = self.conn.execute(self.base.order_by(self.pk)).all()
        records = self.with_parts([self.from_row(r._mapping) for r in rows])
        return [self.to_data(r) for r in records]

    def save(self, label: LabelInterface) -> LabelInterface:
        sent = label.sent()
        label_id = sent.get("label_id") or None
        ext = sent.get("extension_attributes")
        self._ext = ext.sent() if ext is not None else {}
        part = self._ext.get("frontend_settings")
        self._mode = display_mode(part.type) if part is not None and part.type in MODES else PRODUCT_PAGE
        try:
            return self.save_record(label)
        except NoSuchEntityException:
            raise
        except LocalizedException as e:
            if label_id is None:
                raise CouldNotSaveException("Unable to save new labels. Error: %1", [e.rendered()]) from None
            raise CouldNotSaveException("Unable to save label with ID %1. Error: %2",
                                        [label_id, e.rendered()]) from None

    def delete(self, label: LabelInterface) -> bool:
        return self.delete_by_id(label.label_id or 0)

    def delete_by_id(self, id: int) -> bool:
        self.load(id)  # a missing label is a 404, not a failed delete
        try:
            return self.delete_record(id)
        except LocalizedException as e:
            raise CouldNotDeleteException("Unable to remove labels with ID %1. Error: %2", [id, e.rendered()]) from None

    def identify(self, sent: Record) -> Any:
        """The label a save names; ``label_id`` 0 names none (a new label), as on the platform."""
        return super().identify(sent) or None

    # --- reading

    def find(self, record_id: Any) -> Record | None:
        record = super().find(record_id)
        return self.with_parts([record])[0] if record is not None else None

    def with_parts(self, records: list[Record]) -> list[Record]:
        """The records with their display part for the current mode (one query)."""
        if records:
            by_id = {r["label_id"]: r for r in records}
            for row in self.conn.execute(_PARTS, {"ids": list(by_id), "type": self._mode}):
                by_id[row.label_id]["part"] = {k: getattr(row, k) for k in PART_DEFAULTS}
        return records

    def from_row(self, row: Any) -> Record:
        record = super().from_row(row)
        record["tooltip"] = {key: row[column] for key, column in _TOOLTIP_COLUMNS.items()}
        return record

    def to_data(self, record: Record) -> LabelInterface:
        part = record.get("part") or PART_DEFAULTS
        ext = LabelExtensionInterface.of(
            frontend_settings=FrontendSettingsInterface.of(type=self._mode, **part),
            label_tooltip=LabelTooltipInterface.of(**(record.get("tooltip") or TOOLTIP_DEFAULTS)))
        return LabelInterface.of(
            label_id=record["label_id"], name=record["name"], status=record["status"], priority=record["priority"],
            is_single=record["is_single"], use_for_parent=record["use_for_parent"],
            condition_serialized=record["condition_serialized"] or "", active_from=record["active_from"],
            active_to=record["active_to"], extension_attributes=ext)

    # --- saving: the sent label replaces the stored one

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = {k: v for k, v in self.new_record().items() if k != self.pk_key}
        values.update(super().convert(sent, stored))
        for key in ("active_from", "active_to"):
            values[key] = _time(values.get(key), key)
        text = values.get("condition_serialized")
        if text is None or not str(text).strip():
            values["condition_serialized"] = ""
        else:
            values["condition_serialized"] = rule.serialize(rule.parse(text, rule.ITEM)) or ""
        tooltip = self._ext.get("label_tooltip")
        if tooltip is not None:
            values["tooltip"] = {**TOOLTIP_DEFAULTS, **{k: v for k, v in tooltip.sent().items() if v is not None}}
        else:
            values["tooltip"] = stored["tooltip"] if stored is not None else dict(TOOLTIP_DEFAULTS)
        part = self._ext.get("frontend_settings")
        if part is not None:
            given = part.sent()
            if given.get("type") is None:
                raise InputException.required("type")
            values["part"] = {**PART_DEFAULTS, **{k: v for k, v in given.items() if k != "type"}}
            values["part"]["label_text"] = values["part"]["label_text"] or ""
            values["part"]["position"] = values["part"]["position"] if values["part"]["position"] is not None else 0
            values["part_type"] = given["type"]
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)  # the kit's checks, the name's length among them
        if not 0 <= (record["priority"] or 0) <= 255:
            raise InputException.invalid_value("priority", record["priority"])
        if record["active_from"] and record["active_to"] and record["active_from"] > record["active_to"]:
            raise InputException.invalid_value("active_to", record["active_to"].isoformat(" "))
        tooltip = record["tooltip"]
        if tooltip["status"] not in TOOLTIP_STATUSES:
            raise InputException.invalid_value("status", tooltip["status"])
        for key in ("color", "text_color"):
            _length(key, tooltip[key])
        if "part_type" in record:
            if record["part_type"] not in MODES:
                raise InputException.invalid_value("type", record["part_type"])
            part = record["part"]
            if part["position"] not in POSITIONS:
                raise InputException.invalid_value("position", part["position"])
            size = part["image_size"]
            if size is not None and size != "" and (not _PERCENT.fullmatch(size)
                                                    or not 0 < float(size.rstrip("%")) <= 100):
                raise InputException.invalid_value("image_size", size)
            for key in ("image", "image_size"):
                _length(key, part[key])

    def to_row(self, record: Record) -> dict[str, Any]:
        row = super().to_row(record)
        row.update({column: record["tooltip"][key] for key, column in _TOOLTIP_COLUMNS.items()})
        return row

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        record = super().write(stored, record, sent_links)
        if "part_type" in record:
            self.conn.execute(_DELETE_PART, {"b_label_id": record["label_id"], "b_type": record["part_type"]})
            self.conn.execute(_INSERT_PART, {"label_id": record["label_id"], "type": record["part_type"],
                                             **record["part"]})
        elif stored is not None:
            record["part"] = stored.get("part")
        return record


# --------------------------------------------------------------------------- assignments

class LabelAssignmentRepository(Repository[LabelAssignmentInterface, LabelSearchResultsInterface]):
    """The store views and customer groups a label is shown for (kept apart from the label itself)."""

    interface = "Vendor\\Label\\Api\\LabelAssignmentRepositoryInterface"
    table = label_table
    data = LabelAssignmentInterface
    results = LabelSearchResultsInterface
    not_found = NOT_FOUND
    links = {"store_ids": LinkSet(label_store.c.label_id, label_store.c.store_id, csv=False),
             "customer_group_ids": LinkSet(label_customer_group.c.label_id, label_customer_group.c.customer_group_id,
                                           csv=False)}

    def get(self, label_id: int) -> LabelAssignmentInterface:
        return self.get_record(label_id)

    def save(self, assignment: LabelAssignmentInterface) -> LabelAssignmentInterface:
        if assignment.sent().get("label_id") is None:
            raise InputException.required("label_id")
        return self.save_record(assignment)

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        known = self.ctx.config.website_of if self.ctx.config is not None else None
        for store_id in record["store_ids"]:  # ids are non-negative already (parse_ids)
            if known is not None and store_id not in known:
                raise InputException.invalid_value("store_ids", store_id)

    def to_row(self, record: Record) -> dict[str, Any]:
        return {}

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        assert stored is not None  # an assignment never creates a label
        record[self.pk_key] = stored[self.pk_key]
        for name in sent_links:
            self.links[name].replace(self.conn, record[self.pk_key], record[name])
            record[name] = sorted(record[name])
        return record


def assign(ctx: Context, label_id: int, store_ids: list[int], customer_group_ids: list[int]) -> None:
    """Assign a label to store views and customer groups (demo data and scripts)."""
    LabelAssignmentRepository(ctx).save(LabelAssignmentInterface.model_validate(
        {"label_id": label_id, "store_ids": store_ids, "customer_group_ids": customer_group_ids}))
