"""Menu node content (items) over HTTP: one row per node and store view, addressed by its own id; a
store view's row overrides the defaults of store 0 for that store view only."""
import pytest

from tests.helpers import unique
from tests.helpers.store import store_view
from tests.modules.megamenu.menu import (ITEM, ITEM_IFACE, LINK, invalid, item_missing, items_of, link_missing,
                                         new_item, new_link, required)

FULL = {"name": "Summer sale", "label": "HOT", "label_text_color": "#ffffff", "label_background_color": "#d0021b",
        "status": 1, "link": "sale/summer", "link_type": 1, "width": 1, "submenu_type": 0,
        "use_default": "link, link_type"}


def test_the_example_item_for_a_store_view(admin):
    link_id = new_link(admin, parent_id=0, link="sale/summer", link_type=1)["entity_id"]
    created = new_item(admin, entity_id=link_id, type="custom", store_id=1, **FULL)
    assert created == {"id": created["id"], "entity_id": link_id, "type": "custom", "store_id": 1, **FULL}
    assert list(created) == ["id", "entity_id", "type", "store_id", "name", "label", "label_text_color",
                             "label_background_color", "status", "link", "link_type", "use_default", "width",
                             "submenu_type"]
    r = admin.get(ITEM, params={"id": created["id"]})
    assert (r.status_code, r.json()) == (200, created)
    rows = items_of(admin, link_id)
    assert [(x["store_id"], x["id"]) for x in rows] == [(0, rows[0]["id"]), (1, created["id"])]


def test_every_field_and_the_defaults(admin):
    category = 800000 + int(unique("")[-4:], 16)
    minimal = new_item(admin, entity_id=category, type="category")
    assert minimal == {"id": minimal["id"], "entity_id": category, "type": "category", "store_id": 0, "name": "",
                       "label": "", "label_text_color": "", "label_background_color": "", "link": "", "link_type": 0}
    full = {"entity_id": category + 1, "type": "category", "store_id": 0, "name": "Gear", "label": "NEW",
            "label_text_color": "#000", "label_background_color": "#ff0", "status": 2, "link": "gear",
            "link_type": 1, "use_default": "name", "width": 2, "width_value": 960, "column_count": 4,
            "icon": "menu/icons/gear.svg", "submenu_type": 1, "subcategories_position": 2, "hide_content": True,
            "desktop_font": 16, "mobile_font": 14}
    created = new_item(admin, **full)
    assert created == {"id": created["id"], **full}
    # camelCase keys; a null clears a nullable field, which is then left out
    r = admin.put(f"{ITEM}/{created['id']}", json={"item": {"widthValue": None, "hideContent": False, "icon": None}})
    expected = {**created, "hide_content": False}
    del expected["width_value"], expected["icon"]
    assert (r.status_code, r.json()) == (200, expected)


def test_put_picks_the_row_by_its_id_and_keeps_the_node(admin):
    link_a, link_b = new_link(admin)["entity_id"], new_link(admin)["entity_id"]
    a = new_item(admin, entity_id=link_a, type="custom", name="A")
    b = new_item(admin, entity_id=link_b, type="custom", name="B")
    # the body's id is overwritten by the path; its entity_id keeps its meaning (the node)
    r = admin.put(f"{ITEM}/{a['id']}", json={"item": {"id": b["id"], "name": "A2"}})
    assert (r.status_code, r.json()) == (200, {**a, "name": "A2"})
    assert admin.get(ITEM, params={"id": b["id"]}).json() == b
    # moving a row to another node is explicit
    link_c = new_link(admin)["entity_id"]
    r = admin.put(f"{ITEM}/{a['id']}", json={"item": {"entity_id": link_c}})
    assert r.json() == {**a, "name": "A2", "entity_id": link_c}
    # camelCase id in the body is overwritten too
    r = admin.put(f"{ITEM}/{b['id']}", json={"item": {"Id": a["id"], "label": "x"}})
    assert r.status_code == 400  # "Id" is no field: keys are snake_case or camelCase
    r = admin.put(f"{ITEM}/{b['id']}", json={"item": {"id": a["id"], "label": "x"}})
    assert r.json()["id"] == b["id"] and r.json()["label"] == "x"


def test_delete_takes_the_row_by_its_id(admin):
    link_id = new_link(admin, link="keep", link_type=1)["entity_id"]
    [default] = items_of(admin, link_id)
    other = new_item(admin, entity_id=link_id, type="custom", store_id=1, name="One")
    r = admin.delete(f"{ITEM}/{other['id']}")
    assert (r.status_code, r.json()) == (200, True)
    assert [x["id"] for x in items_of(admin, link_id)] == [default["id"]]
    r = admin.get(ITEM, params={"id": other["id"]})
    assert (r.status_code, r.json()) == (404, item_missing(other["id"]))
    # deleting the store-0 row does not delete the link
    assert admin.delete(f"{ITEM}/{default['id']}").json() is True
    r = admin.get(LINK, params={"entityId": link_id})
    assert r.status_code == 200 and (r.json()["link"], r.json()["link_type"]) == ("", 0)


def test_unknown_item_ids_are_404(admin):
    missing = new_item(admin, entity_id=700000 + int(unique("")[-4:], 16), type="category")["id"] + 100000
    for r in (admin.get(ITEM, params={"id": missing}), admin.delete(f"{ITEM}/{missing}"),
              admin.put(f"{ITEM}/{missing}", json={"item": {"name": "x"}})):
        assert (r.status_code, r.json()) == (404, item_missing(missing))


def test_a_custom_item_needs_its_link_and_a_category_is_not_checked(admin):
    link_id = new_link(admin)["entity_id"]
    admin.delete(f"{LINK}/{link_id}")
    r = admin.post(ITEM, json={"item": {"entity_id": link_id, "type": "custom"}})
    assert (r.status_code, r.json()) == (404, link_missing(link_id))
    assert new_item(admin, entity_id=link_id, type="category")["type"] == "category"
    # turning a category row into a custom one checks the link too
    row = new_item(admin, entity_id=link_id + 1, type="category")
    r = admin.put(f"{ITEM}/{row['id']}", json={"item": {"type": "custom", "entity_id": link_id}})
    assert (r.status_code, r.json()) == (404, link_missing(link_id))


def test_one_row_per_node_and_store_view(server, admin):
    de = store_view(server)
    link_id = new_link(admin)["entity_id"]
    first = new_item(admin, entity_id=link_id, type="custom", store_id=de, name="Eins")
    r = admin.post(ITEM, json={"item": {"entity_id": link_id, "type": "custom", "store_id": de, "name": "Zwei"}})
    assert (r.status_code, r.json()) == (400, {
        "message": "Unable to save new item. Error: %1",
        "parameters": [f"The custom node {link_id} already has content for store view {de}."]})
    other = new_item(admin, entity_id=link_id, type="custom", store_id=0)
    r = admin.put(f"{ITEM}/{other['id']}", json={"item": {"store_id": de}})
    assert (r.status_code, r.json()) == (400, {
        "message": "Unable to save item with ID %1. Error: %2",
        "parameters": [other["id"], f"The custom node {link_id} already has content for store view {de}."]})
    # the same node id as a category is another node
    assert new_item(admin, entity_id=link_id, type="category", store_id=de)["store_id"] == de
    assert admin.get(ITEM, params={"id": first["id"]}).json()["name"] == "Eins"


def test_a_store_view_row_overrides_the_defaults_for_that_store_view_only(server, admin_token):
    de = store_view(server)
    with server.client(admin_token, store="de") as german, server.client(admin_token, store="all") as every:
        link_id = new_link(every, link="sale", link_type=1)["entity_id"]
        [default] = items_of(every, link_id)
        every.put(f"{ITEM}/{default['id']}", json={"item": {"name": "Sale", "status": 1, "label": "HOT"}})
        # the German store view's own values: written under its store code, as under any other
        own = new_item(german, entity_id=link_id, type="custom", store_id=de, name="Ausverkauf", status=2,
                       use_default="label, link, linkType, link")
        assert own["use_default"] == "label, link, link_type"
        # the defaults are untouched, and each store view's row is its own
        rows = {x["store_id"]: x for x in items_of(every, link_id)}
        assert (rows[0]["name"], rows[0]["status"], rows[0]["label"]) == ("Sale", 1, "HOT")
        assert (rows[de]["name"], rows[de]["status"], rows[de]["label"]) == ("Ausverkauf", 2, "")
        assert set(rows) == {0, de}
        # the same under every store code
        assert items_of(german, link_id) == items_of(every, link_id)
        # editing the defaults changes nothing the store view set itself
        every.put(f"{ITEM}/{default['id']}", json={"item": {"name": "Big sale"}})
        assert admin_get(german, own["id"])["name"] == "Ausverkauf"
        # the link's own link stays the store-0 one
        assert german.get(LINK, params={"entityId": link_id}).json()["link"] == "sale"


def admin_get(client, item_id):
    return client.get(ITEM, params={"id": item_id}).json()


def test_list_filters_sorts_and_pages(server, admin):
    de = store_view(server)
    link_id = new_link(admin, link="l", link_type=1)["entity_id"]
    new_item(admin, entity_id=link_id, type="custom", store_id=1, name="one", status=1)
    new_item(admin, entity_id=link_id, type="custom", store_id=de, name="zwei", status=3)
    rows = items_of(admin, link_id)
    assert [x["store_id"] for x in rows] == [0, 1, de]
    r = admin.get(f"{ITEM}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
        "searchCriteria[filter_groups][0][filters][0][value]": link_id,
        "searchCriteria[filter_groups][1][filters][0][field]": "status",
        "searchCriteria[filter_groups][1][filters][0][value]": 1,
        "searchCriteria[filter_groups][1][filters][1][field]": "name",
        "searchCriteria[filter_groups][1][filters][1][value]": "zwei",
        "searchCriteria[sortOrders][0][field]": "name",
        "searchCriteria[sortOrders][0][direction]": "DESC",
        "searchCriteria[pageSize]": 1})
    page = r.json()
    assert page["total_count"] == 2 and [x["name"] for x in page["items"]] == ["zwei"]
    assert page["items"][0] == rows[2]


@pytest.mark.parametrize("fields,error", [
    ({"type": "page"}, invalid("type", "page")),
    ({"status": 4}, invalid("status", 4)),
    ({"link_type": 7}, invalid("link_type", 7)),
    ({"width": 3}, invalid("width", 3)),
    ({"submenu_type": 2}, invalid("submenu_type", 2)),
    ({"subcategories_position": -1}, invalid("subcategories_position", -1)),
    ({"width_value": -10}, invalid("width_value", -10)),
    ({"column_count": -1}, invalid("column_count", -1)),
    ({"desktop_font": -1}, invalid("desktop_font", -1)),
    ({"store_id": 999}, invalid("store_id", 999)),
    ({"use_default": "name, colour"}, invalid("use_default", "name, colour")),
])
def test_invalid_values(admin, fields, error):
    body = {"entity_id": 3, "type": "category", **fields}
    r = admin.post(ITEM, json={"item": body})
    assert (r.status_code, r.json()) == (400, error)


def test_required_keys_and_bad_bodies(admin):
    assert admin.post(ITEM, json={}).json() == required("item")
    r = admin.post(ITEM, json={"item": {"type": "category"}})
    assert (r.status_code, r.json()) == (400, required("entity_id"))
    r = admin.post(ITEM, json={"item": {"entity_id": 3}})
    assert (r.status_code, r.json()) == (400, required("type"))
    r = admin.get(ITEM)
    assert (r.status_code, r.json()) == (400, required("id"))
    r = admin.post(ITEM, json={"item": {"entity_id": "three", "type": "category"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "three", "type": "int"}
    r = admin.post(ITEM, json={"item": {"entity_id": 3, "type": "category", "colour": "red"}})
    assert (r.status_code, r.json()) == (400, {"message": 'Property "%1" does not have accessor method "%2" in class "%3".',
                                              "parameters": ["Colour", "getColour", ITEM_IFACE]})


def test_content_is_read_only(admin, sql):
    r = admin.post(ITEM, json={"item": {"entity_id": 3, "type": "category", "content": "<p>x</p>"}})
    assert (r.status_code, r.json()) == (400, {"message": 'Property "%1" does not have corresponding setter in class "%2".',
                                              "parameters": ["Content", ITEM_IFACE]})
    # an empty value is skipped; content written by the storefront's editor is shown and kept
    row = new_item(admin, entity_id=600000 + int(unique("")[-4:], 16), type="category", content="")
    with sql.begin() as c:
        c.exec_driver_sql(f"UPDATE vendor_menu_item_content SET content = '<p>Gear</p>' WHERE id = {row['id']}")
    r = admin.put(f"{ITEM}/{row['id']}", json={"item": {"name": "Gear", "content": None}})
    assert r.json() == {**row, "name": "Gear", "content": "<p>Gear</p>"}


def test_a_too_long_value_fails_the_save(admin):
    r = admin.post(ITEM, json={"item": {"entity_id": 3, "type": "category", "store_id": 1, "name": "n" * 256}})
    assert (r.status_code, r.json()) == (400, {"message": "Unable to save new item. Error: %1",
                                              "parameters": ['The value of "name" is longer than 255 characters.']})


def test_a_deleted_category_takes_its_content_along(admin):
    r = admin.post("/V1/categories", json={"category": {"name": unique("Menu cat "), "is_active": True}})
    assert r.status_code == 200, r.text
    category_id = r.json()["id"]
    row = new_item(admin, entity_id=category_id, type="category", name="Shown")
    new_item(admin, entity_id=category_id, type="category", store_id=1, name="Shown too")
    assert admin.delete(f"/V1/categories/{category_id}").json() is True
    assert items_of(admin, category_id, "category") == []
    assert admin.get(ITEM, params={"id": row["id"]}).status_code == 404
