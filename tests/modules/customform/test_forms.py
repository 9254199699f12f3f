"""Forms over HTTP: create, merge on save, unique codes, checked store views and customer groups,
read-only keys; and who may call which custom form route (ACL)."""
import pytest

from tests.helpers import limited_admin, new_customer, ok, unique

FORM = "/V1/vendor_customform/form"
ANSWER = "/V1/vendor_customform/answer"
NOT_FOUND = 'Form with specified ID "%1" was not found.'
FORM_JSON = ('[[{"type":"textinput","name":"name","label":"Name","required":true},'
             '{"type":"textinput","name":"email","label":"Email","validation":"validate-email","required":true},'
             '{"type":"checkbox","name":"topics","label":"Topics","values":[{"label":"Delivery","value":"0",'
             '"selected":false},{"label":"Returns","value":"1","selected":false}]}]]')
DEFAULTS = {"success_url": "", "status": 1, "customer_group": "", "store_id": "0", "send_notification": 0,
            "send_to": "", "email_template": "", "submit_button": "", "success_message": "", "orig_form_json": "",
            "form_json": "", "hide_email_field": False, "email_field": "", "popup_show": False, "popup_button": "",
            "form_title": "", "auto_reply_template": "", "auto_reply_enabled": False, "survey_mode_enabled": False,
            "form_contains_sensitive_data": False, "is_visible": True}


def test_create_read_merge_list(admin):
    code = unique("help-us-")
    sent = {"code": code, "title": "Help us improve", "status": 1, "store_id": "0", "customer_group": "0,1",
            "send_notification": 1, "send_to": "support@shop.example.com", "submit_button": "Send",
            "success_message": "Thank you!", "email_field": "email", "form_json": FORM_JSON}
    form = ok(admin.post(FORM, json={"form": sent}))
    assert form == {**DEFAULTS, **sent, "form_id": form["form_id"], "created_at": form["created_at"],
                    "orig_form_json": FORM_JSON}
    assert len(form["created_at"]) == 19
    assert ok(admin.get(FORM, params={"formId": form["form_id"]})) == form

    change = {"title": "Help us", "popupShow": True, "scheduled_from": "2024-06-01", "scheduled_to": "2024-06-30 23:59:59",
              "form_id": 999999, "hide_email_field": None, "orig_form_json": ""}
    changed = ok(admin.put(f"{FORM}/{form['form_id']}", json={"form": change}))
    assert changed == {**form, "title": "Help us", "popup_show": True, "scheduled_from": "2024-06-01 00:00:00",
                       "scheduled_to": "2024-06-30 23:59:59"}
    # the old flat field list is a form definition too; a POST with form_id edits
    flat = '[{"type":"textinput","name":"email","label":"Email"}]'
    again = ok(admin.post(FORM, json={"form": {"form_id": form["form_id"], "form_json": flat, "store_id": "1, 0"}}))
    assert again == {**changed, "form_json": flat, "orig_form_json": flat, "store_id": "1,0"}
    every = ok(admin.get(f"{FORM}/all"))
    assert isinstance(every, list) and again in every


def test_delete_keeps_the_answers(admin):
    form = ok(admin.post(FORM, json={"form": {"code": unique("gone-"), "title": "Gone"}}))
    answer = ok(admin.post(ANSWER, json={"answer": {"form_id": form["form_id"]}}))
    assert ok(admin.delete(f"{FORM}/{form['form_id']}")) is True
    for r in (admin.delete(f"{FORM}/{form['form_id']}"), admin.get(FORM, params={"formId": form["form_id"]}),
              admin.put(f"{FORM}/{form['form_id']}", json={"form": {"title": "x"}})):
        assert r.status_code == 404 and r.json() == {"message": NOT_FOUND, "parameters": [form["form_id"]]}
    kept = ok(admin.get(ANSWER, params={"answerId": answer["answer_id"]}))
    assert (kept["form_id"], kept["form_name"], kept["form_code"]) == (form["form_id"], "Gone", form["code"])
    # a new form never takes the deleted form's id
    assert ok(admin.post(FORM, json={"form": {"code": unique("new-"), "title": "New"}}))["form_id"] > form["form_id"]


def test_codes_are_unique(admin):
    code = unique("dup-")
    first = ok(admin.post(FORM, json={"form": {"code": code, "title": "One"}}))
    r = admin.post(FORM, json={"form": {"code": code, "title": "Two"}})
    assert r.status_code == 400 and r.json() == {"message": "Unable to save new form. Error: %1",
                                                 "parameters": [f'A form with code "{code}" already exists.']}
    other = ok(admin.post(FORM, json={"form": {"code": unique("dup-"), "title": "Other"}}))
    r = admin.put(f"{FORM}/{other['form_id']}", json={"form": {"code": code}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save form with ID %1. Error: %2"
    assert r.json()["parameters"][0] == other["form_id"]
    assert ok(admin.put(f"{FORM}/{first['form_id']}", json={"form": {"code": code, "title": "Same"}}))["code"] == code


@pytest.mark.parametrize("keys, message", [
    ({"hide_email_field": True}, None),
    ({"orig_form_json": "[]"}, None),
    ({"email_field_hide": 1}, None),
    ({"save_referer_url": True}, None),
    ({"design": "x"}, None),
    ({"gdpr_enabled": True}, None),
    ({"isSurvey": True}, None),
    ({"status": "on"}, 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'),
    ({"status": 2}, "Unable to save new form. Error: %1"),
    ({"send_notification": 5}, "Unable to save new form. Error: %1"),
    ({"store_id": "1,999"}, "Unable to save new form. Error: %1"),
    ({"store_id": "all"}, "Unable to save new form. Error: %1"),
    ({"customer_group": "0,x"}, "Unable to save new form. Error: %1"),
    ({"form_json": "{not json"}, "Unable to save new form. Error: %1"),
    ({"form_json": '{"a": 1}'}, "Unable to save new form. Error: %1"),
    ({"form_json": '[[1, 2]]'}, "Unable to save new form. Error: %1"),
    ({"scheduled_from": "2024-07-01", "scheduled_to": "2024-06-01"}, "Unable to save new form. Error: %1"),
    ({"scheduled_from": "soon"}, "Unable to save new form. Error: %1"),
    ({"title": None}, "Unable to save new form. Error: %1"),
    ({"code": "x" * 300}, "Unable to save new form. Error: %1"),
])
def test_bad_forms_are_refused(admin, keys, message):
    before = len(ok(admin.get(f"{FORM}/all")))
    r = admin.post(FORM, json={"form": {"code": unique("bad-"), "title": "Bad", **keys}})
    assert r.status_code == 400, r.text
    if message is not None:
        assert r.json()["message"] == message
    assert len(ok(admin.get(f"{FORM}/all"))) == before


def test_missing_body_and_id(admin):
    r = admin.post(FORM, json={"code": "x"})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "form"}
    assert admin.get(FORM).status_code == 400
    r = admin.post(FORM, json={"form": {"title": "No code"}})
    assert r.status_code == 400 and r.json()["parameters"] == ['"code" is required. Enter and try again.']


# --------------------------------------------------------------------------- ACL

ROUTES = [  # (method, path, body from the ids, resource the route needs)
    ("GET", FORM + "?formId={form}", None, "Vendor_Customform::forms"),
    ("GET", FORM + "/all", None, "Vendor_Customform::forms"),
    ("PUT", FORM + "/{form}", lambda ids: {"form": {"success_url": "/thanks"}}, "Vendor_Customform::page"),
    ("POST", FORM, lambda ids: {"form": {"code": unique("acl-"), "title": "ACL"}}, "Vendor_Customform::page"),
    ("POST", ANSWER, lambda ids: {"answer": {"form_id": ids["form"]}}, "Vendor_Customform::data"),
    ("PUT", ANSWER + "/{answer}", lambda ids: {"answer": {"ip": "1.2.3.4"}}, "Vendor_Customform::data"),
    ("GET", ANSWER + "?answerId={answer}", None, "Vendor_Customform::data"),
    ("GET", ANSWER + "/all", None, "Vendor_Customform::data"),
    ("GET", ANSWER + "/list_filter?searchCriteria[pageSize]=5", None, "Vendor_Customform::data"),
    ("DELETE", ANSWER + "/{answer}", None, "Vendor_Customform::data"),
    ("DELETE", FORM + "/{form}", None, "Vendor_Customform::delete"),
]


def arrange(admin) -> dict:
    form = ok(admin.post(FORM, json={"form": {"code": unique("acl-"), "title": "ACL"}}))
    answer = ok(admin.post(ANSWER, json={"answer": {"form_id": form["form_id"]}}))
    return {"form": form["form_id"], "answer": answer["answer_id"]}


def call(client, method, path, body, ids):
    return client.request(method, path.format(**ids), json=body(ids) if body is not None else None)


def test_each_resource_grants_its_routes_only(server, admin):
    grants = {"Vendor_Customform::forms": {"Vendor_Customform::forms", "Vendor_Customform::page",
                                           "Vendor_Customform::delete"},
              "Vendor_Customform::page": {"Vendor_Customform::page"},
              "Vendor_Customform::data": {"Vendor_Customform::data"}}
    for granted, covers in grants.items():
        ids = arrange(admin)
        with server.client(limited_admin(server, granted)) as limited:
            for method, path, body, resource in ROUTES:
                r = call(limited, method, path, body, ids)
                if covers is None or resource in covers:
                    assert r.status_code == 200, (granted, method, path, r.text)
                else:
                    assert r.status_code == 401 and r.json() == {
                        "message": "The consumer isn't authorized to access %resources.",
                        "parameters": {"resources": resource}}, (granted, method, path, r.text)


def test_guests_and_customers_are_refused(server, admin, guest):
    ids = arrange(admin)
    _, token = new_customer(server)
    with server.client(token) as customer:
        for client in (guest, customer):
            for method, path, body, resource in ROUTES:
                r = call(client, method, path, body, ids)
                assert r.status_code == 401 and r.json()["parameters"] == {"resources": resource}, (method, path)
    assert ok(admin.get(FORM, params={"formId": ids["form"]}))["success_url"] == ""


def test_the_acl_tree(server):
    lines = server.cli("acl").stdout.splitlines()
    at = {line.strip().split()[0]: (i, len(line) - len(line.lstrip())) for i, line in enumerate(lines) if line.strip()}
    content, top = at["Magento_Backend::content"], at["Vendor_Customform::customform"]
    forms, page, delete, data = (at[f"Vendor_Customform::{r}"] for r in ("forms", "page", "delete", "data"))
    assert top[1] > content[1] and top[0] > content[0]
    assert forms[1] == data[1] > top[1]
    assert page[1] == delete[1] > forms[1] and forms[0] < page[0] < data[0] and forms[0] < delete[0] < data[0]


def test_demo_data(own_server):
    own_server.cli("demo", "load", "customform")
    own_server.cli("demo", "load", "customform")  # a second load adds nothing
    with own_server.client(own_server.token()) as admin:
        forms = ok(admin.get(f"{FORM}/all"))
        assert [f["code"] for f in forms] == ["contact-us", "help-us"]
        answers = ok(admin.get(f"{ANSWER}/all"))
        assert len(answers) == 3 and {a["form_code"] for a in answers} == {"contact-us", "help-us"}
        assert all(a["recipient_email"] for a in answers)
