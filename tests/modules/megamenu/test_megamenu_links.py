"""Custom menu links over HTTP: create, edit, read, list, delete; their link kept on the store-0 content
row; their position; their errors."""
import pytest

from tests.helpers import unique
from tests.modules.megamenu.menu import ITEM, LINK, LINK_IFACE, invalid, items_of, link_missing, new_link, required


def test_the_example_create_edit_read_delete(admin):
    created = new_link(admin, parent_id=0, link="sale/summer", link_type=1)
    link_id = created["entity_id"]
    assert created == {"entity_id": link_id, "parent_id": 0, "path": "0/", "level": 0, "page_id": 0,
                       "link": "sale/summer", "link_type": 1}
    # the link and its type went to the link's store-0 content row, created for the purpose
    [default] = items_of(admin, link_id)
    assert default == {"id": default["id"], "entity_id": link_id, "type": "custom", "store_id": 0, "name": "",
                       "label": "", "label_text_color": "", "label_background_color": "", "link": "sale/summer",
                       "link_type": 1}

    r = admin.put(f"{LINK}/{link_id}", json={"link": {"link_type": 2, "page_id": 5}})
    assert r.status_code == 200, r.text
    assert r.json() == {**created, "page_id": 5, "link_type": 2}
    assert items_of(admin, link_id)[0]["link_type"] == 2

    r = admin.get(LINK, params={"entityId": link_id})
    assert r.status_code == 200 and r.json() == {**created, "page_id": 5, "link_type": 2}

    r = admin.delete(f"{LINK}/{link_id}")
    assert r.status_code == 200 and r.json() is True
    r = admin.get(LINK, params={"entityId": link_id})
    assert (r.status_code, r.json()) == (404, link_missing(link_id))


def test_defaults_without_link_or_type(admin):
    created = new_link(admin)
    assert created == {"entity_id": created["entity_id"], "parent_id": 0, "path": "0/", "level": 0, "page_id": 0,
                       "link": "", "link_type": 0}
    # no content row was needed
    assert items_of(admin, created["entity_id"]) == []
    # a null parent is the top level
    assert new_link(admin, parent_id=None)["parent_id"] == 0


def test_every_field_is_stored_as_sent(admin):
    created = new_link(admin, parent_id=3, path="1/2/3/", level=3, page_id=7, link="https://example.com/", link_type=4)
    assert created == {"entity_id": created["entity_id"], "parent_id": 3, "path": "1/2/3/", "level": 3, "page_id": 7,
                       "link": "https://example.com/", "link_type": 4}
    # camelCase keys are accepted; a null path clears it and it is left out
    r = admin.put(f"{LINK}/{created['entity_id']}", json={"link": {"parentId": 0, "pageId": 0, "path": None}})
    assert r.json() == {"entity_id": created["entity_id"], "parent_id": 0, "level": 3, "page_id": 0,
                        "link": "https://example.com/", "link_type": 4}


def test_a_link_saved_after_its_default_row_exists_writes_into_it(admin):
    created = new_link(admin)
    link_id = created["entity_id"]
    r = admin.post(ITEM, json={"item": {"entity_id": link_id, "type": "custom", "name": "Outlet", "status": 1}})
    assert r.status_code == 200, r.text
    item_id = r.json()["id"]
    r = admin.put(f"{LINK}/{link_id}", json={"link": {"link": "outlet"}})
    assert r.json()["link"] == "outlet" and r.json()["link_type"] == 0
    [row] = items_of(admin, link_id)
    assert row["id"] == item_id and row["name"] == "Outlet" and row["status"] == 1 and row["link"] == "outlet"
    # deleting the store-0 row leaves the link, which then shows no link
    assert admin.delete(f"{ITEM}/{item_id}").json() is True
    assert admin.get(LINK, params={"entityId": link_id}).json() == {**created}


def test_the_path_id_decides_and_post_with_an_id_edits(admin):
    a, b = new_link(admin, level=1), new_link(admin, level=2)
    r = admin.put(f"{LINK}/{a['entity_id']}", json={"link": {"entity_id": b["entity_id"], "level": 5}})
    assert r.json()["entity_id"] == a["entity_id"] and r.json()["level"] == 5
    assert admin.get(LINK, params={"entityId": b["entity_id"]}).json()["level"] == 2
    r = admin.post(LINK, json={"link": {"entity_id": b["entity_id"], "page_id": 9}})
    assert r.status_code == 200 and r.json() == {**b, "page_id": 9}


def test_unknown_ids_are_404(admin):
    missing = new_link(admin)["entity_id"] + 100000
    for r in (admin.put(f"{LINK}/{missing}", json={"link": {"level": 1}}),
              admin.post(LINK, json={"link": {"entity_id": missing, "level": 1}}),
              admin.get(LINK, params={"entityId": missing}),
              admin.delete(f"{LINK}/{missing}")):
        assert (r.status_code, r.json()) == (404, link_missing(missing))


def test_a_new_link_goes_last_among_its_parents_links(admin, sql):
    parent = 900000 + int(unique("")[-5:], 16) % 10000
    first, second = new_link(admin, parent_id=parent), new_link(admin, parent_id=parent)
    other = new_link(admin, parent_id=parent + 1)

    def positions():
        with sql.connect() as c:
            return {row[0]: (row[1], row[2]) for row in c.exec_driver_sql(
                "SELECT entity_id, parent_id, position FROM vendor_menu_position WHERE type = 'custom'")}

    placed = positions()
    assert placed[first["entity_id"]] == (parent, 1) and placed[second["entity_id"]] == (parent, 2)
    assert placed[other["entity_id"]] == (parent + 1, 1)
    # moved to another parent: last there
    admin.put(f"{LINK}/{first['entity_id']}", json={"link": {"parent_id": parent + 1}})
    assert positions()[first["entity_id"]] == (parent + 1, 2)
    # an edit that keeps the parent keeps the place
    admin.put(f"{LINK}/{second['entity_id']}", json={"link": {"level": 1}})
    assert positions()[second["entity_id"]] == (parent, 2)
    admin.delete(f"{LINK}/{first['entity_id']}")
    assert first["entity_id"] not in positions()


def test_delete_removes_the_content_rows_of_every_store_view(server, admin):
    from tests.helpers.store import store_view
    de = store_view(server)
    link_id = new_link(admin, link="x", link_type=1)["entity_id"]
    admin.post(ITEM, json={"item": {"entity_id": link_id, "type": "custom", "store_id": de, "name": "X"}})
    assert len(items_of(admin, link_id)) == 2
    assert admin.delete(f"{LINK}/{link_id}").json() is True
    assert items_of(admin, link_id) == []
    # the id is free of content: a new link with the same id could never inherit it
    assert admin.delete(f"{LINK}/{link_id}").status_code == 404


def test_list_filters_sorts_and_pages(admin):
    marker = unique("menu-")
    links = [new_link(admin, link=f"{marker}/{n}", link_type=t, level=n) for n, t in ((1, 1), (2, 4), (3, 1))]
    ids = [x["entity_id"] for x in links]

    def listed(**params):
        r = admin.get(f"{LINK}/all", params=params)
        assert r.status_code == 200, r.text
        return r.json()

    base = {"searchCriteria[filter_groups][0][filters][0][field]": "link",
            "searchCriteria[filter_groups][0][filters][0][value]": f"{marker}/%",
            "searchCriteria[filter_groups][0][filters][0][condition_type]": "like"}
    page = listed(**base, **{"searchCriteria[sortOrders][0][field]": "level",
                             "searchCriteria[sortOrders][0][direction]": "DESC"})
    assert page["total_count"] == 3 and [x["entity_id"] for x in page["items"]] == ids[::-1]
    assert page["items"][0] == links[2]  # full links
    # groups are AND, filters inside a group OR
    page = listed(**base, **{"searchCriteria[filter_groups][1][filters][0][field]": "link_type",
                             "searchCriteria[filter_groups][1][filters][0][value]": 4,
                             "searchCriteria[filter_groups][1][filters][1][field]": "level",
                             "searchCriteria[filter_groups][1][filters][1][value]": 3})
    assert sorted(x["entity_id"] for x in page["items"]) == [ids[1], ids[2]]
    # paging: the count is of every match
    page = listed(**base, **{"searchCriteria[pageSize]": 1, "searchCriteria[currentPage]": 2,
                             "searchCriteria[sortOrders][0][field]": "entity_id"})
    assert page["total_count"] == 3 and [x["entity_id"] for x in page["items"]] == [ids[1]]
    assert page["search_criteria"]["page_size"] == 1 and page["search_criteria"]["current_page"] == 2
    r = admin.get(f"{LINK}/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "colour",
                                         "searchCriteria[filter_groups][0][filters][0][value]": "red"})
    assert r.status_code == 400


@pytest.mark.parametrize("fields,error", [
    ({"link_type": 5}, invalid("link_type", 5)),
    ({"link_type": -1}, invalid("link_type", -1)),
    ({"parent_id": -2}, invalid("parent_id", -2)),
    ({"level": -1}, invalid("level", -1)),
    ({"page_id": -3}, invalid("page_id", -3)),
])
def test_invalid_values(admin, fields, error):
    r = admin.post(LINK, json={"link": fields})
    assert (r.status_code, r.json()) == (400, error)


def test_bad_bodies_are_400_and_write_nothing(admin):
    r = admin.post(LINK, json={})
    assert (r.status_code, r.json()) == (400, required("link"))
    r = admin.get(LINK)
    assert (r.status_code, r.json()) == (400, required("entityId"))
    r = admin.post(LINK, json={"link": {"level": "deep"}})
    assert r.status_code == 400 and r.json() == {
        "message": 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
        "parameters": {"value": "deep", "type": "int"}}
    r = admin.post(LINK, json={"link": {"colour": "red"}})
    assert (r.status_code, r.json()) == (400, {"message": 'Property "%1" does not have accessor method "%2" in class "%3".',
                                              "parameters": ["Colour", "getColour", LINK_IFACE]})
    r = admin.post(LINK, json={"link": "sale/summer"})
    assert r.status_code == 400


def test_a_save_that_fails_is_reported_with_its_reason(admin):
    long_path = "1/" * 200
    r = admin.post(LINK, json={"link": {"path": long_path, "link": "kept-out", "link_type": 1}})
    assert (r.status_code, r.json()) == (400, {
        "message": "Unable to save new link. Error: %1",
        "parameters": ['The value of "path" is longer than 255 characters.']})
    created = new_link(admin)
    r = admin.put(f"{LINK}/{created['entity_id']}", json={"link": {"link": "x" * 300}})
    assert (r.status_code, r.json()) == (400, {
        "message": "Unable to save link with ID %1. Error: %2",
        "parameters": [created["entity_id"], 'The value of "link" is longer than 255 characters.']})
    # nothing half-written
    assert admin.get(LINK, params={"entityId": created["entity_id"]}).json() == created
    assert items_of(admin, created["entity_id"]) == []
