"""The catalog's events as a module sees them: every category save and delete is written down, in order."""
from typing import Any

from sqlalchemy import Column, Integer, String, Table, insert, select

from vdcommerce.framework.context import Service
from vdcommerce.framework.db import metadata

category_event = Table(
    "vendor_testmodule_category_event", metadata,
    Column("event_id", Integer, primary_key=True, autoincrement=True),
    Column("what", String(64), nullable=False),
)


def category_saved(ctx: Any, category_id: int, **_payload: Any) -> None:
    ctx.conn.execute(insert(category_event).values(what=f"save:{category_id}"))


def category_deleted(ctx: Any, category_id: int, **_payload: Any) -> None:
    ctx.conn.execute(insert(category_event).values(what=f"delete:{category_id}"))


class CategoryEvents(Service):
    interface = "Vendor\\Testmodule\\Api\\CategoryEventsInterface"

    def get_list(self) -> list[str]:
        return list(self.conn.execute(select(category_event.c.what).order_by(category_event.c.event_id)).scalars())
