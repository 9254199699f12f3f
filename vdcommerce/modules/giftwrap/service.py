"""The gift wrap repository on the shared kit (framework/repository.py), docs/modules/giftwrap.md.

Every value of a wrap shoppers see (name, description, status, image, price, position) is kept per
store view with fallback to store 0 (framework/storevalues.py). The ``store_id`` of a saved wrap names
the store view written (0 or absent: the defaults); reads show the defaults unless a ``storeId`` is
asked for. What a shopper chooses for a cart, and what the order keeps, is in ``checkout.py``.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import delete

from ...framework.dates import utc_now
from ...framework.exceptions import InputException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from ...framework.storevalues import ADMIN_STORE_ID, StoreValues
from .api import WrapInterface, WrapSearchResultsInterface
from .tables import quote_wrap, wrap as wrap_table, wrap_store

WRAP_VALUES = StoreValues(wrap_store)
NOT_FOUND = 'Wrap with specified ID "%1" not found.'
DISABLED, ENABLED = 0, 1
#: the longest text the columns keep, and the highest price (12 digits, 2 of them decimals)
_MAX_LENGTH = {"name": 255, "image": 255}
_MAX_PRICE = Decimal("9999999999.99")

_DROP_CHOICES = delete(quote_wrap)


class WrapRepository(Repository[WrapInterface, WrapSearchResultsInterface]):
    interface = "Vendor\\GiftWrap\\Api\\WrapRepositoryInterface"
    summary = "Gift wraps"
    entity = "wrap"
    table = wrap_table
    data = WrapInterface
    results = WrapSearchResultsInterface
    not_found = NOT_FOUND
    could_not_save = True
    store_values = WRAP_VALUES
    store_key = "store_id"
    required = ("name",)
    choices = {"status": (DISABLED, ENABLED)}

    # --- the service methods

    def save(self, wrap: WrapInterface) -> WrapInterface:
        """Create a wrap (no ``entity_id``) or change one; values go to the store view ``store_id``."""
        return self.save_record(wrap)

    def get_by_id(self, entity_id: int, store_id: int = 0) -> WrapInterface:
        """The wrap with its default values, or as store view ``storeId`` reads them."""
        return self.get_record(entity_id, store_id)

    def delete_by_id(self, entity_id: int) -> bool:
        """Delete the wrap with its values in every store view; carts that chose it lose the choice,
        placed orders keep what they copied."""
        return self.delete_record(entity_id)

    def get_list(self, search_criteria: SearchCriteria) -> WrapSearchResultsInterface:
        """Wraps with their default values."""
        return self.list_records(search_criteria, ADMIN_STORE_ID)

    # --- hooks

    def new_record(self) -> Record:
        return {**super().new_record(), "status": DISABLED}

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if "name" in values and isinstance(values["name"], str):
            values["name"] = values["name"].strip()
        if stored is None or self.store_scope() == ADMIN_STORE_ID:
            # a null sent for the defaults means "keep" for the values that always have one
            for key in ("status",):
                if key in values and values[key] is None:
                    del values[key]
        for key, limit in _MAX_LENGTH.items():
            if isinstance(values.get(key), str) and len(values[key]) > limit:
                raise InputException.invalid_value(key, values[key])
        price = values.get("price")
        if price is not None:
            amount = Decimal(str(price))
            if not amount.is_finite() or amount < 0 or amount > _MAX_PRICE:
                raise InputException.invalid_value("price", price)
            if amount != amount.quantize(Decimal("0.01")):
                raise InputException("The price must have at most two decimal places.")
            values["price"] = amount
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        record["updated_at"] = utc_now()

    def to_row(self, record: Record) -> dict[str, Any]:
        return {"updated_at": record.get("updated_at")}

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        self.conn.execute(_DROP_CHOICES.where(quote_wrap.c.wrap_id == record_id))
