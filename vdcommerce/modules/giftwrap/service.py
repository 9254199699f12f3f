"""The gift wrap repository on the shared kit (framework/repository.py), docs/modules/giftwrap.md.

Every value of a wrap shoppers see (name, description, status, image, price, position) is kept per
store view with fallback to store 0 (framework/storevalues.py). The ``store_id`` of a saved wrap names
the store view written (0 or absent: the defaults); reads show the defaults unless a ``storeId`` is
asked for. What a shopper chooses for a cart, and what the order keeps, is in ``checkout.py``.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any, TypeVar

from sqlalchemy import bindparam, delete, func, select, update

from ...framework.context import Service
from ...framework.data import DataObject
from ...framework.dates import utc_now
from ...framework.exceptions import CouldNotDeleteException, InputException, LocalizedException, \
    NoSuchEntityException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria, SearchResults
from ...framework.storevalues import ADMIN_STORE_ID, StoreValues
from ...platform.media import service as media
from ...platform.media.api import ImageContentInterface
from .api import MessageCardInterface, MessageCardSearchResultsInterface, WrapInterface, WrapSearchResultsInterface
from .tables import message_card as card_table
from .tables import message_card_store, quote_wrap, wrap_store
from .tables import wrap as wrap_table

WRAP_VALUES = StoreValues(wrap_store)
CARD_VALUES = StoreValues(message_card_store)
NOT_FOUND = 'Wrap with specified ID "%1" not found.'
CARD_NOT_FOUND = 'Message card with specified ID "%1" not found.'
DISABLED, ENABLED = 0, 1
# what the columns hold (text length, the price's 12 digits, an infinite price) is checked by the
# repository kit and the write check (framework/limits.py), with the same 400

_DROP_CHOICES = delete(quote_wrap)
_DROP_CARD = update(quote_wrap).values(card_id=None)


D = TypeVar("D", bound=DataObject)
R = TypeVar("R", bound=SearchResults[Any])


class _StoreValued(Repository[D, R]):
    """What wraps and message cards share: values per store view named by ``store_id``, a required
    name, a status (0 on create), an image name and a price to the cent."""
    could_not_save = True
    store_key = "store_id"
    required = ("name",)
    choices = {"status": (DISABLED, ENABLED)}

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
        price = values.get("price")
        if price is not None:
            amount = Decimal(str(price))
            if amount.is_finite():   # what the column cannot hold is the kit's to refuse
                if amount < 0:
                    raise InputException.invalid_value("price", price)
                if amount.normalize().as_tuple().exponent < -2:  # type: ignore[operator]  # finite: an int
                    raise InputException("The price must have at most two decimal places.")
            values["price"] = amount
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        record["updated_at"] = utc_now()

    def to_row(self, record: Record) -> dict[str, Any]:
        return {"updated_at": record.get("updated_at")}


class WrapRepository(_StoreValued[WrapInterface, WrapSearchResultsInterface]):
    interface = "Vendor\\GiftWrap\\Api\\WrapRepositoryInterface"
    summary = "Gift wraps"
    entity = "wrap"
    table = wrap_table
    data = WrapInterface
    results = WrapSearchResultsInterface
    not_found = NOT_FOUND
    store_values = WRAP_VALUES
    #: during a delete: the image names of the wrap, for the files no other wrap uses
    _images: list[str] = []

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
        try:
            return self.delete_record(entity_id)
        except NoSuchEntityException:
            raise
        except LocalizedException as e:
            raise CouldNotDeleteException("Unable to remove wrap with ID %1. Error: %2",
                                          [entity_id, e.rendered()]) from None

    def get_list(self, search_criteria: SearchCriteria) -> WrapSearchResultsInterface:
        """Wraps with their default values."""
        return self.list_records(search_criteria, ADMIN_STORE_ID)

    def before_delete(self, record: Record) -> None:
        self._images = list(self.conn.execute(select(wrap_store.c.image).where(
            wrap_store.c.wrap_id == record[self.pk_key], wrap_store.c.image.is_not(None))).scalars())

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        self.conn.execute(_DROP_CHOICES.where(quote_wrap.c.wrap_id == record_id))
        for image in set(self._images):
            drop_unused_image(self.conn, image)


#: the public media folder of uploaded wrap images; a wrap's ``image`` is a file name in it
IMAGE_FOLDER = "vendor_giftwrap"
_IMAGE_USERS = select(func.count()).select_from(wrap_store).where(wrap_store.c.image == bindparam("image"))


def drop_unused_image(conn: Any, image: str | None) -> None:
    """Remove an uploaded image file that no wrap names any more (a name set by hand has no file)."""
    if not image or conn.execute(_IMAGE_USERS, {"image": image}).scalar_one() > 0:
        return
    stored = media.find(conn, f"{IMAGE_FOLDER}/{image}")
    if stored is not None:
        media.remove(conn, stored.file_id)


class WrapImageManagement(Service):
    interface = "Vendor\\GiftWrap\\Api\\WrapImageManagementInterface"
    summary = "Gift wrap images"

    def upload(self, entity_id: int, content: ImageContentInterface, store_id: int = 0) -> WrapInterface:
        """Store an uploaded image (JPEG, PNG, GIF, WebP) under the public media folder and make it the
        wrap's image for store view ``storeId`` (0: the default image); the image it replaces is
        removed when no wrap uses it any more."""
        repository = WrapRepository(self.ctx)
        before = repository.get_by_id(entity_id, store_id)
        own = WRAP_VALUES.own(self.conn, entity_id, store_id)
        stored = media.save_upload(self.conn, content, IMAGE_FOLDER)
        name = stored.path.rpartition("/")[2]
        saved = repository.save(WrapInterface.model_validate({"entity_id": entity_id, "store_id": store_id,
                                                              "image": name}))
        if "image" in own:
            drop_unused_image(self.conn, before.image)
        return saved


class MessageCardRepository(_StoreValued[MessageCardInterface, MessageCardSearchResultsInterface]):
    """Message cards a shopper may add to a wrapped item (kept in the real module's admin panel)."""
    interface = "Vendor\\GiftWrap\\Api\\MessageCardRepositoryInterface"
    summary = "Gift wrap message cards"
    entity = "message card"
    table = card_table
    data = MessageCardInterface
    results = MessageCardSearchResultsInterface
    not_found = CARD_NOT_FOUND
    store_values = CARD_VALUES

    def save(self, card: MessageCardInterface) -> MessageCardInterface:
        """Create a message card (no ``entity_id``) or change one; values go to the store view ``store_id``."""
        return self.save_record(card)

    def get_by_id(self, entity_id: int, store_id: int = 0) -> MessageCardInterface:
        """The card with its default values, or as store view ``storeId`` reads them."""
        return self.get_record(entity_id, store_id)

    def delete_by_id(self, entity_id: int) -> bool:
        """Delete the card with its values in every store view; cart choices keep their wrap without
        the card, placed orders keep what they copied."""
        try:
            return self.delete_record(entity_id)
        except NoSuchEntityException:
            raise
        except LocalizedException as e:
            raise CouldNotDeleteException("Unable to remove message card with ID %1. Error: %2",
                                          [entity_id, e.rendered()]) from None

    def get_list(self, search_criteria: SearchCriteria) -> MessageCardSearchResultsInterface:
        """Message cards with their default values."""
        return self.list_records(search_criteria, ADMIN_STORE_ID)

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        self.conn.execute(_DROP_CARD.where(quote_wrap.c.card_id == record_id))
