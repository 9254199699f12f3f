"""Options of the product select attributes over HTTP, with labels per store view."""
from tests.helpers import unique
from tests.helpers.quote import error

BASE = "/V1/products/attributes/{}/options"


def test_add_list_and_delete(admin):
    label = unique("Red ")
    r = admin.post(BASE.format("color"), json={"option": {"label": label, "sort_order": 1, "store_labels": [
        {"store_id": 0, "label": label}, {"store_id": 1, "label": label + " (default view)"}]}})
    assert r.status_code == 200, r.text
    option_id = r.json()
    assert isinstance(option_id, str) and option_id.isdigit()
    listed = admin.get(BASE.format("color")).json()
    assert listed[0] == {"label": " ", "value": ""}
    assert {"label": label + " (default view)", "value": option_id} in listed
    # an option without a label for the store view shows the admin label
    plain = unique("Blue ")
    plain_id = admin.post(BASE.format("color"), json={"option": {"label": plain}}).json()
    assert {"label": plain, "value": plain_id} in admin.get(BASE.format("color")).json()
    assert option_id not in [o["value"] for o in admin.get(BASE.format("size")).json()]
    r = admin.delete(BASE.format("color") + f"/{option_id}")
    assert r.status_code == 200 and r.json() is True, r.text
    assert option_id not in [o["value"] for o in admin.get(BASE.format("color")).json()]
    error(admin.delete(BASE.format("color") + f"/{option_id}"), 404,
          'The "%1" attribute doesn\'t include an option with "%2" ID.', ["color", option_id])


def test_order_by_sort_order(admin):
    first, second = unique("S-"), unique("S-")
    b = admin.post(BASE.format("manufacturer"), json={"option": {"label": second, "sort_order": 20}}).json()
    a = admin.post(BASE.format("manufacturer"), json={"option": {"label": first, "sort_order": 10}}).json()
    values = [o["value"] for o in admin.get(BASE.format("manufacturer")).json()]
    assert values.index(a) < values.index(b)


def test_bad_input(admin, guest):
    missing = 'The attribute with a "%1" attributeCode doesn\'t exist. Verify the attribute and try again.'
    error(admin.get(BASE.format("no_such_attribute")), 404, missing, ["no_such_attribute"])
    error(admin.post(BASE.format("no_such_attribute"), json={"option": {"label": "x"}}), 404, missing)
    error(admin.post(BASE.format("size"), json={"option": {"label": "  "}}), 400,
          "The attribute option label is empty. Enter a value and try again.")
    label = unique("XL-")
    assert admin.post(BASE.format("size"), json={"option": {"label": label}}).status_code == 200
    error(admin.post(BASE.format("size"), json={"option": {"label": label}}), 400,
          'Admin store attribute option label "%1" is already exists.', [label])
    error(admin.delete(BASE.format("size") + "/abc"), 404,
          'The "%1" attribute doesn\'t include an option with "%2" ID.', ["size", "abc"])
    r = admin.post(BASE.format("size"), json={"option": {"label": unique("L-"), "store_labels": [{"store_id": -1,
                                                                                                    "label": "x"}]}})
    assert r.status_code == 400
    assert guest.get(BASE.format("color")).status_code == 401
