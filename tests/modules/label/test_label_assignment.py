"""Where a label is shown: its store views and customer groups, set over the assignment routes."""
import time

from tests.helpers import unique
from tests.helpers.store import store_view


def new_label(admin) -> int:
    r = admin.post("/V1/vendor_labels/save", json={"label": {"name": unique("Assigned "), "status": 1}})
    assert r.status_code == 200, r.text
    return r.json()["label_id"]


def path(label_id) -> str:
    return f"/V1/vendor_labels/assignment/{label_id}"


def test_a_new_label_has_no_assignment_and_one_can_be_set(server, admin):
    de = store_view(server, "de")
    label_id = new_label(admin)
    assert admin.get(path(label_id)).json() == {"label_id": label_id, "store_ids": [], "customer_group_ids": []}

    deadline = time.monotonic() + 10
    while True:  # the workers learn the new store view when their configuration copy is refreshed
        r = admin.put(path(label_id), json={"assignment": {"store_ids": [de, 1], "customer_group_ids": [3, 0, 1]}})
        if r.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert r.status_code == 200, r.text
    expected = {"label_id": label_id, "store_ids": sorted([1, de]), "customer_group_ids": [0, 1, 3]}
    assert r.json() == expected
    assert admin.get(path(label_id)).json() == expected

    # a list left out stays; camelCase keys; the body id is overwritten by the path
    r = admin.put(path(label_id), json={"assignment": {"labelId": 999999, "storeIds": [0]}})
    assert r.status_code == 200 and r.json() == {**expected, "store_ids": [0]}

    # saving the label does not touch its assignment
    r = admin.post("/V1/vendor_labels/save", json={"label": {"label_id": label_id, "name": "Renamed"}})
    assert r.status_code == 200
    assert admin.get(path(label_id)).json() == {**expected, "store_ids": [0]}


def test_deleting_a_label_deletes_its_assignment(admin, sql):
    import sqlalchemy as sa
    label_id = new_label(admin)
    assert admin.put(path(label_id), json={"assignment": {"store_ids": [0], "customer_group_ids": [0]}}).status_code == 200
    assert admin.delete(f"/V1/vendor_labels/delete/{label_id}").json() is True
    with sql.connect() as conn:
        for table in ("vendor_label_store", "vendor_label_customer_group", "vendor_label_part"):
            n = conn.execute(sa.text(f"SELECT COUNT(*) FROM {table} WHERE label_id = :i"), {"i": label_id}).scalar()
            assert n == 0, table
    r = admin.get(path(label_id))
    assert r.status_code == 404
    assert r.json() == {"message": 'Labels with specified ID "%1" not found.', "parameters": [label_id]}


def test_bad_assignments(admin):
    label_id = new_label(admin)
    r = admin.put(path(label_id), json={"assignment": {"store_ids": [424242]}})
    assert r.status_code == 400
    assert r.json() == {"message": 'Invalid value of "%value" provided for the %fieldName field.',
                        "parameters": {"fieldName": "store_ids", "value": 424242}}
    r = admin.put(path(label_id), json={"assignment": {"customer_group_ids": [-1]}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "customer_group_ids", "value": [-1]}
    r = admin.put(path(label_id), json={"assignment": {"store_ids": "all"}})
    assert r.status_code == 400
    r = admin.put(path(label_id), json={"assignment": {"stores": [0]}})
    assert r.status_code == 400
    r = admin.put(path(label_id), json={})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "assignment"}
    assert admin.get(path(label_id)).json()["store_ids"] == []
    r = admin.put(path(987654), json={"assignment": {"store_ids": [0]}})
    assert r.status_code == 404
    assert r.json() == {"message": 'Labels with specified ID "%1" not found.', "parameters": [987654]}
