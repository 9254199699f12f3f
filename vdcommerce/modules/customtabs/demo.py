"""Demo product tabs, created through the repository (nothing when there are some already): two custom
tabs, the platform's built-in Details tab under the shop's control, and German titles for the demo's
store view ``de`` where it exists."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.store import service as stores
from .api import TabsInterface
from .service import TabsRepository
from .tables import tabs

TABS: list[dict[str, object]] = [
    {"tab_name": "shipping-info", "tab_title": "Shipping", "tab_anchor": "shipping", "sort_order": 40,
     "customer_groups": "0,1,2,3", "content": "<p>Free shipping over 50 EUR. Orders placed before 2 pm ship the "
                                              "same day.</p>"},
    {"tab_name": "size-guide", "tab_title": "Size guide", "tab_anchor": "size-guide", "sort_order": 50,
     "customer_groups": "", "content": "<table><tr><th>S</th><td>36-38</td></tr><tr><th>M</th><td>40-42</td></tr>"
                                       "<tr><th>L</th><td>44-46</td></tr></table>",
     "related_enabled": 1,
     "conditions_serialized": '{"type": "Magento\\\\CatalogRule\\\\Model\\\\Rule\\\\Condition\\\\Combine", '
                              '"aggregator": "all", "value": "1", "conditions": [{"type": '
                              '"Magento\\\\CatalogRule\\\\Model\\\\Rule\\\\Condition\\\\Product", '
                              '"attribute": "type_id", "operator": "==", "value": "simple"}]}'},
    {"tab_name": "product.info.description", "tab_title": "Details", "sort_order": 10, "type": 1,
     "module_name": "Magento_Catalog", "name_in_layout": "product.info.description"},
]
GERMAN = {"shipping-info": "Versand", "size-guide": "Größentabelle", "product.info.description": "Details"}


def load(conn: Connection) -> None:
    if conn.execute(select(tabs.c.tab_id).limit(1)).first() is not None:
        return
    repository = TabsRepository(Context(conn, store_id=0))
    german = stores.store_view_by_code(conn, "de")
    for values in TABS:
        tab = repository.save(TabsInterface.model_validate(values))
        if german is not None:
            TabsRepository(Context(conn, store_id=0)).save(TabsInterface.model_validate(
                {"tab_id": tab.tab_id, "store_id": german.store_id, "tab_title": GERMAN[str(values["tab_name"])]}))
