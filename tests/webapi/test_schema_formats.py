"""The schema's security definitions, its OpenAPI 3.1 rendition and its host from VDC_BASE_URL."""
from __future__ import annotations

import httpx
from openapi_spec_validator import validate
from openapi_spec_validator.validation.validators import OpenAPIV2SpecValidator, OpenAPIV31SpecValidator

from tests.helpers.harness import server_fixture


def operations(doc: dict) -> set[tuple[str, str]]:
    return {(path, method) for path, ops in doc["paths"].items() for method in ops}


def test_the_schema_declares_the_bearer_token(admin):
    doc = admin.get("/schema", params={"services": "all"}).json()
    assert doc["securityDefinitions"] == {"bearer": {
        "type": "apiKey", "name": "Authorization", "in": "header",
        "description": "An admin, customer or integration access token, sent as `Bearer <token>`; operations open "
                       "to guests need none."}}
    assert "security" not in doc
    ops = {(path, method): op for path, o in doc["paths"].items() for method, op in o.items()}
    assert ops[("/V1/vendor_faq/question", "post")]["security"] == [{"bearer": []}]
    assert "security" not in ops[("/V1/integration/admin/token", "post")]  # open to guests


def test_openapi3_is_the_same_operations_in_a_valid_openapi_3_1_document(server, admin):
    swagger = admin.get("/schema", params={"services": "all"}).json()
    doc = admin.get("/schema", params={"services": "all", "format": "openapi3"}).json()
    validate(doc, cls=OpenAPIV31SpecValidator)
    assert doc["openapi"] == "3.1.0"
    assert doc["servers"] == [{"url": f"http://127.0.0.1:{server.port}/rest/default"}]
    assert operations(doc) == operations(swagger) and len(operations(doc)) > 100
    assert doc["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    assert set(doc["components"]["schemas"]) == set(swagger["definitions"])
    assert "#/definitions/" not in str(doc)
    save = doc["paths"]["/V1/vendor_faq/question"]["post"]
    assert "requestBody" in save and all(p["in"] != "body" for p in save.get("parameters", []))
    listed = doc["paths"]["/V1/vendor_faq/question/all"]["get"]["parameters"]
    assert any(p["name"] == "searchCriteria[pageSize]" and p["schema"] == {"type": "integer"} for p in listed)


def test_the_async_and_bulk_schemas(admin, guest):
    sync = admin.get("/schema").json()
    offered = {(p, m) for p, ops in sync["paths"].items() for m, op in ops.items() if m != "get"}
    doc = admin.get("/async/schema").json()
    validate(doc, cls=OpenAPIV2SpecValidator)
    assert doc["basePath"] == "/rest/default/async"
    assert ("/V1/vendor_faq/question", "post") in operations(doc) and ("/V1/vendor_faq/question/all", "get") not in operations(doc)
    # every POST, PUT and DELETE the admin may call, and the guest and customer routes besides
    assert offered <= operations(doc) and len(operations(doc)) > 20
    assert {("/V1/customers", "post"), ("/V1/customers/me", "put")} <= operations(doc)
    post = doc["paths"]["/V1/vendor_faq/question"]["post"]
    assert "200" not in post["responses"]
    accepted = post["responses"]["202"]["schema"]["$ref"].split("/")[-1]
    assert "bulk_uuid" in doc["definitions"][accepted]["properties"]

    bulk = admin.get("/async/bulk/schema").json()
    validate(bulk, cls=OpenAPIV2SpecValidator)
    assert bulk["basePath"] == "/rest/default/async/bulk"
    put = bulk["paths"]["/V1/vendor_faq/question/byQuestionId"]["put"]
    (body,) = put["parameters"]
    assert body["in"] == "body" and body["schema"]["type"] == "array"
    assert {"questionId", "question"} <= set(body["schema"]["items"]["properties"])
    assert 0 < len(bulk["paths"]) <= len(doc["paths"])

    assert guest.get("/async/schema").json()["paths"] == {}  # nothing is offered to guests
    assert guest.post("/async/schema").status_code == 400


def test_an_unknown_format_is_a_400(guest):
    r = guest.get("/schema", params={"format": "raml"})
    assert r.status_code == 400
    assert r.json() == {"message": 'Unknown schema format "%1": use swagger2 or openapi3.', "parameters": ["raml"]}


public = server_fixture("baseurl", extra_env={"VDC_BASE_URL": "https://shop.example.com"})


def test_the_host_is_the_configured_base_url_whatever_the_host_header(public):
    r = httpx.get(public.url + "/rest/default/schema", headers={"Host": "evil.example.net"})
    assert r.status_code == 200
    assert r.json()["host"] == "shop.example.com" and r.json()["schemes"] == ["https"]
    doc = httpx.get(public.url + "/rest/all/schema?format=openapi3").json()
    assert doc["servers"] == [{"url": "https://shop.example.com/rest/all"}]
