"""Tab values per store view: a store view's own value overrides the default for that store view only,
and everything it does not set falls back to the defaults (store 0)."""
import pytest

from tests.helpers import ok, unique
from tests.helpers.store import store_view

BASE = "/V1/vendor_customTabs/tabs"


@pytest.fixture(scope="module")
def de(server) -> int:
    return store_view(server, "de")


@pytest.fixture
def clients(server, admin_token):
    """Admin clients under /rest/all, /rest/de and /rest/default."""
    with server.client(admin_token, "all") as all_, server.client(admin_token, "de") as de_, \
            server.client(admin_token, "default") as default:
        yield all_, de_, default


def get(client, tab_id, **params) -> dict:
    return ok(client.get(BASE, params={"tabId": tab_id, **params}))


def new_tab(client, **fields) -> dict:
    return ok(client.post(BASE, json={"tabs": {"tab_name": unique("shipping-"), "tab_title": "Shipping",
                                               "tab_anchor": "shipping", "sort_order": 40, "content": "<p>EN</p>",
                                               "customer_groups": "0,1", **fields}}))


def test_a_store_view_title_overrides_the_default_for_that_store_only(de, clients):
    all_, de_client, default = clients
    tab = new_tab(all_)
    changed = ok(de_client.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"store_id": de, "tab_title": "Versand"}}))
    assert changed == {**tab, "store_id": de, "tab_title": "Versand", "updated_at": changed["updated_at"],
                       "stores": ["0", str(de)]}
    # the store view reads its own title and the defaults for everything else
    for client in (all_, de_client, default):
        seen = get(client, tab["tab_id"], storeId=de)
        assert seen == changed
    # the defaults, and the default store view, are untouched (whatever the URL's store code)
    for client in (all_, de_client, default):
        assert get(client, tab["tab_id"])["tab_title"] == "Shipping"
        assert get(client, tab["tab_id"], storeId=1)["tab_title"] == "Shipping"
    assert get(all_, tab["tab_id"])["stores"] == ["0", str(de)]


def test_a_default_changed_later_reaches_the_store_views_that_do_not_set_it(de, clients):
    all_, de_client, _ = clients
    tab = new_tab(all_)
    ok(all_.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"store_id": de, "tab_title": "Versand", "status": 0}}))
    ok(de_client.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"tab_title": "Delivery", "sort_order": 5,
                                                                "content": "<p>new</p>"}}))
    in_de = get(all_, tab["tab_id"], storeId=de)
    assert (in_de["tab_title"], in_de["status"], in_de["sort_order"], in_de["content"]) == ("Versand", 0, 5, "<p>new</p>")
    default = get(all_, tab["tab_id"])
    assert (default["tab_title"], default["status"], default["sort_order"]) == ("Delivery", 1, 5)


def test_every_store_value_can_be_set_per_store_view(de, clients):
    all_, _, _ = clients
    tab = new_tab(all_, related_enabled=0)
    own = {"tab_name": unique("versand-"), "tab_title": "Versand", "tab_anchor": "versand", "sort_order": 1,
           "status": 0, "customer_groups": "1", "content": "<p>DE</p>", "related_enabled": 1, "upsell_enabled": 1,
           "crosssell_enabled": 1}
    ok(all_.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"store_id": de, **own}}))
    assert {k: v for k, v in get(all_, tab["tab_id"], storeId=de).items() if k in own} == own
    assert get(all_, tab["tab_id"]) == {**tab, "updated_at": get(all_, tab["tab_id"])["updated_at"],
                                        "stores": ["0", str(de)]}
    # global values are the same in every store view
    ok(all_.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"store_id": de, "is_active": 0, "module_name": "M"}}))
    for store in (0, de):
        seen = get(all_, tab["tab_id"], storeId=store)
        assert (seen["is_active"], seen["module_name"]) == (0, "M")


def test_a_null_goes_back_to_the_default(de, clients):
    all_, _, _ = clients
    tab = new_tab(all_)
    ok(all_.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"store_id": de, "tab_title": "Versand", "sort_order": 3}}))
    back = ok(all_.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"store_id": de, "tab_title": None}}))
    assert (back["tab_title"], back["sort_order"], back["stores"]) == ("Shipping", 3, ["0", str(de)])
    back = ok(all_.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"store_id": de, "sort_order": None}}))
    assert (back["sort_order"], back["stores"]) == (40, ["0"])  # the view sets nothing of its own any more


def test_a_new_tab_saved_for_a_store_view_gets_its_values_as_defaults(de, clients):
    all_, _, _ = clients
    tab = new_tab(all_, store_id=de, tab_title="Versand")
    assert tab["stores"] == ["0"]
    assert get(all_, tab["tab_id"])["tab_title"] == "Versand"


def test_a_deleted_tab_takes_its_store_values_along(de, clients, sql):
    all_, _, _ = clients
    tab = new_tab(all_)
    ok(all_.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"store_id": de, "tab_title": "Versand"}}))
    assert ok(all_.delete(f"{BASE}/{tab['tab_id']}")) is True
    with sql.connect() as conn:
        left = conn.exec_driver_sql("SELECT count(*) FROM vendor_customtabs_tabs_content WHERE tab_id = %d"
                                    % tab["tab_id"]).scalar()
    assert left == 0


def test_names_are_unique_as_each_store_view_reads_them(de, clients):
    all_, _, _ = clients
    first, second = new_tab(all_), new_tab(all_)
    r = all_.put(f"{BASE}/{second['tab_id']}", json={"tabs": {"store_id": de, "tab_name": first["tab_name"]}})
    assert r.status_code == 400, r.text
    assert r.json()["parameters"] == [second["tab_id"], f'A tab named "{first["tab_name"]}" already exists.']


def test_a_list_for_a_store_view(de, clients):
    all_, _, _ = clients
    marker = unique("list-")
    a = new_tab(all_, content=marker, sort_order=1, tab_title="Alpha")
    b = new_tab(all_, content=marker, sort_order=2, tab_title="Beta")
    ok(all_.put(f"{BASE}/{a['tab_id']}", json={"tabs": {"store_id": de, "sort_order": 9, "tab_title": "Zulu"}}))
    criteria = {"searchCriteria[filter_groups][0][filters][0][field]": "content",
                "searchCriteria[filter_groups][0][filters][0][value]": marker,
                "searchCriteria[sortOrders][0][field]": "sort_order",
                "searchCriteria[sortOrders][0][direction]": "ASC"}
    default = ok(all_.get(f"{BASE}/all", params=criteria))
    assert [i["tab_id"] for i in default["items"]] == [a["tab_id"], b["tab_id"]]
    assert {i["store_id"] for i in default["items"]} == {0}
    in_de = ok(all_.get(f"{BASE}/all", params={**criteria, "storeId": de}))
    assert [(i["tab_id"], i["tab_title"], i["store_id"]) for i in in_de["items"]] == [
        (b["tab_id"], "Beta", de), (a["tab_id"], "Zulu", de)]
    by_title = ok(all_.get(f"{BASE}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "tab_title",
        "searchCriteria[filter_groups][0][filters][0][value]": "Zulu", "storeId": de}))
    assert a["tab_id"] in [i["tab_id"] for i in by_title["items"]]


def test_an_unknown_store_view(clients):
    all_, _, _ = clients
    tab = new_tab(all_)
    not_found = {"message": "The store that was requested wasn't found. Verify the store and try again."}
    r = all_.get(BASE, params={"tabId": tab["tab_id"], "storeId": 999})
    assert r.status_code == 404 and r.json()["message"] == not_found["message"]
    r = all_.get(f"{BASE}/all", params={"searchCriteria[pageSize]": 5, "storeId": 999})
    assert r.status_code == 404 and r.json()["message"] == not_found["message"]
    r = all_.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"store_id": 999, "tab_title": "x"}})
    assert r.status_code == 400, r.text
    assert get(all_, tab["tab_id"]) == tab
