"""Demo mega menu: three custom links beside the category tree, with their content in the default
store view and a German name for the sale link where the demo's ``de`` store view exists."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.catalog.categories import category_exists
from ...platform.store.service import store_view_by_code
from .api import ItemInterface, LinkInterface
from .service import ItemRepository, LinkRepository
from .tables import item, link

# (link, content of store 0)
LINKS = [
    ({"parent_id": 0, "link": "sale/summer", "link_type": 1},
     {"name": "Summer sale", "label": "HOT", "label_text_color": "#ffffff", "label_background_color": "#d0021b",
      "status": 1, "width": 1, "submenu_type": 0}),
    ({"parent_id": 0, "link": "https://blog.example.com/", "link_type": 4},
     {"name": "Blog", "status": 2, "width": 0, "column_count": 2}),
    ({"parent_id": 0, "page_id": 2, "link_type": 2},
     {"name": "About us", "status": 1}),
]


def load(conn: Connection) -> None:
    """Create the demo menu through the repositories (nothing when a custom link exists already)."""
    if conn.execute(select(link.c.entity_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    links, items = LinkRepository(ctx), ItemRepository(ctx)
    ids = []
    for fields, content in LINKS:
        link_id = links.save(LinkInterface.model_validate(fields)).entity_id
        ids.append(link_id)
        # saving the link with its link type created its store-0 row: give it the rest of its content
        row_id = conn.execute(select(item.c.id).where(item.c.type == "custom", item.c.entity_id == link_id,
                                                      item.c.store_id == 0)).scalar_one()
        items.save(ItemInterface.model_validate({**content, "id": row_id}))
    german = store_view_by_code(conn, "de")
    if german is not None:
        items.save(ItemInterface.model_validate({
            "entity_id": ids[0], "type": "custom", "store_id": german.store_id, "name": "Sommerschlussverkauf",
            "label": "NEU", "status": 1, "use_default": "link, link_type, label_text_color, label_background_color"}))
    # a category node's content: the store's first top category opens a three-column submenu
    if category_exists(conn, 3):
        items.save(ItemInterface.model_validate({"entity_id": 3, "type": "category", "status": 1, "width": 2,
                                                 "width_value": 900, "column_count": 3, "submenu_type": 0,
                                                 "subcategories_position": 1}))
