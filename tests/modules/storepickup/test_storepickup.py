"""Store pickup over HTTP: the pickup methods (admin routes, their errors, ACL, async), the pickup
carrier's rates with their comments on the three estimate routes this module answers, the platform's
other shipping routes and the placed order showing the same rate, and the estimate errors.

Pickup methods change every estimate (the carrier is on by default): the module has a server of its own."""
import httpx
import pytest

from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.harness import server_fixture, set_config
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information
from tests.helpers.queue import wait_for
from tests.helpers.store import store_view

BASE = "/V1/vdstorepick/method"
RESOURCE = "Vendor_StorePickup::method"
ACTIVE = "carriers/vdstorepick/active"
ESTIMATE_ADDRESS = {k: v for k, v in ADDRESS.items() if k != "email"}
SAVED_ADDRESS = {k: v for k, v in ESTIMATE_ADDRESS.items() if k != "region_code"}
FLATRATE = {"carrier_code": "flatrate", "method_code": "flatrate", "carrier_title": "Flat Rate",
            "method_title": "Fixed", "amount": 5, "base_amount": 5, "available": True, "error_message": "",
            "price_excl_tax": 5, "price_incl_tax": 5}


srv = server_fixture("storepickup")


@pytest.fixture(scope="module")
def token(srv):
    return srv.token()


@pytest.fixture
def admin(srv, token):
    with srv.client(token, store="all") as c:
        yield c


@pytest.fixture
def guest(srv):
    with srv.client() as c:
        yield c


@pytest.fixture(scope="module")
def de(srv) -> int:
    return store_view(srv)


@pytest.fixture(scope="module")
def tee(srv, token) -> str:
    return product(srv, token, price=20)["sku"]


@pytest.fixture
def carrier_on(srv):
    """The carrier's default setting (on), whatever a failed test left behind."""
    set_config(srv.db.engine, ACTIVE, None)
    yield


@pytest.fixture
def methods(admin):
    """Creates pickup methods for one test and deletes them after it."""
    made: list[int] = []

    def create(**fields) -> dict:
        created = ok(admin.post(BASE, json={"method": {"name": unique("Store "), **fields}}))
        made.append(created["id"])
        return created

    yield create
    for method_id in made:
        admin.delete(f"{BASE}/{method_id}")


def cart_with(client, sku: str) -> str:
    masked = guest_cart(client)
    add(client, f"/V1/guest-carts/{masked}", sku, 1)
    return masked


def estimate(client, masked: str, address=None) -> list[dict]:
    return ok(client.post(f"/V1/guest-carts/{masked}/estimate-shipping-methods",
                          json={"address": address or ESTIMATE_ADDRESS}))


def pickup_rates(rates: list[dict]) -> list[dict]:
    return [r for r in rates if r["carrier_code"] == "vdstorepick"]


# --------------------------------------------------------------------------- pickup methods

def test_methods_are_saved_read_listed_and_deleted(srv, admin, methods, de):
    created = methods(name="Downtown store")
    method_id = created["id"]
    assert created == {"id": method_id, "name": "Downtown store", "is_active": True, "price": 0, "comment": "",
                       "comment_image": None, "store_ids": [0], "labels": []}
    changed = ok(admin.put(f"{BASE}/{method_id}", json={"method": {
        "price": 2.5, "comment": "Open 9-18", "comment_image": "/vendor_storepick/downtown.png",
        "labels": [{"store_id": de, "label": "Innenstadt", "comment": "Geöffnet 9-18"}]}}))
    assert changed == {**created, "price": 2.5, "comment": "Open 9-18", "comment_image": "downtown.png",
                       "labels": [{"store_id": de, "label": "Innenstadt", "comment": "Geöffnet 9-18"}]}
    assert ok(admin.get(f"{BASE}/{method_id}")) == changed
    # a save merges what it sends: the labels stay unless sent; labels: [] removes them
    assert ok(admin.put(f"{BASE}/{method_id}", json={"method": {"is_active": False}}))["labels"] == changed["labels"]
    cleared = ok(admin.put(f"{BASE}/{method_id}", json={"method": {"labels": [], "store_ids": [de],
                                                                    "is_active": True}}))
    assert (cleared["labels"], cleared["store_ids"]) == ([], [de])

    other = methods(name=unique("Mall "), is_active=False)
    page = ok(admin.get(f"{BASE}/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "id",
        "searchCriteria[filter_groups][0][filters][0][value]": f"{method_id},{other['id']}",
        "searchCriteria[filter_groups][0][filters][0][condition_type]": "in",
        "searchCriteria[filter_groups][1][filters][0][field]": "is_active",
        "searchCriteria[filter_groups][1][filters][0][value]": "1"}))
    assert page["total_count"] == 1 and page["items"] == [cleared]
    assert ok(admin.delete(f"{BASE}/{method_id}")) is True
    missing = ('The pickup method with ID "%1" doesn\'t exist.', [method_id])
    for r in (admin.get(f"{BASE}/{method_id}"), admin.delete(f"{BASE}/{method_id}"),
              admin.put(f"{BASE}/{method_id}", json={"method": {"name": "x"}})):
        error(r, 404, *missing)


def test_method_errors(srv, admin, methods):
    error(admin.post(BASE, json={"method": {"price": 1}}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "name"})
    error(admin.post(BASE, json={"method": {"name": "x", "price": -1}}), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": -1, "fieldName": "price"})
    error(admin.post(BASE, json={"method": {"name": "x", "store_ids": [999]}}), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": 999, "fieldName": "store_ids"})
    error(admin.post(BASE, json={"method": {"name": "x", "labels": [{"store_id": 999, "label": "y"}]}}), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": 999, "fieldName": "store_id"})
    error(admin.post(BASE, json={"method": {"name": "x", "labels": [{"store_id": 0}, {"store_id": 0}]}}), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": 0, "fieldName": "store_id"})
    error(admin.post(BASE, json={"method": {"name": "x", "comment_image": "../etc/passwd"}}), 400,
          'Invalid value of "%value" provided for the %fieldName field.',
          {"value": "../etc/passwd", "fieldName": "comment_image"})
    error(admin.post(BASE, json={"method": {"name": "x", "price": "cheap"}}), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "cheap", "type": "float"})
    error(admin.post(BASE, json={"method": {"name": "x", "colour": "red"}}), 400,
          'Property "%1" does not have accessor method "%2" in class "%3".',
          ["Colour", "getColour", "Vendor\\StorePickup\\Api\\Data\\MethodInterface"])
    error(admin.post(BASE, json={"method": {"name": "x" * 256}}), 400,
          'The value of "%1" is longer than %2 characters.', ["name", 255])
    # nothing of the refused saves was kept
    page = ok(admin.get(f"{BASE}/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "name",
        "searchCriteria[filter_groups][0][filters][0][value]": "x"}))
    assert page["total_count"] == 0


def test_acl_and_async(srv, token, guest, admin):
    refused = {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": RESOURCE}}
    stranger = limited_admin(srv, "Magento_Cart::manage")
    with srv.client(stranger) as other:
        for client in (guest, other):
            for method, path in (("POST", BASE), ("PUT", f"{BASE}/1"), ("DELETE", f"{BASE}/1"), ("GET", f"{BASE}/1"),
                                 ("GET", f"{BASE}/search")):
                r = client.request(method, path, json={"method": {"name": "x"}} if method in ("POST", "PUT") else None)
                assert r.status_code == 401 and r.json() == refused, (method, path, r.text)
    name = unique("Async ")
    r = admin.post(f"/async{BASE}", json={"method": {"name": name, "price": 3}})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    page = ok(admin.get(f"{BASE}/search", params={"searchCriteria[filter_groups][0][filters][0][field]": "name",
                                                  "searchCriteria[filter_groups][0][filters][0][value]": name}))
    assert [(m["name"], m["price"]) for m in page["items"]] == [(name, 3)]
    assert ok(admin.delete(f"{BASE}/{page['items'][0]['id']}")) is True


# --------------------------------------------------------------------------- rates and comments

def test_pickup_rates_carry_their_comment_everywhere(srv, admin, guest, token, tee, methods, de):
    masked = cart_with(guest, tee)
    # no pickup method yet: the estimate is the platform's
    assert estimate(guest, masked) == [FLATRATE]
    downtown = methods(name="Downtown store", comment="Open 9-18 <b>Mon-Sat</b> {IMG}",
                       comment_image="downtown.png")
    # switched off, the carrier quotes nothing
    set_config(srv.db.engine, ACTIVE, "0")
    try:
        assert estimate(guest, masked) == [FLATRATE]
    finally:
        set_config(srv.db.engine, ACTIVE, None)
    try:
        mall = methods(name="Mall", price=7.5, comment='Ask at "Info" & wait {IMG}')
        methods(name="Closed store", is_active=False)
        methods(name="German only", store_ids=[de])
        comment = ('Open 9-18 &lt;b&gt;Mon-Sat&lt;/b&gt; '
                   f'<img src="{srv.url}/media/vendor_storepick/downtown.png" alt=""/>')
        downtown_rate = {"carrier_code": "vdstorepick", "method_code": f"vdstorepick{downtown['id']}",
                         "carrier_title": "Store Pickup", "method_title": "Downtown store", "amount": 0,
                         "base_amount": 0, "available": True,
                         "extension_attributes": {"vdstorepick_comment": comment}, "error_message": "",
                         "price_excl_tax": 0, "price_incl_tax": 0, "comment": comment}
        mall_comment = "Ask at &quot;Info&quot; &amp; wait "
        mall_rate = {**downtown_rate, "method_code": f"vdstorepick{mall['id']}", "method_title": "Mall",
                     "amount": 7.5, "base_amount": 7.5, "price_excl_tax": 7.5, "price_incl_tax": 7.5,
                     "extension_attributes": {"vdstorepick_comment": mall_comment}, "comment": mall_comment}
        rates = estimate(guest, masked, {**ESTIMATE_ADDRESS, "comment": "leave at the door"})
        assert rates == [FLATRATE, downtown_rate, mall_rate]   # carrier order; flatrate has no comment keys
        assert pickup_rates(estimate(guest, masked)) == [downtown_rate, mall_rate]

        # the store view's label and comment, and the methods of that store view
        set_config(srv.db.engine, "carriers/vdstorepick/title", "Abholung", "stores", de)
        ok(admin.put(f"{BASE}/{downtown['id']}", json={"method": {
            "labels": [{"store_id": de, "label": "Innenstadt", "comment": "Ab 9 Uhr"}]}}))
        with srv.client(store="de") as german:
            titles = [(r["carrier_title"], r["method_title"], r.get("comment"))
                      for r in pickup_rates(estimate(german, masked))]
        assert titles == [("Abholung", "Innenstadt", "Ab 9 Uhr"), ("Abholung", "German only", ""),
                          ("Abholung", "Mall", mall_comment)]

        # the platform's own shipping routes show the same rate and comment; the order takes it
        base = f"/V1/guest-carts/{masked}"
        r = shipping_information(guest, base, carrier="vdstorepick", method=f"vdstorepick{mall['id']}")
        totals = ok(r)["totals"]
        assert (totals["subtotal"], totals["shipping_amount"], totals["grand_total"]) == (20, 7.5, 27.5)
        listed = ok(guest.get(f"{base}/shipping-methods"))
        assert {k: v for k, v in mall_rate.items() if k != "comment"} in listed
        assert all("comment" not in r for r in listed)  # the platform's route keeps the platform's shape
        order_id = ok(guest.post(f"{base}/payment-information", json={
            "email": "pickup@example.com", "paymentMethod": {"method": "checkmo"},
            "billingAddress": {k: v for k, v in ADDRESS.items() if k != "region_code"}}))
        order = ok(admin.get(f"/V1/orders/{order_id}"))
        assert (order["shipping_amount"], order["shipping_description"]) == (7.5, "Store Pickup - Mall")
    finally:
        set_config(srv.db.engine, "carriers/vdstorepick/title", None, "stores", de)


def test_estimate_does_not_save_the_address_and_empty_carts_have_no_rates(srv, guest, tee, carrier_on, methods):
    methods(name="Corner shop")
    masked = cart_with(guest, tee)
    assert len(pickup_rates(estimate(guest, masked))) == 1
    error(guest.get(f"/V1/guest-carts/{masked}/shipping-methods"), 400,
          "The shipping address is missing. Set the address and try again.")
    assert estimate(guest, guest_cart(guest)) == []


def test_customer_estimates(srv, token, tee, carrier_on, methods):
    store = methods(name="Customer store", price=1)
    customer, customer_token = new_customer(srv, addresses=[SAVED_ADDRESS])
    address_id = customer["addresses"][0]["id"]
    _, other_token = new_customer(srv, addresses=[SAVED_ADDRESS])
    with srv.client(customer_token) as me:
        error(me.post("/V1/carts/mine/estimate-shipping-methods", json={"address": ESTIMATE_ADDRESS}), 404,
              "Current customer does not have an active cart.")
        ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", tee, 2)
        by_address = ok(me.post("/V1/carts/mine/estimate-shipping-methods",
                                json={"cartId": 999999, "address": {**ESTIMATE_ADDRESS, "comment": "hi"}}))
        by_id = ok(me.post("/V1/carts/mine/estimate-shipping-methods-by-address-id", json={"address_id": address_id}))
        assert by_address == by_id
        pickup = next(r for r in by_id if r["method_code"] == f"vdstorepick{store['id']}")
        assert (pickup["amount"], pickup["comment"], pickup["extension_attributes"]) == (
            1, "", {"vdstorepick_comment": ""})
        assert next(r for r in by_id if r["carrier_code"] == "flatrate")["amount"] == 10
        cart_id = ok(me.get("/V1/carts/mine"))["id"]
    with srv.client(token) as admin:   # the admin estimate stays the platform's: no top-level comment
        platform = ok(admin.post(f"/V1/carts/{cart_id}/estimate-shipping-methods", json={"address": ESTIMATE_ADDRESS}))
        assert platform == [{k: v for k, v in r.items() if k != "comment"} for r in by_address]
    with srv.client(customer_token) as me:

        error(me.post("/V1/carts/mine/estimate-shipping-methods-by-address-id", json={}), 400,
              '"%fieldName" is required. Enter and try again.', {"fieldName": "addressId"})
        error(me.post("/V1/carts/mine/estimate-shipping-methods", json={}), 400,
              '"%fieldName" is required. Enter and try again.', {"fieldName": "address"})
        error(me.post("/V1/carts/mine/estimate-shipping-methods-by-address-id", json={"addressId": "abc"}), 400,
              'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
              {"value": "abc", "type": "int"})
        error(me.post("/V1/carts/mine/estimate-shipping-methods-by-address-id", json={"addressId": 999999}), 404,
              "No such entity with %fieldName = %fieldValue", {"fieldName": "addressId", "fieldValue": 999999})
        error(me.post("/V1/carts/mine/estimate-shipping-methods",
                      json={"address": {**ESTIMATE_ADDRESS, "colour": "red"}}), 400,
              'Property "%1" does not have accessor method "%2" in class "%3".',
              ["Colour", "getColour", "Vendor\\StorePickup\\Api\\Data\\AddressInterface"])
    with srv.client(other_token) as other:   # someone else's saved address
        ok(other.post("/V1/carts/mine"))
        add(other, "/V1/carts/mine", tee, 1)
        error(other.post("/V1/carts/mine/estimate-shipping-methods-by-address-id", json={"addressId": address_id}),
              404, "No such entity with %fieldName = %fieldValue", {"fieldName": "addressId", "fieldValue": address_id})
    with srv.client() as anonymous:
        for path, body in (("estimate-shipping-methods", {"address": ESTIMATE_ADDRESS}),
                           ("estimate-shipping-methods-by-address-id", {"addressId": address_id})):
            error(anonymous.post(f"/V1/carts/mine/{path}", json=body), 401,
                  "The consumer isn't authorized to access %resources.", {"resources": "self"})
        schema = ok(anonymous.get("/schema"))   # the module's handler is the one the path has
        assert schema["paths"]["/V1/guest-carts/{cartId}/estimate-shipping-methods"]["post"]["tags"] == [
            "vendorStorePickupGuestShippingMethodManagementV1"]
        unknown = "0" * 32
        error(anonymous.post(f"/V1/guest-carts/{unknown}/estimate-shipping-methods",
                             json={"address": ESTIMATE_ADDRESS}), 404,
              "No such entity with %fieldName = %fieldValue", {"fieldName": "cartId", "fieldValue": unknown})
        error(anonymous.post(f"/V1/guest-carts/{unknown}/estimate-shipping-methods", json={}), 400,
              '"%fieldName" is required. Enter and try again.', {"fieldName": "address"})


def test_demo(srv, token):
    """The demo's two pickup methods are offered in the German store view only; the default store
    view's estimate stays the platform's. (Last: the demo data stays on this module's server.)"""
    srv.cli("demo", "load", "storepickup")
    sku = product(srv, token, price=10)["sku"]
    with srv.client() as guest:
        masked = cart_with(guest, sku)
        assert pickup_rates(estimate(guest, masked)) == []
    with srv.client(store="de") as german:
        rates = pickup_rates(estimate(german, masked))
    assert [r["method_title"] for r in rates] == ["Innenstadt", "Airport kiosk"]
    assert rates[0]["comment"].startswith("Mo-Sa 9-18 Uhr <img src=")
    image = httpx.get(rates[0]["comment"].split('src="')[1].split('"')[0])
    assert image.status_code == 200 and image.headers["content-type"] == "image/png"
