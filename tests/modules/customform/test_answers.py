"""Answers (form submissions) over HTTP: saving merges, the form's title and code are copied, the
reply address and customer name are computed, lists are bare arrays, and every error is a clean 4xx."""
import json

import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.queue import wait_for

ANSWER = "/V1/vendor_customform/answer"
FORM = "/V1/vendor_customform/form"
NOT_FOUND = 'Answer with specified ID "%1" was not found.'


def new_form(admin, **keys) -> dict:
    code = unique("help-")
    return ok(admin.post(FORM, json={"form": {"code": code, "title": f"Help us {code}", "email_field": "email",
                                              **keys}}))


def submission(**entries) -> str:
    return json.dumps({name: {"value": value, "label": name.title(), "type": "textinput"}
                       for name, value in entries.items()})


@pytest.fixture(scope="module")
def form(server):
    with server.client(server.token(), store="all") as admin:
        return new_form(admin)


def test_a_submission_is_stored_with_its_form_and_recipient(admin, form):
    sent = {"form_id": form["form_id"], "store_id": "1", "customer_id": 0, "ip": "203.0.113.7",
            "referer_url": "https://shop.example.com/help-us",
            "response_json": submission(name="Ana", email="ana@example.com") + " "}
    answer = ok(admin.post(ANSWER, json={"answer": sent}))
    assert answer == {**sent, "answer_id": answer["answer_id"], "created_at": answer["created_at"],
                      "updated_at": answer["updated_at"], "admin_response_status": "0",
                      "form_name": form["title"], "form_code": form["code"],
                      "recipient_email": "ana@example.com", "customer_name": ""}
    assert answer["response_json"].endswith("} ")  # stored as given
    assert answer["created_at"] == answer["updated_at"] and len(answer["created_at"]) == 19
    assert ok(admin.get(ANSWER, params={"answerId": answer["answer_id"]})) == answer


def test_put_merges_over_the_stored_answer(admin, form):
    answer = ok(admin.post(ANSWER, json={"answer": {"form_id": form["form_id"], "created_at": "2024-05-02 09:14:31",
                                                    "response_json": submission(email="bob@example.com")}}))
    assert answer["created_at"] == "2024-05-02 09:14:31" and answer["store_id"] == "1"  # the request's store
    reply = {"admin_response_email": "ana@example.com", "response_message": "Thanks, fixed.",
             "admin_response_status": "1"}
    changed = ok(admin.put(f"{ANSWER}/{answer['answer_id']}",
                           json={"answer": {**reply, "answer_id": 999999}}))  # the path decides
    assert changed == {**answer, **reply, "updated_at": changed["updated_at"], "recipient_email": "ana@example.com"}
    # a POST naming an existing answer edits it too; an empty read-only key is ignored
    again = ok(admin.post(ANSWER, json={"answer": {"answer_id": answer["answer_id"], "ip": "10.0.0.1",
                                                   "recipient_email": "", "customer_name": None}}))
    assert again == {**changed, "ip": "10.0.0.1", "updated_at": again["updated_at"]}
    assert ok(admin.get(ANSWER, params={"answerId": answer["answer_id"]})) == again


def test_recipient_email_falls_back_and_customer_name_is_computed(server, admin, form):
    customer, _ = new_customer(server, firstname="Carla")
    base = {"form_id": form["form_id"], "customer_id": customer["id"]}
    # (b) the form's email field beats (c) the customer's account
    a = ok(admin.post(ANSWER, json={"answer": {**base, "response_json": submission(email="given@example.com")}}))
    assert a["recipient_email"] == "given@example.com" and a["customer_name"] == "Carla"
    # no email in the submission: the account's
    b = ok(admin.post(ANSWER, json={"answer": {**base, "response_json": submission(name="Carla")}}))
    assert b["recipient_email"] == customer["email"]
    # (a) the admin's address wins; an address that is not valid shows as ""
    c = ok(admin.put(f"{ANSWER}/{b['answer_id']}", json={"answer": {"admin_response_email": "not an email"}}))
    assert c["recipient_email"] == "" and c["admin_response_email"] == "not an email"
    # a guest with no email anywhere
    d = ok(admin.post(ANSWER, json={"answer": {"form_id": form["form_id"], "response_json": "[]"}}))
    assert d["recipient_email"] == "" and d["customer_name"] == "" and d["customer_id"] == 0


def test_form_name_is_copied_only_while_empty_and_survives_the_form(admin):
    form = new_form(admin, email_field="mail")
    own = ok(admin.post(ANSWER, json={"answer": {"form_id": form["form_id"], "form_name": "Imported",
                                                 "response_json": submission(mail="x@example.com")}}))
    assert own["form_name"] == "Imported" and "form_code" not in own
    copied = ok(admin.post(ANSWER, json={"answer": {"form_id": form["form_id"]}}))
    assert copied["form_name"] == form["title"] and copied["form_code"] == form["code"]
    assert ok(admin.delete(f"{FORM}/{form['form_id']}")) is True
    kept = ok(admin.get(ANSWER, params={"answerId": own["answer_id"]}))
    assert kept == {**own, "recipient_email": ""}  # the form's email field is gone with the form
    kept = ok(admin.put(f"{ANSWER}/{copied['answer_id']}", json={"answer": {"admin_response_status": "1"}}))
    assert kept["form_id"] == form["form_id"] and kept["form_name"] == form["title"]
    # clearing form_name asks for the form again, which is gone
    r = admin.put(f"{ANSWER}/{copied['answer_id']}", json={"answer": {"form_name": None}})
    assert r.status_code == 400 and r.json() == {
        "message": "Unable to save answer with ID %1. Error: %2",
        "parameters": [copied["answer_id"], f'Form with specified ID "{form["form_id"]}" was not found.']}


def test_lists_are_bare_arrays_and_list_filter_pages(admin):
    form = new_form(admin)
    ids = [ok(admin.post(ANSWER, json={"answer": {"form_id": form["form_id"], "ip": ip}}))["answer_id"]
           for ip in ("1.1.1.1", "2.2.2.2", "3.3.3.3")]
    every = ok(admin.get(f"{ANSWER}/all"))
    assert isinstance(every, list) and {a["answer_id"] for a in every} >= set(ids)
    assert all("recipient_email" in a and "customer_name" in a for a in every)
    by_form = {"searchCriteria[filter_groups][0][filters][0][field]": "form_id",
               "searchCriteria[filter_groups][0][filters][0][value]": str(form["form_id"])}
    assert [a["answer_id"] for a in ok(admin.get(f"{ANSWER}/list_filter", params=by_form))] == ids
    page = ok(admin.get(f"{ANSWER}/list_filter", params={
        **by_form, "searchCriteria[sortOrders][0][field]": "ip", "searchCriteria[sortOrders][0][direction]": "DESC",
        "searchCriteria[pageSize]": 2, "searchCriteria[currentPage]": 1}))
    assert [a["ip"] for a in page] == ["3.3.3.3", "2.2.2.2"]
    # filters in a group OR, groups AND
    either = ok(admin.get(f"{ANSWER}/list_filter", params={
        **by_form,
        "searchCriteria[filter_groups][1][filters][0][field]": "ip",
        "searchCriteria[filter_groups][1][filters][0][value]": "1.1.1.1",
        "searchCriteria[filter_groups][1][filters][1][field]": "ip",
        "searchCriteria[filter_groups][1][filters][1][value]": "3.3.3.3"}))
    assert [a["answer_id"] for a in either] == [ids[0], ids[2]]


def test_delete(admin, form):
    answer = ok(admin.post(ANSWER, json={"answer": {"form_id": form["form_id"]}}))
    assert ok(admin.delete(f"{ANSWER}/{answer['answer_id']}")) is True
    for r in (admin.delete(f"{ANSWER}/{answer['answer_id']}"), admin.get(ANSWER, params={"answerId": answer["answer_id"]}),
              admin.put(f"{ANSWER}/{answer['answer_id']}", json={"answer": {"ip": "x"}})):
        assert r.status_code == 404 and r.json() == {"message": NOT_FOUND, "parameters": [answer["answer_id"]]}
    r = admin.post(ANSWER, json={"answer": {"answer_id": answer["answer_id"], "ip": "x"}})
    assert r.status_code == 404


@pytest.mark.parametrize("body, status, message", [
    ({}, 400, '"%fieldName" is required. Enter and try again.'),
    ({"answer": "text"}, 400, None),
    ({"answer": {"form_id": 1, "questionnaire_unique_id": "q1"}}, 400, None),
    ({"answer": {"form_id": 1, "recipient_email": "a@example.com"}}, 400, None),
    ({"answer": {"form_id": 1, "customer_name": "Ana"}}, 400, None),
    ({"answer": {"form_id": 1, "response_json": {"name": {"value": "Ana"}}}}, 400,
     'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'),
    ({"answer": {"form_id": "four"}}, 400,
     'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'),
    ({"answer": {"form_id": 1, "customer_id": "x"}}, 400, None),
    ({"answer": {"form_id": 1, "created_at": "yesterday"}}, 400, "Unable to save new answer. Error: %1"),
    ({"answer": {"form_id": 1, "admin_response_status": "7"}}, 400, "Unable to save new answer. Error: %1"),
    ({"answer": {"form_id": 1, "customer_id": -1}}, 400, "Unable to save new answer. Error: %1"),
    ({"answer": {"ip": "1.2.3.4"}}, 400, "Unable to save new answer. Error: %1"),
])
def test_bad_answers_are_refused(admin, form, body, status, message):
    before = len(ok(admin.get(f"{ANSWER}/all")))
    if isinstance(body.get("answer"), dict) and body["answer"].get("form_id") == 1:
        body = {"answer": {**body["answer"], "form_id": form["form_id"]}}
    r = admin.post(ANSWER, json=body)
    assert r.status_code == status, r.text
    if message is not None:
        assert r.json()["message"] == message
    assert len(ok(admin.get(f"{ANSWER}/all"))) == before  # nothing half-written


def test_error_bodies(admin):
    r = admin.post(ANSWER, json={})
    assert r.json()["parameters"] == {"fieldName": "answer"}
    r = admin.post(ANSWER, json={"answer": {"form_id": 987654}})
    assert r.status_code == 400 and r.json() == {"message": "Unable to save new answer. Error: %1",
                                                 "parameters": ['Form with specified ID "987654" was not found.']}
    r = admin.post(ANSWER, json={"answer": {"form_id": 1, "response_json": {"a": 1}}})
    assert r.json()["parameters"]["type"] == "string"
    assert admin.get(ANSWER).status_code == 400  # answerId is required
    assert admin.get(ANSWER, params={"answerId": "abc"}).status_code == 400


def test_async_and_bulk_writes(admin, form):
    marker = unique("async-")
    r = admin.post(f"/async{ANSWER}", json={"answer": {"form_id": form["form_id"], "ip": marker}})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    mine = ok(admin.get(f"{ANSWER}/list_filter", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "ip",
        "searchCriteria[filter_groups][0][filters][0][value]": marker}))
    assert len(mine) == 1 and mine[0]["form_name"] == form["title"]
    answer_id = mine[0]["answer_id"]
    r = admin.put(f"/async/bulk{ANSWER}/byAnswerId",
                  json=[{"answerId": answer_id, "answer": {"response_message": "Bulk reply"}}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert ok(admin.get(ANSWER, params={"answerId": answer_id}))["response_message"] == "Bulk reply"
    r = admin.request("DELETE", f"/async/bulk{ANSWER}/byAnswerId", json=[{"answerId": answer_id}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert admin.get(ANSWER, params={"answerId": answer_id}).status_code == 404


def test_anonymising_the_customer_scrubs_their_answers(server, admin, form):
    customer, _ = new_customer(server, firstname="Dora")
    mine = ok(admin.post(ANSWER, json={"answer": {
        "form_id": form["form_id"], "customer_id": customer["id"], "ip": "198.51.100.4",
        "admin_response_email": "dora@example.com", "response_message": "Done.",
        "response_json": submission(name="Dora", email="dora@example.com")}}))
    other = ok(admin.post(ANSWER, json={"answer": {"form_id": form["form_id"], "ip": "198.51.100.5",
                                                   "response_json": submission(name="Eve")}}))
    assert ok(admin.post(f"/V1/vdtest/customers/{customer['id']}/anonymize")) is True
    scrubbed = ok(admin.get(ANSWER, params={"answerId": mine["answer_id"]}))
    assert json.loads(scrubbed["response_json"]) == {
        "name": {"value": "-", "label": "Name", "type": "textinput"},
        "email": {"value": "-", "label": "Email", "type": "textinput"}}
    assert scrubbed["ip"] == "0.0.0.0" and scrubbed["customer_name"] == "-"
    assert scrubbed["admin_response_email"].startswith("-@") and "dora" not in json.dumps(scrubbed)
    assert (scrubbed["response_message"], scrubbed["form_id"]) == ("Done.", form["form_id"])
    assert ok(admin.get(ANSWER, params={"answerId": other["answer_id"]})) == other
