"""The shop's reference data over HTTP: statuses (with their store rows and rules), reasons, conditions,
resolutions and return rules; their errors."""
import httpx

from tests.helpers import ok, unique

RULE_TREE = ('{"type":"Vendor\\\\Rma\\\\Model\\\\ReturnRules\\\\Condition\\\\Combine","aggregator":"all","value":"1",'
             '"conditions":[{"type":"Vendor\\\\Rma\\\\Model\\\\ReturnRules\\\\Condition\\\\Product",'
             '"attribute":"sku","operator":"==","value":"MS-TEE-M"}]}')


def test_the_initial_statuses_and_a_store_view(admin):
    got = ok(admin.get("/V1/vendor_rma/rma_status/get/2", params={"storeId": 1}))
    assert {k: got[k] for k in ("status_id", "enabled", "initial", "auto_event", "state", "grid", "priority", "title",
                                "color", "label", "is_deleted")} == {
        "status_id": 2, "enabled": True, "initial": False, "auto_event": 0, "state": 1, "grid": 0, "priority": 2,
        "title": "Approved", "color": "#2fb100", "label": "Approved", "is_deleted": False}
    assert got["store_data"]["store_id"] == 0 and got["store_data"]["send_to_chat"] is True
    assert got["store_data"]["chat_message"] == "Your return request has been approved. Please send the items back."
    assert "store_data" not in ok(admin.get("/V1/vendor_rma/rma_status/get/2"))
    listed = ok(admin.get("/V1/vendor_rma/rma_status/list", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "state",
        "searchCriteria[filter_groups][0][filters][0][value]": 4}))
    assert 5 in [s["status_id"] for s in listed["items"]]
    r = admin.get("/V1/vendor_rma/rma_status/get/99999")
    assert r.status_code == 404 and r.json() == {"message": 'Status with specified ID "%1" not found.',
                                                 "parameters": [99999]}


def test_status_rules(admin):
    made = ok(admin.post("/V1/vendor_rma/rma_status", json={"status": {
        "title": unique("On hold "), "state": 0, "stores": [{"store_id": 0, "label": "On hold"},
                                                           {"store_id": 1, "label": "Wartend"}]}}))
    assert made["enabled"] is True and made["initial"] is False and made["label"] == "Wartend"
    assert [s["store_id"] for s in made["stores"]] == [0, 1]
    sid = made["status_id"]
    r = admin.put(f"/V1/vendor_rma/rma_status/{sid}", json={"status": {"initial": True, "enabled": False}})
    assert r.status_code == 400 and r.json() == {"message": "Initial status can't be disabled."}
    r = admin.put("/V1/vendor_rma/rma_status/1", json={"status": {"initial": False}})
    assert r.status_code == 400 and r.json() == {"message": "There is no initial status."}
    r = admin.delete("/V1/vendor_rma/rma_status/1")
    assert r.status_code == 400 and r.json() == {"message": "Can't delete initial status."}
    r = admin.delete("/V1/vendor_rma/rma_status/5")
    assert r.status_code == 400 and r.json() == {
        "message": 'Can\'t delete status because it is the only status of state "%1".', "parameters": ["Canceled"]}
    for body, field in (({"title": "x", "state": 9}, "state"), ({"title": "x", "state": 0, "grid": 5}, "grid"),
                        ({"title": "x", "state": 0, "auto_event": 7}, "auto_event")):
        r = admin.post("/V1/vendor_rma/rma_status", json={"status": body})
        assert r.status_code == 400 and r.json()["parameters"]["fieldName"] == field
    r = admin.post("/V1/vendor_rma/rma_status", json={"status": {"title": "x"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "state"}
    r = admin.post("/V1/vendor_rma/rma_status", json={"status": {"state": 1}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "title"}
    # a new initial status takes the flag from the old one; then it can be handed back
    ok(admin.put(f"/V1/vendor_rma/rma_status/{sid}", json={"status": {"initial": True}}))
    assert ok(admin.get("/V1/vendor_rma/rma_status/get/1"))["initial"] is False
    ok(admin.put("/V1/vendor_rma/rma_status/1", json={"status": {"initial": True}}))
    assert ok(admin.get(f"/V1/vendor_rma/rma_status/get/{sid}"))["initial"] is False
    assert ok(admin.delete(f"/V1/vendor_rma/rma_status/{sid}")) is True
    assert ok(admin.get(f"/V1/vendor_rma/rma_status/get/{sid}"))["is_deleted"] is True


def test_reasons_conditions_resolutions(admin):
    for kind, key, extra in (("reason", "reason_id", {"payer": 1}), ("condition", "condition_id", {}),
                             ("resolution", "resolution_id", {"action": "repair"})):
        base = f"/V1/vendor_rma/rma_{kind}"
        made = ok(admin.post(base, json={kind: {"title": unique("T "), "position": 9, **extra}}))
        assert made["status"] == 1 and made["is_deleted"] is False and made["label"] == made["title"]
        assert made["stores"][0]["store_id"] == 0
        rid = made[key]
        edited = ok(admin.put(f"{base}/{rid}", json={kind: {"stores": [{"store_id": 1, "label": "Eins"}]}}))
        assert edited["label"] == "Eins" and [s["store_id"] for s in edited["stores"]] == [1]
        assert ok(admin.get(f"{base}/get/{rid}", params={"storeId": 0}))["label"] == made["title"]
        assert ok(admin.delete(f"{base}/{rid}")) is True
        assert ok(admin.get(f"{base}/get/{rid}"))["is_deleted"] is True
        listed = ok(admin.get(f"{base}/list", params={
            "searchCriteria[filter_groups][0][filters][0][field]": key,
            "searchCriteria[filter_groups][0][filters][0][value]": rid}))
        assert listed["total_count"] == 1
        assert rid not in [o[key] for o in ok(admin.get("/V1/vendor_rma/form_options"))[kind + "s"]]
        r = admin.get(f"{base}/get/99999")
        assert r.status_code == 404 and r.json() == {
            "message": f'{kind.capitalize()} with specified ID "%1" not found.', "parameters": [99999]}
        r = admin.post(base, json={kind: {"title": "x", "status": 3}})
        assert r.status_code == 400 and r.json()["parameters"] == {"value": "3", "fieldName": "status"}
    r = admin.post("/V1/vendor_rma/rma_resolution", json={"resolution": {"title": "x", "action": "burn"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "burn", "fieldName": "action"}
    r = admin.post("/V1/vendor_rma/rma_reason", json={"reason": {"title": "x", "payer": 4}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "4", "fieldName": "payer"}


def test_form_options_for_guests(server):
    got = httpx.get(server.url + "/rest/default/V1/vendor_rma/form_options").json()
    assert [r["title"] for r in got["reasons"]][:3] == ["Wrong size", "Damaged", "Other"]
    assert "Store Credit" not in [r["title"] for r in got["resolutions"]]
    assert [c["code"] for c in got["carriers"]] == ["ups", "fedex", "usps"]
    assert got["chat_enabled"] is True and got["rating_enabled"] is True and got["max_file_size"] == 2000


def test_return_rules(admin):
    body = {"rule": {"name": "Tees", "status": 1, "priority": 0, "default_resolution": 30,
                     "conditions_serialized": RULE_TREE, "customer_groups": [], "websites": [{"website_id": 1}],
                     "resolutions": [{"resolution_id": 2, "value": 10}]}}
    made = ok(admin.post("/V1/vendor_rma/return_rule", json=body))
    rid = made["id"]
    assert made["name"] == "Tees" and made["default_resolution"] == 30
    assert '"attribute":"sku"' in made["conditions_serialized"].replace(" ", "")
    assert made["websites"] == [{"rule_website_id": made["websites"][0]["rule_website_id"], "rule_id": rid,
                                 "website_id": 1}]
    assert made["resolutions"][0]["resolution_id"] == 2 and made["resolutions"][0]["value"] == 10
    edited = ok(admin.put(f"/V1/vendor_rma/return_rule/{rid}", json={"rule": {"status": 0, "resolutions": []}}))
    assert edited["status"] == 0 and edited["resolutions"] == [] and len(edited["websites"]) == 1
    assert ok(admin.get(f"/V1/vendor_rma/return_rule/get/{rid}")) == edited
    assert ok(admin.get("/V1/vendor_rma/return_rule/list", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "id",
        "searchCriteria[filter_groups][0][filters][0][value]": rid}))["items"] == [edited]
    r = admin.post("/V1/vendor_rma/return_rule", json={"rule": {"name": "x", "conditions_serialized": "nope"}})
    assert r.status_code == 400
    r = admin.post("/V1/vendor_rma/return_rule", json={"rule": {"name": "x", "default_resolution": -1}})
    assert r.status_code == 400 and r.json()["parameters"]["fieldName"] == "default_resolution"
    r = admin.post("/V1/vendor_rma/return_rule", json={"rule": {"status": 1}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "name"}
    assert ok(admin.delete(f"/V1/vendor_rma/return_rule/{rid}")) is True
    r = admin.get(f"/V1/vendor_rma/return_rule/get/{rid}")
    assert r.status_code == 404 and r.json() == {"message": 'Rule with specified ID "%1" not found.',
                                                 "parameters": [rid]}


def test_lists_without_search_criteria(admin):
    for path in ("rma_status", "rma_reason", "rma_condition", "rma_resolution", "return_rule", "rma_request",
                 "rma_request_item", "rma_chat", "rma_history"):
        base = "/V1/vendor_rma/rma_history/list" if path == "rma_history" else f"/V1/vendor_rma/{path}/list"
        r = admin.get(base)
        assert r.status_code == 200, (path, r.text)
