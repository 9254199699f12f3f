"""Quickorder over HTTP: the entity routes, their ACL and their errors."""
import httpx

from tests.helpers import unique

BASE = "/V1/vendor_quickorder/entity"


def test_create_read_update_list_delete(admin):
    title = unique("quickorder ")
    r = admin.post(BASE, json={"entity": {"title": title}})
    assert r.status_code == 200, r.text
    created = r.json()
    assert created == {"entity_id": created["entity_id"], "title": title, "is_active": True, "sort_order": 0}
    path = f"{BASE}/{created['entity_id']}"
    assert admin.get(path).json() == created

    r = admin.put(path, json={"entity": {"sort_order": 5}})
    assert r.status_code == 200 and r.json() == {**created, "sort_order": 5}

    page = admin.get(f"{BASE}/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "title",
        "searchCriteria[filter_groups][0][filters][0][value]": title}).json()
    assert page["total_count"] == 1 and page["items"][0]["sort_order"] == 5

    assert admin.delete(path).json() is True
    r = admin.get(path)
    assert r.status_code == 404
    assert r.json() == {"message": 'The entity with ID "%1" doesn\'t exist.', "parameters": [created["entity_id"]]}


def test_bad_input_is_a_400(admin):
    r = admin.post(BASE, json={"entity": {"sort_order": 1}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "title"}
    r = admin.post(BASE, json={"entity": {"title": "x", "sort_order": "many"}})
    assert r.status_code == 400
    r = admin.post(BASE, json={"entity": {"title": "x", "colour": "red"}})
    assert r.status_code == 400


def test_guests_are_refused(server):
    r = httpx.post(server.url + f"/rest/V1/vendor_quickorder/entity", json={"entity": {"title": "x"}})
    assert r.status_code == 401
