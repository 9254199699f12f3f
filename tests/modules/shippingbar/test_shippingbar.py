"""The free shipping bar over HTTP: profiles managed through the admin routes (with their texts per
store view), the storefront's bar question answered with the winning profile or ``false``, and the
errors of both."""
import time

import pytest

from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.harness import set_config
from tests.helpers.quote import add, error, product

BASE = "/V1/vendor_shipbar/profile"
BAR = "/V1/vendor_shipbar/mine/bar/data"
TEXTS = {"init_message": "Free shipping for orders over {{ruleGoal}}!",
         "progress_message": "Only {{ruleGoalLeft}} more for free shipping!",
         "achieved_message": "Good news: your order ships free!", "terms_message": ""}


@pytest.fixture
def profiles(admin):
    """Creates profiles for one test and deletes them after it."""
    made = []

    def make(**fields):
        body = {"name": unique("bar "), **fields}
        profile = ok(admin.post(BASE, json={"profile": body}))
        made.append(profile["profile_id"])
        return profile

    yield make
    for profile_id in made:
        admin.delete(f"{BASE}/{profile_id}")


def bar(client, group=0, page="cart", position=(10,)):
    r = client.post(BAR, json={"customerGroup": group, "page": page, "position": list(position)})
    assert r.status_code == 200, r.text
    return r.json()


def test_profiles_are_created_read_changed_listed_and_deleted(admin, server):
    name = unique("Default bar ")
    created = ok(admin.post(BASE, json={"profile": {
        "name": name, "goal": 100, "priority": 1, "closeable": 1, "car_icon_visible": 1,
        "customer_groups": " 0, 1,2 ,3,1", "labels": TEXTS,
        "store_labels": [{"store_id": 1, "init_message": "Default view: over {{ruleGoal}} ships free"}]}}))
    pid = created["profile_id"]
    assert created == {
        "profile_id": pid, "name": name, "status": 1, "goal": 100, "goal_source": 0, "priority": 1, "stores": "0",
        "customer_groups": "0,1,2,3", "position": 10, "pages": "home,category,product,search,cart,other",
        "action_clickable": 0, "closeable": 1, "car_icon_visible": 1, "text_font": 0, "text_size": 14,
        "text_color": "#ffffff", "extra_color": "#ffd200", "background_color": "#1979c3", "custom_style": None,
        "labels": {**TEXTS, "init_message": "Default view: over {{ruleGoal}} ships free"},
        "store_labels": [{"store_id": 0, **TEXTS},
                         {"store_id": 1, "init_message": "Default view: over {{ruleGoal}} ships free",
                          "progress_message": None, "achieved_message": None, "terms_message": None}]}
    # under the admin store the default texts show
    with server.client(server.token(), store="all") as all_stores:
        assert ok(all_stores.get(f"{BASE}/{pid}"))["labels"] == TEXTS

    path = f"{BASE}/{pid}"
    changed = ok(admin.put(path, json={"profile": {"profile_id": 999999, "goal": 12.345, "position": 25,
                                                   "action_clickable": 1, "action_link": "/shipping"}}))
    assert (changed["profile_id"], changed["goal"], changed["position"], changed["action_link"]) == \
        (pid, 12.35, 25, "/shipping")
    assert changed["labels"] == created["labels"] and changed["name"] == name  # untouched keys stay
    ok(admin.put(path, json={"profile": {"labels": {"terms_message": "Mainland only"}}}))
    assert ok(admin.get(path))["labels"] == {**created["labels"], "terms_message": "Mainland only"}

    page = ok(admin.get(f"{BASE}/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "name",
        "searchCriteria[filter_groups][0][filters][0][value]": name}))
    assert page["total_count"] == 1 and page["items"][0]["position"] == 25 and page["items"][0]["labels"]

    assert ok(admin.delete(path)) is True
    missing = {"message": 'The free shipping bar profile with ID "%1" doesn\'t exist.', "parameters": [pid]}
    for r in (admin.get(path), admin.delete(path), admin.put(path, json={"profile": {"name": "x"}})):
        assert r.status_code == 404 and r.json() == missing


def test_bad_profiles_are_refused(admin, guest, server):
    invalid = 'Invalid value of "%value" provided for the %fieldName field.'
    error(admin.post(BASE, json={"profile": {"goal": 5}}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "name"})
    for field, value in (("position", 11), ("pages", "home,basket"), ("stores", "1,x"), ("status", 3),
                         ("goal_source", 2), ("goal", -1)):
        r = admin.post(BASE, json={"profile": {"name": "x", field: value}})
        assert r.status_code == 400 and r.json()["message"] == invalid, (field, r.text)
        assert r.json()["parameters"]["fieldName"] == field
    assert admin.post(BASE, json={"profile": {"name": "x", "colour": "red"}}).status_code == 400
    assert admin.post(BASE, json={"profile": {"name": "x", "priority": "first"}}).status_code == 400
    assert admin.post(BASE, json={"profile": {"name": "x", "store_labels": [{"init_message": "x"}]}}).status_code == 400
    r = admin.post(BASE, json={"profile": {"name": "x", "store_labels": [{"store_id": 99, "init_message": "x"}]}})
    assert r.status_code == 400 and r.json()["parameters"]["fieldName"] == "store_id"
    assert admin.post(BASE, json={"profile": {"name": "x" * 256}}).status_code == 400
    assert ok(admin.get(f"{BASE}/search", params={"searchCriteria[pageSize]": 50}))["total_count"] == 0

    denied = {"message": "The consumer isn't authorized to access %resources.",
              "parameters": {"resources": "Vendor_ShippingBar::profile"}}
    with server.client(limited_admin(server, "Magento_Sales::sales")) as other:
        for client in (guest, other):
            for method, path in (("POST", BASE), ("PUT", f"{BASE}/1"), ("DELETE", f"{BASE}/1"), ("GET", f"{BASE}/1"),
                                 ("GET", f"{BASE}/search")):
                r = client.request(method, path, json={"profile": {"name": "x"}} if method in ("POST", "PUT") else None)
                assert r.status_code == 401 and r.json() == denied, (method, path, r.text)


def test_profiles_are_written_through_async_bulk(admin):
    name = unique("async bar ")
    r = admin.post("/async/V1/vendor_shipbar/profile", json={"profile": {"name": name, "status": 0}})
    assert r.status_code == 202, r.text
    params = {"searchCriteria[filter_groups][0][filters][0][field]": "name",
              "searchCriteria[filter_groups][0][filters][0][value]": name}
    deadline = time.monotonic() + 30
    while ok(admin.get(f"{BASE}/search", params=params))["total_count"] == 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    (profile,) = ok(admin.get(f"{BASE}/search", params=params))["items"]
    r = admin.request("DELETE", "/async/bulk/V1/vendor_shipbar/profile/byProfileId",
                      json=[{"profileId": profile["profile_id"]}])
    assert r.status_code == 202, r.text
    while admin.get(f"{BASE}/{profile['profile_id']}").status_code == 200 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert admin.get(f"{BASE}/{profile['profile_id']}").status_code == 404


def test_the_storefront_gets_the_winning_profile(server, guest, profiles):
    assert bar(guest) is False  # no profile exists until one is created
    low = profiles(priority=5, goal=100, labels=TEXTS, store_labels=[{"store_id": 1, "init_message": "Own text"}])
    assert profiles(priority=5, goal=50)["profile_id"] > low["profile_id"]
    profiles(status=0, priority=0)  # inactive: never shown

    got = bar(guest)
    assert got == {"profile_id": low["profile_id"], "name": low["name"], "status": 1, "goal": 100, "goal_source": 0,
                   "priority": 5, "stores": "0", "customer_groups": "0,1,2,3", "position": 10,
                   "pages": "home,category,product,search,cart,other", "action_clickable": 0, "closeable": 0,
                   "car_icon_visible": 0, "text_font": 0, "text_size": 14, "text_color": "#ffffff",
                   "extra_color": "#ffd200", "background_color": "#1979c3", "custom_style": "",
                   "labels": {**TEXTS, "init_message": "Own text"}}  # a tie goes to the lower id
    with server.client(store="all") as admin_store:
        assert bar(admin_store)["labels"] == TEXTS  # store 0 sees the defaults
    # snake_case binds too; a position the page cannot render gives false, the next profile is not tried
    r = guest.post(BAR, json={"customer_group": 1, "page": "home", "position": [15, 20, 25]})
    assert r.status_code == 200 and r.json() is False
    assert bar(guest, page="checkout") is False and bar(guest, page="basket") is False

    # a better priority for wholesale customers on product pages, at the bottom
    wholesale = profiles(priority=1, customer_groups="2", pages="product", position=20, stores="1", goal=75.5)
    assert bar(guest, group=2, page="product", position=(20, 25))["profile_id"] == wholesale["profile_id"]
    assert bar(guest, group=2, page="product", position=(10, 15)) is False
    assert bar(guest, group=1, page="product")["profile_id"] == low["profile_id"]
    assert bar(guest, group=2, page="cart")["profile_id"] == low["profile_id"]
    with server.client(store="all") as admin_store:  # stores "1" only: not for store 0
        assert bar(admin_store, group=2, page="product", position=(20,)) is False

    # the goal of the platform's free-shipping minimum, for the website of the store view
    platform_goal = profiles(priority=0, goal_source=1, goal=999, pages="search")
    engine = server.db.engine
    assert bar(guest, page="search")["goal"] == 0
    set_config(engine, "carriers/freeshipping/free_shipping_subtotal", "80")
    set_config(engine, "carriers/freeshipping/free_shipping_subtotal", "60.125", "websites", 1)
    try:
        got = bar(guest, page="search")
        assert (got["profile_id"], got["goal"], got["goal_source"]) == (platform_goal["profile_id"], 60.13, 1)
    finally:
        set_config(engine, "carriers/freeshipping/free_shipping_subtotal", None)
        set_config(engine, "carriers/freeshipping/free_shipping_subtotal", None, "websites", 1)

    # the module switched off answers false everywhere
    set_config(engine, "vendor_shipbar/general/enable", "0")
    try:
        assert bar(guest) is False
    finally:
        set_config(engine, "vendor_shipbar/general/enable", None)
    assert bar(guest)["profile_id"] == low["profile_id"]


def test_bad_questions_are_refused(guest):
    required = '"%fieldName" is required. Enter and try again.'
    error(guest.post(BAR, json={"customerGroup": 0, "position": [10]}), 400, required, {"fieldName": "page"})
    r = guest.post(BAR, json={"position": [10]})
    assert r.status_code == 400 and r.json()["message"] == "One or more input exceptions have occurred."
    assert len(r.json()["errors"]) == 2
    wrong = 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'
    error(guest.post(BAR, json={"customerGroup": "x", "page": "cart", "position": [10]}), 400, wrong,
          {"value": "x", "type": "int"})
    r = guest.post(BAR, json={"customerGroup": 0, "page": "cart", "position": 10})
    assert r.status_code == 400 and r.json()["message"] == wrong
    error(guest.post(BAR, content=b"[oops", headers={"Content-Type": "application/json"}), 400, "Decoding error.")


def test_the_demo_shows_a_bar_everywhere_but_at_checkout(server, admin_token, guest):
    """Last in this file: the demo data goes onto this folder's own server, which no later test uses."""
    server.cli("demo", "load", "shippingbar")
    assert bar(guest, group=0, page="home", position=(10, 15))["name"] == "Default bar"
    assert bar(guest, group=1, page="checkout", position=(10, 15)) is False
    # a logged-in customer asks the same route with a token; the storefront compares the goal with the
    # cart's subtotal: 100 - 2 x 30 leaves 40 to spend, so the progress text shows
    _, token = new_customer(server)
    with server.client(token) as me:
        ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", product(server, admin_token, price=30)["sku"], 2)
        subtotal = ok(me.get("/V1/carts/mine/totals"))["subtotal"]
        got = bar(me, group=1, page="cart", position=(10, 15))
    assert (got["name"], got["goal"], got["labels"]) == ("Default bar", 100, TEXTS)
    assert got["goal"] - subtotal == 40 and got["labels"]["progress_message"].startswith("Only {{ruleGoalLeft}}")
