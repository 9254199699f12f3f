"""Who may call the FAQ routes: the module's ACL tree."""
import pytest

from tests.helpers import limited_admin, new_customer, unique

# every route, with a request that succeeds for a caller with full access
ROUTES = [
    ("POST", "/V1/vendor_faq/question", {"question": {"title": "ACL?"}}, "Vendor_Faq::question"),
    ("PUT", "/V1/vendor_faq/question/{question}", {"question": {"position": 1}}, "Vendor_Faq::question"),
    ("GET", "/V1/vendor_faq/question?questionId={question}", None, "Vendor_Faq::question"),
    ("GET", "/V1/vendor_faq/question/all?searchCriteria[pageSize]=1", None, "Vendor_Faq::question"),
    ("DELETE", "/V1/vendor_faq/question/{question}", None, "Vendor_Faq::question"),
    ("POST", "/V1/vendor_faq/category", {"category": {"title": "ACL"}}, "Vendor_Faq::category"),
    ("PUT", "/V1/vendor_faq/category/{category}", {"category": {"position": 1}}, "Vendor_Faq::category"),
    ("GET", "/V1/vendor_faq/category?categoryId={category}", None, "Vendor_Faq::category"),
    ("GET", "/V1/vendor_faq/category/all?searchCriteria[pageSize]=1", None, "Vendor_Faq::category"),
    ("DELETE", "/V1/vendor_faq/category/{category}", None, "Vendor_Faq::category"),
    ("POST", "/V1/vendor_faq/tag", {"tag": {"title": "acl-{unique}"}}, "Vendor_Faq::faq"),
    ("PUT", "/V1/vendor_faq/tag/{tag}", {"tag": {"title": "acl-{unique}"}}, "Vendor_Faq::faq"),
    ("GET", "/V1/vendor_faq/tag?tagId={tag}", None, "Vendor_Faq::faq"),
    ("GET", "/V1/vendor_faq/tag/all?searchCriteria[pageSize]=1", None, "Vendor_Faq::faq"),
    ("DELETE", "/V1/vendor_faq/tag/{tag}", None, "Vendor_Faq::faq"),
]


def records(admin) -> dict:
    """A fresh question, category and tag for one round of the routes."""
    q = admin.post("/V1/vendor_faq/question", json={"question": {"title": unique("Q ")}}).json()
    c = admin.post("/V1/vendor_faq/category", json={"category": {"title": unique("C ")}}).json()
    t = admin.post("/V1/vendor_faq/tag", json={"tag": {"title": unique("t-")}}).json()
    return {"question": q["question_id"], "category": c["category_id"], "tag": t["tag_id"]}


def call(client, method, path, body, ids):
    path = path.format(**ids)
    if body is not None:
        body = {k: {f: (v.format(unique=unique()) if isinstance(v, str) else v) for f, v in obj.items()}
                for k, obj in body.items()}
    return client.request(method, path, json=body)


def denied(resource):
    return {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": resource}}


def test_every_route_with_the_admin_token(admin):
    ids = records(admin)
    for method, path, body, _ in ROUTES:
        r = call(admin, method, path, body, ids)
        assert r.status_code == 200, (method, path, r.text)


def test_guests_and_customers_are_refused(server, admin, guest):
    ids = records(admin)
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer:
        for client in (guest, customer):
            for method, path, body, resource in ROUTES:
                r = call(client, method, path, body, ids)
                assert r.status_code == 401, (method, path)
                assert r.json() == denied(resource)
    # nothing was changed
    assert admin.get("/V1/vendor_faq/question", params={"questionId": ids["question"]}).json()["position"] == 0


def test_an_admin_with_another_resource_only(server, admin):
    ids = records(admin)
    with server.client(limited_admin(server, "Vendor_Faq::category")) as categories_only:
        for method, path, body, resource in ROUTES:
            r = call(categories_only, method, path, body, ids)
            if resource == "Vendor_Faq::category":
                assert r.status_code == 200, (method, path, r.text)
            else:
                assert r.status_code == 401 and r.json() == denied(resource), (method, path)


def test_questions_only_is_not_the_tags(server, admin):
    with server.client(limited_admin(server, "Vendor_Faq::question")) as questions_only:
        r = questions_only.get("/V1/vendor_faq/question/all?searchCriteria[pageSize]=1")
        assert r.status_code == 200
        r = questions_only.get("/V1/vendor_faq/tag/all?searchCriteria[pageSize]=1")
        assert r.status_code == 401 and r.json() == denied("Vendor_Faq::faq")


@pytest.mark.parametrize("resource", ["Vendor_Faq::faq", "Magento_Backend::content"])
def test_a_parent_resource_grants_its_children(server, admin, resource):
    ids = records(admin)
    with server.client(limited_admin(server, resource)) as parent:
        for method, path, body, _ in ROUTES:
            r = call(parent, method, path, body, ids)
            assert r.status_code == 200, (method, path, r.text)
