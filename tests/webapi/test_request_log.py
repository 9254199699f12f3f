"""One log line per request, with its id (also in X-Request-Id and in a 500 body's report id)."""
from __future__ import annotations

import json
import time

import httpx

from tests.helpers.harness import ADMIN_PASSWORD, ADMIN_USER, server_fixture


json_server = server_fixture("logs", extra_env={"VDC_LOG_FORMAT": "json"})


def access_lines(server) -> list[dict]:
    out = []
    for line in server.log.read_text().splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            if record["logger"] == "vdcommerce.access":
                out.append(record)
    return out


def line_of(server, request_id: str) -> dict:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        found = [r for r in access_lines(server) if r["request_id"] == request_id]
        if found:
            return found[0]
        time.sleep(0.1)
    raise AssertionError(f"no access line for {request_id}")


def test_every_response_has_a_request_id(server):
    a = httpx.get(server.url + "/rest/V1/vendor_faq/question/all")
    b = httpx.get(server.url + "/rest/V1/vendor_faq/question/all")
    assert a.headers["x-request-id"] and a.headers["x-request-id"] != b.headers["x-request-id"]
    given = httpx.get(server.url + "/health/live", headers={"X-Request-Id": "lb-1234.abc"})
    assert given.headers["x-request-id"] == "lb-1234.abc"  # a load balancer's id is kept
    odd = httpx.get(server.url + "/health/live", headers={"X-Request-Id": "x" * 65})
    assert odd.headers["x-request-id"] != "x" * 65


def test_the_json_line_of_a_request(json_server):
    token = json_server.token()
    r = httpx.delete(json_server.url + "/rest/V1/vendor_faq/question/424242", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 404
    line = line_of(json_server, r.headers["x-request-id"])
    assert line["method"] == "DELETE"
    assert line["path"] == "/rest/V1/vendor_faq/question/424242"
    assert line["route"] == "/V1/vendor_faq/question/:questionId"
    assert line["caller"] == "admin"
    assert line["status"] == 404
    assert 0 < line["duration_ms"] < 10_000
    assert line["level"] == "info" and line["time"].endswith("Z")
    guest = httpx.get(json_server.url + "/rest/V1/vendor_faq/question/all")
    assert line_of(json_server, guest.headers["x-request-id"])["caller"] == "guest"


def test_a_500_names_the_request_id_as_its_report(json_server):
    with json_server.db.engine.begin() as c:
        c.exec_driver_sql("ALTER TABLE admin_user RENAME TO admin_user_moved")
    try:
        r = httpx.post(json_server.url + "/rest/V1/integration/admin/token",
                       json={"username": ADMIN_USER, "password": ADMIN_PASSWORD})
    finally:
        with json_server.db.engine.begin() as c:
            c.exec_driver_sql("ALTER TABLE admin_user_moved RENAME TO admin_user")
    assert r.status_code == 500
    rid = r.headers["x-request-id"]
    assert r.json()["message"].endswith(f"Report ID: webapi-{rid}")
    assert line_of(json_server, rid)["status"] == 500
    errors = [json.loads(line) for line in json_server.log.read_text().splitlines()
              if line.startswith("{") and f"webapi-{rid}" in line and '"level":"error"' in line]
    assert errors and "Traceback" in errors[0]["message"]
