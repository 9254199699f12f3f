"""Demo order attributes, created through the repository (nothing when there are some already), and
values on the first demo order. None is required, so that demo checkouts of other modules keep working."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...framework.search import SearchCriteria
from ...platform.sales.service import search_orders
from .api import AttributeInterface, EntityDataInterface
from .attributes import AttributeRepository
from .service import EntityDataRepository
from .tables import attribute

DEMO = [
    {"attribute_code": "delivery_instructions", "frontend_label": "Delivery instructions",
     "frontend_input": "textarea", "form_codes": ["vd_checkout_shipping"], "sort_order": 10},
    {"attribute_code": "delivery_slot", "frontend_label": "Delivery slot", "frontend_input": "select",
     "form_codes": ["vd_checkout_shipping"], "shipping_methods": ["flatrate_flatrate"], "sort_order": 20,
     "options": [{"label": "Morning"}, {"label": "Afternoon"}, {"label": "Evening"}]},
    {"attribute_code": "po_number", "frontend_label": "PO number", "frontend_input": "text",
     "form_codes": ["vd_checkout", "vd_checkout_virtual"], "sort_order": 30,
     "store_labels": [{"store_id": 1, "label": "Purchase order number"}]},
    {"attribute_code": "gift_options", "frontend_label": "Gift options", "frontend_input": "checkboxes",
     "form_codes": ["vd_checkout"], "sort_order": 40,
     "options": [{"label": "Gift wrap"}, {"label": "Card"}, {"label": "No prices on the slip"}]},
]


def load(conn: Connection) -> None:
    if conn.execute(select(attribute.c.attribute_id).limit(1)).first() is not None:
        return
    repository = AttributeRepository(Context(conn, store_id=0))
    for body in DEMO:
        repository.save(AttributeInterface.model_validate(body))
    first = search_orders(Context(conn, store_id=0), SearchCriteria.model_validate({"page_size": 1})).items
    if first:
        EntityDataRepository(Context(conn, store_id=0)).save(EntityDataInterface.model_validate({
            "parent_id": first[0].entity_id, "parent_entity_type": 1, "custom_attributes": [
                {"attribute_code": "delivery_instructions", "value": "Leave with the neighbour at number 12"},
                {"attribute_code": "po_number", "value": "PO-DEMO-0001"}]}))
