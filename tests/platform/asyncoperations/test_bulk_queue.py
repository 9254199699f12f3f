"""Bulks through a real queue and real consumer processes, on every backend."""
import hashlib
import time

import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.queue import wait_for

FAQ_TOPIC = "async.vendor.faq.api.questionrepositoryinterface.save.post"
SUCCESS = "Service execution success Vendor\\Faq\\Api\\QuestionRepositoryInterface::save"


def questions(sql, marker: str) -> list[str]:
    with sql.connect() as c:
        return list(c.execute(sa.text("SELECT title FROM vendor_faq_question WHERE title LIKE :m"),
                              {"m": marker + "%"}).scalars())


def bulk_of(n: int, marker: str) -> list[dict]:
    return [{"question": {"title": f"{marker} question {i}?", "email": "a@b.c", "stores": "1"}} for i in range(n)]


def test_a_bulk_of_1000_questions_run_by_two_consumers(qserver, qadmin):
    marker = unique("bulk")
    r = qadmin.post(qserver.url + "/rest/all/async/bulk/V1/vendor_faq/question", json=bulk_of(1000, marker))
    assert r.status_code == 202, r.text
    accepted = r.json()
    assert set(accepted) == {"bulk_uuid", "request_items", "errors"} and accepted["errors"] is False
    assert [i["id"] for i in accepted["request_items"]] == list(range(1000))
    assert {i["status"] for i in accepted["request_items"]} == {"accepted"}
    uuid = accepted["bulk_uuid"]
    assert qadmin.get(f"/V1/bulk/{uuid}/operation-status/4").json() == 1000  # nothing runs without a consumer

    consumers = [qserver.consumer(), qserver.consumer()]
    wait_for(uuid, qadmin, 1000)

    titles = questions(qserver.db.engine, marker)
    assert len(titles) == 1000 and len(set(titles)) == 1000  # each exactly once
    status = qadmin.get(f"/V1/bulk/{uuid}/status").json()
    assert status["operation_count"] == 1000 and status["bulk_id"] == uuid
    assert status["description"] == f"Topic {FAQ_TOPIC}" and status["user_type"] == 2
    assert {(o["status"], o["result_message"], o["error_code"]) for o in status["operations_list"]} == {(1, SUCCESS, 0)}
    for s in (2, 3, 4, 5):
        assert qadmin.get(f"/V1/bulk/{uuid}/operation-status/{s}").json() == 0

    # data_hash is the SHA-256 of the operation's serialised data, in element order
    detailed = qadmin.get(f"/V1/bulk/{uuid}/detailed-status").json()["operations_list"]
    assert [hashlib.sha256(o["serialized_data"].encode()).hexdigest() for o in detailed] == \
        [i["data_hash"] for i in accepted["request_items"]]
    assert all(o["topic_name"] == FAQ_TOPIC and o["bulk_uuid"] == uuid for o in detailed)
    for c in consumers:
        c.stop()


def test_a_consumer_killed_mid_bulk_loses_nothing_and_repeats_nothing(qserver, qadmin):
    marker = unique("crash")
    n = 600
    uuid = qadmin.post("/async/bulk/V1/vendor_faq/question", json=bulk_of(n, marker)).json()["bulk_uuid"]
    first = qserver.consumer()
    done = 0
    deadline = time.monotonic() + 60
    while done == 0:
        assert time.monotonic() < deadline
        done = qadmin.get(f"/V1/bulk/{uuid}/operation-status/1").json()
    first.kill()
    assert done < n, "the consumer finished before it could be killed"
    qserver.consumer(), qserver.consumer()
    wait_for(uuid, qadmin, n)
    titles = questions(qserver.db.engine, marker)
    assert len(titles) == n and len(set(titles)) == n
    with qserver.db.engine.connect() as c:
        statuses = dict(c.execute(sa.text("SELECT status, count(*) FROM magento_operation WHERE bulk_uuid = :u "
                                          "GROUP BY status"), {"u": uuid}).all())
        assert statuses == {1: n}
        if qserver.backend == "db":
            assert c.execute(sa.text("SELECT count(*) FROM queue_message")).scalar() == 0


def test_failed_elements_are_recorded_with_their_rendered_message(qserver, qadmin):
    kept = qadmin.post("/V1/vendor_faq/question", json={"question": {"title": unique("Kept ")}}).json()
    r = qadmin.request("DELETE", "/async/bulk/V1/vendor_faq/question/byQuestionId",
                       json=[{"questionId": 987654}, {"questionId": kept["question_id"]}])
    assert r.status_code == 202, r.text
    uuid = r.json()["bulk_uuid"]
    c = qserver.consumer("--max-messages", "2")
    assert c.wait() == 0
    ops = qadmin.get(f"/V1/bulk/{uuid}/status").json()["operations_list"]
    assert [(o["status"], o["result_message"], o["error_code"]) for o in ops] == [
        (3, 'Question with specified ID "987654" not found.', 0),
        (1, "Service execution success Vendor\\Faq\\Api\\QuestionRepositoryInterface::deleteById", 0)]
    assert qadmin.get(f"/V1/bulk/{uuid}/operation-status/3").json() == 1
    detailed = qadmin.get(f"/V1/bulk/{uuid}/detailed-status").json()["operations_list"]
    assert detailed[1]["result_serialized_data"] == "true" and "result_serialized_data" not in detailed[0]
    assert qadmin.get("/V1/vendor_faq/question", params={"questionId": kept["question_id"]}).status_code == 404


def test_an_operation_runs_under_its_callers_current_rights(qserver, qadmin):
    """The admin who scheduled it is deactivated before it runs: it fails with the route's ACL error."""
    username = unique("bulk-admin-")
    qserver.cli("admin", "create", "--username", username, "--password", "Bulk-Passw0rd-1")
    with qserver.client(qserver.token(username, "Bulk-Passw0rd-1")) as scheduler:
        r = scheduler.post("/async/V1/vendor_faq/question", json={"question": {"title": unique("Late ")}})
        assert r.status_code == 202, r.text
    uuid = r.json()["bulk_uuid"]
    qserver.cli("admin", "deactivate", username)
    assert qserver.consumer("--max-messages", "1").wait() == 0
    [op] = qadmin.get(f"/V1/bulk/{uuid}/status").json()["operations_list"]
    assert (op["status"], op["result_message"]) == (3, "The consumer isn't authorized to access Vendor_Faq::question.")


def test_p18_bulk_put_of_two_then_status(qserver, qadmin):
    """The 202 body, then status 4 and then 1; counts by status."""
    ids = [qadmin.post("/V1/vendor_faq/question", json={"question": {"title": unique("P18 ")}}).json()["question_id"]
           for _ in range(2)]
    r = qadmin.put("/async/bulk/V1/vendor_faq/question/byQuestionId",
                   json=[{"questionId": i, "question": {"position": 18 + k}} for k, i in enumerate(ids)])
    assert r.status_code == 202 and r.headers["content-type"] == "application/json; charset=utf-8"
    body = r.json()
    assert list(body) == ["bulk_uuid", "request_items", "errors"] and body["errors"] is False
    assert len(body["bulk_uuid"]) == 36 and body["bulk_uuid"][14] == "4"  # a v4 uuid
    assert [(i["id"], i["status"], len(i["data_hash"])) for i in body["request_items"]] == [(0, "accepted", 64),
                                                                                           (1, "accepted", 64)]
    uuid = body["bulk_uuid"]
    status = qadmin.get(f"/V1/bulk/{uuid}/status").json()
    assert [o["status"] for o in status["operations_list"]] == [4, 4]
    assert all("result_message" not in o for o in status["operations_list"])
    assert status["description"] == "Topic async.vendor.faq.api.questionrepositoryinterface.save.put"
    assert [qadmin.get(f"/V1/bulk/{uuid}/operation-status/{s}").json() for s in (1, 4)] == [0, 2]

    assert qserver.consumer("--max-messages", "2").wait() == 0
    status = qadmin.get(f"/V1/bulk/{uuid}/status").json()
    assert [o["status"] for o in status["operations_list"]] == [1, 1]
    assert [qadmin.get(f"/V1/bulk/{uuid}/operation-status/{s}").json() for s in (1, 4)] == [2, 0]
    assert [qadmin.get("/V1/vendor_faq/question", params={"questionId": i}).json()["position"] for i in ids] == [18, 19]
    # the stored input map: the element, with the path value under its parameter name
    detailed = qadmin.get(f"/V1/bulk/{uuid}/detailed-status").json()["operations_list"]
    assert detailed[0]["serialized_data"] == '{"questionId":%d,"question":{"position":18}}' % ids[0]
