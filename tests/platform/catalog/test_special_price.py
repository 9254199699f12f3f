"""Special prices over HTTP: storage routes, their per-row failures, and the price a cart charges."""
import datetime as dt

from tests.helpers.quote import add, error, guest_cart, product

ROW = "Row ID: SKU = %SKU, Store ID: %storeId, Price From: %priceFrom, Price To: %priceTo."


def day(offset: int) -> str:
    return (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=offset)).strftime("%Y-%m-%d %H:%M:%S")


def test_update_read_and_delete(admin, server, admin_token):
    p = product(server, admin_token, price=45)
    start, end = day(-1), day(3)
    r = admin.post("/V1/products/special-price", json={"prices": [
        {"sku": p["sku"], "price": 39.99, "store_id": 0, "price_from": start, "price_to": end}]})
    assert r.status_code == 200 and r.json() == [], r.text
    r = admin.post("/V1/products/special-price-information", json={"skus": [p["sku"]]})
    assert r.json() == [{"price": 39.99, "store_id": 0, "sku": p["sku"], "price_from": start, "price_to": end}]
    # a second update of the same store view replaces it
    admin.post("/V1/products/special-price", json={"prices": [{"sku": p["sku"], "price": 30, "store_id": 0}]})
    got = admin.post("/V1/products/special-price-information", json={"skus": [p["sku"]]}).json()
    assert got == [{"price": 30, "store_id": 0, "sku": p["sku"], "price_from": None, "price_to": None}]
    r = admin.post("/V1/products/special-price-delete", json={"prices": [{"sku": p["sku"], "price": 30, "store_id": 0}]})
    assert r.status_code == 200 and r.json() == [], r.text
    assert admin.post("/V1/products/special-price-information", json={"skus": [p["sku"]]}).json() == []


def test_rows_that_fail_are_answered_and_the_others_saved(admin, server, admin_token):
    p = product(server, admin_token, price=45)
    r = admin.post("/V1/products/special-price", json={"prices": [
        {"sku": "no-such-sku", "price": 10, "store_id": 0},
        {"sku": p["sku"], "price": -1, "store_id": 0},
        {"sku": p["sku"], "price": 10, "store_id": 0, "price_from": "not a date"},
        {"sku": p["sku"], "price": 10, "store_id": 987},
        {"sku": p["sku"], "price": 10, "store_id": 0, "price_from": day(2), "price_to": day(1)},
        {"sku": p["sku"], "price": 20, "store_id": 1}]})
    assert r.status_code == 200, r.text
    messages = [f["message"] for f in r.json()]
    assert messages == [
        "The product that was requested doesn't exist. Verify the product and try again. " + ROW,
        "Invalid attribute %fieldName = %fieldValue. " + ROW,
        "Invalid attribute %fieldName = %fieldValue. " + ROW,
        "Requested store is not found. " + ROW,
        "Special price date from should be before special price date to. " + ROW]
    assert r.json()[1]["parameters"] == ["Price", "-1.0", p["sku"], "0", "", ""]
    saved = admin.post("/V1/products/special-price-information", json={"skus": [p["sku"]]}).json()
    assert [(s["store_id"], s["price"]) for s in saved] == [(1, 20)]
    error(admin.post("/V1/products/special-price-information", json={"skus": [p["sku"], "nope"]}), 404,
          "Requested products don't exist: %sku", {"sku": "nope"})
    r = admin.post("/V1/products/special-price", json={"prices": "x"})
    assert r.status_code == 400 and "message" in r.json()


def test_cart_charges_the_active_special_price(admin, server, admin_token, guest):
    active = product(server, admin_token, price=45)
    future = product(server, admin_token, price=45)
    higher = product(server, admin_token, price=45)
    expired = product(server, admin_token, price=45)
    admin.post("/V1/products/special-price", json={"prices": [
        {"sku": active["sku"], "price": 39.99, "store_id": 0, "price_from": day(-1), "price_to": day(1)[:10]},
        {"sku": future["sku"], "price": 20, "store_id": 0, "price_from": day(2)},
        {"sku": higher["sku"], "price": 50, "store_id": 0},
        {"sku": expired["sku"], "price": 20, "store_id": 0, "price_to": day(-2)}]})
    cart = guest_cart(guest)
    prices = {sku: add(guest, f"/V1/guest-carts/{cart}", sku, 1)["price"]
              for sku in (active["sku"], future["sku"], higher["sku"], expired["sku"])}
    assert prices == {active["sku"]: 39.99, future["sku"]: 45, higher["sku"]: 45, expired["sku"]: 45}
    totals = guest.get(f"/V1/guest-carts/{cart}/totals").json()
    assert totals["subtotal"] == 174.99


def test_store_view_price_wins_over_store_zero(admin, server, admin_token, guest):
    p = product(server, admin_token, price=45)
    admin.post("/V1/products/special-price", json={"prices": [{"sku": p["sku"], "price": 30, "store_id": 0},
                                                              {"sku": p["sku"], "price": 35, "store_id": 1}]})
    cart = guest_cart(guest)
    assert add(guest, f"/V1/guest-carts/{cart}", p["sku"], 1)["price"] == 35


def test_routes_need_the_catalog_resource(guest):
    assert guest.post("/V1/products/special-price-information", json={"skus": ["x"]}).status_code == 401
