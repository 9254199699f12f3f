"""The order's ``vendor_order_attributes`` extension attribute: the order attribute values of an order,
read live from the module's tables (so order lists show what an admin last saved)."""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from . import values as store
from .api import OrderAttributeValueInterface
from .tables import entity as entity_t


class OrderAttributes:
    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, list[OrderAttributeValueInterface]]:
        rows = ctx.conn.execute(entity_t.select().where(entity_t.c.parent_entity_type == store.ORDER,
                                                        entity_t.c.parent_id.in_(list(ids)))).all() if ids else []
        by_entity = store.values_of(ctx.conn, [r.entity_id for r in rows])
        return {r.parent_id: [OrderAttributeValueInterface.of(attribute_code=code, label=label, value=v)
                              for _, code, label, v in by_entity[r.entity_id]]
                for r in rows if by_entity[r.entity_id]}

    def save(self, ctx: Context, id: Any, value: Any) -> None:
        """An order written with values (``POST /V1/orders``): the known codes are kept."""
        ids = store.codes_to_ids(ctx.conn)
        wanted = {ids[v.attribute_code]: store.as_text(v.attribute_code, v.value)
                  for v in value or [] if v.attribute_code in ids and v.value is not None}
        if not wanted:
            return
        entity_id = store.entity_of(ctx.conn, id, store.ORDER) or store.create_entity(ctx.conn, id, store.ORDER)
        store.write_values(ctx.conn, entity_id, wanted)
