"""Demo catalog: a small category tree under "Default Category", a few simple products in stock, one
virtual product, one disabled product."""
from sqlalchemy import Connection, select

from ...framework.context import ADMIN, Caller, Context
from .api import CategoryInterface, ProductInterface
from .categories import STORE_ROOT_ID, CategoryRepository
from .service import ProductRepository, product_facts
from .tables import category as category_t

# name, parent name (None: Default Category)
CATEGORIES = [("Men", None), ("Tops", "Men"), ("Women", None), ("Hoodies", "Women"), ("Gear", None),
              ("Bags", "Gear"), ("Fitness Equipment", "Gear"), ("Gift Cards", None)]

# sku, name, price, weight, qty, category names, type, status
PRODUCTS = [
    ("MS-TEE-S", "Sport Tee S", 45, 0.3, 100, ["Men", "Tops"], "simple", 1),
    ("MS-TEE-M", "Sport Tee", 45, 0.3, 100, ["Men", "Tops"], "simple", 1),
    ("MS-TEE-L", "Sport Tee L", 45, 0.3, 100, ["Men", "Tops"], "simple", 1),
    ("WS-HOODIE-M", "Zip Hoodie", 69.5, 0.8, 40, ["Women", "Hoodies"], "simple", 1),
    ("24-MB01", "Joust Duffle Bag", 34, 1.2, 25, ["Gear", "Bags"], "simple", 1),
    ("24-WG085", "Sprite Yoga Strap 6 foot", 14, 0.2, 60, ["Gear", "Fitness Equipment"], "simple", 1),
    ("24-UG06", "Affirm Water Bottle", 7, 0.4, 3, ["Gear", "Fitness Equipment"], "simple", 1),
    ("GIFT-CARD-50", "Gift Card 50", 50, None, 1000, ["Gift Cards"], "virtual", 1),
    ("MS-TEE-XL", "Sport Tee XL (discontinued)", 45, 0.3, 10, ["Men"], "simple", 2),
]


def _categories(ctx: Context) -> dict[str, int]:
    """The demo categories by name, created when the tree has nothing under the store's root yet."""
    conn = ctx.conn
    if conn.execute(select(category_t.c.entity_id).where(category_t.c.parent_id == STORE_ROOT_ID).limit(1)).first():
        return {}
    repo, ids = CategoryRepository(ctx), dict[str, int]()
    for name, parent in CATEGORIES:
        saved = repo.save(CategoryInterface.model_validate(
            {"name": name, "parent_id": ids[parent] if parent else STORE_ROOT_ID, "is_active": True}))
        assert saved.id is not None
        ids[name] = saved.id
    return ids


def load(conn: Connection) -> None:
    ctx = Context(conn, store_id=0, website_id=0, caller=Caller(ADMIN, 0))
    repo = ProductRepository(ctx)
    category_ids = _categories(ctx)
    for sku, name, price, weight, qty, names, type_id, status in PRODUCTS:
        if product_facts(conn, sku) is not None:
            continue
        categories = [str(category_ids[n]) for n in names if n in category_ids]
        repo.save(ProductInterface.model_validate({
            "sku": sku, "name": name, "price": price, "weight": weight, "type_id": type_id, "status": status,
            "visibility": 4, "attribute_set_id": 4,
            "extension_attributes": {"stock_item": {"qty": qty, "is_in_stock": qty > 0}, "website_ids": [1]},
            "custom_attributes": [{"attribute_code": "category_ids", "value": categories}]}))
