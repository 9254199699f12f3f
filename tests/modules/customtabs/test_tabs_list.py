"""The tab list: searchCriteria filters (OR inside a group, AND across groups), sort orders, paging and
complete items."""
from tests.helpers import ok, unique

BASE = "/V1/vendor_customTabs/tabs"


def f(group: int, index: int, field: str, value, condition: str | None = None) -> dict:
    key = f"searchCriteria[filter_groups][{group}][filters][{index}]"
    out = {f"{key}[field]": field, f"{key}[value]": str(value)}
    if condition:
        out[f"{key}[condition_type]"] = condition
    return out


def tabs(admin, marker: str) -> list[dict]:
    specs = [(1, 30, 0), (0, 10, 0), (1, 20, 1), (1, 40, 2)]
    return [ok(admin.post(BASE, json={"tabs": {"tab_name": unique("l-"), "content": marker, "status": status,
                                               "sort_order": order, "type": kind,
                                               **({"module_name": "Magento_Catalog"} if kind else {})}}))
            for status, order, kind in specs]


def test_filters_sorting_and_paging(admin):
    marker = unique("m-")
    t = tabs(admin, marker)
    mine = f(0, 0, "content", marker)
    sort = {"searchCriteria[sortOrders][0][field]": "sort_order", "searchCriteria[sortOrders][0][direction]": "ASC"}

    page = ok(admin.get(f"{BASE}/all", params={**mine, **f(1, 0, "status", 1), **sort}))
    assert [i["tab_id"] for i in page["items"]] == [t[2]["tab_id"], t[0]["tab_id"], t[3]["tab_id"]]
    assert page["total_count"] == 3
    assert page["items"][0] == ok(admin.get(BASE, params={"tabId": t[2]["tab_id"]}))  # complete items
    assert page["search_criteria"]["filter_groups"][1]["filters"][0] == {
        "field": "status", "value": "1"}

    # OR inside a group
    page = ok(admin.get(f"{BASE}/all", params={**mine, **f(1, 0, "type", 1), **f(1, 1, "type", 2), **sort}))
    assert [i["tab_id"] for i in page["items"]] == [t[2]["tab_id"], t[3]["tab_id"]]

    # condition types, descending order, paging (total before paging; a page past the end is empty)
    params = {**mine, **f(1, 0, "sort_order", 20, "gteq"), "searchCriteria[sortOrders][0][field]": "sort_order",
              "searchCriteria[sortOrders][0][direction]": "DESC", "searchCriteria[pageSize]": 2,
              "searchCriteria[currentPage]": 1}
    page = ok(admin.get(f"{BASE}/all", params=params))
    assert [i["sort_order"] for i in page["items"]] == [40, 30] and page["total_count"] == 3
    page = ok(admin.get(f"{BASE}/all", params={**params, "searchCriteria[currentPage]": 2}))
    assert [i["sort_order"] for i in page["items"]] == [20]
    page = ok(admin.get(f"{BASE}/all", params={**params, "searchCriteria[currentPage]": 5}))
    assert page["items"] == [] and page["total_count"] == 3

    page = ok(admin.get(f"{BASE}/all", params={**mine, **f(1, 0, "tab_name", "l-%", "like"),
                                                **f(2, 0, "module_name", "Magento_Catalog")}))
    assert page["total_count"] == 2


def test_bad_criteria_are_a_400(admin):
    r = admin.get(f"{BASE}/all", params=f(0, 0, "colour", "red"))
    assert r.status_code == 400, r.text
    r = admin.get(f"{BASE}/all", params=f(0, 0, "status", 1, "almost"))
    assert r.status_code == 400, r.text
    r = admin.get(f"{BASE}/all", params={"searchCriteria[sortOrders][0][field]": "identities"})
    assert r.status_code == 400, r.text
    r = admin.get(f"{BASE}/all")
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "searchCriteria"}


def test_the_schema_describes_the_routes(admin):
    schema = ok(admin.get("/schema", params={"services": "all"}))
    get_one = schema["paths"]["/V1/vendor_customTabs/tabs"]["get"]
    assert {p["name"] for p in get_one["parameters"]} >= {"tabId", "storeId"}
    assert set(schema["paths"]["/V1/vendor_customTabs/tabs/{tabId}"]) == {"put", "delete"}
    tab = schema["definitions"]["vendor-custom-tabs-data-tabs-interface"]["properties"]
    assert {"tab_id", "store_id", "tab_name", "stores", "identities", "conditions_serialized"} <= set(tab)
