"""Store-scoped values through a repository of the test module (a "sign": its code is global; its title,
visibility and price are kept per store view, store 0 holding the defaults). The URL's store code
decides the store view: `/rest/all` is store 0, `/rest/de` the German view, `/rest/V1` the default view."""
import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.store import store_view

REQUIRED = {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": "title"}}


@pytest.fixture(scope="module")
def de(server):
    return store_view(server, "de")


@pytest.fixture
def at(server, admin_token):
    """``at("de")``: an admin client under /rest/de (``None``: plain /rest)."""
    clients = []

    def make(store):
        c = server.client(admin_token, store=store)
        clients.append(c)
        return c

    yield make
    for c in clients:
        c.close()


def create(client, **fields) -> dict:
    r = client.post("/V1/vdtest/sign", json={"sign": {"code": unique("sign"), "title": "Sale", "visible": True,
                                                      "price": "4.50", **fields}})
    assert r.status_code == 200, r.text
    return r.json()


def view(client, sign_id) -> tuple:
    r = client.get(f"/V1/vdtest/sign/{sign_id}")
    assert r.status_code == 200, r.text
    body = r.json()
    return body["title"], body["visible"], body["price"]


def test_a_store_view_overrides_values_and_falls_back_to_the_defaults(at, de):
    every, german, default = at("all"), at("de"), at(None)
    sign = create(every)
    assert (sign["title"], sign["visible"], sign["price"]) == ("Sale", True, 4.5)
    sid = sign["sign_id"]
    assert view(german, sid) == ("Sale", True, 4.5)  # nothing of its own yet: the defaults

    r = german.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"title": "Angebot", "price": 5.25}})
    assert r.status_code == 200, r.text
    assert (r.json()["title"], r.json()["visible"], r.json()["price"], r.json()["code"]) == \
        ("Angebot", True, 5.25, sign["code"])
    assert view(german, sid) == ("Angebot", True, 5.25)
    assert view(every, sid) == ("Sale", True, 4.5)        # the defaults are untouched
    assert view(default, sid) == ("Sale", True, 4.5)      # /rest/V1: the default store view, which sets nothing

    # a new default shows where the view sets nothing of its own, and only there
    r = every.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"visible": False, "price": "19.99"}})
    assert (r.status_code, r.json()["price"], r.json()["visible"]) == (200, 19.99, False), r.text
    assert view(german, sid) == ("Angebot", False, 5.25)
    assert view(default, sid) == ("Sale", False, 19.99)

    # null in a store view: back to the default
    r = german.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"title": None}})
    assert (r.status_code, r.json()["title"]) == (200, "Sale"), r.text
    assert view(german, sid) == ("Sale", False, 5.25)
    r = german.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"price": None}})
    assert view(german, sid) == ("Sale", False, 19.99)

    # the global field is one for every view, whichever view writes it
    r = german.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"code": "renamed-" + sign["code"]}})
    assert r.status_code == 200, r.text
    assert every.get(f"/V1/vdtest/sign/{sid}").json()["code"] == "renamed-" + sign["code"]


def test_the_view_keeps_no_row_once_it_sets_nothing(at, de, sql):
    every, german = at("all"), at("de")
    sid = create(every)["sign_id"]
    rows = sa.text("select store_id from vendor_testmodule_sign_store where sign_id = :s order by store_id")
    german.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"title": "Schild"}})
    with sql.connect() as c:
        assert c.execute(rows, {"s": sid}).scalars().all() == [0, de]
    german.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"title": None}})
    with sql.connect() as c:
        assert c.execute(rows, {"s": sid}).scalars().all() == [0]
    assert every.delete(f"/V1/vdtest/sign/{sid}").json() is True
    with sql.connect() as c:
        assert c.execute(rows, {"s": sid}).scalars().all() == []
    r = german.get(f"/V1/vdtest/sign/{sid}")
    assert (r.status_code, r.json()) == (404, {"message": 'Sign with specified ID "%1" not found.', "parameters": [sid]})


def test_required_values_are_checked_as_the_view_will_read_them(at, de):
    every, german = at("all"), at("de")
    r = every.post("/V1/vdtest/sign", json={"sign": {"code": unique("s"), "price": 1}})
    assert (r.status_code, r.json()) == (400, REQUIRED)
    sid = create(every)["sign_id"]
    r = every.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"title": None}})  # a default cannot be cleared
    assert (r.status_code, r.json()) == (400, REQUIRED)
    r = german.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"title": None}})  # a view's own value can
    assert r.status_code == 200, r.text
    r = german.put(f"/V1/vdtest/sign/{sid}", json={"sign": {"title": "Schild", "price": "abc"}})
    assert r.status_code == 400
    assert view(german, sid) == ("Sale", True, 4.5)  # nothing of the refused request was written


def test_a_record_created_in_a_store_view_gets_its_values_as_defaults(at, de):
    every, german = at("all"), at("de")
    sign = create(german, title="Neu", price="2.10")
    assert (sign["title"], sign["price"]) == ("Neu", 2.1)
    assert view(every, sign["sign_id"]) == ("Neu", True, 2.1)


def test_lists_filter_and_sort_on_the_values_the_view_reads(at, de):
    every, german = at("all"), at("de")
    marker = unique("list")
    ids = [create(every, code=f"{marker}-{i}", title=f"{marker} {i}", price=p)["sign_id"]
           for i, p in enumerate(("3.00", "1.00", "2.00"))]
    german.put(f"/V1/vdtest/sign/{ids[0]}", json={"sign": {"title": f"{marker} de", "price": "0.50"}})

    def search(client, **extra):
        params = {"searchCriteria[filterGroups][0][filters][0][field]": "code",
                  "searchCriteria[filterGroups][0][filters][0][value]": f"{marker}-%",
                  "searchCriteria[filterGroups][0][filters][0][conditionType]": "like",
                  "searchCriteria[sortOrders][0][field]": "price",
                  "searchCriteria[sortOrders][0][direction]": "ASC", **extra}
        r = client.get("/V1/vdtest/sign/search", params=params)
        assert r.status_code == 200, r.text
        return [(i["sign_id"], i["title"], i["price"]) for i in r.json()["items"]]

    assert search(every) == [(ids[1], f"{marker} 1", 1.0), (ids[2], f"{marker} 2", 2.0), (ids[0], f"{marker} 0", 3.0)]
    assert search(german) == [(ids[0], f"{marker} de", 0.5), (ids[1], f"{marker} 1", 1.0), (ids[2], f"{marker} 2", 2.0)]
    by_title = {"searchCriteria[filterGroups][1][filters][0][field]": "title",
                "searchCriteria[filterGroups][1][filters][0][value]": f"{marker} de"}
    assert search(german, **by_title) == [(ids[0], f"{marker} de", 0.5)]
    assert search(every, **by_title) == []


def test_a_store_view_named_by_the_record_and_a_parameter(at, de):
    """The other way modules take the store view: ``store_id`` in the record and ``getById(id, storeId)``,
    whatever the URL's store code (absent: the defaults, store 0)."""
    every, german = at("all"), at("de")
    r = german.post("/V1/vdtest/sign-by-store", json={"sign": {"code": unique("s"), "title": "Red paper", "price": 4.5}})
    assert (r.status_code, r.json()["store_id"], r.json()["title"]) == (200, 0, "Red paper"), r.text
    sid = r.json()["sign_id"]
    r = every.put(f"/V1/vdtest/sign-by-store/{sid}", json={"sign": {"store_id": de, "title": "Rotes Papier"}})
    assert r.status_code == 200, r.text
    assert {k: r.json()[k] for k in ("sign_id", "store_id", "title", "price")} == \
        {"sign_id": sid, "store_id": de, "title": "Rotes Papier", "price": 4.5}

    def title(client, **params):
        r = client.get("/V1/vdtest/sign-by-store", params={"signId": sid, **params})
        assert r.status_code == 200, r.text
        return r.json()["store_id"], r.json()["title"]

    assert title(every, storeId=de) == (de, "Rotes Papier")
    assert title(german) == (0, "Red paper")              # no storeId: the defaults, not the URL's view
    assert title(german, storeId=0) == (0, "Red paper")
    assert german.get(f"/V1/vdtest/sign/{sid}").json()["title"] == "Rotes Papier"  # one storage, two ways in
    r = every.get("/V1/vdtest/sign-by-store/all", params={"searchCriteria[filterGroups][0][filters][0][field]": "sign_id",
                                                          "searchCriteria[filterGroups][0][filters][0][value]": sid})
    assert [(i["store_id"], i["title"]) for i in r.json()["items"]] == [(0, "Red paper")]  # lists: the defaults

    for store_id in (987654, -1):
        r = every.put(f"/V1/vdtest/sign-by-store/{sid}", json={"sign": {"store_id": store_id, "title": "x"}})
        assert (r.status_code, r.json()) == (400, {"message": 'Invalid value of "%value" provided for the %fieldName field.',
                                                   "parameters": {"value": store_id, "fieldName": "store_id"}})
    assert title(every, storeId=de) == (de, "Rotes Papier")
    r = every.get("/V1/vdtest/sign-by-store", params={"signId": sid, "storeId": 987654})
    assert (r.status_code, r.json()) == (404, {"message": "The store that was requested wasn't found. Verify the store "
                                                          "and try again."})


def test_a_guest_is_refused(server):
    r = httpx.get(server.url + "/rest/de/V1/vdtest/sign/1")
    assert r.status_code == 401
