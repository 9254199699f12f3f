"""The store pickup services: the pickup method repository (admin routes) and the three shipping
estimate routes this module takes over from the platform.

The estimates are the platform's own (``quote.service.Carts``): the same cart lookup, the same rate
collection through every active carrier and rate processor, the address kept in memory only. This
module only converts each method into its shipping method object, which carries the rate's comment at
the top level too: the pickup comment on pickup rates (filled by ``carrier.PickupComments``), and on
other rates a comment another package put in an extension attribute whose code ends in ``_comment``.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from sqlalchemy import delete, insert, select

from ...framework.context import Service
from ...framework.exceptions import InputException
from ...framework.repository import LinkSet, Record, Repository
from ...framework.search import SearchCriteria
from ...platform.quote import api as quote_api
from ...platform.quote import carts
from ...platform.quote.service import Carts
from .api import (AddressInterface, MethodInterface, MethodLabelInterface, MethodSearchResultsInterface,
                  ShippingMethodInterface)
from .carrier import CODE, COMMENT_KEY, IMAGE_FOLDER
from .tables import method as method_table
from .tables import method_label, method_store

_PLATFORM_FIELDS = tuple(quote_api.ShippingMethodInterface.fields())
_IMAGE_PATH = re.compile(r"[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.\-]+)*")


# =========================================================================== estimates

def _comment_of(method: quote_api.ShippingMethodInterface) -> str | None:
    ext = method.extension_attributes
    values: dict[str, Any] = ext if isinstance(ext, dict) else (ext.sent() if ext is not None else {})
    if method.carrier_code == CODE:
        return values.get(COMMENT_KEY)
    return next((v for k, v in values.items() if k.endswith("_comment") and isinstance(v, str)), None)


def with_comments(methods: list[quote_api.ShippingMethodInterface]) -> list[ShippingMethodInterface]:
    """The platform's shipping methods as this module's, the comment copied to the top level."""
    out = []
    for m in methods:
        values = {name: getattr(m, name) for name in _PLATFORM_FIELDS}
        comment = _comment_of(m)
        if comment is not None:
            values["comment"] = comment
        out.append(ShippingMethodInterface.of(**values))
    return out


class GuestShippingMethodManagement(Service):
    interface = "Vendor\\StorePickup\\Api\\GuestShippingMethodManagementInterface"
    summary = "Shipping estimates for a guest cart, with the store pickup comments"

    def estimate_by_extended_address(self, cart_id: str, address: AddressInterface) -> list[ShippingMethodInterface]:
        return with_comments(Carts(self.ctx).estimate(carts.by_masked_id(self.ctx, cart_id), address))

    def estimate_by_address(self, cart_id: str, address: AddressInterface) -> list[ShippingMethodInterface]:
        return self.estimate_by_extended_address(cart_id, address)

    def get_list(self, cart_id: str) -> list[ShippingMethodInterface]:
        return with_comments(Carts(self.ctx).shipping_methods(carts.by_masked_id(self.ctx, cart_id)))


class ShippingMethodManagement(Service):
    interface = "Vendor\\StorePickup\\Api\\ShippingMethodManagementInterface"
    summary = "Shipping estimates by a saved address, with the store pickup comments"

    def estimate_by_address_id(self, cart_id: int, address_id: int) -> list[ShippingMethodInterface]:
        return with_comments(Carts(self.ctx).estimate_by_address_id(carts.row_of(self.ctx, cart_id), address_id))


class ShipmentEstimation(Service):
    interface = "Vendor\\StorePickup\\Api\\ShipmentEstimationInterface"
    summary = "Shipping estimates, with the store pickup comments"

    def estimate_by_extended_address(self, cart_id: int, address: AddressInterface) -> list[ShippingMethodInterface]:
        return with_comments(Carts(self.ctx).estimate(carts.row_of(self.ctx, cart_id), address))


# =========================================================================== pickup methods

def _image_path(sent: str) -> str | None:
    """A comment image as a path under the module's media folder (the folder itself may be named)."""
    image = sent.strip().lstrip("/").removeprefix(IMAGE_FOLDER)
    if not image:
        return None
    if not _IMAGE_PATH.fullmatch(image) or ".." in image.split("/"):
        raise InputException.invalid_value("comment_image", sent)
    return image


_LABELS = select(method_label.c.method_id, method_label.c.store_id, method_label.c.label, method_label.c.comment)
_DELETE_LABELS = delete(method_label)
_INSERT_LABEL = insert(method_label)


class MethodRepository(Repository[MethodInterface, MethodSearchResultsInterface]):
    interface = "Vendor\\StorePickup\\Api\\MethodRepositoryInterface"
    summary = "Store pickup methods"
    entity = "pickup method"
    table = method_table
    data = MethodInterface
    results = MethodSearchResultsInterface
    not_found = 'The pickup method with ID "%1" doesn\'t exist.'
    required = ("name",)
    links = {"store_ids": LinkSet(method_store.c.method_id, method_store.c.store_id, csv=False)}

    def save(self, method: MethodInterface) -> MethodInterface:
        return self.save_record(method)

    def get_by_id(self, id: int) -> MethodInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        return self.delete_record(id)

    def get_list(self, search_criteria: SearchCriteria) -> MethodSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def new_record(self) -> Record:
        record = super().new_record()
        record.update(store_ids=[0], labels=[], comment="", price=Decimal(0), is_active=True)
        return record

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if "labels" in sent:
            values["labels"] = self._labels(sent["labels"] or [])
        if "price" in values:
            if values["price"] < 0:
                raise InputException.invalid_value("price", values["price"])
            values["price"] = Decimal(str(values["price"]))
        if values.get("comment_image") is not None:
            values["comment_image"] = _image_path(values["comment_image"])
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        known = self.ctx.config.website_of if self.ctx.config is not None else None
        if known is not None:
            for store_id in record.get("store_ids") or []:
                if store_id not in known:
                    raise InputException.invalid_value("store_ids", store_id)
            for label in record.get("labels") or []:
                if label["store_id"] not in known:
                    raise InputException.invalid_value("store_id", label["store_id"])
        if not record.get("store_ids"):
            record["store_ids"] = [0]

    def _labels(self, labels: list[Any]) -> list[Record]:
        out: list[Record] = []
        seen: set[int] = set()
        for label in labels:
            store_id = label.store_id
            if store_id is None:
                raise InputException.required("store_id")
            if store_id in seen:
                raise InputException.invalid_value("store_id", store_id)
            seen.add(store_id)
            text = (label.label or "").strip()
            if len(text) > 255:
                raise InputException('The value of "%1" is longer than %2 characters.', ["label", 255])
            out.append({"store_id": store_id, "label": text, "comment": label.comment or ""})
        return sorted(out, key=lambda r: r["store_id"])

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        if stored is None and "store_ids" not in sent_links:
            sent_links = [*sent_links, "store_ids"]
        saved = super().write(stored, record, sent_links)
        if "labels" in self.sent:
            method_id = saved[self.pk_key]
            if stored is not None:
                self.conn.execute(_DELETE_LABELS.where(method_label.c.method_id == method_id))
            if saved["labels"]:
                self.conn.execute(_INSERT_LABEL, [{"method_id": method_id, **label} for label in saved["labels"]])
        return saved

    def with_links(self, records: list[Record]) -> list[Record]:
        records = super().with_links(records)
        if records:
            by_id = {r[self.pk_key]: r for r in records}
            for r in records:
                r["labels"] = []
            rows = self.conn.execute(_LABELS.where(method_label.c.method_id.in_(list(by_id)))
                                     .order_by(method_label.c.method_id, method_label.c.store_id))
            for row in rows:
                by_id[row.method_id]["labels"].append(
                    {"store_id": row.store_id, "label": row.label, "comment": row.comment})
        return records

    def to_data(self, record: Record) -> MethodInterface:
        return MethodInterface.of(
            id=record["id"], name=record["name"], is_active=bool(record["is_active"]), price=record["price"],
            comment=record.get("comment") or "", comment_image=record.get("comment_image"),
            store_ids=list(record.get("store_ids") or []),
            labels=[MethodLabelInterface.of(**label) for label in record.get("labels") or []])
