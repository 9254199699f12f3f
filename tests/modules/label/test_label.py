"""Product labels over HTTP: save (create and replace), getById and getAll with their display mode,
deleteById, and the errors docs/modules/label.md lists."""
import time

import pytest

from tests.helpers import unique
from tests.helpers.store import store_view

SAVE = "/V1/vendor_labels/save"
ALL = "/V1/vendor_labels/all"


def get_path(label_id) -> str:
    return f"/V1/vendor_labels/get/{label_id}"


def delete_path(label_id) -> str:
    return f"/V1/vendor_labels/delete/{label_id}"


EXAMPLE = {
    "name": "Summer sale badge", "status": 1, "priority": 1, "is_single": True, "use_for_parent": True,
    "condition_serialized": "", "active_from": "2024-06-01 00:00:00", "active_to": "2024-08-31 23:59:59",
    "extension_attributes": {
        "frontend_settings": {"type": 2, "label_text": "SALE", "image": None, "image_size": "20", "position": 2,
                              "style": "background:#c00;color:#fff;"},
        "label_tooltip": {"status": 2, "color": "#000000", "text_color": "#FFFFFF", "text": "Summer prices"}}}

DEFAULT_TOOLTIP = {"status": 1, "color": "", "text_color": "", "text": ""}


def save(client, **label):
    r = client.post(SAVE, json={"label": label})
    assert r.status_code == 200, r.text
    return r.json()


def new_label(client, **fields):
    return save(client, **{"name": unique("Label "), **fields})


def wrapped(label_id, inner):
    if label_id is None:
        return {"message": "Unable to save new labels. Error: %1", "parameters": [inner]}
    return {"message": "Unable to save label with ID %1. Error: %2", "parameters": [label_id, inner]}


def not_found(label_id):
    return {"message": 'Labels with specified ID "%1" not found.', "parameters": [label_id]}


# --------------------------------------------------------------------------- the documented example

def test_create_add_the_list_part_read_list_and_delete(server, admin_token):
    with server.client(admin_token, store="all") as everywhere, server.client(admin_token) as default:
        r = everywhere.post(SAVE, json={"label": EXAMPLE})
        assert r.status_code == 200, r.text
        created = r.json()
        label_id = created["label_id"]
        assert isinstance(label_id, int)
        assert created == {
            "label_id": label_id, "name": "Summer sale badge", "status": 1, "priority": 1, "is_single": True,
            "use_for_parent": True, "condition_serialized": "", "active_from": "2024-06-01 00:00:00",
            "active_to": "2024-08-31 23:59:59",
            "extension_attributes": {
                "frontend_settings": {"type": 2, "label_text": "SALE", "image_size": "20", "position": 2,
                                      "style": "background:#c00;color:#fff;"},
                "label_tooltip": {"status": 2, "color": "#000000", "text_color": "#FFFFFF", "text": "Summer prices"}}}
        assert list(created) == ["label_id", "name", "status", "priority", "is_single", "use_for_parent",
                                 "condition_serialized", "active_from", "active_to", "extension_attributes"]

        # the category-list part, with the whole label again
        body = {k: v for k, v in EXAMPLE.items() if k != "extension_attributes"}
        r = everywhere.post(SAVE, json={"label": {"label_id": label_id, **body, "extension_attributes": {
            "frontend_settings": {"type": 1, "label_text": "SALE", "image_size": "15", "position": 0}}}})
        assert r.status_code == 200, r.text
        listed_part = {"type": 1, "label_text": "SALE", "image_size": "15", "position": 0}
        assert r.json()["extension_attributes"] == {"frontend_settings": listed_part,
                                                    "label_tooltip": created["extension_attributes"]["label_tooltip"]}

        # the category page's view, and the product page's (the default mode) which kept its part
        r = default.get(get_path(label_id), params={"mode": 1})
        assert r.status_code == 200 and r.json()["extension_attributes"]["frontend_settings"] == listed_part
        assert default.get(get_path(label_id)).json() == created
        assert default.get(get_path(label_id), params={"mode": 2}).json() == created
        assert everywhere.get(get_path(label_id), params={"mode": 7}).json() == created  # any other integer: 2

        # every label, as a bare array, each with the part for the mode
        labels = default.get(ALL).json()
        assert isinstance(labels, list)
        assert [lb for lb in labels if lb["label_id"] == label_id] == [created]
        assert [lb["label_id"] for lb in labels] == sorted(lb["label_id"] for lb in labels)
        listed = [lb for lb in default.get(ALL, params={"mode": 1}).json() if lb["label_id"] == label_id]
        assert listed[0]["extension_attributes"]["frontend_settings"] == listed_part

        r = everywhere.delete(delete_path(label_id))
        assert r.status_code == 200 and r.json() is True
        r = everywhere.delete(delete_path(label_id))
        assert r.status_code == 404 and r.json() == not_found(label_id)
        r = default.get(get_path(label_id))
        assert r.status_code == 404 and r.json() == not_found(label_id)
        assert label_id not in [lb["label_id"] for lb in default.get(ALL).json()]


# --------------------------------------------------------------------------- defaults and replacement

def test_defaults_of_a_bare_label(admin):
    label = new_label(admin)
    assert label == {"label_id": label["label_id"], "name": label["name"], "status": 0, "priority": 0,
                     "is_single": False, "use_for_parent": False, "condition_serialized": "",
                     "extension_attributes": {"frontend_settings": {"type": 2, "label_text": "", "position": 0},
                                              "label_tooltip": DEFAULT_TOOLTIP}}
    r = admin.get(get_path(label["label_id"]), params={"mode": 1})
    assert r.json()["extension_attributes"]["frontend_settings"] == {"type": 1, "label_text": "", "position": 0}


def test_a_save_replaces_the_label_and_keeps_what_it_does_not_name(admin):
    label = save(admin, **{**EXAMPLE, "name": unique("Replace ")})
    label_id = label["label_id"]
    # the product-list part too
    save(admin, label_id=label_id, name=label["name"],
         extension_attributes={"frontend_settings": {"type": 1, "label_text": "LIST", "position": 6}})
    # only the name: every other key back to its default, but the parts and the tooltip stay
    r = admin.post(SAVE, json={"label": {"label_id": label_id, "name": "Renamed"}})
    assert r.status_code == 200, r.text
    assert r.json() == {"label_id": label_id, "name": "Renamed", "status": 0, "priority": 0, "is_single": False,
                        "use_for_parent": False, "condition_serialized": "",
                        "extension_attributes": label["extension_attributes"]}
    assert admin.get(get_path(label_id)).json() == r.json()
    part = admin.get(get_path(label_id), params={"mode": 1}).json()["extension_attributes"]["frontend_settings"]
    assert part == {"type": 1, "label_text": "LIST", "position": 6}
    # a part is replaced as a whole; a tooltip too
    r = admin.post(SAVE, json={"label": {"label_id": label_id, "name": "Renamed", "extension_attributes": {
        "frontend_settings": {"type": 2, "label_text": "NEW"}, "label_tooltip": {"text": "Hello"}}}})
    assert r.status_code == 200, r.text
    assert r.json()["extension_attributes"] == {"frontend_settings": {"type": 2, "label_text": "NEW", "position": 0},
                                                "label_tooltip": {**DEFAULT_TOOLTIP, "text": "Hello"}}
    # active period cleared by leaving it out; nulls are fine too
    assert "active_from" not in r.json()
    r = admin.post(SAVE, json={"label": {"label_id": label_id, "name": "Renamed", "active_from": None,
                                         "active_to": "2031-01-02"}})
    assert r.status_code == 200 and r.json()["active_to"] == "2031-01-02 00:00:00" and "active_from" not in r.json()


def test_label_id_zero_or_null_creates(admin):
    first = new_label(admin, label_id=0)
    second = new_label(admin, label_id=None)
    assert first["label_id"] > 0 and second["label_id"] > first["label_id"]


def test_camel_case_keys_and_numeric_strings(admin):
    r = admin.post(SAVE, json={"label": {"name": unique("Camel "), "status": "1", "priority": "3", "isSingle": True,
                                         "useForParent": 1, "activeFrom": "2025-01-01 10:00:00",
                                         "extensionAttributes": {"frontendSettings": {"type": "1", "labelText": "x",
                                                                                      "imageSize": "12.5%"},
                                                                 "labelTooltip": {"textColor": "red", "status": 3}}}})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["status"], body["priority"], body["is_single"], body["use_for_parent"]) == (1, 3, True, True)
    assert body["active_from"] == "2025-01-01 10:00:00"
    assert body["extension_attributes"] == {
        "frontend_settings": {"type": 1, "label_text": "x", "image_size": "12.5%", "position": 0},
        "label_tooltip": {"status": 3, "color": "", "text_color": "red", "text": ""}}


def test_conditions_are_checked_and_stored_normalised(admin):
    tree = {"type": "Magento\\CatalogRule\\Model\\Rule\\Condition\\Combine", "aggregator": "ALL",
            "conditions": [{"type": "Magento\\CatalogRule\\Model\\Rule\\Condition\\Product",
                            "attribute": "sku", "operator": "==", "value": "24-MB01"}]}
    import json
    label = new_label(admin, condition_serialized=json.dumps(tree))
    stored = json.loads(label["condition_serialized"])
    assert stored["aggregator"] == "all" and stored["value"] == "1"
    assert stored["conditions"][0]["attribute"] == "sku" and stored["conditions"][0]["value"] == "24-MB01"
    assert admin.get(get_path(label["label_id"])).json()["condition_serialized"] == label["condition_serialized"]

    r = admin.post(SAVE, json={"label": {"name": "Bad tree", "condition_serialized": "not json"}})
    assert r.status_code == 400
    assert r.json()["message"] == "Unable to save new labels. Error: %1"
    assert "not a valid JSON condition tree" in r.json()["parameters"][0]
    bad = {"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Address", "attribute": "base_subtotal",
           "operator": ">", "value": "1"}
    r = admin.post(SAVE, json={"label": {"label_id": label["label_id"], "name": "x",
                                         "condition_serialized": json.dumps({**tree, "conditions": [bad]})}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save label with ID %1. Error: %2"
    assert admin.get(get_path(label["label_id"])).json() == label  # nothing half-written


def test_labels_read_the_same_in_every_store_view(server, admin_token, admin):
    store_view(server, "de")
    label = new_label(admin, extension_attributes={"frontend_settings": {"type": 2, "label_text": "Neu"}})
    deadline = time.monotonic() + 10
    while True:  # the new store code is known once the workers refresh their configuration copy
        with server.client(admin_token, store="de") as de:
            r = de.get(get_path(label["label_id"]))
        if r.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert r.status_code == 200 and r.json() == label
    with server.client(admin_token, store="all") as everywhere:
        assert everywhere.get(get_path(label["label_id"])).json() == label


# --------------------------------------------------------------------------- errors

def test_a_body_without_label(admin):
    for body in ({}, {"labels": {"name": "x"}}):
        r = admin.post(SAVE, json=body)
        assert r.status_code == 400
        assert r.json()["message"] == '"%fieldName" is required. Enter and try again.'
        assert r.json()["parameters"] == {"fieldName": "label"}
    r = admin.post(SAVE, json={"label": "Sale"})
    assert r.status_code == 400


@pytest.mark.parametrize("key", ["prod_txt", "cat_img", "stores", "customer_group_ids", "is_new", "colour"])
def test_unknown_and_old_flat_keys(admin, key):
    r = admin.post(SAVE, json={"label": {"name": "x", key: "1"}})
    assert r.status_code == 400, r.text
    camel = "".join(part.title() for part in key.split("_"))
    assert r.json() == {"message": 'Property "%1" does not have accessor method "%2" in class "%3".',
                        "parameters": [camel, "get" + camel, "Vendor\\Label\\Api\\Data\\LabelInterface"]}


def test_unknown_keys_inside_the_extension_attributes(admin):
    r = admin.post(SAVE, json={"label": {"name": "x", "extension_attributes": {"frontend_settings": {
        "type": 2, "prod_pos": 1}}}})
    assert r.status_code == 400 and r.json()["parameters"][0] == "ProdPos"
    r = admin.post(SAVE, json={"label": {"name": "x", "extension_attributes": {"badge": {}}}})
    assert r.status_code == 400 and r.json()["parameters"][0] == "Badge"


def test_render_settings_are_ignored(admin):
    label = new_label(admin, extension_attributes={"render_settings": {"product": 1, "label_visible": True}})
    assert "render_settings" not in label["extension_attributes"]


@pytest.mark.parametrize("label, type_name", [
    ({"status": "active"}, "int"), ({"priority": "high"}, "int"), ({"is_single": "maybe"}, "bool"),
    ({"extension_attributes": {"frontend_settings": {"type": 2, "position": "top"}}}, "int"),
])
def test_wrong_types(admin, label, type_name):
    r = admin.post(SAVE, json={"label": {"name": "x", **label}})
    assert r.status_code == 400, r.text
    assert r.json()["message"] == ('The "%value" value\'s type is invalid. The "%type" type was expected. '
                                   'Verify and try again.')
    assert r.json()["parameters"]["type"] == type_name


def test_a_mode_that_is_not_an_integer(admin):
    label = new_label(admin)
    for path in (get_path(label["label_id"]), ALL):
        r = admin.get(path, params={"mode": "abc"})
        assert r.status_code == 400
        assert r.json()["parameters"] == {"value": "abc", "type": "int"}
    r = admin.get(get_path("seven"))
    assert r.status_code == 400 and r.json()["parameters"]["type"] == "int"


@pytest.mark.parametrize("label, field, value", [
    ({}, None, None),
    ({"name": "  "}, None, None),
    ({"name": "x" * 256}, "name", "x" * 256),
    ({"status": 2}, "status", 2),
    ({"priority": 256}, "priority", 256),
    ({"priority": -1}, "priority", -1),
    ({"active_from": "tomorrow"}, "active_from", "tomorrow"),
    ({"active_from": "2025-02-01 00:00:00", "active_to": "2025-01-01 00:00:00"}, "active_to", "2025-01-01 00:00:00"),
    ({"extension_attributes": {"frontend_settings": {"type": 3}}}, "type", 3),
    ({"extension_attributes": {"frontend_settings": {"label_text": "x"}}}, None, None),
    ({"extension_attributes": {"frontend_settings": {"type": 1, "position": 9}}}, "position", 9),
    ({"extension_attributes": {"frontend_settings": {"type": 1, "position": -1}}}, "position", -1),
    ({"extension_attributes": {"frontend_settings": {"type": 1, "image_size": "big"}}}, "image_size", "big"),
    ({"extension_attributes": {"frontend_settings": {"type": 1, "image_size": "150"}}}, "image_size", "150"),
    ({"extension_attributes": {"label_tooltip": {"status": 0}}}, "status", 0),
    ({"extension_attributes": {"label_tooltip": {"color": "c" * 31}}}, "color", "c" * 31),
])
def test_a_failed_save_says_why_and_writes_nothing(admin, label, field, value):
    body = {"name": "Checked", **label} if label else {}
    if "name" in label:
        body["name"] = label["name"]
    before = admin.get(ALL).json()
    r = admin.post(SAVE, json={"label": body})
    assert r.status_code == 400, r.text
    if field is None:
        key = "type" if "extension_attributes" in label else "name"
        inner = f'"{key}" is required. Enter and try again.'
    elif field == "name":  # a column of the label: the kit's length check
        inner = 'The value of "name" is longer than 255 characters.'
    else:
        inner = f'Invalid value of "{value}" provided for the {field} field.'
    assert r.json() == wrapped(None, inner)
    assert admin.get(ALL).json() == before

    stored = new_label(admin, status=1)
    r = admin.post(SAVE, json={"label": {**body, "label_id": stored["label_id"]}})
    assert r.status_code == 400 and r.json() == wrapped(stored["label_id"], inner)
    assert admin.get(get_path(stored["label_id"])).json() == stored


def test_missing_labels_are_404(admin):
    missing = 987654
    for r in (admin.get(get_path(missing)), admin.delete(delete_path(missing)),
              admin.post(SAVE, json={"label": {"label_id": missing, "name": "x"}})):
        assert r.status_code == 404 and r.json() == not_found(missing)
    assert "x" not in [lb["name"] for lb in admin.get(ALL).json()]


def test_no_put_route(admin):
    label = new_label(admin)
    r = admin.put(f"/V1/vendor_labels/save/{label['label_id']}", json={"label": {"name": "x"}})
    assert r.status_code == 404
    r = admin.put(SAVE, json={"label": {"name": "x"}})
    assert r.status_code in (404, 405)


def test_async_save_and_delete(admin):
    name = unique("Async ")
    r = admin.post("/async/V1/vendor_labels/save", json={"label": {"name": name, "status": 1}})
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 20
    found = []
    while not found and time.monotonic() < deadline:
        found = [lb for lb in admin.get(ALL).json() if lb["name"] == name]
        time.sleep(0.2)
    assert len(found) == 1 and found[0]["status"] == 1
    r = admin.delete(f"/async/V1/vendor_labels/delete/{found[0]['label_id']}")
    assert r.status_code == 202, r.text
    while time.monotonic() < deadline and admin.get(get_path(found[0]["label_id"])).status_code == 200:
        time.sleep(0.2)
    assert admin.get(get_path(found[0]["label_id"])).status_code == 404
