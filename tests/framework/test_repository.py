"""The shared repository, driven through the test module's plain "thing" routes: create, read,
merge-and-save with the path deciding, delete, list, and their errors."""
from tests.helpers import unique

NOT_FOUND = 'Thing with specified ID "%1" not found.'


def test_create_read_update_delete(admin):
    title = unique("thing ")
    r = admin.post("/V1/vdtest/thing", json={"thing": {"title": title, "qty": "3"}})
    assert r.status_code == 200, r.text
    thing = r.json()
    assert thing == {"thing_id": thing["thing_id"], "title": title, "qty": 3, "is_active": True}
    assert admin.get(f"/V1/vdtest/thing/{thing['thing_id']}").json() == thing

    # PUT merges what is sent over what is stored; the path decides which record, whatever the body says
    r = admin.put(f"/V1/vdtest/thing/{thing['thing_id']}", json={"thing": {"thing_id": 999999, "qty": 7}})
    assert r.status_code == 200, r.text
    assert r.json() == {**thing, "qty": 7}
    assert admin.get("/V1/vdtest/thing/999999").json() == {"message": NOT_FOUND, "parameters": [999999]}

    assert admin.delete(f"/V1/vdtest/thing/{thing['thing_id']}").json() is True
    r = admin.get(f"/V1/vdtest/thing/{thing['thing_id']}")
    assert r.status_code == 404 and r.json() == {"message": NOT_FOUND, "parameters": [thing["thing_id"]]}
    r = admin.delete(f"/V1/vdtest/thing/{thing['thing_id']}")
    assert r.status_code == 404


def test_required_and_unknown_keys(admin):
    r = admin.post("/V1/vdtest/thing", json={"thing": {"qty": 1}})
    assert r.status_code == 400
    assert r.json() == {"message": '"%fieldName" is required. Enter and try again.',
                        "parameters": {"fieldName": "title"}}
    r = admin.post("/V1/vdtest/thing", json={"thing": {"title": "  ", "colour": "red"}})
    assert r.status_code == 400 and r.json()["parameters"][0] == "Colour"
    r = admin.put("/V1/vdtest/thing/424242", json={"thing": {"title": "x"}})
    assert r.status_code == 404 and r.json()["parameters"] == [424242]


def test_text_longer_than_its_column_is_a_400_and_nothing_is_written(admin):
    """On every database alike (SQLite would keep it, PostgreSQL would refuse the statement)."""
    r = admin.post("/V1/vdtest/thing", json={"thing": {"title": "t" * 256}})
    assert r.status_code == 400 and r.json() == {
        "message": 'The value of "%1" is longer than %2 characters.', "parameters": ["title", 255]}
    thing = admin.post("/V1/vdtest/thing", json={"thing": {"title": "t" * 255}}).json()
    assert len(thing["title"]) == 255
    r = admin.put(f"/V1/vdtest/thing/{thing['thing_id']}", json={"thing": {"title": "é" * 256}})
    assert r.status_code == 400 and r.json()["parameters"] == ["title", 255]
    assert admin.get(f"/V1/vdtest/thing/{thing['thing_id']}").json()["title"] == "t" * 255


def test_list_filters_sorts_and_pages(admin):
    tag = unique("list ")
    for qty in (5, 1, 3):
        assert admin.post("/V1/vdtest/thing", json={"thing": {"title": f"{tag} {qty}", "qty": qty,
                                                              "is_active": qty != 3}}).status_code == 200
    params = {"searchCriteria[filter_groups][0][filters][0][field]": "title",
              "searchCriteria[filter_groups][0][filters][0][value]": f"{tag}%",
              "searchCriteria[filter_groups][0][filters][0][condition_type]": "like",
              "searchCriteria[sort_orders][0][field]": "qty", "searchCriteria[sort_orders][0][direction]": "DESC",
              "searchCriteria[pageSize]": 2}
    page = admin.get("/V1/vdtest/thing/search", params=params).json()
    assert page["total_count"] == 3 and [t["qty"] for t in page["items"]] == [5, 3]
    params["searchCriteria[filter_groups][1][filters][0][field]"] = "is_active"
    params["searchCriteria[filter_groups][1][filters][0][value]"] = "1"
    page = admin.get("/V1/vdtest/thing/search", params=params).json()
    assert page["total_count"] == 2 and [t["qty"] for t in page["items"]] == [5, 1]
    r = admin.get("/V1/vdtest/thing/search", params={"searchCriteria[filter_groups][0][filters][0][field]": "nope",
                                                     "searchCriteria[filter_groups][0][filters][0][value]": "1"})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "nope", "fieldName": "field"}
