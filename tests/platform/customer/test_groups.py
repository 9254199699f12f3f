"""Customer groups over HTTP: the repository, the default group, which groups are fixed, and every
customer write that names a group."""
import httpx
import pytest

from tests.helpers import unique
from tests.helpers.harness import server_fixture

NO_ENTITY = "No such entity with %fieldName = %fieldValue"
UNKNOWN_GROUP = "The specified customer group id does not exist."
DENIED = "The consumer isn't authorized to access %resources."

groups_server = server_fixture("groups")  # it moves the default group: no other file may see that


@pytest.fixture(scope="module")
def admin(groups_server):
    with groups_server.client(groups_server.token()) as c:
        yield c


def new_group(admin, **fields) -> dict:
    r = admin.post("/V1/customerGroups", json={"group": {"code": unique("grp"), "tax_class_id": 3, **fields}})
    assert r.status_code == 200, r.text
    return r.json()


def test_the_platform_groups(admin):
    r = admin.get("/V1/customerGroups/search", params={"searchCriteria[sortOrders][0][field]": "id",
                                                        "searchCriteria[sortOrders][0][direction]": "ASC",
                                                        "searchCriteria[pageSize]": 4})
    assert r.status_code == 200, r.text
    assert [(g["id"], g["code"], g["tax_class_id"], g["tax_class_name"]) for g in r.json()["items"]] == [
        (0, "NOT LOGGED IN", 3, "Retail Customer"), (1, "General", 3, "Retail Customer"),
        (2, "Wholesale", 3, "Retail Customer"), (3, "Retailer", 3, "Retail Customer")]
    assert admin.get("/V1/customerGroups/2").json() == {"id": 2, "code": "Wholesale", "tax_class_id": 3,
                                                        "tax_class_name": "Retail Customer"}


def test_create_edit_search_delete(admin):
    code = unique("VIP")
    g = new_group(admin, code=code, extension_attributes={"exclude_website_ids": [1]})
    assert g["id"] > 3 and g["code"] == code and g["tax_class_name"] == "Retail Customer"
    assert g["extension_attributes"] == {"exclude_website_ids": [1]}
    assert admin.get(f"/V1/customerGroups/{g['id']}").json() == g
    # PUT: the path decides; a client echoing tax_class_name back is fine
    r = admin.put(f"/V1/customerGroups/{g['id']}", json={"group": {**g, "id": 999, "code": code + " Gold",
                                                                   "extension_attributes": {"exclude_website_ids": []}}})
    assert r.status_code == 200, r.text
    assert r.json() == {"id": g["id"], "code": code + " Gold", "tax_class_id": 3, "tax_class_name": "Retail Customer"}
    found = admin.get("/V1/customerGroups/search", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "code",
        "searchCriteria[filterGroups][0][filters][0][value]": code + "%",
        "searchCriteria[filterGroups][0][filters][0][conditionType]": "like"}).json()
    assert found["total_count"] == 1 and found["items"][0]["id"] == g["id"]
    assert admin.delete(f"/V1/customerGroups/{g['id']}").json() is True
    r = admin.get(f"/V1/customerGroups/{g['id']}")
    assert r.status_code == 404 and r.json() == {"message": NO_ENTITY,
                                                 "parameters": {"fieldName": "id", "fieldValue": g["id"]}}
    assert admin.delete(f"/V1/customerGroups/{g['id']}").status_code == 404


def test_group_validation(admin):
    r = admin.post("/V1/customerGroups", json={"group": {"tax_class_id": 3}})
    assert r.status_code == 400
    assert r.json() == {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": "code"}}
    g = new_group(admin)
    r = admin.post("/V1/customerGroups", json={"group": {"code": g["code"].upper(), "tax_class_id": 3}})
    assert r.status_code == 400 and r.json() == {"message": "Customer Group already exists."}
    r = admin.post("/V1/customerGroups", json={"group": {"code": unique("g"), "tax_class_id": 99}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": 99, "fieldName": "taxClassId"}
    r = admin.post("/V1/customerGroups", json={"group": {"code": "x" * 33, "tax_class_id": 3}})
    assert r.status_code == 400
    r = admin.post("/V1/customerGroups", json={"group": {"code": unique("g"),
                                                         "extension_attributes": {"exclude_website_ids": [99]}}})
    assert r.status_code == 400 and r.json()["parameters"]["fieldName"] == "exclude_website_ids"
    r = admin.put("/V1/customerGroups/0", json={"group": {"code": "Guests"}})
    assert r.status_code == 400  # the guests' group keeps its code
    for fixed in (0, 1):  # the guests' group and the default one
        r = admin.delete(f"/V1/customerGroups/{fixed}")
        assert r.status_code == 400 and r.json() == {"message": "Cannot delete group."}
    assert admin.get("/V1/customerGroups/1").status_code == 200


def test_default_group_and_permissions(groups_server, admin):
    assert admin.get("/V1/customerGroups/default").json()["id"] == 1
    assert admin.get("/V1/customerGroups/default/1").json()["code"] == "General"
    assert admin.get("/V1/customerGroups/default", params={"storeId": 1}).json()["id"] == 1
    r = admin.get("/V1/customerGroups/default/999")
    assert r.status_code == 404 and r.json()["parameters"] == {"fieldName": "storeId", "fieldValue": 999}
    assert [admin.get(f"/V1/customerGroups/{i}/permissions").json() for i in (0, 1, 2)] == [True, True, False]
    assert admin.get("/V1/customerGroups/999/permissions").status_code == 404

    vip = new_group(admin)
    r = admin.put(f"/V1/customerGroups/default/{vip['id']}")
    assert r.status_code == 200 and r.json() == vip["id"]
    try:
        assert admin.get("/V1/customerGroups/default").json() == vip
        assert admin.get(f"/V1/customerGroups/{vip['id']}/permissions").json() is True
        r = httpx.post(groups_server.url + "/rest/V1/customers", json={
            "customer": {"email": f"{unique('g')}@example.com", "firstname": "Ann", "lastname": "Lee"}})
        assert r.status_code == 200 and r.json()["group_id"] == vip["id"]  # new accounts join it
        joined = r.json()["id"]
        r = admin.delete(f"/V1/customerGroups/{vip['id']}")
        assert r.status_code == 400 and r.json() == {"message": "Cannot delete group."}
    finally:
        assert admin.put("/V1/customerGroups/default/1").json() == 1
    # deleting a group moves its customers to the default group
    assert admin.delete(f"/V1/customerGroups/{vip['id']}").json() is True
    assert admin.get(f"/V1/customers/{joined}").json()["group_id"] == 1
    r = admin.put("/V1/customerGroups/default/999")
    assert r.status_code == 404
    r = admin.put("/V1/customerGroups/default/0")
    assert r.status_code == 404  # guests' group: not for accounts


def test_customer_writes_check_the_group(groups_server, admin):
    email = f"{unique('g')}@example.com"
    for bad in (0, 99, 123456):
        r = admin.post("/V1/customers", json={"customer": {"email": email, "firstname": "A", "lastname": "B",
                                                           "group_id": bad}})
        assert r.status_code == 400 and r.json() == {"message": UNKNOWN_GROUP}, bad
    g = new_group(admin)
    r = admin.post("/V1/customers", json={"customer": {"email": email, "firstname": "A", "lastname": "B",
                                                       "group_id": g["id"]}})
    assert r.status_code == 200 and r.json()["group_id"] == g["id"]
    cid = r.json()["id"]
    r = admin.put(f"/V1/customers/{cid}", json={"customer": {"group_id": 77}})
    assert r.status_code == 400 and r.json() == {"message": UNKNOWN_GROUP}
    r = admin.put("/V1/customers/validate", json={"customer": {"email": email, "firstname": "A", "lastname": "B",
                                                               "group_id": 77}})
    assert r.json() == {"valid": False, "messages": [UNKNOWN_GROUP]}
    assert admin.get(f"/V1/customers/{cid}").json()["group_id"] == g["id"]


def test_groups_need_the_group_resource(groups_server):
    r = httpx.get(groups_server.url + "/rest/V1/customerGroups/1")
    assert r.status_code == 401
    assert r.json() == {"message": DENIED, "parameters": {"resources": "Magento_Customer::group"}}
