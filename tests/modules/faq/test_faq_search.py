"""GET /V1/vendor_faq/question/all: every searchCriteria feature over HTTP."""
import pytest

from tests.helpers import unique

LIST = "/V1/vendor_faq/question/all"
SC = "searchCriteria"


def criteria(groups=(), sort=(), page_size=None, current_page=None) -> dict:
    """Query parameters in bracket syntax; a filter is (field, value, condition_type) with None for 'not sent'."""
    params = {}
    for g, filters in enumerate(groups):
        for f, (field, value, ctype) in enumerate(filters):
            key = f"{SC}[filter_groups][{g}][filters][{f}]"
            params[key + "[field]"] = field
            if value is not None:
                params[key + "[value]"] = value
            if ctype is not None:
                params[key + "[condition_type]"] = ctype
    for s, (field, direction) in enumerate(sort):
        params[f"{SC}[sort_orders][{s}][field]"] = field
        if direction is not None:
            params[f"{SC}[sort_orders][{s}][direction]"] = direction
    if page_size is not None:
        params[f"{SC}[pageSize]"] = page_size
    if current_page is not None:
        params[f"{SC}[currentPage]"] = current_page
    return params


@pytest.fixture(scope="module")
def data(server, admin_token):
    """Four questions whose titles share a marker, a category and two tags."""
    marker = unique("Search ")
    with server.client(admin_token) as admin:
        cat = admin.post("/V1/vendor_faq/category", json={"category": {"title": unique("Cat ")}}).json()["category_id"]
        t1, t2 = unique("tag-one-"), unique("tag-two-")
        specs = {
            "q1": dict(position=10, status=1, visibility=1, name="Ana", stores="1", categories=str(cat),
                       tags=[{"title": t1}], customer_groups="1,2", url_key=unique("q1-"), meta_robots="NOINDEX",
                       created_at="2021-01-01 10:00:00", positive_rating=5),
            "q2": dict(position=20, status=0, visibility=2, stores="1,2", tags=[{"title": t1}, {"title": t2}],
                       customer_groups="2", created_at="2021-01-02 00:00:00", canonical_url="https://x.test/c"),
            "q3": dict(position=30, status=1, visibility=0, name="Bruno", stores="", customer_groups="3",
                       created_at="2022-01-01 00:00:00", show_full_answer=True),
            "q4": dict(position=20, status=1, visibility=1, name="ana lucia", stores="0", customer_groups="",
                       created_at="2023-06-01 12:00:00"),
        }
        ids = {}
        for n, (key, spec) in enumerate(specs.items()):
            r = admin.post("/V1/vendor_faq/question", json={"question": {"title": f"{marker} {n}", **spec}})
            assert r.status_code == 200, r.text
            ids[key] = r.json()["question_id"]
    return {"marker": marker, "ids": ids, "cat": cat, "t1": t1, "t2": t2, "url_key": specs["q1"]["url_key"]}


def names(data, body) -> list[str]:
    by_id = {v: k for k, v in data["ids"].items()}
    return [by_id[i["question_id"]] for i in body["items"]]


def run(admin, data, groups=(), sort=(), **paging):
    mine = [[("title", data["marker"] + "%", "like")]]
    r = admin.get(LIST, params=criteria(mine + list(groups), sort, **paging))
    assert r.status_code == 200, r.text
    return r.json()


def found(admin, data, *groups, sort=()):
    return names(data, run(admin, data, groups, sort))


@pytest.mark.parametrize("field, value, ctype, expected", [
    ("status", "1", None, ["q1", "q3", "q4"]),
    ("status", "1", "", ["q1", "q3", "q4"]),
    ("status", "1", "eq", ["q1", "q3", "q4"]),
    ("name", "ANA", "eq", ["q1"]),
    ("status", "1", "neq", ["q2"]),
    ("name", "ana", "neq", ["q3", "q4"]),
    ("position", "20", "gt", ["q3"]),
    ("position", "20", "gteq", ["q2", "q3", "q4"]),
    ("position", "20", "lt", ["q1"]),
    ("position", "20", "lteq", ["q1", "q2", "q4"]),
    ("position", "30", "moreq", ["q3"]),
    ("position", "20", "from", ["q2", "q3", "q4"]),
    ("position", "20", "to", ["q1", "q2", "q4"]),
    ("name", "%AN%", "like", ["q1", "q4"]),
    ("name", "%an%", "nlike", ["q3"]),
    ("visibility", "0, 2", "in", ["q2", "q3"]),
    ("visibility", "0,2", "nin", ["q1", "q4"]),
    ("name", None, "null", ["q2"]),
    ("name", "ignored", "notnull", ["q1", "q3", "q4"]),
    ("customer_groups", "2", "finset", ["q1", "q2"]),
    ("customer_groups", "2", "nfinset", ["q3", "q4"]),
    # link-table relations: set membership
    ("stores", "1", "eq", ["q1", "q2"]),
    ("stores", "1", "finset", ["q1", "q2"]),
    ("stores", "0,2", "in", ["q2", "q4"]),
    ("stores", "1", "neq", ["q3", "q4"]),
    ("stores", "2", "nfinset", ["q1", "q3", "q4"]),
    ("stores", "1,0", "nin", ["q3"]),
    ("stores", None, "null", ["q3"]),
    ("stores", None, "notnull", ["q1", "q2", "q4"]),
    ("stores", "%2%", "like", ["q2"]),
    ("stores", "x", "eq", []),
    # dates, computed keys, flags
    ("created_at", "2021-01-02", "eq", ["q2"]),
    ("created_at", "2022-01-01", "lt", ["q1", "q2"]),
    ("created_at", "2021-01-01 10:00:00", "eq", ["q1"]),
    # a value that is no date matches nothing, as the platform's database comparison does
    ("created_at", "None", "gteq", []),
    ("created_at", "None", "lt", []),
    ("created_at", "yesterday,2021-01-02", "in", []),
    ("noindex", "1", "eq", ["q1"]),
    ("nofollow", "true", "eq", []),
    ("show_full_answer", "1", "eq", ["q3"]),
    ("positive_rating", "5", "eq", ["q1"]),
    ("total_rating", "0", "eq", ["q2", "q3", "q4"]),
    ("relative_url", "/faq/%", "like", ["q1"]),
    ("canonical_url", "https://x.test/c", "eq", ["q2"]),
    ("url_key", None, "notnull", ["q1"]),
])
def test_condition_types(admin, data, field, value, ctype, expected):
    assert found(admin, data, [(field, value, ctype)]) == expected


def test_relation_filters_by_id_and_title(admin, data):
    assert found(admin, data, [("categories", str(data["cat"]), "eq")]) == ["q1"]
    assert found(admin, data, [("categories", str(data["cat"]), "nin")]) == ["q2", "q3", "q4"]
    assert found(admin, data, [("tags", data["t1"].upper(), "eq")]) == ["q1", "q2"]
    assert found(admin, data, [("tags", data["t2"], "finset")]) == ["q2"]
    assert found(admin, data, [("tags", f"{data['t2']},nothing", "in")]) == ["q2"]
    assert found(admin, data, [("tags", data["t1"], "neq")]) == ["q3", "q4"]
    assert found(admin, data, [("tags", None, "null")]) == ["q3", "q4"]


def test_or_inside_a_group_and_across_groups(admin, data):
    assert found(admin, data, [("status", "0", "eq"), ("visibility", "0", "eq")]) == ["q2", "q3"]
    assert found(admin, data, [("status", "1", None)], [("visibility", "1", None)]) == ["q1", "q4"]
    # from and to on the same field: two groups
    assert found(admin, data, [("position", "15", "from")], [("position", "25", "to")]) == ["q2", "q4"]
    assert found(admin, data, [("status", "1", None)], [("visibility", "1", None), ("name", "Bruno", None)],
                 [("position", "25", "gt")]) == ["q3"]


def test_sort_orders(admin, data):
    assert found(admin, data, sort=[("position", "ASC")]) == ["q1", "q2", "q4", "q3"]
    assert found(admin, data, sort=[("position", "DESC")]) == ["q3", "q2", "q4", "q1"]
    assert found(admin, data, sort=[("position", "asc"), ("name", "DESC")]) == ["q1", "q4", "q2", "q3"]
    assert found(admin, data, sort=[("position", "asc"), ("name", "ASC")]) == ["q1", "q2", "q4", "q3"]
    assert found(admin, data, sort=[("position", None)]) == ["q3", "q2", "q4", "q1"]  # missing direction: DESC
    assert found(admin, data, sort=[("created_at", "DESC")]) == ["q4", "q3", "q2", "q1"]
    assert found(admin, data) == ["q1", "q2", "q3", "q4"]  # default: by id


def test_paging_and_echo(admin, data):
    sort = [("position", "ASC")]
    first = run(admin, data, sort=sort, page_size=3, current_page=1)
    assert names(data, first) == ["q1", "q2", "q4"] and first["total_count"] == 4
    second = run(admin, data, sort=sort, page_size=3, current_page=2)
    assert names(data, second) == ["q3"] and second["total_count"] == 4
    past = run(admin, data, sort=sort, page_size=3, current_page=5)
    assert past["items"] == [] and past["total_count"] == 4
    assert list(past) == ["items", "search_criteria", "total_count"]
    assert past["search_criteria"] == {
        "filter_groups": [{"filters": [{"field": "title", "value": data["marker"] + "%", "condition_type": "like"}]}],
        "sort_orders": [{"field": "position", "direction": "ASC"}], "page_size": 3, "current_page": 5}
    # what the client left out is left out of the echo
    body = run(admin, data, [[("status", "1", None)]])
    assert body["search_criteria"] == {"filter_groups": [
        {"filters": [{"field": "title", "value": data["marker"] + "%", "condition_type": "like"}]},
        {"filters": [{"field": "status", "value": "1"}]}]}
    # page 0 is read as page 1, and echoed as sent
    zero = run(admin, data, sort=sort, page_size=3, current_page=0)
    assert names(data, zero) == ["q1", "q2", "q4"] and zero["total_count"] == 4
    assert zero["search_criteria"]["current_page"] == 0
    # a page past the end of an unpaged list
    body = run(admin, data, current_page=2)
    assert body["items"] == [] and body["total_count"] == 4


def test_items_are_full_questions(admin, data):
    body = run(admin, data, [[("question_id", str(data["ids"]["q2"]), None)]])
    one = admin.get("/V1/vendor_faq/question", params={"questionId": data["ids"]["q2"]}).json()
    assert body["items"] == [one]
    assert one["stores"] == "1,2" and [t["title"] for t in one["tags"]] == [data["t1"], data["t2"]]


def test_empty_and_missing_criteria(admin, data):
    r = admin.get(LIST + "?searchCriteria=")
    assert r.status_code == 200 and r.json()["total_count"] >= 4
    assert r.json()["search_criteria"] == {"filter_groups": []}
    r = admin.get(LIST)
    assert r.status_code == 400
    assert r.json() == {"message": '"%fieldName" is required. Enter and try again.',
                        "parameters": {"fieldName": "searchCriteria"}}


def invalid(value, field):
    return {"message": 'Invalid value of "%value" provided for the %fieldName field.',
            "parameters": {"value": value, "fieldName": field}}


@pytest.mark.parametrize("params, expected", [
    (criteria([[("status", "1", "between")]]), invalid("between", "condition_type")),
    (criteria([[("colour", "red", None)]]), invalid("colour", "field")),
    (criteria([[("1", "red", None)]]), invalid("1", "field")),
    (criteria([[("", "red", None)]]), invalid("", "field")),
    (criteria([[("is_show_full_answer", "1", None)]]), invalid("is_show_full_answer", "field")),
    (criteria([[("status", None, None)]]), {"message": '"%fieldName" is required. Enter and try again.',
                                           "parameters": {"fieldName": "value"}}),
    (criteria(sort=[("position;drop", "ASC")]), {"message": "Sort order field %1 contains restricted symbols",
                                                 "parameters": ["position;drop"]}),
    (criteria(sort=[("colour", "ASC")]), invalid("colour", "field")),
    (criteria(sort=[("stores", "ASC")]), invalid("stores", "field")),
    (criteria(sort=[("position", "UP")]), {
        "message": "The sort order has to be specified as %1 for ascending order or %2 for descending order.",
        "parameters": ["ASC", "DESC"]}),
    ({f"{SC}[sort_orders][0][field]": "position", f"{SC}[sort_orders][0][direction][]": "ASC"},
     {"message": "The sort order has to be specified as a string, got %1.", "parameters": ["array"]}),
    (criteria(current_page=-1), invalid(-1, "currentPage")),
    (criteria(page_size=-1), invalid(-1, "pageSize")),
    (criteria([[("position", "abc", "gt")]]), invalid("abc", "value")),
])
def test_criteria_validation(admin, params, expected):
    r = admin.get(LIST, params=params)
    assert r.status_code == 400, r.text
    assert r.json() == expected


def test_input_limits(server, admin, data):
    server.config("webapi/validation/input_limit_enabled", "1")
    try:
        r = admin.get(LIST, params=criteria(page_size=301))
        assert r.status_code == 400
        assert r.json() == {"message": "Maximum SearchCriteria pageSize is %max", "parameters": {"max": 300}}
        assert admin.get(LIST, params=criteria(page_size=300)).status_code == 200
        r = admin.get(LIST + "?searchCriteria=")
        assert r.status_code == 200
        assert r.json()["search_criteria"] == {"filter_groups": [], "page_size": 20}
        assert len(r.json()["items"]) == min(20, r.json()["total_count"])
        body = run(admin, data)
        assert body["search_criteria"]["page_size"] == 20 and body["total_count"] == 4
    finally:
        server.config("webapi/validation/input_limit_enabled", "0")
    r = admin.get(LIST, params=criteria(page_size=301))
    assert r.status_code == 200 and "page_size" in r.json()["search_criteria"]
    assert "page_size" not in run(admin, data)["search_criteria"]


def test_fields_trims_the_list(admin, data):
    params = criteria([[("title", data["marker"] + "%", "like")]], [("position", "ASC")])
    r = admin.get(LIST, params={**params, "fields": "items[question_id,title],total_count"})
    assert r.status_code == 200
    ids = data["ids"]
    assert r.json() == {"items": [{"question_id": ids[k], "title": f"{data['marker']} {n}"}
                                  for k, n in (("q1", 0), ("q2", 1), ("q4", 3), ("q3", 2))],
                        "total_count": 4}
