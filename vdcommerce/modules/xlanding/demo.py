"""Demo landing pages, saved through the repository so that their URL rewrites and product index are
built (nothing when there are pages already)."""
import orjson
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import PageInterface
from .service import PageRepository
from .tables import page

COMBINE = "Magento\\CatalogRule\\Model\\Rule\\Condition\\Combine"
PRODUCT = "Magento\\CatalogRule\\Model\\Rule\\Condition\\Product"


def _tree(aggregator: str, *leaves: tuple[str, str, str]) -> str:
    return orjson.dumps({"type": COMBINE, "aggregator": aggregator, "value": "1",
                         "conditions": [{"type": PRODUCT, "attribute": a, "operator": o, "value": v}
                                        for a, o, v in leaves]}).decode()


def _meta(title: str, description: str) -> str:
    return orjson.dumps({"1": {"meta_title": title, "meta_description": description}}).decode()


PAGES = [
    {"title": "Sport tees", "identifier": "sport-tees", "sort_order": 1, "page_layout": "2columns-left",
     "layout_columns_count": "4", "layout_heading": "Tees for every workout",
     "layout_top_description": "<p>Light, breathable and quick to dry.</p>", "default_sort_by": "price",
     "conditions_serialized": _tree("all", ("sku", "{}", "MS-TEE")),
     "meta_data": _meta("Sport tees", "Our sport tees in every size")},
    {"title": "Bags and hoodies", "identifier": "sale/bags-and-hoodies", "sort_order": 2,
     "page_layout": "1column", "layout_columns_count": "3", "layout_include_navigation": 0,
     "conditions_serialized": _tree("any", ("name", "{}", "bag"), ("name", "{}", "hoodie"))},
    {"title": "Under 50", "identifier": "under-50", "sort_order": 3, "is_active": 0,
     "conditions_serialized": _tree("all", ("price", "<", "50"))},
]


def load(conn: Connection) -> None:
    if conn.execute(select(page.c.page_id).limit(1)).first() is not None:
        return
    repository = PageRepository(Context(conn, store_id=0))
    for values in PAGES:
        repository.save(PageInterface.model_validate(values))
