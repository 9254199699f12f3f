"""Demo catalog: a few simple products in stock, one virtual product, one disabled product."""
from sqlalchemy import Connection

from ...framework.context import ADMIN, Caller, Context
from .api import ProductInterface
from .service import ProductRepository, product_facts

# sku, name, price, weight, qty, category ids, type, status
PRODUCTS = [
    ("MS-TEE-S", "Sport Tee S", 45, 0.3, 100, ["3", "12"], "simple", 1),
    ("MS-TEE-M", "Sport Tee", 45, 0.3, 100, ["3", "12"], "simple", 1),
    ("MS-TEE-L", "Sport Tee L", 45, 0.3, 100, ["3", "12"], "simple", 1),
    ("WS-HOODIE-M", "Zip Hoodie", 69.5, 0.8, 40, ["3", "14"], "simple", 1),
    ("24-MB01", "Joust Duffle Bag", 34, 1.2, 25, ["4"], "simple", 1),
    ("24-WG085", "Sprite Yoga Strap 6 foot", 14, 0.2, 60, ["5"], "simple", 1),
    ("24-UG06", "Affirm Water Bottle", 7, 0.4, 3, ["5"], "simple", 1),
    ("GIFT-CARD-50", "Gift Card 50", 50, None, 1000, ["6"], "virtual", 1),
    ("MS-TEE-XL", "Sport Tee XL (discontinued)", 45, 0.3, 10, ["3"], "simple", 2),
]


def load(conn: Connection) -> None:
    repo = ProductRepository(Context(conn, store_id=0, website_id=0, caller=Caller(ADMIN, 0)))
    for sku, name, price, weight, qty, categories, type_id, status in PRODUCTS:
        if product_facts(conn, sku) is not None:
            continue
        repo.save(ProductInterface.model_validate({
            "sku": sku, "name": name, "price": price, "weight": weight, "type_id": type_id, "status": status,
            "visibility": 4, "attribute_set_id": 4,
            "extension_attributes": {"stock_item": {"qty": qty, "is_in_stock": qty > 0}, "website_ids": [1]},
            "custom_attributes": [{"attribute_code": "category_ids", "value": categories}]}))
