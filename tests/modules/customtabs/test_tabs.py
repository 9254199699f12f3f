"""Product tabs over HTTP: create, read, change, list and delete, every field and default, and the
errors of each route."""
import re

from tests.helpers import ok, unique

BASE = "/V1/vendor_customTabs/tabs"
TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")

SHIPPING = {
    "tab_title": "Shipping",
    "tab_anchor": "shipping",
    "status": 1,
    "is_active": 1,
    "sort_order": 40,
    "customer_groups": "0,1,2,3",
    "content": "<p>Free shipping over 50 EUR.</p>",
    "related_enabled": 0,
    "upsell_enabled": 0,
    "crosssell_enabled": 0,
    "conditions_serialized": "",
    "type": 0,
}


def create(client, **fields) -> dict:
    body = {"tab_name": unique("tab-"), **fields}
    return ok(client.post(BASE, json={"tabs": body}))


def get(client, tab_id, **params) -> dict:
    return ok(client.get(BASE, params={"tabId": tab_id, **params}))


def error(r, status: int) -> dict:
    assert r.status_code == status, r.text
    return r.json()


def test_create_answers_the_whole_tab(admin):
    name = unique("shipping-info-")
    tab = ok(admin.post(BASE, json={"tabs": {"tab_name": name, **SHIPPING}}))
    tab_id = tab["tab_id"]
    assert isinstance(tab_id, int)
    assert TIME.fullmatch(tab["created_at"]) and tab["updated_at"] == tab["created_at"]
    assert tab == {"tab_id": tab_id, "store_id": 0, "tab_name": name, **SHIPPING,
                   "module_name": "", "name_in_layout": "",
                   "created_at": tab["created_at"], "updated_at": tab["updated_at"],
                   "stores": ["0"], "identities": [f"vendor_customtabs_tabs_{tab_id}"]}
    assert get(admin, tab_id) == tab


def test_defaults_of_a_new_tab(admin):
    tab = create(admin)
    assert tab == {"tab_id": tab["tab_id"], "store_id": 0, "tab_name": tab["tab_name"],
                   "tab_title": tab["tab_name"], "sort_order": 0, "status": 1, "is_active": 1,
                   "customer_groups": "", "content": "", "related_enabled": 0, "upsell_enabled": 0,
                   "crosssell_enabled": 0, "conditions_serialized": "", "type": 0, "module_name": "",
                   "name_in_layout": "", "created_at": tab["created_at"], "updated_at": tab["updated_at"],
                   "stores": ["0"], "identities": [f"vendor_customtabs_tabs_{tab['tab_id']}"]}
    assert "tab_anchor" not in tab  # null values are left out


def test_a_built_in_tab_under_the_shops_control(admin):
    tab = create(admin, tab_title="Details", type=1, module_name="Magento_Catalog",
                 name_in_layout="product.info.description", sort_order=10)
    assert (tab["type"], tab["module_name"], tab["name_in_layout"]) == (1, "Magento_Catalog", "product.info.description")
    tab = ok(admin.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"status": 0}}))
    assert tab["status"] == 0 and tab["type"] == 1


def test_put_merges_over_the_stored_tab_and_the_path_decides(admin):
    first, second = create(admin, **SHIPPING), create(admin, sort_order=7)
    r = admin.put(f"{BASE}/{first['tab_id']}", json={"tabs": {"tab_id": second["tab_id"], "tab_title": "Delivery",
                                                               "sort_order": None}})
    changed = ok(r)
    assert changed["tab_id"] == first["tab_id"]
    expected = {**first, "tab_title": "Delivery", "updated_at": changed["updated_at"]}
    del expected["sort_order"]  # null clears it (its type allows null)
    assert changed == expected
    assert get(admin, second["tab_id"]) == second
    # a null for a value that is never empty keeps it
    assert ok(admin.put(f"{BASE}/{first['tab_id']}", json={"tabs": {"status": None, "content": None}}))["status"] == 1
    assert get(admin, first["tab_id"])["content"] == SHIPPING["content"]


def test_camel_case_keys_and_snake_case_parameter(admin):
    tab = ok(admin.post(BASE, json={"tabs": {"tabName": unique("camel-"), "tabTitle": "Camel", "sortOrder": 3}}))
    assert (tab["tab_title"], tab["sort_order"]) == ("Camel", 3)


def test_times(admin):
    tab = create(admin, created_at="2024-05-02 10:00:00", updated_at="2001-01-01 00:00:00")
    assert tab["created_at"] == "2024-05-02 10:00:00"
    assert tab["updated_at"] != "2001-01-01 00:00:00" and TIME.fullmatch(tab["updated_at"])
    changed = ok(admin.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"content": "x"}}))
    assert changed["created_at"] == "2024-05-02 10:00:00" and changed["updated_at"] >= tab["updated_at"]
    r = admin.post(BASE, json={"tabs": {"tab_name": unique(), "created_at": "yesterday"}})
    assert error(r, 400)["message"] == "Unable to save new tabs. Error: %1"


def test_customer_groups_are_an_id_list(admin):
    tab = create(admin, customer_groups="3, 1,,1 ")
    assert tab["customer_groups"] == "3,1"
    r = admin.post(BASE, json={"tabs": {"tab_name": unique(), "customer_groups": "guests"}})
    assert error(r, 400) == {"message": "Unable to save new tabs. Error: %1",
                             "parameters": ['Invalid value of "guests" provided for the customer_groups field.']}


def test_conditions_are_a_checked_rule_tree(admin):
    tree = ('{"type": "Magento\\\\CatalogRule\\\\Model\\\\Rule\\\\Condition\\\\Combine", "aggregator": "ALL", '
            '"conditions": [{"type": "Magento\\\\CatalogRule\\\\Model\\\\Rule\\\\Condition\\\\Product", '
            '"attribute": "sku", "operator": "==", "value": "MS-TEE"}]}')
    tab = create(admin, conditions_serialized=tree)
    stored = tab["conditions_serialized"]
    assert '"aggregator":"all"' in stored and '"attribute":"sku"' in stored and '"value":"1"' in stored
    assert ok(admin.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"conditions_serialized": ""}}))[
        "conditions_serialized"] == ""
    r = admin.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"conditions_serialized": "{not json"}})
    body = error(r, 400)
    assert body["message"] == "Unable to save tabs with ID %1. Error: %2" and body["parameters"][0] == tab["tab_id"]
    assert body["parameters"][1].startswith("The conditions are not a valid JSON condition tree")


def test_get_by_id_and_its_404(admin):
    tab = create(admin)
    assert get(admin, tab["tab_id"]) == tab
    assert error(admin.get(BASE, params={"tabId": 999999}), 404) == {
        "message": 'Tabs with specified ID "%1" not found.', "parameters": [999999]}
    assert error(admin.get(BASE), 400)["parameters"] == {"fieldName": "tabId"}
    assert error(admin.get(BASE, params={"tabId": "abc"}), 400)["parameters"] == {"value": "abc", "type": "int"}


def test_delete(admin):
    tab = create(admin)
    assert ok(admin.delete(f"{BASE}/{tab['tab_id']}")) is True
    assert error(admin.get(BASE, params={"tabId": tab["tab_id"]}), 404)["parameters"] == [tab["tab_id"]]
    assert error(admin.delete(f"{BASE}/{tab['tab_id']}"), 404) == {
        "message": 'Tabs with specified ID "%1" not found.', "parameters": [tab["tab_id"]]}


def test_built_in_and_third_party_tabs_are_switched_off_not_deleted(admin):
    for kind in (1, 2):
        tab = create(admin, type=kind, module_name="Vendor_Other", name_in_layout="other.tab")
        assert error(admin.delete(f"{BASE}/{tab['tab_id']}"), 400) == {
            "message": "Unable to remove tabs with ID %1. Error: %2",
            "parameters": [tab["tab_id"], "A built-in or third-party tab cannot be deleted; disable it instead."]}
        assert get(admin, tab["tab_id"]) == tab
        ok(admin.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"type": 0}}))
        assert ok(admin.delete(f"{BASE}/{tab['tab_id']}")) is True


def test_put_of_a_missing_tab_is_a_404_and_writes_nothing(admin):
    name = unique("ghost-")
    r = admin.put(f"{BASE}/999998", json={"tabs": {"tab_name": name}})
    assert error(r, 404) == {"message": 'Tabs with specified ID "%1" not found.', "parameters": [999998]}
    page = ok(admin.get(f"{BASE}/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "tab_name",
                                                "searchCriteria[filter_groups][0][filters][0][value]": name}))
    assert page["total_count"] == 0


def test_body_errors(admin):
    assert error(admin.post(BASE, json={}), 400) == {"message": '"%fieldName" is required. Enter and try again.',
                                                    "parameters": {"fieldName": "tabs"}}
    assert error(admin.post(BASE, json={"tab": {"tab_name": "x"}}), 400)["parameters"] == {"fieldName": "tabs"}
    assert error(admin.post(BASE, json={"tabs": "shipping"}), 400)["message"].startswith('The "%value" value')
    unknown = error(admin.post(BASE, json={"tabs": {"tab_name": unique(), "colour": "red"}}), 400)
    assert unknown["message"] == 'Property "%1" does not have accessor method "%2" in class "%3".'
    assert unknown["parameters"] == ["Colour", "getColour", "Vendor\\CustomTabs\\Api\\Data\\TabsInterface"]
    for key, value in (("stores", ["1"]), ("identities", ["x"])):
        r = admin.post(BASE, json={"tabs": {"tab_name": unique(), key: value}})
        assert error(r, 400)["message"] == 'Property "%1" does not have corresponding setter in class "%2".'
    # empty read-only keys are ignored
    tab = create(admin, stores=[], identities=None)
    assert tab["stores"] == ["0"]
    wrong = error(admin.post(BASE, json={"tabs": {"tab_name": unique(), "sort_order": "first"}}), 400)
    assert wrong == {"message": 'The "%value" value\'s type is invalid. The "%type" type was expected. '
                                'Verify and try again.', "parameters": {"value": "first", "type": "int"}}
    assert error(admin.post(BASE, content=b"{", headers={"Content-Type": "application/json"}), 400)[
        "message"] == "Decoding error."


def test_save_errors(admin):
    r = admin.post(BASE, json={"tabs": {"tab_title": "No name"}})
    assert error(r, 400) == {"message": "Unable to save new tabs. Error: %1",
                             "parameters": ['"tab_name" is required. Enter and try again.']}
    tab = create(admin)
    r = admin.post(BASE, json={"tabs": {"tab_name": tab["tab_name"].upper()}})
    assert error(r, 400) == {"message": "Unable to save new tabs. Error: %1",
                             "parameters": [f'A tab named "{tab["tab_name"].upper()}" already exists.']}
    other = create(admin)
    r = admin.put(f"{BASE}/{other['tab_id']}", json={"tabs": {"tab_name": tab["tab_name"]}})
    assert error(r, 400) == {"message": "Unable to save tabs with ID %1. Error: %2",
                             "parameters": [other["tab_id"], f'A tab named "{tab["tab_name"]}" already exists.']}
    for key, value in (("status", 2), ("is_active", 5), ("related_enabled", -1), ("upsell_enabled", 3),
                       ("crosssell_enabled", 9), ("type", 3)):
        r = admin.put(f"{BASE}/{other['tab_id']}", json={"tabs": {key: value}})
        assert error(r, 400) == {"message": "Unable to save tabs with ID %1. Error: %2", "parameters": [
            other["tab_id"], f'Invalid value of "{value}" provided for the {key} field.']}
    r = admin.put(f"{BASE}/{other['tab_id']}", json={"tabs": {"tab_name": "  "}})
    assert error(r, 400)["parameters"] == [other["tab_id"], '"tab_name" is required. Enter and try again.']
    # nothing of the refused saves was written
    assert get(admin, other["tab_id"]) == other
    assert ok(admin.put(f"{BASE}/{tab['tab_id']}", json={"tabs": {"tab_name": tab["tab_name"]}}))  # its own name
