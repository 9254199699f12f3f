"""Gift wraps over HTTP: save (create, per store view, the path decides), getById with a store view,
getList, deleteById, the errors docs/modules/giftwrap.md lists, the ACL and the async/bulk routes."""
import httpx
import pytest

from tests.helpers import limited_admin, ok, unique
from tests.helpers.media import content, image, media_dir
from tests.helpers.queue import wait_for
from tests.helpers.store import store_view

BASE = "/V1/vendor_giftWrap/wrap"
RESOURCE = "Vendor_GiftWrap::wrap"
RED = {"store_id": 0, "name": "Red paper", "description": "Glossy red paper with a gold ribbon", "status": 1,
       "image": "red-paper.jpg", "price": 4.5, "sort_order": 10}


@pytest.fixture(scope="module")
def german(server) -> int:
    return store_view(server)


@pytest.fixture(scope="module")
def card_admin(server) -> str:
    """An admin granted the message cards only (a sibling of the wrap resource)."""
    return limited_admin(server, "Vendor_GiftWrap::message_card")


@pytest.fixture(scope="module")
def wrap_admin(server) -> str:
    """An admin granted the wraps only."""
    return limited_admin(server, RESOURCE)


def create(client, **fields) -> dict:
    return ok(client.post(BASE, json={"wrap": {**RED, "name": unique("Wrap "), **fields}}))


def get(client, entity_id, store_id=None) -> httpx.Response:
    params = {"entityId": entity_id, **({"storeId": store_id} if store_id is not None else {})}
    return client.get(BASE, params=params)


def error(r: httpx.Response, status: int, message: str, parameters) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert (body["message"], body["parameters"]) == (message, parameters), body


def not_found(entity_id):
    return 'Wrap with specified ID "%1" not found.', [entity_id]


def list_params(*filters, **extra) -> dict:
    params = {}
    for g, (field, value, *condition) in enumerate(filters):
        params[f"searchCriteria[filter_groups][{g}][filters][0][field]"] = field
        params[f"searchCriteria[filter_groups][{g}][filters][0][value]"] = value
        if condition:
            params[f"searchCriteria[filter_groups][{g}][filters][0][condition_type]"] = condition[0]
    return {**params, **extra}


# --------------------------------------------------------------------------- the documented examples

def test_create_translate_read_list_delete(server, admin_token, german):
    with server.client(admin_token, store="all") as admin:
        r = admin.post(BASE, json={"wrap": RED})
        created = ok(r)
        wrap_id = created["entity_id"]
        assert created == {"entity_id": wrap_id, **RED}
        assert list(created) == ["entity_id", "store_id", "name", "description", "status", "image", "price",
                                 "sort_order"]

        translated = ok(admin.put(f"{BASE}/{wrap_id}", json={"wrap": {"store_id": german, "name": "Rotes Papier"}}))
        assert translated == {**created, "store_id": german, "name": "Rotes Papier"}

    with server.client(admin_token) as default:
        assert ok(get(default, wrap_id, german)) == translated
        assert ok(get(default, wrap_id)) == created          # the defaults unless a store view is asked for
        assert ok(get(default, wrap_id, 0)) == created
        page = ok(default.get(f"{BASE}/all", params=list_params(("entity_id", wrap_id), ("status", 1))))
        assert page["total_count"] == 1 and page["items"] == [created]
        assert page["search_criteria"]["filter_groups"][0]["filters"][0]["field"] == "entity_id"

    with server.client(admin_token, store="all") as admin:
        assert admin.delete(f"{BASE}/{wrap_id}").json() is True
        error(get(admin, wrap_id), 404, *not_found(wrap_id))
        error(get(admin, wrap_id, german), 404, *not_found(wrap_id))
        error(admin.delete(f"{BASE}/{wrap_id}"), 404, *not_found(wrap_id))


def test_a_missing_wrap_is_a_404_on_put(admin):
    error(admin.put(f"{BASE}/999999", json={"wrap": {"name": "x"}}), 404, *not_found(999999))
    error(admin.post(BASE, json={"wrap": {"entity_id": 999999, "name": "x"}}), 404, *not_found(999999))


# --------------------------------------------------------------------------- saving

def test_new_wrap_defaults_and_null_keys_left_out(admin):
    name = unique("Plain ")
    created = ok(admin.post(BASE, json={"wrap": {"name": name}}))
    assert created == {"entity_id": created["entity_id"], "store_id": 0, "name": name, "status": 0}


def test_put_keeps_keys_left_out_and_the_path_decides(admin):
    one, other = create(admin), create(admin)
    r = admin.put(f"{BASE}/{one['entity_id']}", json={"wrap": {"entity_id": other["entity_id"], "price": 6}})
    assert ok(r) == {**one, "price": 6}
    assert ok(get(admin, other["entity_id"])) == other
    # camelCase keys are accepted as well
    assert ok(admin.put(f"{BASE}/{one['entity_id']}", json={"wrap": {"sortOrder": 3}}))["sort_order"] == 3


def test_store_view_values_fall_back_to_the_defaults(admin, german):
    wrap = create(admin, price=4.5)
    path = f"{BASE}/{wrap['entity_id']}"
    ok(admin.put(path, json={"wrap": {"store_id": german, "price": 5.25, "status": 0}}))
    assert ok(get(admin, wrap["entity_id"], german)) == {**wrap, "store_id": german, "price": 5.25, "status": 0}
    # a later change of the defaults shows in the store view for what it does not set itself
    ok(admin.put(path, json={"wrap": {"store_id": 0, "description": "New text", "price": 4}}))
    seen = ok(get(admin, wrap["entity_id"], german))
    assert (seen["description"], seen["price"], seen["status"]) == ("New text", 5.25, 0)
    # null in a store view goes back to the default
    ok(admin.put(path, json={"wrap": {"store_id": german, "price": None}}))
    assert ok(get(admin, wrap["entity_id"], german))["price"] == 4
    # the list shows the defaults
    page = ok(admin.get(f"{BASE}/all", params=list_params(("entity_id", wrap["entity_id"]))))
    assert page["items"][0]["status"] == 1 and page["items"][0]["store_id"] == 0


def test_money_is_kept_to_the_cent(admin):
    wrap = create(admin, price=0.1)
    ok(admin.put(f"{BASE}/{wrap['entity_id']}", json={"wrap": {"price": "19.99"}}))
    assert ok(get(admin, wrap["entity_id"]))["price"] == 19.99


# --------------------------------------------------------------------------- listing

def test_list_filters_sorts_and_pages(admin):
    marker = unique("List ")
    made = [create(admin, name=f"{marker} {n}", sort_order=n, status=n % 2, price=n) for n in (3, 1, 2)]
    ids = ",".join(str(w["entity_id"]) for w in made)
    params = list_params(("entity_id", ids, "in"), **{"searchCriteria[sortOrders][0][field]": "sort_order",
                                                      "searchCriteria[sortOrders][0][direction]": "ASC"})
    page = ok(admin.get(f"{BASE}/all", params=params))
    assert [w["sort_order"] for w in page["items"]] == [1, 2, 3] and page["total_count"] == 3
    # two filters in a group: OR; two groups: AND
    params = {"searchCriteria[filter_groups][0][filters][0][field]": "sort_order",
              "searchCriteria[filter_groups][0][filters][0][value]": 1,
              "searchCriteria[filter_groups][0][filters][1][field]": "sort_order",
              "searchCriteria[filter_groups][0][filters][1][value]": 3,
              "searchCriteria[filter_groups][1][filters][0][field]": "name",
              "searchCriteria[filter_groups][1][filters][0][value]": f"{marker}%",
              "searchCriteria[filter_groups][1][filters][0][condition_type]": "like"}
    page = ok(admin.get(f"{BASE}/all", params=params))
    assert sorted(w["sort_order"] for w in page["items"]) == [1, 3]
    params = list_params(("name", f"{marker}%", "like"), ("price", 2, "gteq"),
                         **{"searchCriteria[pageSize]": 1, "searchCriteria[currentPage]": 2,
                            "searchCriteria[sortOrders][0][field]": "price",
                            "searchCriteria[sortOrders][0][direction]": "DESC"})
    page = ok(admin.get(f"{BASE}/all", params=params))
    assert page["total_count"] == 2 and [w["price"] for w in page["items"]] == [2]


# --------------------------------------------------------------------------- errors

def test_body_errors(admin):
    error(admin.post(BASE, json={}), 400, '"%fieldName" is required. Enter and try again.', {"fieldName": "wrap"})
    error(admin.post(BASE, json={"wrap": {"name": "x", "colour": "red"}}), 400,
          'Property "%1" does not have accessor method "%2" in class "%3".',
          ["Colour", "getColour", "Vendor\\GiftWrap\\Api\\Data\\WrapInterface"])
    r = admin.post(BASE, json={"wrap": {"name": "x", "price": "cheap"}})
    assert r.status_code == 400, r.text
    assert r.json()["message"] == ('The "%value" value\'s type is invalid. The "%type" type was expected. '
                                   'Verify and try again.')
    r = admin.post(BASE, json={"wrap": "Red paper"})
    assert r.status_code == 400
    r = admin.get(BASE, params={"entityId": "abc"})
    assert r.status_code == 400


def test_save_errors_are_wrapped(admin):
    required = '"%fieldName" is required. Enter and try again.'
    error(admin.post(BASE, json={"wrap": {"price": 1}}), 400, "Unable to save new wrap. Error: %1",
          [required.replace("%fieldName", "name")])
    wrap = create(admin)
    path = f"{BASE}/{wrap['entity_id']}"
    r = admin.put(path, json={"wrap": {"price": -1}})
    error(r, 400, "Unable to save wrap with ID %1. Error: %2",
          [wrap["entity_id"], 'Invalid value of "-1.0" provided for the price field.'])
    for too_much in ({"price": 1e12}, {"name": "n" * 256}, {"image": "i" * 256 + ".jpg"}, {"price": 1.005}):
        r = admin.put(path, json={"wrap": too_much})
        assert r.status_code == 400 and r.json()["message"] == "Unable to save wrap with ID %1. Error: %2", r.text
    r = admin.put(path, json={"wrap": {"status": 2}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save wrap with ID %1. Error: %2"
    r = admin.put(path, json={"wrap": {"store_id": 0, "name": " "}})
    assert r.status_code == 400 and r.json()["parameters"][0] == wrap["entity_id"]
    r = admin.put(path, json={"wrap": {"store_id": 424242, "name": "x"}})
    assert r.status_code == 400
    assert ok(get(admin, wrap["entity_id"])) == wrap   # nothing was written


# --------------------------------------------------------------------------- ACL and async

def test_guests_and_other_admins_are_refused(server, guest, card_admin):
    refused = {"message": "The consumer isn't authorized to access %resources.",
               "parameters": {"resources": RESOURCE}}
    with server.client(card_admin) as stranger:
        for client in (guest, stranger):
            for method, path in (("POST", BASE), ("PUT", f"{BASE}/1"), ("DELETE", f"{BASE}/1"),
                                 ("POST", f"{BASE}/1/image"), ("GET", f"{BASE}?entityId=1"), ("GET", f"{BASE}/all")):
                r = client.request(method, path, json={"wrap": {"name": "x"}} if method in ("POST", "PUT") else None)
                assert r.status_code == 401 and r.json() == refused, (method, path, r.text)


def test_the_wrap_resource_or_its_parent_grant_the_routes(server, wrap_admin):
    for token in (wrap_admin, limited_admin(server, "Vendor_GiftWrap::giftwrap")):
        with server.client(token) as client:
            wrap = create(client)
            assert ok(get(client, wrap["entity_id"]))["name"] == wrap["name"]
            assert ok(client.put(f"{BASE}/{wrap['entity_id']}", json={"wrap": {"price": 1}}))["price"] == 1
            assert ok(client.get(f"{BASE}/all", params={"searchCriteria[pageSize]": 1}))["total_count"] >= 1
            assert ok(client.delete(f"{BASE}/{wrap['entity_id']}")) is True


def test_bulk_create_change_and_delete(admin):
    names = [unique("Bulk "), unique("Bulk ")]
    r = admin.post(f"/async/bulk{BASE}", json=[{"wrap": {"name": n, "price": 1.5}} for n in names])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 2)
    page = ok(admin.get(f"{BASE}/all", params=list_params(("name", ",".join(names), "in"))))
    ids = [w["entity_id"] for w in page["items"]]
    assert page["total_count"] == 2
    r = admin.put(f"/async/bulk{BASE}/byEntityId", json=[{"entityId": i, "wrap": {"status": 1}} for i in ids])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 2)
    assert {ok(get(admin, i))["status"] for i in ids} == {1}
    r = admin.post(f"/async{BASE}", json={"wrap": {"name": unique("Async ")}})
    assert r.status_code == 202, r.text
    r = admin.request("DELETE", f"/async/bulk{BASE}/byEntityId", json=[{"entityId": i} for i in ids])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 2)
    assert all(get(admin, i).status_code == 404 for i in ids)


def test_the_acl_tree(server):
    lines = server.cli("acl").stdout.splitlines()
    at = {line.strip().split()[0]: (i, len(line) - len(line.lstrip())) for i, line in enumerate(lines) if line.strip()}
    sales, group = at["Magento_Sales::sales"], at["Vendor_GiftWrap::giftwrap"]
    wrap, card = at[RESOURCE], at["Vendor_GiftWrap::message_card"]
    assert group[1] == sales[1] + 2 and group[0] > sales[0]
    assert wrap[1] == card[1] == group[1] + 2 and wrap[0] == group[0] + 1 and card[0] == group[0] + 2


# --------------------------------------------------------------------------- images

def test_image_upload_per_store_view_and_cleanup(server, admin, german):
    folder = media_dir(server) / "vendor_giftwrap"
    wrap = create(admin, image=None)
    upload = f"{BASE}/{wrap['entity_id']}/image"
    first = ok(admin.post(upload, json={"content": content(image(), "Red Paper.png")}))
    assert first == {**wrap, "image": first["image"]} and first["image"].startswith("red_paper")
    assert (folder / first["image"]).is_file()
    served = httpx.get(f"{server.url}/media/vendor_giftwrap/{first['image']}")
    assert served.status_code == 200 and served.headers["content-type"] == "image/png"

    # a store view gets an image of its own; the default one stays
    de = ok(admin.post(upload, json={"content": content(image(color="blue"), "rot.png"), "storeId": german}))
    assert de["store_id"] == german and de["image"].startswith("rot")
    assert ok(get(admin, wrap["entity_id"]))["image"] == first["image"]
    # a new default image replaces the file of the old one
    second = ok(admin.post(upload, json={"content": content(image(fmt="JPEG"), "red.jpg", "image/jpeg")}))
    assert not (folder / first["image"]).exists() and (folder / second["image"]).is_file()

    bad = admin.post(upload, json={"content": {**content(b"not an image"), "name": "x.png"}})
    assert bad.status_code == 400 and bad.json()["message"] == "The image MIME type is not valid or not supported."
    error(admin.post(f"{BASE}/999999/image", json={"content": content(image())}), 404, *not_found(999999))
    assert ok(get(admin, wrap["entity_id"]))["image"] == second["image"]

    # deleting the wrap takes its uploaded images along
    assert ok(admin.delete(f"{BASE}/{wrap['entity_id']}")) is True
    assert not (folder / second["image"]).exists() and not (folder / de["image"]).exists()


# --------------------------------------------------------------------------- message cards

CARDS = "/V1/vendor_giftWrap/messageCard"


def test_message_cards_are_kept_like_wraps(admin, german):
    body = {"store_id": 0, "name": unique("Card "), "status": 1, "image": "card.png", "price": 1.25, "sort_order": 2}
    card = ok(admin.post(CARDS, json={"card": body}))
    card_id = card["entity_id"]
    assert card == {"entity_id": card_id, **body}
    translated = ok(admin.put(f"{CARDS}/{card_id}", json={"card": {"store_id": german, "name": "Grußkarte"}}))
    assert translated == {**card, "store_id": german, "name": "Grußkarte"}
    assert ok(admin.get(CARDS, params={"entityId": card_id, "storeId": german})) == translated
    assert ok(admin.get(CARDS, params={"entityId": card_id})) == card
    page = ok(admin.get(f"{CARDS}/all", params=list_params(("entity_id", card_id))))
    assert page["items"] == [card] and page["total_count"] == 1

    missing = ('Message card with specified ID "%1" not found.', [999999])
    error(admin.put(f"{CARDS}/999999", json={"card": {"name": "x"}}), 404, *missing)
    error(admin.get(CARDS, params={"entityId": 999999}), 404, *missing)
    error(admin.post(CARDS, json={"card": {"price": 1}}), 400, "Unable to save new message card. Error: %1",
          ['"name" is required. Enter and try again.'])
    error(admin.put(f"{CARDS}/{card_id}", json={"card": {"price": -2}}), 400,
          "Unable to save message card with ID %1. Error: %2",
          [card_id, 'Invalid value of "-2.0" provided for the price field.'])
    error(admin.post(CARDS, json={"card": {"name": "x", "description": "cards have none"}}), 400,
          'Property "%1" does not have accessor method "%2" in class "%3".',
          ["Description", "getDescription", "Vendor\\GiftWrap\\Api\\Data\\MessageCardInterface"])
    error(admin.post(CARDS, json={"wrap": {"name": "x"}}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "card"})

    assert ok(admin.delete(f"{CARDS}/{card_id}")) is True
    error(admin.delete(f"{CARDS}/{card_id}"), 404, 'Message card with specified ID "%1" not found.', [card_id])


def test_message_cards_have_their_own_resource(server, guest, wrap_admin, card_admin):
    refused = {"message": "The consumer isn't authorized to access %resources.",
               "parameters": {"resources": "Vendor_GiftWrap::message_card"}}
    with server.client(wrap_admin) as wraps_only:
        for client in (guest, wraps_only):
            r = client.get(f"{CARDS}/all")
            assert r.status_code == 401 and r.json() == refused
    with server.client(card_admin) as cards_only:
        card = ok(cards_only.post(CARDS, json={"card": {"name": unique("Card ")}}))
        assert card["status"] == 0
        assert ok(cards_only.delete(f"{CARDS}/{card['entity_id']}")) is True
