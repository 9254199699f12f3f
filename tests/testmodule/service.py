"""The test module's services: a plain repository, the handlers of its extension attributes, and the
observer that carries a cart's note to its order."""
from __future__ import annotations

from typing import Any

from sqlalchemy import Table, bindparam, delete, insert, select

from vdcommerce.framework.context import Context, Service
from vdcommerce.framework.exceptions import LocalizedException, ValidatorException
from vdcommerce.framework.repository import Repository
from vdcommerce.framework.search import SearchCriteria

from .api import ThingInterface, ThingSearchResultsInterface
from .tables import cart_note, order_note, thing


class ThingRepository(Repository[ThingInterface, ThingSearchResultsInterface]):
    interface = "Vendor\\Testmodule\\Api\\ThingRepositoryInterface"
    summary = "Things"
    table = thing
    data = ThingInterface
    results = ThingSearchResultsInterface
    not_found = 'Thing with specified ID "%1" not found.'
    required = ("title",)

    def save(self, thing: ThingInterface) -> ThingInterface:
        return self.save_record(thing)

    def get_by_id(self, thing_id: int) -> ThingInterface:
        return self.get_record(thing_id)

    def delete_by_id(self, thing_id: int) -> bool:
        return self.delete_record(thing_id)

    def get_list(self, search_criteria: SearchCriteria) -> ThingSearchResultsInterface:
        return self.list_records(search_criteria)


class _Notes:
    """A note per record, kept in a table of the module (an extension attribute's handler)."""

    table: Table

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        t = self.table.c
        return dict(ctx.conn.execute(select(t.record_id, t.note).where(t.record_id.in_(bindparam("ids", expanding=True))),
                                     {"ids": ids}).tuples().all())

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        ctx.conn.execute(delete(self.table).where(self.table.c.record_id == record_id))
        if value:
            ctx.conn.execute(insert(self.table).values(record_id=record_id, note=value))


class CartNote(_Notes):
    table = cart_note


class OrderNote(_Notes):
    table = order_note


def copy_note_to_order(ctx: Context, *, quote: Any, order_id: int, **_: Any) -> None:
    """When an order is placed, its cart's note becomes the order's."""
    note = CartNote().load(ctx, [quote.id]).get(quote.id)
    if note:
        OrderNote().save(ctx, order_id, note)


class Validation(Service):
    """``POST /V1/vdtest/validate``: refuses the entries sent as one validation failure
    (``ValidatorException``: its headline and every entry, a single one too)."""
    interface = "Vendor\\Testmodule\\Api\\ValidationInterface"

    def check(self, entries: list[str] | None = None) -> bool:
        if entries:
            raise ValidatorException("Thing Validation Failed", errors=[LocalizedException("%1", [e]) for e in entries])
        return True
