"""Extra fee services (docs/modules/extrafee.md).

- ``FeeRepository``: the fees and their options, on the shared repository kit;
- ``TotalsInformationManagement`` (and the guest form): change a cart's selection for one fee, then the
  cart's totals for an address and shipping method;
- ``FeesInformationManagement`` (and the guest form): the fees that apply to a cart for an address, with
  their options priced, and the cart's totals.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

import orjson
from pydantic import ValidationError
from sqlalchemy import bindparam, delete, insert, select, update

from ...framework import db
from ...framework.context import Service
from ...framework.exceptions import InputException, NoSuchEntityException
from ...framework.repository import LinkSet, Record, Repository
from ...framework.search import SearchCriteria
from ...platform import rule
from ...platform.checkout.api import TotalsInformationInterface as AddressInformation
from ...platform.checkout.service import TOTALS_EMPTY_CART
from ...platform.quote import addresses, carts
from ...platform.quote import totals as pipeline
from ...platform.quote.api import TotalsInterface
from .api import (ComputedOptionInterface, FeeInterface, FeeSearchResultsInterface, FeesManagerInterface,
                  OptionInterface, TotalsInformationInterface)
from .tables import fee as fee_table
from .tables import fee_group, fee_store, option, quote_fee
from .totals import CODE, SINGLE, Applicable, State, labels_of, options_of

FRONTEND_TYPES = ("checkbox", "dropdown", "radio")
PRICE_TYPES = ("fixed", "percent")
_MAX_PRICE = Decimal("99999999.9999")

_DROP_FEE_SELECTION = delete(quote_fee).where(quote_fee.c.quote_id == bindparam("quote_id"),
                                              quote_fee.c.fee_id == bindparam("fee_id"))
_DROP_OPTIONS = delete(option).where(option.c.fee_id == bindparam("fee_id"))


def _option_out(row: Any) -> OptionInterface:
    return OptionInterface.of(entity_id=row.entity_id, fee_id=row.fee_id, price=Decimal(row.price),
                              order=row.sort_order, price_type=row.price_type, default=bool(row.is_default),
                              admin=row.admin, options=labels_of(row.labels))


class FeeRepository(Repository[FeeInterface, FeeSearchResultsInterface]):
    interface = "Vendor\\Extrafee\\Api\\FeeRepositoryInterface"
    summary = "Extra fees"
    entity = "fee"
    table = fee_table
    data = FeeInterface
    results = FeeSearchResultsInterface
    renamed = {"id": "entity_id"}
    id_key = "id"
    required = ("name", "frontend_type")
    choices = {"frontend_type": FRONTEND_TYPES, "discount_in_subtotal": (0, 1, 2), "shipping_in_subtotal": (0, 1, 2)}
    links = {"group_id": LinkSet(fee_group.c.fee_id, fee_group.c.group_id, csv=False),
             "store_id": LinkSet(fee_store.c.fee_id, fee_store.c.store_id, csv=False)}
    _options: list[Record] | None = None

    # --- the service methods

    def save(self, fee: FeeInterface, options: list[str] | None = None) -> FeeInterface:
        """Create a fee (no ``id``) or change one. Options given (inside the fee, or as the top-level list
        of JSON strings, which wins when not empty) replace the fee's option set."""
        self._options = self._sent_options(fee, options or [])
        return self.save_record(fee)

    def get_by_id(self, fee_id: int) -> FeeInterface:
        return self.get_record(fee_id)

    def delete_by_id(self, fee_id: int) -> bool:
        """Delete the fee with its options and every cart's selection of it."""
        return self.delete_record(fee_id)

    def get_list(self, search_criteria: SearchCriteria) -> FeeSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- options

    def _sent_options(self, fee: FeeInterface, options: list[str]) -> list[Record] | None:
        if options:
            out = []
            for text in options:
                try:
                    value = orjson.loads(text) if isinstance(text, str) else None
                except orjson.JSONDecodeError:
                    value = None
                if not isinstance(value, dict):
                    raise InputException.invalid_value("options", text)
                try:
                    out.append(OptionInterface.model_validate(value).sent())
                except ValidationError:
                    raise InputException.invalid_value("options", text) from None
            return out
        if fee.options is not None and "options" in fee.model_fields_set:
            return [o.sent() for o in fee.options]
        return None

    def _check_option(self, sent: Record) -> Record:
        admin = sent.get("admin")
        if not isinstance(admin, str) or not admin.strip():
            raise InputException.required("admin")
        if len(admin) > 255:
            raise InputException('The value of "%1" is longer than %2 characters.', ["admin", 255])
        price_type = sent.get("price_type") or "fixed"
        if price_type not in PRICE_TYPES:
            raise InputException.invalid_value("price_type", price_type)
        amount = Decimal(str(sent.get("price") or 0))
        if not amount.is_finite() or amount < 0 or amount > _MAX_PRICE:
            raise InputException.invalid_value("price", sent.get("price"))
        labels = sent.get("options") or {}
        if isinstance(labels, list) and not labels:
            labels = {}
        if not isinstance(labels, dict) or not all(isinstance(v, str) for v in labels.values()):
            raise InputException.invalid_value("options", labels)
        return {"price": amount, "sort_order": sent.get("order") or 0, "price_type": price_type,
                "is_default": bool(sent.get("default")), "admin": admin.strip(),
                "labels": orjson.dumps({str(k): v for k, v in labels.items()}).decode()}

    def _write_options(self, fee_id: int, new: bool) -> None:
        assert self._options is not None
        existing = {r.entity_id for r in self.conn.execute(select(option.c.entity_id).where(option.c.fee_id == fee_id))}
        kept: set[int] = set()
        rows = []
        for sent in self._options:
            values = self._check_option(sent)
            option_id = sent.get("entity_id")
            if option_id is not None:
                if option_id not in existing:
                    raise NoSuchEntityException.single_field("optionId", option_id)
                kept.add(option_id)
                rows.append((option_id, values))
            else:
                rows.append((None, values))
        gone = existing - kept
        if gone:
            self.conn.execute(delete(option).where(option.c.entity_id.in_(gone)))
        for option_id, values in rows:
            if option_id is None:
                self.conn.execute(insert(option).values(fee_id=fee_id, **values))
            else:
                self.conn.execute(update(option).where(option.c.entity_id == option_id).values(**values))

    # --- hooks

    def missing(self, record_id: Any) -> NoSuchEntityException:
        return NoSuchEntityException.single_field("feeId", record_id)

    def new_record(self) -> Record:
        return {**super().new_record(), "enabled": True, "description": "", "discount_in_subtotal": 2,
                "shipping_in_subtotal": 2, "conditions_serialized": "", "sort_order": 0, "required": False,
                "per_product": False, "product_conditions_serialized": "", "group_id": [], "store_id": [0]}

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if isinstance(values.get("name"), str):
            values["name"] = values["name"].strip()
        for key in ("enabled", "required", "per_product", "description", "sort_order",
                    "discount_in_subtotal", "shipping_in_subtotal"):
            if key in values and values[key] is None:
                del values[key]
        for key, root in (("conditions_serialized", rule.CART), ("product_conditions_serialized", rule.ITEM)):
            if key in values:
                values[key] = rule.serialize(rule.parse(values[key], root)) or ""
        return values

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        if stored is None:
            sent_links = list(self.links)
        saved = super().write(stored, record, sent_links)
        if self._options is not None:
            self._write_options(saved["id"], stored is None)
            saved["options"] = options_of(self.conn, [saved["id"]])[saved["id"]]
        return saved

    def with_links(self, records: list[Record]) -> list[Record]:
        records = super().with_links(records)
        found = options_of(self.conn, [r["id"] for r in records])
        for r in records:
            r["options"] = found.get(r["id"], [])
        return records

    def to_data(self, record: Record) -> FeeInterface:
        rows = record.get("options")
        if rows is None:
            rows = options_of(self.conn, [record["id"]])[record["id"]]
        out = {key: record.get(key) for key in self.columns}
        for name, links in self.links.items():
            out[name] = links.wire(record.get(name) or [])
        return FeeInterface.of(**out, options=[_option_out(r) for r in rows], base_options=[])


# --------------------------------------------------------------------------- carts

def _quote_for(ctx: Any, row: Any, info: AddressInformation | None) -> pipeline.Quote:
    """The cart as collectors see it, with the address and shipping method sent (nothing stored)."""
    if row.items_count == 0:
        raise InputException(TOTALS_EMPTY_CART)
    if info is None:
        raise InputException.required("addressInformation")
    if info.address is None:
        raise InputException.required("address")
    cart = carts.Loaded(ctx, row)
    address = addresses.for_totals(addresses.values_of(info.address))
    if row.is_virtual:
        return carts.pipeline_quote(ctx, cart, billing_address=address)
    return carts.pipeline_quote(ctx, cart, shipping_address=address,
                                shipping_carrier_code=info.shipping_carrier_code,
                                shipping_method_code=info.shipping_method_code)


def _state(total: pipeline.Total) -> State:
    return total.extra.get(CODE) or State([], set())


def replace_selection(ctx: Any, quote_id: int, fee_id: int, option_ids: list[int]) -> None:
    """Make ``option_ids`` the cart's selection of one fee: ids that are not options of the fee are
    dropped, a dropdown or radio fee keeps the first; the fee stays marked as offered."""
    fee = ctx.conn.execute(select(fee_table.c.frontend_type).where(fee_table.c.entity_id == fee_id)).first()
    if fee is None:
        raise NoSuchEntityException.single_field("feeId", fee_id)
    valid = {r.entity_id for r in ctx.conn.execute(select(option.c.entity_id).where(option.c.fee_id == fee_id))}
    wanted: list[int] = []
    for i in option_ids:
        if i in valid and i not in wanted:
            wanted.append(i)
    if fee.frontend_type in SINGLE:
        wanted = wanted[:1]
    ctx.conn.execute(_DROP_FEE_SELECTION, {"quote_id": quote_id, "fee_id": fee_id})
    # two requests selecting the same option at once both succeed (the second finds the row written)
    db.insert_new(ctx.conn, quote_fee, [{"quote_id": quote_id, "fee_id": fee_id, "option_id": i}
                                        for i in [None, *wanted]], ["quote_id", "fee_id", "option_id"])


def offer(ctx: Any, quote_id: int, state: State) -> bool:
    """Bring the cart's selection in step with the fees that apply: a fee offered for the first time
    gets its default options, selections of fees that no longer apply go. Answers whether anything
    changed."""
    applying = {f.row.entity_id for f in state.fees}
    changed = False
    for fee in state.fees:
        if fee.row.entity_id in state.offered:
            continue
        defaults = [o.row.entity_id for o in fee.options if o.row.is_default]
        replace_selection(ctx, quote_id, fee.row.entity_id, defaults)
        changed = True
    gone = state.offered - applying
    if gone:
        ctx.conn.execute(delete(quote_fee).where(quote_fee.c.quote_id == quote_id, quote_fee.c.fee_id.in_(gone)))
        changed = True
    return changed


def fee_out(fee: Applicable, groups: list[int], stores: list[int]) -> FeeInterface:
    """A fee as the cart sees it: its options priced, and what the cart selected."""
    row = fee.row
    current: Any
    if row.frontend_type == "checkbox":
        current = list(fee.selected)
    else:
        current = fee.selected[0] if fee.selected else False
    return FeeInterface.of(
        id=row.entity_id, enabled=bool(row.enabled), name=row.name, description=row.description,
        frontend_type=row.frontend_type, options=[_option_out(o.row) for o in fee.options],
        base_options=[ComputedOptionInterface.of(
            index=o.row.entity_id, price=o.amount, base_price=o.amount, tax=o.tax, base_tax=o.tax,
            default=bool(o.row.is_default), value_incl_tax=o.amount + o.tax, value_excl_tax=o.amount, label=o.label)
            for o in fee.options],
        current_value=current, discount_in_subtotal=row.discount_in_subtotal,
        shipping_in_subtotal=row.shipping_in_subtotal, conditions_serialized=row.conditions_serialized,
        sort_order=row.sort_order, group_id=groups, store_id=stores, required=bool(row.required),
        per_product=bool(row.per_product), product_conditions_serialized=row.product_conditions_serialized)


def fees_out(ctx: Any, fees: list[Applicable]) -> list[FeeInterface]:
    ids = [f.row.entity_id for f in fees]
    groups = FeeRepository.links["group_id"].of(ctx.conn, ids)
    stores = FeeRepository.links["store_id"].of(ctx.conn, ids)
    return [fee_out(f, groups[f.row.entity_id], stores[f.row.entity_id]) for f in fees]


class Fees:
    def __init__(self, ctx: Any):
        self.ctx = ctx

    def calculate(self, row: Any, information: TotalsInformationInterface | None,
                  address_information: AddressInformation | None) -> TotalsInterface:
        if information is None:
            raise InputException.required("information")
        quote = _quote_for(self.ctx, row, address_information)
        if information.fee_id is None:
            raise InputException.required("fee_id")
        if information.options_ids is not None:
            replace_selection(self.ctx, row.id, information.fee_id, information.options_ids)
            carts.collect_and_save(self.ctx, row.id)
        elif self.ctx.conn.execute(select(fee_table.c.entity_id)
                                   .where(fee_table.c.entity_id == information.fee_id)).first() is None:
            raise NoSuchEntityException.single_field("feeId", information.fee_id)
        total, segments = pipeline.collect(self.ctx, quote)
        return carts.totals_object(quote, total, segments)

    def collect(self, row: Any, address_information: AddressInformation | None) -> FeesManagerInterface:
        quote = _quote_for(self.ctx, row, address_information)
        total, segments = pipeline.collect(self.ctx, quote)
        if offer(self.ctx, row.id, _state(total)):
            carts.collect_and_save(self.ctx, row.id)
            quote = _quote_for(self.ctx, carts.row_of(self.ctx, row.id), address_information)
            total, segments = pipeline.collect(self.ctx, quote)
        fees = fees_out(self.ctx, _state(total).fees)
        return FeesManagerInterface.of(fees=fees, totals=carts.totals_object(quote, total, segments))


class TotalsInformationManagement(Service):
    interface = "Vendor\\Extrafee\\Api\\TotalsInformationManagementInterface"
    summary = "Select extra fee options and calculate a cart's totals"

    def calculate(self, cart_id: int, information: TotalsInformationInterface,
                  address_information: AddressInformation) -> TotalsInterface:
        return Fees(self.ctx).calculate(carts.row_of(self.ctx, cart_id), information, address_information)


class GuestTotalsInformationManagement(Service):
    interface = "Vendor\\Extrafee\\Api\\GuestTotalsInformationManagementInterface"
    summary = "Select extra fee options and calculate a guest cart's totals"

    def calculate(self, cart_id: str, information: TotalsInformationInterface,
                  address_information: AddressInformation) -> TotalsInterface:
        return Fees(self.ctx).calculate(carts.by_masked_id(self.ctx, cart_id), information, address_information)


class FeesInformationManagement(Service):
    interface = "Vendor\\Extrafee\\Api\\FeesInformationManagementInterface"
    summary = "The extra fees that apply to a cart"

    def collect(self, cart_id: int, address_information: AddressInformation) -> FeesManagerInterface:
        return Fees(self.ctx).collect(carts.row_of(self.ctx, cart_id), address_information)


class GuestFeesInformationManagement(Service):
    interface = "Vendor\\Extrafee\\Api\\GuestFeesInformationManagementInterface"
    summary = "The extra fees that apply to a guest cart"

    def collect(self, cart_id: str, address_information: AddressInformation) -> FeesManagerInterface:
        return Fees(self.ctx).collect(carts.by_masked_id(self.ctx, cart_id), address_information)
