"""Store-scoped values on a test-module record: a "sign" has a code of its own and a title, a
visibility flag and a price per store view, with store 0 holding the defaults. The URL's store code
decides which store view a request reads and writes (``/rest/de/V1/...``, ``/rest/all/V1/...``)."""

from decimal import Decimal

from sqlalchemy import Boolean, Column, ForeignKey, Integer, Numeric, String, Table

from vdcommerce.framework.data import DataObject, OrNull
from vdcommerce.framework.db import metadata
from vdcommerce.framework.repository import Repository
from vdcommerce.framework.search import SearchCriteria, SearchResults
from vdcommerce.framework.storevalues import StoreValues

sign = Table(
    "vendor_testmodule_sign", metadata,
    Column("sign_id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(64), nullable=False),
)

sign_store = Table(
    "vendor_testmodule_sign_store", metadata,
    Column("sign_id", Integer, ForeignKey("vendor_testmodule_sign.sign_id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Column("title", String(255), nullable=True),
    Column("is_visible", Boolean, nullable=True),
    Column("price", Numeric(12, 2), nullable=True),
)


class SignInterface(DataObject, interface="Vendor\\Testmodule\\Api\\Data\\SignInterface"):
    sign_id: int | None
    code: OrNull[str]
    # store-scoped: nullable, so that a null sent in a store view means "use the default" again
    title: str | None
    visible: bool | None
    price: Decimal | None


class SignSearchResultsInterface(SearchResults[SignInterface],
                                 interface="Vendor\\Testmodule\\Api\\Data\\SignSearchResultsInterface"):
    pass


class SignRepository(Repository[SignInterface, SignSearchResultsInterface]):
    interface = "Vendor\\Testmodule\\Api\\SignRepositoryInterface"
    summary = "Signs (store-scoped values)"
    table = sign
    data = SignInterface
    results = SignSearchResultsInterface
    not_found = 'Sign with specified ID "%1" not found.'
    store_values = StoreValues(sign_store)
    renamed = {"visible": "is_visible"}
    required = ("code", "title")

    def save(self, sign: SignInterface) -> SignInterface:
        return self.save_record(sign)

    def get_by_id(self, sign_id: int) -> SignInterface:
        return self.get_record(sign_id)

    def delete_by_id(self, sign_id: int) -> bool:
        return self.delete_record(sign_id)

    def get_list(self, search_criteria: SearchCriteria) -> SignSearchResultsInterface:
        return self.list_records(search_criteria)


class SignByStoreInterface(DataObject, interface="Vendor\\Testmodule\\Api\\Data\\SignByStoreInterface"):
    """A sign as the vendor modules' records name their store view: in a field of their own."""
    sign_id: int | None
    store_id: int | None
    code: OrNull[str]
    title: str | None
    visible: bool | None
    price: Decimal | None


class SignByStoreSearchResultsInterface(SearchResults[SignByStoreInterface],
                                        interface="Vendor\\Testmodule\\Api\\Data\\SignByStoreSearchResultsInterface"):
    pass


class SignByStoreRepository(Repository[SignByStoreInterface, SignByStoreSearchResultsInterface]):
    """The same records, the way the vendor modules take the store view: ``store_id`` in the record
    and ``getById(entityId, storeId)``, whatever the URL's store code."""
    interface = "Vendor\\Testmodule\\Api\\SignByStoreRepositoryInterface"
    summary = "Signs by store view"
    table = sign
    data = SignByStoreInterface
    results = SignByStoreSearchResultsInterface
    not_found = 'Sign with specified ID "%1" not found.'
    store_values = StoreValues(sign_store)
    store_key = "store_id"
    renamed = {"visible": "is_visible"}
    required = ("code", "title")

    def save(self, sign: SignByStoreInterface) -> SignByStoreInterface:
        return self.save_record(sign)

    def get_by_id(self, sign_id: int, store_id: int = 0) -> SignByStoreInterface:
        return self.get_record(sign_id, store_id)

    def get_list(self, search_criteria: SearchCriteria) -> SignByStoreSearchResultsInterface:
        return self.list_records(search_criteria)
