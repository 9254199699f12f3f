"""Demo shop-by pages, created through the repository (nothing when there are some already): "Red
Hoodies" on the Hoodies category filtered by colour Red, and "Natural fabrics" on every category
filtered by material Cotton or Linen. The options are added through the catalog when missing."""
from typing import Any

from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.catalog.api import AttributeOptionInterface, CategoryTreeInterface
from ...platform.catalog.categories import CategoryManagement
from ...platform.catalog.options import ATTRIBUTE_IDS, ProductAttributeOptionManagement, option_labels
from .api import PageInterface
from .service import PageRepository
from .tables import page


def _option(ctx: Context, code: str, label: str) -> str:
    for option_id, text in option_labels(ctx.conn, code).items():
        if text == label:
            return str(option_id)
    return ProductAttributeOptionManagement(ctx).add(code, AttributeOptionInterface.of(label=label))


def _category(tree: CategoryTreeInterface, name: str) -> int | None:
    if tree.name == name:
        return tree.id
    children: list[CategoryTreeInterface] = getattr(tree, "children_data", None) or []  # a field added at start-up
    for child in children:
        found = _category(child, name)
        if found is not None:
            return found
    return None


def load(conn: Connection) -> None:
    if conn.execute(select(page.c.page_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    hoodies = _category(CategoryManagement(ctx).get_tree(), "Hoodies")
    red = _option(ctx, "color", "Red")
    cotton, linen = _option(ctx, "material", "Cotton"), _option(ctx, "material", "Linen")
    pages: list[dict[str, Any]] = [
        {"position": "replace", "url": "women/hoodies/red", "title": "Red Hoodies",
         "description": "Warm red hoodies for cold mornings.", "meta_title": "Red Hoodies",
         "meta_keywords": "red hoodie", "meta_description": "Red hoodies in every size.",
         "conditions": [{"filter": str(ATTRIBUTE_IDS["color"]), "value": red}],
         "categories": [str(hoodies)] if hoodies is not None else [], "stores": ["0"],
         "tag_robots": "INDEX,FOLLOW"},
        {"position": "after", "title": "Natural fabrics", "description": "Cotton and linen, nothing else.",
         "conditions": [{"filter": "material", "value": [cotton, linen]}], "categories": [], "stores": ["0"],
         "tag_robots": "NOINDEX,FOLLOW"},
    ]
    repository = PageRepository(ctx)
    for body in pages:
        repository.save(PageInterface.model_validate(body))
