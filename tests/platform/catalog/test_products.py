"""Products over HTTP: the repository routes, stock, status and visibility."""
import pytest

from tests.helpers import new_customer, unique
from tests.helpers.quote import category

NOT_FOUND = "The product that was requested doesn't exist. Verify the product and try again."


def product_body(sku: str, categories: list[str] | None = None, **fields) -> dict:
    body = {"sku": sku, "name": "Sport Tee", "price": 45, "status": 1, "visibility": 4, "type_id": "simple",
            "attribute_set_id": 4, "weight": 1,
            "extension_attributes": {"stock_item": {"qty": 100, "is_in_stock": True}},
            "custom_attributes": [{"attribute_code": "category_ids", "value": categories or []},
                                  {"attribute_code": "color", "value": "red"}]}
    body.update(fields)
    return {"product": body}


@pytest.fixture(scope="module")
def cats(server, admin_token) -> list[str]:
    """Two categories the products of these tests are in."""
    return [category(server, admin_token, "Tees"), category(server, admin_token, "Sale")]


def create(admin, sku: str, categories: list[str] | None = None, **fields) -> dict:
    r = admin.post("/V1/products", json=product_body(sku, categories, **fields))
    assert r.status_code == 200, r.text
    return r.json()


def test_create_then_get(server, admin_token, cats):
    sku = unique("SKU-")
    with server.client(admin_token, "all") as c:
        created = c.post("/V1/products", json=product_body(sku, cats)).json()
    assert created["sku"] == sku and created["price"] == 45 and created["status"] == 1
    assert created["extension_attributes"]["stock_item"]["qty"] == 100
    assert created["extension_attributes"]["stock_item"]["is_in_stock"] is True
    assert created["extension_attributes"]["website_ids"] == [1]
    assert {"attribute_code": "category_ids", "value": cats} in created["custom_attributes"]
    with server.client(admin_token) as c:
        got = c.get(f"/V1/products/{sku}").json()
    assert got == created
    assert isinstance(got["id"], int) and got["created_at"] and got["updated_at"]


def test_defaults_and_stock_follows_qty(admin):
    sku = unique("SKU-")
    r = admin.post("/V1/products", json={"product": {"sku": sku, "name": "Plain", "price": 9.99}})
    assert r.status_code == 200, r.text
    p = r.json()
    assert (p["type_id"], p["status"], p["visibility"], p["attribute_set_id"]) == ("simple", 1, 4, 4)
    assert p["extension_attributes"]["stock_item"]["qty"] == 0
    assert p["extension_attributes"]["stock_item"]["is_in_stock"] is False
    r = admin.put(f"/V1/products/{sku}", json={"product": {"extension_attributes": {"stock_item": {"qty": 5}}}})
    assert r.status_code == 200, r.text
    item = r.json()["extension_attributes"]["stock_item"]
    assert {k: item[k] for k in ("item_id", "product_id", "stock_id", "qty", "is_in_stock")} == {
        "item_id": p["id"], "product_id": p["id"], "stock_id": 1, "qty": 5, "is_in_stock": True}
    assert (item["backorders"], item["use_config_backorders"], item["manage_stock"], item["min_sale_qty"]) == (
        0, True, True, 1)


def test_put_merges_and_path_sku_decides(admin, cats):
    sku = unique("SKU-")
    other = unique("SKU-")
    create(admin, sku, cats)
    r = admin.put(f"/V1/products/{sku}", json={"product": {"sku": other, "price": 39.5, "status": 2,
                                                           "custom_attributes": [{"attribute_code": "color",
                                                                                  "value": "blue"}]}})
    assert r.status_code == 200, r.text
    p = r.json()
    assert p["sku"] == sku and p["price"] == 39.5 and p["status"] == 2 and p["name"] == "Sport Tee"
    attrs = {a["attribute_code"]: a["value"] for a in p["custom_attributes"]}
    assert attrs == {"category_ids": cats, "color": "blue"}
    assert admin.get(f"/V1/products/{other}").status_code == 404


def test_post_with_existing_sku_updates(admin):
    sku = unique("SKU-")
    first = create(admin, sku)
    second = create(admin, sku, name="Renamed")
    assert second["id"] == first["id"] and second["name"] == "Renamed"


def test_not_found_everywhere(admin):
    for method in ("GET", "DELETE"):
        r = admin.request(method, "/V1/products/NO-SUCH-SKU")
        assert r.status_code == 404 and r.json()["message"] == NOT_FOUND
    r = admin.delete("/V1/products/NO-SUCH-SKU")
    assert "parameters" not in r.json()


def test_delete(admin):
    sku = unique("SKU-")
    create(admin, sku)
    r = admin.delete(f"/V1/products/{sku}")
    assert r.status_code == 200 and r.json() is True
    assert admin.get(f"/V1/products/{sku}").status_code == 404


def test_validation(admin):
    r = admin.post("/V1/products", json={"product": {"sku": unique("SKU-")}})
    assert r.status_code == 400
    body = r.json()
    assert [e["parameters"]["fieldName"] for e in body["errors"]] == ["name", "price"]
    for field, value in (("status", 3), ("visibility", 0), ("type_id", "bundle"), ("price", -1)):
        r = admin.post("/V1/products", json=product_body(unique("SKU-"), **{field: value}))
        assert r.status_code == 400, (field, r.text)
        assert r.json()["message"] == 'Invalid value of "%value" provided for the %fieldName field.'
        assert r.json()["parameters"]["fieldName"] == field
    r = admin.post("/V1/products", json=product_body(unique("SKU-"), price="cheap"))
    assert r.status_code == 400
    r = admin.post("/V1/products", json={"product": {"sku": unique("SKU-"), "name": "x", "price": 1, "colour": "red"}})
    assert r.status_code == 400 and r.json()["parameters"][:2] == ["Colour", "getColour"]


def test_search(admin):
    tag = unique("srch")
    for i, price in enumerate((10, 20, 30)):
        create(admin, f"{tag}-{i}", name=f"{tag} item {i}", price=price)
    q = {"searchCriteria[filterGroups][0][filters][0][field]": "sku",
         "searchCriteria[filterGroups][0][filters][0][value]": f"{tag}-%",
         "searchCriteria[filterGroups][0][filters][0][conditionType]": "like",
         "searchCriteria[sortOrders][0][field]": "price", "searchCriteria[sortOrders][0][direction]": "DESC",
         "searchCriteria[pageSize]": 2, "searchCriteria[currentPage]": 1}
    r = admin.get("/V1/products", params=q)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["total_count"] == 3 and [p["price"] for p in body["items"]] == [30, 20]
    q["searchCriteria[currentPage]"] = 2
    assert [p["price"] for p in admin.get("/V1/products", params=q).json()["items"]] == [10]
    q["searchCriteria[filterGroups][0][filters][0][field]"] = "no_such_field"
    assert admin.get("/V1/products", params=q).status_code == 400


def test_acl(server, guest):
    _, token = new_customer(server)
    with server.client(token) as customer:
        for c in (guest, customer):
            assert c.get("/V1/products/MS-TEE-M").status_code == 401
            assert c.post("/V1/products", json=product_body(unique("SKU-"))).status_code == 401
