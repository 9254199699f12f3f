"""GET /V1/search: the platform's search interface over the catalog's products."""
import pytest

from tests.helpers import unique
from tests.helpers.quote import category, product

SC = "searchCriteria"


def criteria(request="quick_search_container", *filters, page_size=None, current_page=None, sort=None):
    params = {f"{SC}[requestName]": request}
    for g, (field, value, ctype) in enumerate(filters):
        params[f"{SC}[filterGroups][{g}][filters][0][field]"] = field
        params[f"{SC}[filterGroups][{g}][filters][0][value]"] = value
        if ctype:
            params[f"{SC}[filterGroups][{g}][filters][0][conditionType]"] = ctype
    if page_size is not None:
        params[f"{SC}[pageSize]"] = page_size
    if current_page is not None:
        params[f"{SC}[currentPage]"] = current_page
    if sort:
        params[f"{SC}[sortOrders][0][field]"], params[f"{SC}[sortOrders][0][direction]"] = sort
    return params


@pytest.fixture(scope="module")
def goods(server, admin_token):
    word = unique("zebra").lower()
    cat = category(server, admin_token, unique("Search cat "))
    a = product(server, admin_token, price=10, name=f"{word} striped tee", sku=unique("st-"),
                custom_attributes=[{"attribute_code": "category_ids", "value": [cat]}])
    b = product(server, admin_token, price=30, name="Plain tee", sku=f"{word}-plain-{unique('')}")
    hidden = product(server, admin_token, price=20, name=f"{word} hidden", visibility=1)
    off = product(server, admin_token, price=20, name=f"{word} disabled", status=2)
    catalog_only = product(server, admin_token, price=40, name=f"{word} catalog only", visibility=2)
    return {"word": word, "cat": cat, "a": a["id"], "b": b["id"], "hidden": hidden["id"], "off": off["id"],
            "catalog_only": catalog_only["id"]}


def ids(body):
    return [d["id"] for d in body["items"]]


def test_quick_search_by_term(guest, goods):
    r = guest.get("/V1/search", params=criteria("quick_search_container", ("search_term", goods["word"].upper(), None)))
    assert r.status_code == 200, r.text
    body = r.json()
    assert list(body) == ["items", "aggregations", "search_criteria", "total_count"]
    # the name match scores above the SKU match; not visible in search and disabled products are left out
    assert ids(body) == [goods["a"], goods["b"]] and body["total_count"] == 2
    assert body["items"][0]["custom_attributes"] == [{"attribute_code": "score", "value": "2"}]
    assert body["items"][1]["custom_attributes"] == [{"attribute_code": "score", "value": "1"}]
    assert body["aggregations"]["bucket_names"] == ["category_bucket"]
    (bucket,) = body["aggregations"]["buckets"]
    assert {"value": str(goods["cat"]), "metrics": [str(goods["cat"]), "1"]} in bucket["values"]
    assert body["search_criteria"]["request_name"] == "quick_search_container"


def test_catalog_view_and_filters(guest, goods):
    word = goods["word"]
    body = guest.get("/V1/search", params=criteria("catalog_view_container", ("search_term", word, None))).json()
    assert ids(body) == [goods["a"], goods["catalog_only"], goods["b"]]
    body = guest.get("/V1/search", params=criteria("quick_search_container", ("search_term", word, None),
                                                   ("category_ids", str(goods["cat"]), None))).json()
    assert ids(body) == [goods["a"]]
    body = guest.get("/V1/search", params=criteria("quick_search_container", ("search_term", word, None),
                                                   ("price", "20", "gteq"))).json()
    assert ids(body) == [goods["b"]]
    body = guest.get("/V1/search", params=criteria("quick_search_container", ("search_term", word, None),
                                                   sort=("price", "DESC"), page_size=1, current_page=0)).json()
    assert ids(body) == [goods["b"]] and body["total_count"] == 2


@pytest.mark.parametrize("params, field", [
    ({}, "searchCriteria"),
    ({f"{SC}[pageSize]": "1"}, "requestName"),
    (criteria("nope_container"), "requestName"),
    (criteria("quick_search_container", ("colour", "red", None)), "field"),
])
def test_bad_criteria(guest, params, field):
    r = guest.get("/V1/search", params=params)
    assert r.status_code == 400, r.text
    assert field in str(r.json()["parameters"])
