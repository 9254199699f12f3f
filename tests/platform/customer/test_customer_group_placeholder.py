"""The caller's customer group as a forced route parameter: a customer's own group, 0 for anyone else."""
from tests.helpers import new_customer


def test_the_forced_group_is_the_callers(server, admin, guest):
    customer, token = new_customer(server)
    for path in ("/V1/vdtest/customerGroup", "/V1/vdtest/customerGroup/vendor"):
        # guests and admins are NOT LOGGED IN; what the query says does not count
        assert guest.get(path, params={"customerGroupId": 3}).json() == 0
        assert admin.get(path).json() == 0
        with server.client(token) as c:
            assert c.get(path, params={"customerGroupId": 3}).json() == 1
    r = admin.put(f"/V1/customers/{customer['id']}", json={"customer": {
        "id": customer["id"], "email": customer["email"], "firstname": "Jane", "lastname": "Doe",
        "website_id": 1, "group_id": 2}})
    assert r.status_code == 200, r.text
    with server.client(token) as c:
        assert c.get("/V1/vdtest/customerGroup").json() == 2
