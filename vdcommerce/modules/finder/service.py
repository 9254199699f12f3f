"""The parts finder's services (docs/modules/finder.md).

Finders own dropdowns (Make, Model, Year); each dropdown's values form a tree through ``parent_id``
(Audi -> A4 -> 2014), and a value, normally one of the last dropdown, is mapped to products. The
search resolves a chain of chosen values to the platform's product objects: the products mapped to
the chosen value, or to any value below it while the chain is unfinished, plus the finder's
universal products.

Every repository here is the shared kit (framework/repository.py) with a few hooks; ``getList`` is
the module's own: a bare array of every row, by primary key, without searchCriteria.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from sqlalchemy import Select, bindparam, delete, insert, select

from ...framework.data import DataObject, digits
from ...framework.context import Service
from ...framework.exceptions import (CouldNotDeleteException, CouldNotSaveException, InputException,
                                     NoSuchEntityException)
from ...framework.limits import too_long
from ...framework.repository import Record, Repository
from ...framework.search import SearchResults
from ...platform.catalog.api import PRODUCT_NOT_FOUND, ProductInterface
from ...platform.catalog.service import ProductFacts, product_facts, product_objects, products_by_ids
from .api import (DropdownInterface, FinderInterface, FinderOptionInterface, ImportErrorsInterface,
                  ImportHistoryInterface, ImportLogInterface, MapInterface, UniversalInterface, ValueInterface)
from .tables import dropdown as dropdown_t
from .tables import finder as finder_t
from .tables import import_error as error_t
from .tables import import_history as history_t
from .tables import import_log as log_t
from .tables import universal as universal_t
from .tables import value as value_t
from .tables import value_map as map_t

UNIVERSAL_PATH = "vendor_finder/advanced/universal"
UNIVERSAL_LAST_PATH = "vendor_finder/advanced/universal_last"

D = TypeVar("D", bound=DataObject)
INT_LIMIT = 2 ** 31  # the columns are 32-bit integers on every database
NAME_LIMIT = 255

_v = value_t.c
_m = map_t.c
_d = dropdown_t.c


# --------------------------------------------------------------------------- shared pieces

def _not_found(entity: str) -> str:
    return entity + ' with specified ID "%1" not found.'


def subtree(conn: Any, roots: Select[Any]) -> list[int]:
    """The value ids selected by ``roots`` and every value below them (through ``parent_id``)."""
    tree = roots.cte("finder_tree", recursive=True)
    tree = tree.union_all(select(_v.value_id).where(_v.parent_id == tree.c.value_id))
    return list(conn.execute(select(tree.c.value_id)).scalars())


def remove_values(conn: Any, roots: Select[Any]) -> int:
    """Delete the values ``roots`` selects, their descendants and the map rows of all of them."""
    ids = subtree(conn, roots)
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        conn.execute(delete(map_t).where(_m.value_id.in_(chunk)))
        conn.execute(delete(value_t).where(_v.value_id.in_(chunk)))
    return len(ids)


def product_of(conn: Any, sku: str | None, pid: int | None) -> ProductFacts:
    """The catalog product a record names by SKU (preferred) or by id; 404 when there is none."""
    product = None
    if sku is not None and sku.strip():
        product = product_facts(conn, sku.strip())
        if product is not None and pid is not None and pid != product.id:
            raise InputException.invalid_value("pid", pid)
    elif pid is not None:
        product = products_by_ids(conn, [pid]).get(pid)
    else:
        raise InputException.required("sku")
    if product is None:
        raise NoSuchEntityException(PRODUCT_NOT_FOUND)
    return product


class Chains:
    """Finds or creates the values of chains (dropdown, name) under one another and maps the last
    value of each chain to a product; keeps what it has seen, so an import touches each value once."""

    _find = select(_v.value_id).where(_v.dropdown_id == bindparam("d"), _v.parent_id == bindparam("p"),
                                      _v.name == bindparam("n"))
    _mapped = select(_m.id).where(_m.value_id == bindparam("v"), _m.pid == bindparam("pid"))

    def __init__(self, conn: Any):
        self.conn = conn
        self.values: dict[tuple[int, int, str], int] = {}
        self.created_values = 0

    def value_id(self, dropdown_id: int, parent_id: int, name: str) -> int:
        key = (dropdown_id, parent_id, name)
        found = self.values.get(key)
        if found is None:
            found = self.conn.execute(self._find, {"d": dropdown_id, "p": parent_id, "n": name}).scalar()
            if found is None:
                inserted = self.conn.execute(insert(value_t).values(dropdown_id=dropdown_id, parent_id=parent_id,
                                                                    name=name)).inserted_primary_key
                assert inserted is not None
                found = int(inserted[0])
                self.created_values += 1
            self.values[key] = found
        return found

    def chain(self, pairs: Sequence[tuple[int, str]]) -> int:
        """The value id at the end of the chain, each value created where missing."""
        parent = 0
        for dropdown_id, name in pairs:
            parent = self.value_id(dropdown_id, parent, name)
        return parent

    def map(self, value_id: int, product: ProductFacts) -> bool:
        """Map the value to the product; False when the pair was there already."""
        if self.conn.execute(self._mapped, {"v": value_id, "pid": product.id}).first() is not None:
            return False
        self.conn.execute(insert(map_t).values(value_id=value_id, pid=product.id, sku=product.sku))
        return True


class _Repository(Repository[D, SearchResults[Any]]):
    """The module's repositories: 404 and "Unable to ..." messages by entity name, getList as a bare
    array, a delete failure reported as "Unable to remove ..."."""

    results = SearchResults

    def check(self, record: Record, stored: Record | None) -> None:
        reason = too_long(record, self._lengths)  # reported as the module's "Unable to save ..."
        if reason is not None:
            raise self.unable_to_save(stored[self.pk_key] if stored else None, reason.rendered())
        super().check(record, stored)

    def all_records(self) -> list[D]:
        rows = self.conn.execute(self.base.order_by(self.pk)).all()
        return [self.to_data(r) for r in self.with_links([self.from_row(row._mapping) for row in rows])]

    def unable_to_save(self, record_id: Any, reason: str) -> CouldNotSaveException:
        if record_id is None:
            return CouldNotSaveException(f"Unable to save new {self.entity}. Error: %1", [reason])
        return CouldNotSaveException(f"Unable to save {self.entity} with ID %1. Error: %2", [record_id, reason])

    def unable_to_remove(self, record_id: Any, reason: str) -> CouldNotDeleteException:
        return CouldNotDeleteException(f"Unable to remove {self.entity} with ID %1. Error: %2", [record_id, reason])


def _require_on_create(record: Record, stored: Record | None, keys: Iterable[str]) -> None:
    if stored is None:
        for key in keys:
            value = record.get(key)
            if value is None or (isinstance(value, str) and not value.strip()):
                raise InputException.required(key)


def _not_negative(record: Record, keys: Iterable[str]) -> None:
    for key in keys:
        if record.get(key) is not None and record[key] < 0:
            raise InputException.invalid_value(key, record[key])


# --------------------------------------------------------------------------- finders and dropdowns

class FinderRepository(_Repository[FinderInterface]):
    interface = "Vendor\\Finder\\Api\\FinderRepositoryInterface"
    summary = "Parts finders"
    entity = "finder"
    table = finder_t
    data = FinderInterface
    not_found = _not_found("finder")
    choices = {"default_category": (0, 1)}

    def save(self, finder: FinderInterface) -> FinderInterface:
        return self.save_record(finder)

    def get_by_id(self, id: int) -> FinderInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        return self.delete_record(id)

    def get_list(self) -> list[FinderInterface]:
        return self.all_records()

    def check(self, record: Record, stored: Record | None) -> None:
        _require_on_create(record, stored, ("name",))
        super().check(record, stored)
        _not_negative(record, ("cnt",))

    def before_delete(self, record: Record) -> None:
        finder_id = record["finder_id"]
        remove_values(self.conn, select(_v.value_id).where(
            _v.dropdown_id.in_(select(_d.dropdown_id).where(_d.finder_id == finder_id))))
        self.conn.execute(delete(dropdown_t).where(_d.finder_id == finder_id))
        self.conn.execute(delete(universal_t).where(universal_t.c.finder_id == finder_id))

    def to_data(self, record: Record) -> FinderInterface:
        return FinderInterface.of(**{key: record.get(key) for key in self.columns}, finder_is_visible=1)


class DropdownRepository(_Repository[DropdownInterface]):
    interface = "Vendor\\Finder\\Api\\DropdownRepositoryInterface"
    summary = "Parts finder dropdowns"
    entity = "dropdown"
    table = dropdown_t
    data = DropdownInterface
    not_found = _not_found("dropdown")
    choices = {"sort": (0, 1, 2, 3), "range": (0, 1), "display_type": (0, 1, 2, 3)}

    def save(self, dropdown: DropdownInterface) -> DropdownInterface:
        return self.save_record(dropdown)

    def get_by_id(self, id: int) -> DropdownInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        return self.delete_record(id)

    def get_list(self) -> list[DropdownInterface]:
        return self.all_records()

    def check(self, record: Record, stored: Record | None) -> None:
        _require_on_create(record, stored, ("name",))
        super().check(record, stored)
        _not_negative(record, ("pos", "finder_id"))

    def before_delete(self, record: Record) -> None:
        remove_values(self.conn, select(_v.value_id).where(_v.dropdown_id == record["dropdown_id"]))


# --------------------------------------------------------------------------- values and chains

class ValueRepository(_Repository[ValueInterface]):
    interface = "Vendor\\Finder\\Api\\ValueRepositoryInterface"
    summary = "Parts finder values"
    entity = "value"
    table = value_t
    data = ValueInterface
    not_found = _not_found("value")

    def save(self, value: ValueInterface) -> ValueInterface:
        return self.save_record(value)

    def save_option(self, sku: str, dropdowns: list[FinderOptionInterface]) -> bool:
        """Assign the product to the chain of values the options name (created where missing)."""
        if not dropdowns:
            raise InputException.required("dropdowns")
        pairs = []
        for option in dropdowns:
            if option.dropdown_id is None:
                raise InputException.required("dropdown_id")
            if option.value is None or not option.value.strip():
                raise InputException.required("value")
            # a value longer than its column is the write check's 400 (framework/limits.py)
            pairs.append((option.dropdown_id, option.value.strip()))
        pairs.sort()
        DropdownRepository(self.ctx).require(list(dict.fromkeys(d for d, _ in pairs)))
        product = product_of(self.conn, sku, None)
        chains = Chains(self.conn)
        chains.map(chains.chain(pairs), product)
        return True

    def delete_only_value(self, id: int) -> bool:
        self.load(id)
        remove_values(self.conn, select(_v.value_id).where(_v.value_id == id))
        return True

    def delete_by_id(self, id: int, finder: int) -> bool:
        record = self.load(id)
        FinderRepository(self.ctx).load(finder)
        owner = self.conn.execute(select(_d.finder_id).where(_d.dropdown_id == record["dropdown_id"])).scalar()
        if owner != finder:
            raise self.unable_to_remove(id, f'The value does not belong to finder "{finder}".')
        remove_values(self.conn, select(_v.value_id).where(_v.value_id == id))
        return True

    def get_by_id(self, id: int) -> ValueInterface:
        return self.get_record(id)

    def get_list(self) -> list[ValueInterface]:
        return self.all_records()

    def check(self, record: Record, stored: Record | None) -> None:
        _require_on_create(record, stored, ("dropdown_id", "name"))
        record["name"] = record["name"].strip()
        super().check(record, stored)
        if record.get("parent_id") is None:
            record["parent_id"] = 0
        DropdownRepository(self.ctx).require([record["dropdown_id"]])
        if record["parent_id"]:
            if stored is not None and record["parent_id"] in subtree(
                    self.conn, select(_v.value_id).where(_v.value_id == stored["value_id"])):
                raise InputException.invalid_value("parent_id", record["parent_id"])
            self.require([record["parent_id"]])
        elif record["parent_id"] < 0:
            raise InputException.invalid_value("parent_id", record["parent_id"])
        same = select(_v.value_id).where(_v.dropdown_id == record["dropdown_id"],
                                         _v.parent_id == record["parent_id"], _v.name == record["name"])
        if stored is not None:
            same = same.where(_v.value_id != stored["value_id"])
        if self.conn.execute(same.limit(1)).first() is not None:
            raise self.unable_to_save(stored["value_id"] if stored else None,
                                      f'The value "{record["name"]}" already exists under this parent in this '
                                      f'dropdown.')


# --------------------------------------------------------------------------- products: maps and universal

class _ProductRecord(_Repository[D]):
    """A record naming a product by ``sku`` or ``pid``: the one sent is looked up, the other filled."""

    def check(self, record: Record, stored: Record | None) -> None:
        sent = self.sent
        if "sku" in sent or "pid" in sent or stored is None:
            product = product_of(self.conn, sent.get("sku"), sent.get("pid"))
            record["sku"], record["pid"] = product.sku, product.id
        super().check(record, stored)


class UniversalRepository(_ProductRecord[UniversalInterface]):
    interface = "Vendor\\Finder\\Api\\UniversalRepositoryInterface"
    summary = "Parts finder universal products"
    entity = "universal"
    table = universal_t
    data = UniversalInterface
    not_found = _not_found("universal")

    def save(self, universal: UniversalInterface) -> UniversalInterface:
        return self.save_record(universal)

    def get_by_id(self, id: int) -> UniversalInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        return self.delete_record(id)

    def get_list(self) -> list[UniversalInterface]:
        return self.all_records()

    def check(self, record: Record, stored: Record | None) -> None:
        _require_on_create(record, stored, ("finder_id",))
        FinderRepository(self.ctx).require([record["finder_id"]])
        super().check(record, stored)


class MapRepository(_ProductRecord[MapInterface]):
    interface = "Vendor\\Finder\\Api\\MapRepositoryInterface"
    summary = "Parts finder value-product map"
    entity = "map"
    table = map_t
    data = MapInterface
    not_found = _not_found("map")

    def save(self, map: MapInterface) -> MapInterface:
        return self.save_record(map)

    def save_map(self, value_id: int, sku: str) -> bool:
        ValueRepository(self.ctx).require([value_id])
        Chains(self.conn).map(value_id, product_of(self.conn, sku, None))
        return True

    def get_by_id(self, id: int) -> MapInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        return self.delete_record(id)

    def get_list(self) -> list[MapInterface]:
        return self.all_records()

    def check(self, record: Record, stored: Record | None) -> None:
        _require_on_create(record, stored, ("value_id",))
        ValueRepository(self.ctx).require([record["value_id"]])
        super().check(record, stored)

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        twin = self.conn.execute(select(_m.id).where(_m.value_id == record["value_id"], _m.pid == record["pid"])
                                 .limit(1)).scalar()
        if twin is not None and (stored is None or twin != stored["id"]):
            if stored is None:  # the pair is mapped already: the one row stays
                return self.load(twin)
            raise self.unable_to_save(stored["id"], f'Value "{record["value_id"]}" is already mapped to product '
                                                    f'"{record["sku"]}".')
        return super().write(stored, record, sent_links)


# --------------------------------------------------------------------------- the search

class ProductRepository(Service):
    """The search by a chain of chosen values (``product/find``)."""

    interface = "Vendor\\Finder\\Api\\ProductRepositoryInterface"
    summary = "Parts finder product search"

    _mapped_to = select(_m.pid).where(_m.value_id == bindparam("vid")).distinct()

    def get_products_by_finder_values(self, finder_options: list[FinderOptionInterface]) -> list[ProductInterface]:
        if not finder_options:
            return product_objects(self.ctx)
        first = finder_options[0].dropdown_id
        if first is None:
            raise InputException.required("dropdown_id")
        owner = DropdownRepository(self.ctx).load(first)
        finder_id = owner["finder_id"]
        value_text = (finder_options[-1].value or "").strip()
        if not digits(value_text):
            return []
        value_id = int(value_text)
        if value_id >= INT_LIMIT:
            return []
        if self.conn.execute(select(_v.value_id).where(_v.value_id == value_id)).first() is None:
            return []
        finder = self.conn.execute(select(finder_t.c.cnt).where(finder_t.c.finder_id == finder_id)).first()
        empty_dropdowns = (finder.cnt if finder is not None else 0) - len(finder_options)
        if empty_dropdowns > 0:
            tree = select(_v.value_id).where(_v.value_id == value_id).cte("finder_tree", recursive=True)
            tree = tree.union_all(select(_v.value_id).where(_v.parent_id == tree.c.value_id))
            mapped = set(self.conn.execute(select(_m.pid).where(_m.value_id.in_(select(tree.c.value_id)))
                                           .distinct()).scalars())
        else:
            mapped = set(self.conn.execute(self._mapped_to, {"vid": value_id}).scalars())
        universal: set[int] = set()
        if finder is not None and self.ctx.config_flag(UNIVERSAL_PATH):
            universal = set(self.conn.execute(select(universal_t.c.pid)
                                              .where(universal_t.c.finder_id == finder_id)).scalars())
        if self.ctx.config_flag(UNIVERSAL_LAST_PATH):
            ids = sorted(mapped) + sorted(universal - mapped)
        else:
            ids = sorted(mapped | universal)
        return product_objects(self.ctx, ids)


# --------------------------------------------------------------------------- import logs

class ImportLogRepository(_Repository[ImportLogInterface]):
    interface = "Vendor\\Finder\\Api\\ImportLogRepositoryInterface"
    summary = "Parts finder import queue"
    entity = "import log"
    table = log_t
    data = ImportLogInterface
    not_found = 'Import log with specified ID "%1" not found.'

    def get_by_id(self, id: int) -> ImportLogInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        self.delete_record(id)
        self.conn.execute(delete(error_t).where(error_t.c.import_file_log_id == id,
                                                error_t.c.import_file_log_history_id.is_(None)))
        return True

    def get_list(self) -> list[ImportLogInterface]:
        return self.all_records()


class ImportHistoryRepository(_Repository[ImportHistoryInterface]):
    interface = "Vendor\\Finder\\Api\\ImportHistoryRepositoryInterface"
    summary = "Parts finder import history"
    entity = "import history"
    table = history_t
    data = ImportHistoryInterface
    not_found = 'Import history with specified ID "%1" not found.'

    def get_by_id(self, id: int) -> ImportHistoryInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        self.delete_record(id)
        self.conn.execute(delete(error_t).where(error_t.c.import_file_log_history_id == id))
        return True

    def get_list(self) -> list[ImportHistoryInterface]:
        return self.all_records()


class ImportErrorsRepository(_Repository[ImportErrorsInterface]):
    interface = "Vendor\\Finder\\Api\\ImportErrorsRepositoryInterface"
    summary = "Parts finder import errors"
    entity = "import error"
    table = error_t
    data = ImportErrorsInterface
    not_found = 'Import error with specified ID "%1" not found.'

    def get_by_id(self, id: int) -> ImportErrorsInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        return self.delete_record(id)

    def get_list(self) -> list[ImportErrorsInterface]:
        return self.all_records()


