"""CORS: off by default; with VDC_CORS_ORIGINS, preflights answered and responses marked."""
from __future__ import annotations

import httpx
import pytest

from tests.helpers.harness import Database, Server

ALLOWED = "https://app.example.com"
PREFLIGHT = {"Origin": ALLOWED, "Access-Control-Request-Method": "POST",
             "Access-Control-Request-Headers": "authorization, content-type"}


@pytest.fixture(scope="module")
def cors_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cors")
    db = Database(tmp)
    srv = Server(tmp, db, extra_env={"VDC_CORS_ORIGINS": f"{ALLOWED}, https://other.example.com"})
    yield srv
    srv.stop()
    db.drop()


def test_cors_is_off_by_default(server):
    r = httpx.options(server.url + "/rest/V1/integration/admin/token", headers=PREFLIGHT)
    assert r.status_code == 400
    assert "access-control-allow-origin" not in r.headers
    r = httpx.get(server.url + "/rest/V1/vendor_faq/question/all", headers={"Origin": ALLOWED})
    assert "access-control-allow-origin" not in r.headers


def test_preflight_from_an_allowed_origin(cors_server):
    r = httpx.options(cors_server.url + "/rest/V1/integration/admin/token", headers=PREFLIGHT)
    assert r.status_code == 204
    assert r.headers["access-control-allow-origin"] == ALLOWED
    assert "POST" in r.headers["access-control-allow-methods"]
    allowed_headers = r.headers["access-control-allow-headers"].lower()
    assert "authorization" in allowed_headers and "content-type" in allowed_headers
    assert r.headers["vary"] == "Origin"
    assert "access-control-allow-credentials" not in r.headers


def test_preflight_from_another_origin_is_refused(cors_server):
    r = httpx.options(cors_server.url + "/rest/V1/integration/admin/token",
                      headers={**PREFLIGHT, "Origin": "https://evil.example.net"})
    assert r.status_code == 403
    assert r.json() == {"message": "Origin %1 is not allowed.", "parameters": ["https://evil.example.net"]}
    assert "access-control-allow-origin" not in r.headers


def test_responses_to_an_allowed_origin_are_marked(cors_server):
    r = httpx.post(cors_server.url + "/rest/V1/integration/admin/token", headers={"Origin": ALLOWED},
                   json={"username": "admin", "password": "Admin-Passw0rd"})
    assert r.status_code == 200
    assert r.headers["access-control-allow-origin"] == ALLOWED
    assert r.headers["access-control-expose-headers"] == "X-Request-Id"
    bad = httpx.post(cors_server.url + "/rest/V1/integration/admin/token", headers={"Origin": ALLOWED}, json={})
    assert bad.status_code == 400 and bad.headers["access-control-allow-origin"] == ALLOWED  # errors too
    other = httpx.get(cors_server.url + "/rest/V1/vendor_faq/question/all", headers={"Origin": "https://evil.example.net"})
    assert "access-control-allow-origin" not in other.headers
    # an OPTIONS that is not a preflight is still the API's 400
    assert httpx.options(cors_server.url + "/rest/V1/vendor_faq/question/all").status_code == 400
