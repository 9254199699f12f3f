"""Schema endpoint: a Swagger 2.0 document of the routes the caller may use."""
from __future__ import annotations

import json

import httpx
import pytest
from openapi_spec_validator import OpenAPIV2SpecValidator, validate

from tests.helpers import new_customer, unique

ERROR_REF = {"$ref": "#/definitions/error-response"}
ERROR_PARAMETERS = {  # an object for named placeholders, a list for numbered ones: no one type
    "description": "Error parameters: an object of named values for named placeholders (%fieldName), "
                   "a list of values for numbered ones (%1)",
}
ERROR_RESPONSE = {
    "type": "object",
    "description": "Error body of every failed request",
    "properties": {
        "message": {"type": "string", "description": "Error message"},
        "errors": {
            "type": "array",
            "description": "Errors list",
            "items": {
                "type": "object",
                "description": "Error details",
                "properties": {
                    "message": {"type": "string", "description": "Error message"},
                    "parameters": ERROR_PARAMETERS,
                },
            },
        },
        "code": {"type": "integer", "description": "Error code"},
        "parameters": ERROR_PARAMETERS,
        "trace": {"type": "string", "description": "Stack trace"},
    },
    "required": ["message"],
}

ADMIN_TOKEN = ("POST", "/V1/integration/admin/token")
CUSTOMER_TOKEN = ("POST", "/V1/integration/customer/token")
REVOKE = ("POST", "/V1/integration/customer/revoke-customer-token")
CREATE_CUSTOMER = ("POST", "/V1/customers")
CUSTOMER_ME = ("GET", "/V1/customers/me")
CUSTOMER_ME_SAVE = ("PUT", "/V1/customers/me")
CUSTOMER_BY_ID = ("GET", "/V1/customers/{customerId}")
QUESTION_ROUTES = {("POST", "/V1/vendor_faq/question"), ("PUT", "/V1/vendor_faq/question/{questionId}"),
                   ("DELETE", "/V1/vendor_faq/question/{questionId}"), ("GET", "/V1/vendor_faq/question"),
                   ("GET", "/V1/vendor_faq/question/all")}
CATEGORY_ROUTES = {("POST", "/V1/vendor_faq/category"), ("PUT", "/V1/vendor_faq/category/{categoryId}"),
                   ("DELETE", "/V1/vendor_faq/category/{categoryId}"), ("GET", "/V1/vendor_faq/category"),
                   ("GET", "/V1/vendor_faq/category/all")}
TAG_ROUTES = {("POST", "/V1/vendor_faq/tag"), ("PUT", "/V1/vendor_faq/tag/{tagId}"),
              ("DELETE", "/V1/vendor_faq/tag/{tagId}"), ("GET", "/V1/vendor_faq/tag"),
              ("GET", "/V1/vendor_faq/tag/all")}


def fetch(client: httpx.Client, **params) -> dict:
    """GET <store>/schema, checked as a valid Swagger 2.0 document whose references all resolve."""
    r = client.get("/schema", params=params)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/json; charset=utf-8"
    doc = r.json()
    validate(doc, cls=OpenAPIV2SpecValidator)
    check_references(doc)
    return doc


def check_references(doc: dict) -> None:
    """Every $ref names a definition of the document, and every definition is referenced."""
    refs: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "$ref":
                    refs.add(v)
                else:
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(doc["paths"])
    walk(doc["definitions"])
    names = {r.removeprefix("#/definitions/") for r in refs}
    assert all(r.startswith("#/definitions/") for r in refs), refs
    assert names <= set(doc["definitions"]), names - set(doc["definitions"])
    unused = set(doc["definitions"]) - names - {"error-response"}
    assert not unused, unused


def operations(doc: dict) -> dict[tuple[str, str], dict]:
    return {(method.upper(), path): op for path, item in doc["paths"].items() for method, op in item.items()}


def params_by_name(op: dict) -> dict[str, dict]:
    return {p["name"]: p for p in op["parameters"]}


@pytest.fixture(scope="module")
def guest_doc(server) -> dict:
    with server.client() as c:
        return fetch(c)


@pytest.fixture(scope="module")
def admin_doc(server, admin_token) -> dict:
    with server.client(admin_token) as c:
        return fetch(c)


@pytest.fixture(scope="module")
def customer_doc(server) -> dict:
    _, token = new_customer(server)
    with server.client(token) as c:
        return fetch(c)


# --------------------------------------------------------------------------- the document


def test_document_head_reflects_the_request(server, guest_doc):
    assert guest_doc["swagger"] == "2.0"
    assert guest_doc["info"] == {"version": "2.4", "title": "vdcommerce"}
    assert guest_doc["host"] == f"127.0.0.1:{server.port}"
    assert guest_doc["basePath"] == "/rest/default"
    assert guest_doc["schemes"] == ["http"]
    assert list(guest_doc)[:5] == ["swagger", "info", "host", "basePath", "schemes"]
    assert guest_doc["definitions"]["error-response"] == ERROR_RESPONSE


@pytest.mark.parametrize("path, base", [
    ("/rest/default/schema", "/rest/default"),
    ("/rest/all/schema", "/rest/all"),
    ("/rest/schema", "/rest"),
    ("/rest/default/schema/", "/rest/default"),
    ("/index.php/rest/default/schema", "/index.php/rest/default"),
])
def test_base_path_is_the_path_before_schema(server, path, base):
    r = httpx.get(server.url + path, headers={"Host": "shop.example.com:8443"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["basePath"] == base
    assert doc["host"] == f"127.0.0.1:{server.port}"  # a Host header never names the API's host
    assert ADMIN_TOKEN in operations(doc)


def test_get_under_store_all_serves_the_schema_and_the_routes(server, admin_token):
    with server.client(admin_token, store="all") as c:
        assert c.get("/schema").status_code == 200
        r = c.get("/V1/vendor_faq/question/all", params={"searchCriteria[pageSize]": 1})
        assert r.status_code == 200 and "total_count" in r.json(), r.text


@pytest.mark.parametrize("method, path", [
    ("POST", "/rest/default/schema"),
    ("PUT", "/rest/schema"),
    ("DELETE", "/rest/all/schema"),
    ("GET", "/rest/nosuchstore/schema"),
    ("GET", "/rest/admin/schema"),
    ("GET", "/rest/default/schema/extra"),
])
def test_other_requests_cannot_be_processed(server, method, path):
    r = httpx.request(method, server.url + path)
    assert r.status_code == 400
    assert r.json() == {"message": "Specified request cannot be processed."}


def test_operation_of_a_token_route(guest_doc):
    op = operations(guest_doc)[ADMIN_TOKEN]
    assert op["tags"] == ["integrationAdminTokenServiceV1"]
    assert op["operationId"] == "integrationAdminTokenServiceV1CreateAdminAccessTokenPost"
    assert op["description"]
    assert op["parameters"] == [{
        "name": "integrationAdminTokenServiceV1CreateAdminAccessTokenPostBody",
        "in": "body",
        "schema": {"type": "object", "properties": {"username": {"type": "string"}, "password": {"type": "string"}}},
    }]
    assert op["responses"]["200"] == {"description": "200 Success.", "schema": {"type": "string"}}
    assert "401" not in op["responses"]
    for status in ("400", "500", "default"):
        assert op["responses"][status]["schema"] == ERROR_REF
    assert {"name": "integrationAdminTokenServiceV1", "description": "Admin token service"} in guest_doc["tags"]


# --------------------------------------------------------------------------- filtered by the caller


def test_guest_sees_only_anonymous_routes(guest_doc):
    ops = operations(guest_doc)
    assert {ADMIN_TOKEN, CUSTOMER_TOKEN, CREATE_CUSTOMER} <= set(ops)
    assert REVOKE not in ops and CUSTOMER_ME not in ops and CUSTOMER_BY_ID not in ops
    assert not (QUESTION_ROUTES | CATEGORY_ROUTES | TAG_ROUTES) & set(ops)
    assert all("401" not in op["responses"] for op in ops.values())
    assert {t["name"] for t in guest_doc["tags"]} == {op["tags"][0] for op in ops.values()}


def test_a_bad_token_is_a_guest(server, guest_doc):
    for header in ("Bearer not-a-token", "Bearer a.b.c", "Token abc"):
        r = httpx.get(server.url + "/rest/default/schema", headers={"Authorization": header})
        assert r.status_code == 200
        assert r.json()["paths"] == guest_doc["paths"]


def test_admin_sees_admin_and_anonymous_routes_but_not_self(admin_doc, guest_doc):
    ops = operations(admin_doc)
    assert QUESTION_ROUTES | CATEGORY_ROUTES | TAG_ROUTES <= set(ops)
    assert {ADMIN_TOKEN, CREATE_CUSTOMER, CUSTOMER_BY_ID} <= set(ops)
    assert REVOKE not in ops and CUSTOMER_ME not in ops and CUSTOMER_ME_SAVE not in ops
    for key in QUESTION_ROUTES | {CUSTOMER_BY_ID}:
        assert ops[key]["responses"]["401"] == {"description": "401 Unauthorized", "schema": ERROR_REF}
    # an operation is the same object whoever asks
    assert ops[ADMIN_TOKEN] == operations(guest_doc)[ADMIN_TOKEN]
    ids = [op["operationId"] for op in ops.values()]
    assert len(ids) == len(set(ids))
    tags = {t["name"] for t in admin_doc["tags"]}
    assert {"vendorFaqQuestionRepositoryV1", "vendorFaqCategoryRepositoryV1", "vendorFaqTagRepositoryV1",
            "customerCustomerRepositoryV1", "customerAccountManagementV1", "integrationAdminTokenServiceV1"} <= tags
    assert all(t["description"] for t in admin_doc["tags"])


def test_admin_limited_to_one_resource(server, guest_doc):
    username, password = unique("schema"), "Schema-Passw0rd"
    server.cli("admin", "create", "--username", username, "--password", password, "--resources", "Vendor_Faq::category")
    with server.client(server.token(username, password)) as c:
        doc = fetch(c)
    ops = set(operations(doc))
    assert ops == CATEGORY_ROUTES | set(operations(guest_doc))
    assert {t["name"] for t in doc["tags"]} >= {"vendorFaqCategoryRepositoryV1", "integrationAdminTokenServiceV1"}
    assert "vendorFaqQuestionRepositoryV1" not in {t["name"] for t in doc["tags"]}
    assert "vendor-faq-data-category-interface" in doc["definitions"]
    assert "vendor-faq-data-question-interface" not in doc["definitions"]


def test_integration_granted_a_parent_resource_sees_its_children(server, guest_doc):
    creds = json.loads(server.cli("integration", "create", "--name", unique("schema"), "--resources",
                                  "Vendor_Faq::faq", "--json").stdout)
    with server.client(creds["access_token"]) as c:
        doc = fetch(c)
    ops = set(operations(doc))
    assert ops == QUESTION_ROUTES | CATEGORY_ROUTES | TAG_ROUTES | set(operations(guest_doc))


def test_customer_sees_self_and_anonymous_routes(customer_doc, guest_doc):
    ops = operations(customer_doc)
    assert {REVOKE, CUSTOMER_ME, CUSTOMER_ME_SAVE, ADMIN_TOKEN, CREATE_CUSTOMER} <= set(ops)
    assert set(operations(guest_doc)) <= set(ops)
    assert CUSTOMER_BY_ID not in ops
    assert not (QUESTION_ROUTES | CATEGORY_ROUTES | TAG_ROUTES) & set(ops)
    for key in (REVOKE, CUSTOMER_ME, CUSTOMER_ME_SAVE):
        assert "401" in ops[key]["responses"]
    # forced parameters are left out
    assert ops[REVOKE]["parameters"] == []
    assert ops[REVOKE]["responses"]["200"]["schema"] == {"type": "boolean"}
    assert ops[CUSTOMER_ME]["parameters"] == []
    assert ops[CUSTOMER_ME]["tags"] == ["customerCustomerRepositoryV1"]
    assert ops[CUSTOMER_ME]["operationId"] == "customerCustomerRepositoryV1GetByIdGet"
    ids = [op["operationId"] for op in ops.values()]
    assert len(ids) == len(set(ids))


def test_operation_ids_follow_service_method_and_http_method(admin_doc, customer_doc):
    """One service method on two routes (/me for customers, /:customerId for admins): each caller's
    document names its route with the plain operationId."""
    admin_ops, customer_ops = operations(admin_doc), operations(customer_doc)
    assert admin_ops[CUSTOMER_BY_ID]["operationId"] == "customerCustomerRepositoryV1GetByIdGet"
    assert customer_ops[CUSTOMER_ME]["operationId"] == "customerCustomerRepositoryV1GetByIdGet"
    for ops, path in ((admin_ops, "/V1/customers/{customerId}"), (customer_ops, "/V1/customers/me")):
        save = ops[("PUT", path)]
        assert save["operationId"] == "customerCustomerRepositoryV1SavePut"
        assert params_by_name(save)["customerCustomerRepositoryV1SavePutBody"]["in"] == "body"
    assert admin_ops[("GET", "/V1/customers/search")]["operationId"] == "customerCustomerRepositoryV1GetListGet"
    assert admin_ops[("DELETE", "/V1/customers/{customerId}")]["operationId"] == \
        "customerCustomerRepositoryV1DeleteByIdDelete"
    assert customer_ops[REVOKE]["operationId"] == "integrationCustomerTokenServiceV1RevokeCustomerAccessTokenPost"


# --------------------------------------------------------------------------- services=


def test_services_selects_one_service(server, admin_token):
    with server.client(admin_token) as c:
        doc = fetch(c, services="integrationAdminTokenServiceV1")
        assert [t["name"] for t in doc["tags"]] == ["integrationAdminTokenServiceV1"]
        assert set(operations(doc)) == {ADMIN_TOKEN}
        assert set(doc["definitions"]) == {"error-response"}
        assert fetch(c, services="nosuchServiceV1,integrationAdminTokenServiceV1")["paths"] == doc["paths"]
        assert fetch(c, services=" IntegrationAdminTokenServiceV1 ")["paths"] == doc["paths"]

        both = fetch(c, services="vendorFaqQuestionRepositoryV1,customerCustomerRepositoryV1")
        assert {t["name"] for t in both["tags"]} == {"vendorFaqQuestionRepositoryV1", "customerCustomerRepositoryV1"}
        assert QUESTION_ROUTES <= set(operations(both))
        assert ADMIN_TOKEN not in operations(both)

        everything = fetch(c)["paths"]
        assert fetch(c, services="all")["paths"] == everything
        assert fetch(c, services="nosuchServiceV1,all")["paths"] == everything
        none = fetch(c, services="nosuchServiceV1")
        assert none["paths"] == {} and none["tags"] == []
        assert set(none["definitions"]) == {"error-response"}


def test_services_of_another_caller_stay_hidden(server):
    with server.client() as c:
        doc = fetch(c, services="vendorFaqQuestionRepositoryV1")
    assert doc["paths"] == {} and doc["tags"] == []


# --------------------------------------------------------------------------- operations and definitions


def test_body_and_path_parameters(admin_doc):
    ops = operations(admin_doc)
    put = ops[("PUT", "/V1/vendor_faq/question/{questionId}")]
    assert put["operationId"] == "vendorFaqQuestionRepositoryV1SavePut"
    assert put["tags"] == ["vendorFaqQuestionRepositoryV1"]
    assert put["parameters"] == [
        {"name": "questionId", "in": "path", "type": "string", "required": True},
        {"name": "vendorFaqQuestionRepositoryV1SavePutBody", "in": "body",
         "schema": {"type": "object",
                    "properties": {"question": {"$ref": "#/definitions/vendor-faq-data-question-interface"}},
                    "required": ["question"]}},
    ]
    assert put["responses"]["200"]["schema"] == {"$ref": "#/definitions/vendor-faq-data-question-interface"}
    assert {"200", "400", "401", "404", "500", "default"} <= set(put["responses"])

    post = ops[("POST", "/V1/vendor_faq/question")]
    assert post["operationId"] == "vendorFaqQuestionRepositoryV1SavePost"
    assert [p["name"] for p in post["parameters"]] == ["vendorFaqQuestionRepositoryV1SavePostBody"]

    delete = ops[("DELETE", "/V1/vendor_faq/question/{questionId}")]
    assert delete["operationId"] == "vendorFaqQuestionRepositoryV1DeleteByIdDelete"
    assert delete["parameters"] == [{"name": "questionId", "in": "path", "type": "integer", "required": True}]
    assert delete["responses"]["200"]["schema"] == {"type": "boolean"}


def test_get_parameters_come_from_the_query_string(admin_doc):
    ops = operations(admin_doc)
    get = ops[("GET", "/V1/vendor_faq/question")]
    assert get["operationId"] == "vendorFaqQuestionRepositoryV1GetByIdGet"
    assert get["parameters"] == [{"name": "questionId", "in": "query", "type": "integer", "required": True}]
    assert "404" in get["responses"]

    listing = ops[("GET", "/V1/vendor_faq/question/all")]
    assert listing["operationId"] == "vendorFaqQuestionRepositoryV1GetListGet"
    params = params_by_name(listing)
    assert all(p["in"] == "query" for p in params.values())
    assert params["searchCriteria[filterGroups][0][filters][0][field]"]["type"] == "string"
    assert params["searchCriteria[filterGroups][0][filters][0][value]"]["type"] == "string"
    assert params["searchCriteria[filterGroups][0][filters][0][conditionType]"]["type"] == "string"
    assert params["searchCriteria[sortOrders][0][field]"]["type"] == "string"
    assert "searchCriteria[sortOrders][0][direction]" in params
    assert params["searchCriteria[pageSize]"]["type"] == "integer"
    assert params["searchCriteria[currentPage]"]["type"] == "integer"
    assert listing["responses"]["200"]["schema"] == {
        "$ref": "#/definitions/vendor-faq-data-question-search-results-interface"}


def test_the_flattened_query_names_work(admin):
    """A client following the document's parameter names gets a filtered list."""
    r = admin.get("/V1/vendor_faq/question/all", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "question_id",
        "searchCriteria[filterGroups][0][filters][0][value]": "0",
        "searchCriteria[filterGroups][0][filters][0][conditionType]": "lt",
        "searchCriteria[pageSize]": "5", "searchCriteria[currentPage]": "1"})
    assert r.status_code == 200, r.text
    assert r.json()["total_count"] == 0
    assert r.json()["search_criteria"]["page_size"] == 5


def test_data_object_definitions(admin_doc):
    defs = admin_doc["definitions"]
    question = defs["vendor-faq-data-question-interface"]
    assert question["type"] == "object"
    props = question["properties"]
    # a field always written (null when empty) is required and x-nullable; one left out when empty is neither
    assert props["question_id"] == {"type": "integer", "x-nullable": True}
    assert props["title"] == {"type": "string", "x-nullable": True}
    assert props["exclude_sitemap"] == {"type": "boolean", "x-nullable": True}
    assert props["tags"] == {"type": "array", "items": {"$ref": "#/definitions/vendor-faq-data-tag-interface"},
                             "x-nullable": True}
    assert props["url_key"] == {"type": "string"}
    assert props["relative_url"]["readOnly"] is True
    assert "questionId" not in props
    assert {"question_id", "title", "created_at"} <= set(question["required"])
    assert not {"name", "url_key", "meta_title", "positive_rating"} & set(question["required"])

    results = defs["vendor-faq-data-question-search-results-interface"]
    assert results["properties"] == {
        "items": {"type": "array", "items": {"$ref": "#/definitions/vendor-faq-data-question-interface"},
                  "x-nullable": True},
        "search_criteria": {"$ref": "#/definitions/framework-search-criteria-interface", "x-nullable": True},
        "total_count": {"type": "integer", "x-nullable": True},
    }
    criteria = defs["framework-search-criteria-interface"]
    assert criteria["required"] == ["filter_groups"]
    assert criteria["properties"]["filter_groups"] == {
        "type": "array", "items": {"$ref": "#/definitions/framework-search-filter-group"}, "x-nullable": True}
    assert criteria["properties"]["page_size"] == {"type": "integer"}
    assert "framework-filter" in defs and "framework-sort-order" in defs

    customer = defs["customer-data-customer-interface"]
    assert {"email", "firstname", "lastname"} <= set(customer["required"])
    assert "id" not in customer.get("required", [])
    assert customer["properties"]["addresses"] == {
        "type": "array", "items": {"$ref": "#/definitions/customer-data-address-interface"}}
    assert "customer-data-address-interface" in defs


def test_customer_routes_in_the_document(customer_doc, guest_doc):
    create = operations(guest_doc)[CREATE_CUSTOMER]
    assert create["tags"] == ["customerAccountManagementV1"]
    assert create["operationId"] == "customerAccountManagementV1CreateAccountPost"
    body = create["parameters"][0]
    assert body["name"] == "customerAccountManagementV1CreateAccountPostBody"
    assert body["schema"]["properties"]["customer"] == {"$ref": "#/definitions/customer-data-customer-interface"}
    assert body["schema"]["required"] == ["customer"]
    assert "password" in body["schema"]["properties"]

    save_me = operations(customer_doc)[CUSTOMER_ME_SAVE]
    body = params_by_name(save_me)[save_me["operationId"] + "Body"]
    # customer.id is forced: the object is filled in even when the client sends none, but the platform
    # lists it as required, and so does this schema
    assert "customer" in body["schema"]["properties"]
    assert body["schema"]["required"] == ["customer"]  # as the platform lists it
