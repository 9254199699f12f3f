"""Which routes the async and bulk processors offer, and what they refuse at request time."""
import json

import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import limited_admin, new_customer, unique
from tests.helpers.harness import Database, Server
from tests.helpers.queue import wait_for

NO_ROUTE = {"message": "Request does not match any route."}
CANNOT = {"message": "Specified request cannot be processed."}
BULK_ACL = "Magento_Logging::system_magento_logging_bulk_operations"


def denied(resource):
    return {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": resource}}


@pytest.mark.parametrize("path", ["/async/V1/vendor_faq/question/all", "/async/bulk/V1/vendor_faq/question/all",
                                  "/async/V1/customers/me", "/async/bulk/V1/nothing"])
def test_get_is_never_offered(admin, path):
    r = admin.get(path)
    assert (r.status_code, r.json()) == (400, CANNOT)


def test_paths_without_a_processor_or_route(admin):
    for path in ("/async", "/async/bulk", "/async/foo/V1/vendor_faq/question", "/async/bulk/x/vendor_faq/question"):
        r = admin.post(path, json={})
        assert (r.status_code, r.json()) == (400, CANNOT), path
    for path in ("/async/V1/vendor_faq/nothing", "/async/V2/vendor_faq/question", "/async/V1/vendor_faq//question",
                 "/async/bulk/V1/vendor_faq/question/7", "/async/bulk/V1/vendor_faq/question/byTagId"):
        r = admin.put(path, json=[])
        assert (r.status_code, r.json()) == (404, NO_ROUTE), path
    r = admin.request("PATCH", "/async/V1/vendor_faq/question", json={})
    assert (r.status_code, r.json()) == (400, {"message": "Request method is invalid."})


def test_anonymous_and_self_routes_take_admins_only(server, admin, guest):
    """The platform offers async and bulk on guest and customer routes too, with an admin token (its own
    bulk example is POST async/bulk/V1/customers); customers and guests are refused."""
    _, token = new_customer(server)
    with server.client(token) as customer:
        for client, resource in ((customer, "anonymous"), (guest, "anonymous")):
            for method, path in (("POST", "/async/V1/customers"), ("POST", "/async/bulk/V1/customers")):
                body = [{"customer": {"firstname": "X"}}] if "bulk" in path else {"customer": {"firstname": "X"}}
                r = client.request(method, path, json=body)
                assert (r.status_code, r.json()) == (401, denied(resource)), (method, path)
        r = customer.put("/async/V1/customers/me", json={"customer": {"firstname": "X"}})
        assert (r.status_code, r.json()) == (401, denied("self"))
    # an admin without any grant of the route's admin resources: an owner route names them
    for method, path in (("PUT", "/async/V1/customers/me"), ("PUT", "/async/bulk/V1/customers/me")):
        body = [{"customer": {"firstname": "X"}}] if "bulk" in path else {"customer": {"firstname": "X"}}
        r = admin.request(method, path, json=body)
        assert r.status_code == 202, (method, path, r.text)
    # the admin's bulk is bound element by element as the synchronous route binds it
    r = admin.post("/async/bulk/V1/customers", json=[{"customer": {"email": "x@example.com", "nope": 1}}])
    assert r.status_code == 400 and r.json()["parameters"] == {"key": 0}
    for path in ("/async/schema", "/async/bulk/schema"):
        paths = admin.get(path).json()["paths"]
        assert any(p.endswith("/V1/customers") for p in paths), path
        assert not any(p.endswith("/V1/customers") for p in guest.get(path).json().get("paths", {})), path


def test_admin_bulk_creates_customers(qserver, qadmin):
    """POST async/bulk/V1/customers with an admin token: every element becomes a customer."""
    emails = [f"{unique('bulk')}@example.com".lower() for _ in range(3)]
    body = [{"customer": {"email": e, "firstname": "Bulk", "lastname": f"Buyer {i}"}} for i, e in enumerate(emails)]
    r = qadmin.post("/async/bulk/V1/customers", json=body)
    assert r.status_code == 202, r.text
    uuid = r.json()["bulk_uuid"]
    consumer = qserver.consumer()
    wait_for(uuid, qadmin, 3)
    consumer.stop()
    for e in emails:
        found = qadmin.get("/V1/customers/search", params={
            "searchCriteria[filterGroups][0][filters][0][field]": "email",
            "searchCriteria[filterGroups][0][filters][0][value]": e}).json()
        assert found["total_count"] == 1 and found["items"][0]["firstname"] == "Bulk", e


def test_acl_is_checked_before_anything_is_accepted(server, admin, guest):
    body = [{"question": {"title": unique("Denied ")}}]
    for client in (guest, server.client(limited_admin(server, "Vendor_Faq::category"))):
        r = client.post("/async/bulk/V1/vendor_faq/question", json=body)
        assert (r.status_code, r.json()) == (401, denied("Vendor_Faq::question"))
        r = client.post("/async/V1/vendor_faq/question", json=body[0])
        assert (r.status_code, r.json()) == (401, denied("Vendor_Faq::question"))
    assert admin.get("/V1/vendor_faq/question/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "title",
        "searchCriteria[filter_groups][0][filters][0][value]": body[0]["question"]["title"]}).json()["total_count"] == 0


def test_a_failing_element_fails_the_whole_request(server, admin, sql):
    marker = unique("bad")
    with sql.connect() as c:
        bulks_before = c.exec_driver_sql("SELECT count(*) FROM magento_bulk").scalar()
    elements = [{"question": {"title": f"{marker} 0"}}, {"question": {"title": f"{marker} 1"}},
                {"question": {"title": f"{marker} 2", "position": "high", "nope": 1}}]
    r = admin.post("/async/bulk/V1/vendor_faq/question", json=elements)
    assert r.status_code == 400
    assert r.json() == {"message": "Error processing %key element of input data", "parameters": {"key": 2},
                        "errors": [{"message": 'The "%value" value\'s type is invalid. The "%type" type was expected. '
                                               'Verify and try again.',
                                    "parameters": {"value": "high", "type": "int"}}]}
    # the element's own aggregate: every missing parameter is listed
    r = admin.put("/async/bulk/V1/vendor_faq/question/byQuestionId", json=[{"question": {"title": "x"}}])
    assert r.json() == {"message": "Error processing %key element of input data", "parameters": {"key": 0},
                        "errors": [{"message": '"%fieldName" is required. Enter and try again.',
                                    "parameters": {"fieldName": "questionId"}}]}
    r = admin.post("/async/bulk/V1/vendor_faq/tag", json=[{"tag": {"title": "ok"}}, {}, "scalar"])
    assert r.json() == {"message": "Error processing %key element of input data", "parameters": {"key": 1},
                        "errors": [{"message": '"%fieldName" is required. Enter and try again.',
                                    "parameters": {"fieldName": "tag"}}]}
    r = admin.post("/async/bulk/V1/vendor_faq/tag", json=[{"tag": {"title": "ok"}}, "scalar"])
    assert r.json()["parameters"] == {"key": 1}
    assert r.json()["errors"] == [{"message": "The request body must be a JSON object."}]
    # async (one body) answers the element's error as the synchronous call would
    r = admin.post("/async/V1/vendor_faq/question", json={})
    assert (r.status_code, r.json()) == (400, {"message": '"%fieldName" is required. Enter and try again.',
                                               "parameters": {"fieldName": "question"}})
    # a bulk body is a list
    r = admin.post("/async/bulk/V1/vendor_faq/question", json={"question": {"title": "x"}})
    assert (r.status_code, r.json()) == (400, {"message": "The request body must be a JSON array."})
    r = admin.post("/async/bulk/V1/vendor_faq/question", content=b"[", headers={"Content-Type": "application/json"})
    assert (r.status_code, r.json()) == (400, {"message": "Decoding error."})
    with sql.connect() as c:
        assert c.exec_driver_sql("SELECT count(*) FROM magento_bulk").scalar() == bulks_before


def test_async_single_and_store_scopes(server, admin, admin_token):
    """One body under /async/V1 (path values from the URL), under every store code form; the operation
    runs in the background consumer that `serve` starts."""
    created = admin.post("/V1/vendor_faq/tag", json={"tag": {"title": unique("async-tag-")}}).json()
    uuids = []
    for prefix in ("/rest", "/rest/default", "/rest/all"):
        title = unique("renamed-")
        r = httpx.put(f"{server.url}{prefix}/async/V1/vendor_faq/tag/{created['tag_id']}", json={"tag": {"title": title}},
                      headers={"Authorization": f"Bearer {admin_token}"})
        assert r.status_code == 202, (prefix, r.text)
        [item] = r.json()["request_items"]
        assert (item["id"], item["status"]) == (0, "accepted")
        uuids.append((r.json()["bulk_uuid"], title))
    for uuid, title in uuids:
        wait_for(uuid, admin, 1)
        [op] = admin.get(f"/V1/bulk/{uuid}/detailed-status").json()["operations_list"]
        assert json.loads(op["serialized_data"]) == {"tag": {"title": title}, "tagId": str(created["tag_id"])}
        assert json.loads(op["result_serialized_data"]) == {"tag_id": created["tag_id"], "title": title}
    assert admin.get("/V1/vendor_faq/tag", params={"tagId": created["tag_id"]}).json()["title"] == uuids[-1][1]


def test_status_routes_unknown_bulk_and_acl(server, admin, guest):
    missing = "0b9c8f7e-0000-4000-8000-000000000000"
    for path in (f"/V1/bulk/{missing}/status", f"/V1/bulk/{missing}/detailed-status",
                 f"/V1/bulk/{missing}/operation-status/1"):
        r = admin.get(path)
        assert (r.status_code, r.json()) == (404, {"message": "No such entity with %fieldName = %fieldValue",
                                                   "parameters": {"fieldName": "bulkUuid", "fieldValue": missing}})
        r = guest.get(path)
        assert (r.status_code, r.json()) == (401, denied(BULK_ACL))
    with server.client(limited_admin(server, "Vendor_Faq::question")) as no_bulk_rights:
        assert no_bulk_rights.get("/V1/bulk?searchCriteria=").json() == denied(BULK_ACL)


def test_a_caller_sees_only_its_own_bulks_unless_it_has_all(server, admin):
    mine = admin.post("/async/bulk/V1/vendor_faq/tag", json=[{"tag": {"title": unique("mine-")}}]).json()["bulk_uuid"]
    with server.client(limited_admin(server, "Vendor_Faq::faq", BULK_ACL)) as limited:
        theirs = limited.post("/async/bulk/V1/vendor_faq/tag", json=[{"tag": {"title": unique("theirs-")}}])
        assert theirs.status_code == 202, theirs.text
        theirs = theirs.json()["bulk_uuid"]
        assert limited.get(f"/V1/bulk/{theirs}/status").json()["bulk_id"] == theirs
        assert limited.get(f"/V1/bulk/{mine}/status").status_code == 404
        assert limited.get(f"/V1/bulk/{mine}/operation-status/1").status_code == 404
        listed = limited.get("/V1/bulk?searchCriteria=").json()
        assert {i["bulk_uuid"] for i in listed["items"]} == {theirs} and listed["total_count"] == 1
    # Magento_Backend::all sees every bulk
    assert admin.get(f"/V1/bulk/{theirs}/status").json()["bulk_id"] == theirs
    found = admin.get("/V1/bulk", params={"searchCriteria[filter_groups][0][filters][0][field]": "bulk_uuid",
                                          "searchCriteria[filter_groups][0][filters][0][value]": theirs}).json()
    assert [i["bulk_uuid"] for i in found["items"]] == [theirs]
    assert set(found["items"][0]) >= {"id", "bulk_uuid", "topic_name", "serialized_data", "status"}
    r = admin.get("/V1/bulk", params={"searchCriteria[filter_groups][0][filters][0][field]": "user_id",
                                      "searchCriteria[filter_groups][0][filters][0][value]": "1"})
    assert r.status_code == 400  # only the item's own keys filter


def test_an_integration_schedules_as_user_type_1(server, admin):
    creds = json.loads(server.cli("integration", "create", "--name", unique("bulk-int"), "--json").stdout)
    with server.client(creds["access_token"]) as integration:
        r = integration.post("/async/V1/vendor_faq/tag", json={"tag": {"title": unique("int-")}})
        assert r.status_code == 202
        uuid = r.json()["bulk_uuid"]
        wait_for(uuid, integration, 1)
        status = integration.get(f"/V1/bulk/{uuid}/status").json()
    assert status["user_type"] == 1 and status["operations_list"][0]["status"] == 1


def test_input_limits_use_the_async_default(server, admin):
    """With limits on, lists in async and bulk input may hold 5,000 objects by default
    (20 synchronously); webapi/async/default_input_array_size_limit overrides that, for the bulk's own
    list of elements too."""
    tags = [{"title": unique("alim-")} for _ in range(21)]
    server.config("webapi/validation/input_limit_enabled", "1")
    try:
        assert admin.post("/V1/vendor_faq/question", json={"question": {"title": "Sync?", "tags": tags}}).status_code == 400
        r = admin.post("/async/V1/vendor_faq/question", json={"question": {"title": "Async?", "tags": tags}})
        assert r.status_code == 202, r.text
        server.config("webapi/async/default_input_array_size_limit", "3")
        r = admin.post("/async/V1/vendor_faq/question", json={"question": {"title": "Async?", "tags": tags[:4]}})
        assert (r.status_code, r.json()) == (400, {"message": 'Maximum items of type "%type" is %max',
                                                   "parameters": {"type": "Vendor\\Faq\\Api\\Data\\TagInterface",
                                                                  "max": 3}})
        elements = [{"question": {"title": unique("lim "), "tags": tags[:3]}} for _ in range(4)]
        r = admin.post("/async/bulk/V1/vendor_faq/question", json=elements)
        assert (r.status_code, r.json()) == (400, {"message": 'Maximum items of type "%type" is %max',
                                                   "parameters": {"type": "array", "max": 3}})
        assert admin.post("/async/bulk/V1/vendor_faq/question", json=elements[:3]).status_code == 202
    finally:
        server.config("webapi/async/default_input_array_size_limit", "")
        server.config("webapi/validation/input_limit_enabled", "0")


def test_a_broker_that_cannot_be_reached_rejects_the_request(tmp_path):
    """AMQP: the operations are stored, then the broker refuses them: 503 in the error body, and the
    bulk is removed again, so nothing of the request stays or runs later."""
    db = Database(tmp_path)
    srv = Server(tmp_path, db, extra_env={"VDC_QUEUE_BACKEND": "amqp", "VDC_QUEUE_CONSUMERS": "0",
                                          "VDC_AMQP_URL": "amqp://guest:guest@127.0.0.1:1/%2F"})
    try:
        with srv.client(srv.token()) as admin:
            r = admin.post("/async/bulk/V1/vendor_faq/tag", json=[{"tag": {"title": unique("lost-")}}] * 2)
            assert r.status_code == 503
            assert r.json() == {"message": "The message queue is not available now. Nothing was accepted; "
                                           "try again later."}
            assert admin.get("/V1/bulk?searchCriteria=").json()["items"] == []
            with db.engine.connect() as c:
                assert c.execute(sa.text("SELECT count(*) FROM magento_bulk")).scalar() == 0
    finally:
        srv.stop()
        db.drop()
