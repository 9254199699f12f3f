"""Building orders over HTTP for the sales tests."""
from tests.helpers import unique

NOT_FOUND = "The entity that was requested doesn't exist. Verify the entity and try again."

AUSTIN = {"firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
          "postcode": "78701", "country_id": "US", "telephone": "5125550100", "email": "jane@example.com"}


def new_product(all_client, qty=100, price=45, type_id="simple") -> str:
    sku = unique("SKU-")
    r = all_client.post("/V1/products", json={"product": {
        "sku": sku, "name": f"Product {sku}", "price": price, "status": 1, "visibility": 4, "type_id": type_id,
        "attribute_set_id": 4, "weight": 1,
        "extension_attributes": {"stock_item": {"qty": qty, "is_in_stock": True}}}})
    assert r.status_code == 200, r.text
    return sku


def order_body(items, email=None, shipping=10, **fields) -> dict:
    """``items``: [(sku, qty, price)]."""
    entity = {
        "customer_email": email if email is not None else f"{unique('o')}@example.com",
        "items": [{"sku": sku, "qty_ordered": qty, "price": price} for sku, qty, price in items],
        "billing_address": dict(AUSTIN),
        "payment": {"method": "checkmo"},
        "shipping_amount": shipping,
        "shipping_description": "Flat Rate - Fixed",
        "extension_attributes": {"shipping_assignments": [
            {"shipping": {"address": dict(AUSTIN), "method": "flatrate_flatrate"}}]},
        **fields}
    return {"entity": entity}


def create(all_client, items, **kwargs) -> dict:
    r = all_client.post("/V1/orders", json=order_body(items, **kwargs))
    assert r.status_code == 200, r.text
    return r.json()


def stock_qty(admin, sku) -> float:
    r = admin.get(f"/V1/products/{sku}")
    assert r.status_code == 200, r.text
    return r.json()["extension_attributes"]["stock_item"]["qty"]


def item_of(order: dict, sku: str) -> dict:
    return next(i for i in order["items"] if i["sku"] == sku)
