"""Demo product labels, created through the repository (nothing when there are some already)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import LabelInterface
from .service import LabelRepository, assign
from .tables import label

LABELS = [
    {"name": "New arrival", "status": 1, "priority": 0, "is_single": True,
     "extension_attributes": {
         "frontend_settings": {"type": 2, "label_text": "NEW", "image_size": "20", "position": 0,
                               "style": "background:#1a7f37;color:#fff;"},
         "label_tooltip": {"status": 2, "color": "#000000", "text_color": "#FFFFFF", "text": "Just in"}}},
    {"name": "Summer sale badge", "status": 1, "priority": 1, "use_for_parent": True,
     "active_from": "2024-06-01 00:00:00", "active_to": "2030-08-31 23:59:59",
     "condition_serialized": '{"type": "Magento\\\\CatalogRule\\\\Model\\\\Rule\\\\Condition\\\\Combine", '
                             '"aggregator": "all", "value": "1", "conditions": [{"type": '
                             '"Magento\\\\CatalogRule\\\\Model\\\\Rule\\\\Condition\\\\Product", '
                             '"attribute": "price", "operator": ">=", "value": "50"}]}',
     "extension_attributes": {
         "frontend_settings": {"type": 2, "label_text": "SALE", "image_size": "20", "position": 2,
                               "style": "background:#c00;color:#fff;"}}},
]


def load(conn: Connection) -> None:
    if conn.execute(select(label.c.label_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    repository = LabelRepository(ctx)
    for body in LABELS:
        saved = repository.save(LabelInterface.model_validate(body))
        assert saved.label_id is not None
        # the product-list part of the same label
        part = {**body["extension_attributes"]["frontend_settings"], "type": 1, "image_size": "15"}  # type: ignore[index]
        LabelRepository(ctx).save(LabelInterface.model_validate(
            {**body, "label_id": saved.label_id, "extension_attributes": {"frontend_settings": part}}))
        assign(ctx, saved.label_id, [0], [0, 1, 2, 3])
