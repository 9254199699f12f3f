"""The privacy policies over the admin routes: their repository, the one-enabled rule, the errors and
the ACL."""
import time

from tests.helpers import ok, unique
from tests.helpers.quote import error

BASE = "/V1/vendor_ccpa/privacyPolicy"


def new_policy(admin, **fields) -> dict:
    return ok(admin.post(BASE, json={"policy": {"policy_version": unique("v"), "content": "<p>We keep little.</p>",
                                                **fields}}))


def test_create_read_update_list_delete(admin):
    version = unique("v")
    created = ok(admin.post(BASE, json={"policy": {"policy_version": f"  {version} ", "comment": "First",
                                                   "content": "<p>Policy text</p>"}}))
    assert {k: created[k] for k in ("policy_version", "comment", "content", "status")} == \
        {"policy_version": version, "comment": "First", "content": "<p>Policy text</p>", "status": 0}
    assert created["created_at"] == created["updated_at"] and len(created["created_at"]) == 19
    path = f"{BASE}/{created['id']}"
    assert ok(admin.get(path)) == created

    edited = ok(admin.put(path, json={"policy": {"id": 999999, "comment": "Second"}}))  # the path's id wins
    assert (edited["id"], edited["comment"], edited["content"]) == (created["id"], "Second", "<p>Policy text</p>")

    page = ok(admin.get(f"{BASE}/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "policy_version",
        "searchCriteria[filter_groups][0][filters][0][value]": version}))
    assert page["total_count"] == 1 and page["items"][0]["comment"] == "Second"

    assert ok(admin.delete(path)) is True
    missing = ('The privacy policy with ID "%1" doesn\'t exist.', [created["id"]])
    error(admin.get(path), 404, missing[0], missing[1])
    error(admin.delete(path), 404, missing[0], missing[1])
    error(admin.put(path, json={"policy": {"comment": "x"}}), 404, missing[0], missing[1])


def test_one_policy_is_enabled_at_a_time(admin):
    first = new_policy(admin, status=1)
    second = new_policy(admin, status=1)
    assert ok(admin.get(f"{BASE}/{first['id']}"))["status"] == 0
    assert ok(admin.get(f"{BASE}/{second['id']}"))["status"] == 1
    enabled = ok(admin.get(f"{BASE}/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "status",
        "searchCriteria[filter_groups][0][filters][0][value]": "1"}))
    assert [p["id"] for p in enabled["items"]] == [second["id"]]


def test_bad_input_changes_nothing(admin):
    taken = new_policy(admin)
    error(admin.post(BASE, json={"policy": {"content": "x"}}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "policy_version"})
    error(admin.post(BASE, json={"policy": {"policy_version": "  "}}), 400,
          '"%fieldName" is required. Enter and try again.', {"fieldName": "policy_version"})
    r = admin.post(BASE, json={"policy": {"policy_version": taken["policy_version"]}})
    error(r, 400, 'A privacy policy with version "%1" already exists.', [taken["policy_version"]])
    r = admin.post(BASE, json={"policy": {"policy_version": unique("v"), "status": 5}})
    assert r.status_code == 400 and r.json()["parameters"]["fieldName"] == "status"
    assert admin.post(BASE, json={"policy": {"policy_version": unique("v"), "colour": "red"}}).status_code == 400
    assert admin.post(BASE, json={"policy": {"policy_version": unique("v"), "status": "on"}}).status_code == 400
    assert admin.post(BASE, json={"policy": {"policy_version": "v" * 65}}).status_code == 400
    r = admin.put(f"{BASE}/{taken['id']}", json={"policy": {"policy_version": taken["policy_version"], "status": 1}})
    assert ok(r)["status"] == 1  # keeping its own version is no clash


def test_async_create_and_the_acl(server, admin, guest):
    version = unique("async-")
    r = admin.post("/async/V1/vendor_ccpa/privacyPolicy", json={"policy": {"policy_version": version}})
    assert r.status_code == 202, r.text
    params = {"searchCriteria[filter_groups][0][filters][0][field]": "policy_version",
              "searchCriteria[filter_groups][0][filters][0][value]": version}
    deadline = time.monotonic() + 30
    while ok(admin.get(f"{BASE}/search", params=params))["total_count"] == 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    (policy,) = ok(admin.get(f"{BASE}/search", params=params))["items"]
    denied = {"message": "The consumer isn't authorized to access %resources.",
              "parameters": {"resources": "Vendor_Ccpa::policy"}}
    for method, path, body in (("POST", BASE, {"policy": {"policy_version": unique("v")}}),
                               ("PUT", f"{BASE}/{policy['id']}", {"policy": {"comment": "x"}}),
                               ("DELETE", f"{BASE}/{policy['id']}", None), ("GET", f"{BASE}/{policy['id']}", None),
                               ("GET", f"{BASE}/search", None)):
        r = guest.request(method, path, json=body)
        assert r.status_code == 401 and r.json() == denied, (method, path, r.text)
    assert ok(admin.get(f"{BASE}/{policy['id']}"))["comment"] is None
