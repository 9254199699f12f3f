"""Order attributes for admins over HTTP: the definition routes, the entity-data routes (values of any
order or cart), their errors, their ACL and their async/bulk forms."""
import httpx
import pytest

from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.queue import wait_for
from tests.helpers.quote import error

ATTRIBUTE = "/V1/vendor_orderattr/attribute"
DATA = "/V1/vendor_orderattr/entityData"
RESOURCE = "Vendor_Orderattr::order_attributes"
DENIED = {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": RESOURCE}}
NOT_FOUND = 'EntityData with specified ID "%1" not found.'


def define(admin, **fields) -> dict:
    body = {"attribute_code": unique("oa_"), "frontend_label": "PO number", "frontend_input": "text", **fields}
    return ok(admin.post(ATTRIBUTE, json={"attribute": body}))


@pytest.fixture
def codes(admin):
    """Two attributes (a text and a select), removed afterwards."""
    po = define(admin, frontend_label="PO number")
    note = define(admin, frontend_label="Delivery instructions", frontend_input="textarea")
    yield po, note
    for a in (po, note):
        admin.delete(f"{ATTRIBUTE}/{a['attribute_id']}")


def parent() -> int:
    """A parent id no other test uses (existence is not checked)."""
    return int(unique("")[:7], 16) % 1_000_000_000 + 100_000


def by_parent(admin, parent_id, parent_type=1) -> dict:
    return ok(admin.get(f"{DATA}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "parent_id",
        "searchCriteria[filter_groups][0][filters][0][value]": parent_id,
        "searchCriteria[filter_groups][1][filters][0][field]": "parent_entity_type",
        "searchCriteria[filter_groups][1][filters][0][value]": parent_type}))


# --------------------------------------------------------------------------- definitions

def test_definition_create_read_edit_list_delete(admin):
    code = unique("slot_")
    created = define(admin, attribute_code=code, frontend_label="Delivery slot", frontend_input="select",
                     is_required=True, options=[{"label": "Morning"}, {"value": 7, "label": "Evening"}],
                     store_labels=[{"store_id": 1, "label": "Slot"}], customer_group_ids=[1, 0, 1],
                     shipping_methods=["flatrate_flatrate"], form_codes=["vd_checkout_shipping"])
    attribute_id = created["attribute_id"]
    assert created == {
        "attribute_id": attribute_id, "attribute_code": code, "frontend_label": "Delivery slot",
        "frontend_input": "select", "is_required": True, "sort_order": 0,
        "options": [{"value": 8, "label": "Morning", "sort_order": 0}, {"value": 7, "label": "Evening", "sort_order": 1}],
        "store_labels": [{"store_id": 1, "label": "Slot"}], "store_ids": [], "customer_group_ids": [0, 1],
        "shipping_methods": ["flatrate_flatrate"], "form_codes": ["vd_checkout_shipping"]}
    path = f"{ATTRIBUTE}/{attribute_id}"
    assert ok(admin.get(path)) == created

    # a PUT merges: the options it sends replace the stored ones, the rest stays
    edited = ok(admin.put(path, json={"attribute": {"attribute_id": 999999, "frontend_label": "Slot",
                                                    "options": [{"value": 7, "label": "Late"}]}}))
    assert edited == {**created, "frontend_label": "Slot", "options": [{"value": 7, "label": "Late", "sort_order": 0}]}

    page = ok(admin.get(f"{ATTRIBUTE}/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "attribute_code",
        "searchCriteria[filter_groups][0][filters][0][value]": code,
        "searchCriteria[filter_groups][0][filters][1][field]": "attribute_code",
        "searchCriteria[filter_groups][0][filters][1][value]": "nothing_like_it"}))
    assert page["total_count"] == 1 and page["items"] == [edited]

    assert ok(admin.delete(path)) is True
    error(admin.get(path), 404, 'The order attribute with ID "%1" doesn\'t exist.', [attribute_id])
    error(admin.delete(path), 404, 'The order attribute with ID "%1" doesn\'t exist.', [attribute_id])


@pytest.mark.parametrize("fields, message, parameters", [
    ({"attribute_code": None}, '"%fieldName" is required. Enter and try again.', {"fieldName": "attribute_code"}),
    ({"frontend_label": " "}, '"%fieldName" is required. Enter and try again.', {"fieldName": "frontend_label"}),
    ({"attribute_code": "9lives"}, 'Invalid value of "%value" provided for the %fieldName field.',
     {"value": "9lives", "fieldName": "attribute_code"}),
    ({"frontend_input": "colour"}, 'Invalid value of "%value" provided for the %fieldName field.',
     {"value": "colour", "fieldName": "frontend_input"}),
    ({"form_codes": ["checkout"]}, 'Invalid value of "%value" provided for the %fieldName field.',
     {"value": "checkout", "fieldName": "form_codes"}),
    ({"store_ids": [999]}, 'Invalid value of "%value" provided for the %fieldName field.',
     {"value": 999, "fieldName": "store_ids"}),
    ({"shipping_methods": ["flatrate"]}, 'Invalid value of "%value" provided for the %fieldName field.',
     {"value": "flatrate", "fieldName": "shipping_methods"}),
    ({"frontend_input": "select", "options": [{"value": 2, "label": "A"}, {"value": 2, "label": "B"}]},
     'Invalid value of "%value" provided for the %fieldName field.', {"value": 2, "fieldName": "value"}),
    ({"options": [{"label": "A"}]},
     'Options are only for the select, radios, multiselect and checkboxes inputs; "%1" takes none.', ["text"]),
    ({"frontend_label": "Bad\x00"}, 'Invalid value of "%value" provided for the %fieldName field.',
     {"value": "Bad\\0", "fieldName": "frontend_label"}),
    ({"is_required": "maybe"}, None, None),
    ({"colour": "red"}, 'Property "%1" does not have accessor method "%2" in class "%3".', None),
])
def test_definition_errors(admin, fields, message, parameters):
    body = {"attribute_code": unique("bad_"), "frontend_label": "Bad", "frontend_input": "text", **fields}
    r = admin.post(ATTRIBUTE, json={"attribute": body})
    assert r.status_code == 400, r.text
    if message is not None:
        error(r, 400, message, parameters)
    assert ok(admin.get(f"{ATTRIBUTE}/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "frontend_label",
        "searchCriteria[filter_groups][0][filters][0][value]": "Bad"}))["total_count"] == 0


def test_a_code_is_unique(admin):
    first = define(admin)
    try:
        error(admin.post(ATTRIBUTE, json={"attribute": {"attribute_code": first["attribute_code"],
                                                        "frontend_label": "Again", "frontend_input": "text"}}),
              400, 'An order attribute with the code "%1" already exists.', [first["attribute_code"]])
    finally:
        admin.delete(f"{ATTRIBUTE}/{first['attribute_id']}")


# --------------------------------------------------------------------------- entity data

def test_entity_data_documented_flow(admin, codes):
    po, note = codes
    parent_id = parent()
    created = ok(admin.post(DATA, json={"entityData": {"parent_id": parent_id, "parent_entity_type": 1,
                                                      "custom_attributes": [{"attribute_code": po["attribute_code"],
                                                                             "value": "PO-7781"}]}}))
    entity_id = created["entity_id"]
    assert created == {"entity_id": entity_id, "parent_id": parent_id, "parent_entity_type": 1,
                       "custom_attributes": [{"attribute_code": po["attribute_code"], "value": "PO-7781"}]}

    # a PUT merges the values it sends, drops unknown codes, and the path's id wins
    edited = ok(admin.put(f"{DATA}/{entity_id}", json={"entity_data": {"entity_id": 1, "custom_attributes": [
        {"attribute_code": note["attribute_code"], "value": "Call first"},
        {"attribute_code": "no_such_code", "value": "x"}]}}))
    both = [{"attribute_code": po["attribute_code"], "value": "PO-7781"},
            {"attribute_code": note["attribute_code"], "value": "Call first"}]
    assert edited == {**created, "custom_attributes": both}

    page = by_parent(admin, parent_id)
    assert page["total_count"] == 1 and page["items"] == [edited]
    assert by_parent(admin, parent_id, 2)["total_count"] == 0
    assert ok(admin.get(DATA, params={"entityId": entity_id})) == edited

    # a map of values is taken too; a value sent empty is removed
    assert ok(admin.post(DATA, json={"entityData": {"entity_id": entity_id, "custom_attributes": {
        po["attribute_code"]: ""}}}))["custom_attributes"] == both[1:]

    assert ok(admin.delete(f"{DATA}/{entity_id}")) is True
    error(admin.get(DATA, params={"entityId": entity_id}), 404, NOT_FOUND, [entity_id])
    error(admin.delete(f"{DATA}/{entity_id}"), 404, NOT_FOUND, [entity_id])
    error(admin.put(f"{DATA}/{entity_id}", json={"entityData": {"parent_id": 1}}), 404, NOT_FOUND, [entity_id])
    error(admin.post(DATA, json={"entityData": {"entity_id": entity_id, "parent_id": 1}}), 404, NOT_FOUND, [entity_id])
    assert by_parent(admin, parent_id)["total_count"] == 0


def test_entity_data_list_or_inside_a_group_and_paging(admin, codes):
    po, _ = codes
    a, b = parent(), parent()
    for p in (a, b):
        ok(admin.post(DATA, json={"entityData": {"parent_id": p, "parent_entity_type": 2,
                                                 "custom_attributes": [{"attribute_code": po["attribute_code"],
                                                                        "value": f"PO-{p}"}]}}))
    criteria = {"searchCriteria[filter_groups][0][filters][0][field]": "parent_id",
                "searchCriteria[filter_groups][0][filters][0][value]": a,
                "searchCriteria[filter_groups][0][filters][1][field]": "parent_id",
                "searchCriteria[filter_groups][0][filters][1][value]": b,
                "searchCriteria[sortOrders][0][field]": "parent_id",
                "searchCriteria[sortOrders][0][direction]": "DESC",
                "searchCriteria[pageSize]": 1, "searchCriteria[currentPage]": 1}
    page = ok(admin.get(f"{DATA}/all", params=criteria))
    assert page["total_count"] == 2 and len(page["items"]) == 1
    assert page["items"][0]["parent_id"] == max(a, b)
    assert page["items"][0]["custom_attributes"] == [{"attribute_code": po["attribute_code"], "value": f"PO-{max(a, b)}"}]
    error(admin.get(f"{DATA}/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "colour",
                                           "searchCriteria[filter_groups][0][filters][0][value]": "1"}), 400,
          admin.get(f"{DATA}/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "colour",
                                           "searchCriteria[filter_groups][0][filters][0][value]": "1"}).json()["message"])


def test_one_entity_per_parent(admin, codes):
    po, _ = codes
    parent_id = parent()
    first = ok(admin.post(DATA, json={"entityData": {"entity_id": 0, "parent_id": parent_id, "parent_entity_type": 1}}))
    assert "custom_attributes" not in first
    r = admin.post(DATA, json={"entityData": {"parent_id": parent_id, "parent_entity_type": 1, "custom_attributes": [
        {"attribute_code": po["attribute_code"], "value": "lost"}]}})
    error(r, 400, "Unable to save Order Attributes. Error: %1",
          [f'The order with ID "{parent_id}" already has order attribute values (entity {first["entity_id"]}).'])
    # moving another entity onto the same parent fails the same way and changes nothing
    other = ok(admin.post(DATA, json={"entityData": {"parent_id": parent_id, "parent_entity_type": 2}}))
    r = admin.put(f"{DATA}/{other['entity_id']}", json={"entityData": {"parent_entity_type": 1}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save Order Attributes. Error: %1"
    assert by_parent(admin, parent_id)["items"] == [first]
    assert by_parent(admin, parent_id, 2)["items"] == [other]


@pytest.mark.parametrize("body, message, parameters", [
    ({}, '"%fieldName" is required. Enter and try again.', {"fieldName": "entityData"}),
    ({"entityData": {"parent_entity_type": 1}}, '"%fieldName" is required. Enter and try again.',
     {"fieldName": "parent_id"}),
    ({"entityData": {"parent_id": 5}}, '"%fieldName" is required. Enter and try again.',
     {"fieldName": "parent_entity_type"}),
    ({"entityData": {"parent_id": 5, "parent_entity_type": 3}},
     'Invalid value of "%value" provided for the %fieldName field.', {"fieldName": "parent_entity_type", "value": "3"}),
    ({"entityData": {"parent_id": "five", "parent_entity_type": 1}},
     'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.', None),
    ({"entityData": {"parent_id": 5, "parent_entity_type": 1, "custom_attributes": [{"value": "x"}]}},
     "A custom attribute is specified with a missing attribute code. Verify the code and try again.", None),
    ({"entityData": {"parent_id": 5, "parent_entity_type": 1,
                     "custom_attributes": [{"attribute_code": "po", "value": None}]}},
     'The "%1" attribute code doesn\'t have a value set. Enter the value and try again.', ["po"]),
    ({"entityData": {"parent_id": 5, "parent_entity_type": 1, "Colour": "red"}},
     'Property "%1" does not have accessor method "%2" in class "%3".',
     ["Colour", "getColour", "Vendor\\Orderattr\\Api\\Data\\EntityDataInterface"]),
    ({"entityData": {"parent_id": 5, "parent_entity_type": 1,
                     "custom_attributes": [{"attribute_code": "po", "value": "a\x00b"}]}},
     'Invalid value of "%value" provided for the %fieldName field.', {"value": "a\\0b", "fieldName": "value"}),
    ({"entityData": "not an object"}, None, None),
])
def test_entity_data_input_errors(admin, body, message, parameters):
    r = admin.post(DATA, json=body)
    assert r.status_code == 400, r.text
    if message is not None:
        error(r, 400, message, parameters)
    assert by_parent(admin, 5)["total_count"] == 0


def test_get_needs_an_entity_id(admin):
    error(admin.get(DATA), 400, '"%fieldName" is required. Enter and try again.', {"fieldName": "entityId"})
    error(admin.get(DATA, params={"entityId": 2**31 - 1}), 404, NOT_FOUND, [2**31 - 1])
    assert admin.get(DATA, params={"entityId": "nine"}).status_code == 400


# --------------------------------------------------------------------------- access

def admin_routes(attribute_id, entity_id):
    return [("POST", ATTRIBUTE, {"attribute": {"attribute_code": unique("acl_"), "frontend_label": "A",
                                               "frontend_input": "text"}}),
            ("PUT", f"{ATTRIBUTE}/{attribute_id}", {"attribute": {"frontend_label": "B"}}),
            ("GET", f"{ATTRIBUTE}/{attribute_id}", None), ("GET", f"{ATTRIBUTE}/search?searchCriteria[pageSize]=1", None),
            ("POST", DATA, {"entityData": {"parent_id": parent(), "parent_entity_type": 2}}),
            ("PUT", f"{DATA}/{entity_id}", {"entityData": {"parent_id": parent()}}),
            ("GET", f"{DATA}?entityId={entity_id}", None), ("GET", f"{DATA}/all?searchCriteria[pageSize]=1", None),
            ("DELETE", f"{DATA}/{entity_id}", None), ("DELETE", f"{ATTRIBUTE}/{attribute_id}", None)]


def test_the_resource_or_its_parent_grants_the_admin_routes_and_others_are_refused(server, admin, guest):
    """The parent's grant reaching the routes shows the tree: order_attributes hangs under orderattr."""
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer, \
            server.client(limited_admin(server, "Magento_Sales::sales")) as other:
        attribute_id = define(admin)["attribute_id"]
        entity_id = ok(admin.post(DATA, json={"entityData": {"parent_id": parent(), "parent_entity_type": 2}}))["entity_id"]
        for client in (guest, customer, other):
            for method, path, body in admin_routes(attribute_id, entity_id):
                r = client.request(method, path, json=body)
                assert r.status_code == 401 and r.json() == DENIED, (method, path, r.text)
        ok(admin.get(f"{ATTRIBUTE}/{attribute_id}"))
        ok(admin.get(DATA, params={"entityId": entity_id}))
    for resource in (RESOURCE, "Vendor_Orderattr::orderattr"):
        attribute_id = define(admin)["attribute_id"]
        entity_id = ok(admin.post(DATA, json={"entityData": {"parent_id": parent(), "parent_entity_type": 2}}))["entity_id"]
        with server.client(limited_admin(server, resource)) as limited:
            for method, path, body in admin_routes(attribute_id, entity_id):
                r = limited.request(method, path, json=body)
                assert r.status_code == 200, (resource, method, path, r.text)


def test_async_and_bulk_writes(admin, codes):
    po, _ = codes
    parent_id = parent()
    r = admin.post(f"/async{DATA}", json={"entityData": {"parent_id": parent_id, "parent_entity_type": 1,
                                                        "custom_attributes": [{"attribute_code": po["attribute_code"],
                                                                               "value": "async"}]}})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    (item,) = by_parent(admin, parent_id)["items"]
    r = admin.put(f"/async/bulk{DATA}/byEntityId", json=[{"entityId": item["entity_id"], "entityData": {
        "custom_attributes": [{"attribute_code": po["attribute_code"], "value": "bulk"}]}}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert ok(admin.get(DATA, params={"entityId": item["entity_id"]}))["custom_attributes"][0]["value"] == "bulk"
    r = admin.request("DELETE", f"/async/bulk{DATA}/byEntityId", json=[{"entityId": item["entity_id"]}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert by_parent(admin, parent_id)["total_count"] == 0


def test_guests_are_refused_without_a_token(server):
    r = httpx.post(server.url + f"/rest/V1{ATTRIBUTE[3:]}", json={"attribute": {}})
    assert r.status_code == 401 and r.json() == DENIED
