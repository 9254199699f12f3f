"""URL shape, store codes, processors, methods, headers and body decoding."""
import json

import httpx
import pytest

TOKEN = "/V1/integration/admin/token"
NO_ROUTE = {"message": "Request does not match any route."}
CANNOT = {"message": "Specified request cannot be processed."}


def test_store_code_forms_reach_the_same_route(server):
    body = {"username": "admin", "password": "Admin-Passw0rd"}
    for prefix in ("/rest", "/rest/default", "/rest/all", "/index.php/rest/default"):
        r = httpx.post(server.url + prefix + TOKEN, json=body)
        assert r.status_code == 200, (prefix, r.text)
        assert isinstance(r.json(), str) and r.json().count(".") == 2
        assert r.headers["content-type"] == "application/json; charset=utf-8"


def test_unknown_store_code_and_processor_errors(guest, server):
    assert httpx.get(server.url + "/rest/nosuchstore/V1/customers/me").json() == CANNOT
    assert httpx.get(server.url + "/rest/admin/V1/customers/me").status_code == 400  # admin is not a usable code
    assert httpx.get(server.url + "/rest/Default/V1/customers/me").json() == CANNOT  # case-sensitive
    r = httpx.get(server.url + "/rest/all/V1/customers/me")  # `all` is a store code: the route answers
    assert (r.status_code, r.json()["parameters"]) == (401, {"resources": "self"})
    r = httpx.get(server.url + "/rest/default/async/V1/customers/me")
    assert (r.status_code, r.json()) == (400, CANNOT)
    r = httpx.get(server.url + "/rest/default/nothing/here")
    assert (r.status_code, r.json()) == (400, CANNOT)


def test_unmatched_routes_are_404_for_every_method(server):
    for method in ("GET", "POST", "PUT", "DELETE"):
        r = httpx.request(method, server.url + "/rest/V1/no_such_service/thing", json={})
        assert (r.status_code, r.json()) == (404, NO_ROUTE), method
    # a path that exists only for another method: the same 404, never 405
    r = httpx.get(server.url + "/rest/V1" + TOKEN[3:])
    assert (r.status_code, r.json()) == (404, NO_ROUTE)
    # V2 reaches the synchronous processor, then finds no route
    assert httpx.get(server.url + "/rest/V2/customers/me").json() == NO_ROUTE
    # empty inner segment matches nothing; one trailing slash is ignored
    assert httpx.post(server.url + "/rest/V1/integration//admin/token", json={}).json() == NO_ROUTE
    r = httpx.post(server.url + "/rest/V1/integration/admin/token/", json={"username": "admin", "password": "Admin-Passw0rd"})
    assert r.status_code == 200


def test_literal_segments_match_case_insensitively(server):
    r = httpx.post(server.url + "/rest/V1/Integration/ADMIN/token", json={"username": "admin", "password": "Admin-Passw0rd"})
    assert r.status_code == 200


@pytest.mark.parametrize("method", ["PATCH", "HEAD", "OPTIONS"])
def test_other_methods_are_invalid(server, method):
    r = httpx.request(method, server.url + "/rest/V1" + TOKEN[3:])
    assert r.status_code == 400
    if method != "HEAD":
        assert r.json() == {"message": "Request method is invalid."}


@pytest.mark.parametrize("headers,body,status,expected", [
    ({}, b'{"username":"a"}', 400, {"message": "Content-Type header is empty."}),
    ({"Content-Type": "json"}, b"{}", 400, {"message": "Content-Type header is invalid."}),
    ({"Content-Type": "application/json; charset=latin1"}, b"{}", 400, {"message": "UTF-8 is the only supported charset."}),
    ({"Content-Type": "application/xml"}, b"<a/>", 400,
     {"message": "Server cannot understand Content-Type HTTP header media type %1", "parameters": ["application/xml"]}),
    ({"Content-Type": "application/json"}, b"{not json", 400, {"message": "Decoding error."}),
    ({"Content-Type": "application/json"}, b"[1, 2]", 400, {"message": "The request body must be a JSON object."}),
    ({"Content-Type": "application/json"}, b'"text"', 400, {"message": "The request body must be a JSON object."}),
    ({"Content-Type": "application/json"}, b"true", 400, {"message": "The request body must be a JSON object."}),
    ({"Content-Type": "application/json"}, b"[" * 70 + b"]" * 70, 400, {"message": "Decoding error."}),
])
def test_body_decoding_errors(server, headers, body, status, expected):
    r = httpx.post(server.url + "/rest/V1" + TOKEN[3:], content=body, headers=headers)
    assert (r.status_code, r.json()) == (status, expected)


def test_charset_utf8_and_empty_body(server):
    r = httpx.post(server.url + "/rest/V1" + TOKEN[3:], headers={"Content-Type": "application/json; charset=UTF-8"},
                   content=b'{"username":"admin","password":"Admin-Passw0rd"}')
    assert r.status_code == 200
    # an empty POST body is {}: the required parameters are reported
    r = httpx.post(server.url + "/rest/V1" + TOKEN[3:])
    assert r.status_code == 400
    assert [e["parameters"]["fieldName"] for e in r.json()["errors"]] == ["username", "password"]


def test_accept_header(server):
    url = server.url + "/rest/V1" + TOKEN[3:]
    ok = {"username": "admin", "password": "Admin-Passw0rd"}
    for accept in ("*/*", "application/json", "text/html, application/json;q=0.5", "application/*"):
        assert httpx.post(url, json=ok, headers={"Accept": accept}).status_code == 200, accept
    r = httpx.post(url, json=ok, headers={"Accept": "text/html"})
    assert r.status_code == 406
    assert r.json()["parameters"] == ["text/html"]
    assert r.json()["message"].startswith("Server cannot match any of the given Accept HTTP header media type(s)")


def test_oversized_body_is_a_decoding_error(server):
    big = b'{"username":"' + b"a" * (9 * 1024 * 1024) + b'"}'
    r = httpx.post(server.url + "/rest/V1" + TOKEN[3:], content=big, headers={"Content-Type": "application/json"})
    assert (r.status_code, r.json()) == (400, {"message": "Decoding error."})


def test_type_errors_are_400_not_500(server):
    url = server.url + "/rest/V1" + TOKEN[3:]
    r = httpx.post(url, json={"username": ["a"], "password": "x"})
    assert r.status_code == 400
    assert r.json() == {"message": "The \"%value\" value's type is invalid. The \"%type\" type was expected. Verify and try again.",
                        "parameters": {"value": '["a"]', "type": "string"}}
    r = httpx.post(url, json={"username": True, "password": "x"})
    assert r.json()["parameters"] == {"value": "true", "type": "string"}
    r = httpx.post(url, json={"username": {"a": 1}, "password": "x"})
    assert r.status_code == 400


def test_unexpected_failure_is_a_500_with_a_report_id_in_the_log(server, sql):
    """A real fault (the admin table is gone) must not leak a stack trace to the client."""
    with sql.begin() as c:
        c.exec_driver_sql("ALTER TABLE admin_user RENAME TO admin_user_moved")
    try:
        r = httpx.post(server.url + "/rest/V1" + TOKEN[3:], json={"username": "admin", "password": "Admin-Passw0rd"})
    finally:
        with sql.begin() as c:
            c.exec_driver_sql("ALTER TABLE admin_user_moved RENAME TO admin_user")
    assert r.status_code == 500
    body = r.json()
    assert set(body) == {"message"}
    assert body["message"].startswith("Internal Error. Details are available in Magento log file. Report ID: webapi-")
    report = body["message"].rsplit("webapi-", 1)[1]
    log = server.log.read_text()
    assert f"Report ID: webapi-{report}" in log and "Traceback" in log
    assert "Traceback" not in r.text


@pytest.mark.parametrize("raw", [
    b"GET /rest/V1/store/storeViews HTTP/1.1 extra\r\nHost: x\r\n\r\n",  # a bad request line
    b"GET /rest/V1/store/storeViews HTTP/1.1\r\nHo st: x\r\n\r\n",  # a space in a header name
    b"GET /rest/V1/store/storeViews HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n",  # a control character
    b"POST /rest/V1/integration/admin/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
    b"Content-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",  # chunked encoding with a bad size
    b"POST /rest/V1/integration/admin/token HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
])
def test_requests_malformed_at_the_http_level_get_the_error_body(server, raw):
    """What the HTTP parser refuses never reaches the application, but is still answered with the
    platform's error body as JSON (and the connection closed)."""
    import socket
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(raw)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    assert lines[0] == "HTTP/1.1 400 Bad Request", answer
    assert headers["content-type"] == "application/json; charset=utf-8"
    assert headers["connection"] == "close" and int(headers["content-length"]) == len(body)
    assert json.loads(body) == CANNOT
