"""pymagento's category, stock, special price and attribute option calls, unchanged, against the live service."""
import datetime as dt
import time

import pytest
from magento import Magento

from tests.helpers import unique


@pytest.fixture
def client(server, admin_token):
    # scope "default": its GET calls go to /rest/V1/...
    return Magento(token=admin_token, base_url=server.url, scope="default", max_retries=None)


def test_categories_tree_paging_moves_and_products(client):
    top = client.create_category({"name": unique("Py top "), "parent_id": 2, "is_active": True})
    kids = [client.create_category({"name": f"{top['name']} {i}", "parent_id": top["id"], "is_active": True})
            for i in range(3)]
    # paged through GET /V1/categories/list with a path filter
    found = list(client.get_categories(path_prefix=top["path"] + "/", page_size=2))
    assert sorted(c["id"] for c in found) == sorted(k["id"] for k in kids)
    assert client.get_category_by_name(kids[1]["name"])["id"] == kids[1]["id"]
    assert sorted(c["id"] for c in client.get_child_categories(top["id"])) == sorted(k["id"] for k in kids)

    assert client.move_category(kids[2]["id"], kids[0]["id"]) is True
    moved = client.get_category(kids[2]["id"])
    assert moved["path"] == f"{kids[0]['path']}/{kids[2]['id']}" and moved["level"] == kids[0]["level"] + 1
    assert client.update_category(kids[1]["id"], {"name": "Renamed"})["name"] == "Renamed"

    sku = unique("PYC-")
    client.save_product({"sku": sku, "name": "In a category", "price": 10})
    assert client.add_product_to_category(kids[0]["id"], {"sku": sku, "position": 1}) is True
    assert client.get_category_products(kids[0]["id"]) == [
        {"sku": sku, "position": 1, "category_id": str(kids[0]["id"])}]
    assert client.remove_product_from_category(kids[0]["id"], sku) is True
    assert client.get_category_products(kids[0]["id"]) == []
    assert client.remove_category(top["id"]) is True
    assert client.get_category(kids[2]["id"]) is None


def test_bulk_assignment_to_categories(client):
    category = client.create_category({"name": unique("Py bulk "), "parent_id": 2})
    skus = [unique("PYB-") for _ in range(2)]
    for sku in skus:
        client.save_product({"sku": sku, "name": "Bulk linked", "price": 10})
    # POST /rest/all/async/bulk/V1/categories/byCategoryId/products, the category inside each productLink
    accepted = client.async_add_products_to_categories(
        [{"sku": sku, "position": 0, "category_id": str(category["id"])} for sku in skus], scope="all")
    assert accepted["errors"] is False, accepted
    deadline = time.monotonic() + 60
    while sorted(p["sku"] for p in client.get_category_products(category["id"])) != sorted(skus):
        assert time.monotonic() < deadline, client.get_bulk_detailed_status(accepted["bulk_uuid"])
        time.sleep(0.2)


def test_stock_special_prices_and_options(client):
    sku = unique("PYS-")
    client.save_product({"sku": sku, "name": "Stocked", "price": 20,
                         "extension_attributes": {"stock_item": {"qty": 4, "is_in_stock": True}}})
    item = client.get_product_stock_item(sku)
    assert item["qty"] == 4
    assert client.update_product_stock_item_quantity(sku, item["item_id"], 9) == item["item_id"]
    assert client.get_product_stock_status(sku)["qty"] == 9

    until = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=2)).strftime("%Y-%m-%d %H:%M:%S")
    assert client.save_special_prices([{"sku": sku, "price": 15, "store_id": 0, "price_from": None,
                                        "price_to": until}]) == []
    assert [(p["sku"], p["price"], p["price_to"]) for p in client.get_special_prices([sku])] == [(sku, 15, until)]
    assert client.delete_special_prices_by_sku([sku]) == []
    assert client.get_special_prices([sku]) == []

    label = unique("Py colour ")
    option_id = client.add_products_attribute_option("color", {"label": label})
    assert {"label": label, "value": option_id} in client.get_products_attribute_options("color")
    assert client.delete_products_attribute_option("color", option_id) is True
