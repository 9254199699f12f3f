"""Tokens, lockout, revocation, integrations (Bearer and OAuth 1.0a), ACL denial."""
import json
import time

import httpx
import pytest
import sqlalchemy as sa
from oauthlib import oauth1

from tests.helpers import unique

ADMIN_TOKEN = "/rest/V1/integration/admin/token"
SIGN_IN = {"message": "The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later."}
THING_LIST = "/V1/vdtest/thing/search?searchCriteria[pageSize]=1"  # the test-only module's route


def token_request(server, username, password):
    return httpx.post(server.url + ADMIN_TOKEN, json={"username": username, "password": password})


def test_admin_token_is_a_jwt_string_that_authorises(server, admin_token):
    header, payload, _sig = admin_token.split(".")
    import base64
    claims = json.loads(base64.urlsafe_b64decode(payload + "=="))
    assert claims["utypid"] == 2 and claims["exp"] - claims["iat"] == 4 * 3600 and claims["jti"]
    with server.client(admin_token) as c:
        assert c.get(THING_LIST).status_code == 200


def test_token_route_errors(server):
    r = token_request(server, "", "")
    assert r.status_code == 400
    assert r.json() == {"message": "One or more input exceptions have occurred.", "errors": [
        {"message": "\"%fieldName\" is required. Enter and try again.", "parameters": {"fieldName": "username"}},
        {"message": "\"%fieldName\" is required. Enter and try again.", "parameters": {"fieldName": "password"}}]}
    r = httpx.post(server.url + ADMIN_TOKEN, json={"username": "admin", "password": None})
    assert r.json() == {"message": "\"%fieldName\" is required. Enter and try again.", "parameters": {"fieldName": "password"}}
    r = token_request(server, "admin", "wrong")
    assert (r.status_code, r.json()) == (401, SIGN_IN)
    r = token_request(server, "nobody-" + unique(), "wrong")
    assert (r.status_code, r.json()) == (401, SIGN_IN)


def make_admin(server, *resources):
    username, password = unique("adm"), "Passw0rd-" + unique()
    args = ["admin", "create", "--username", username, "--password", password]
    for r in resources:
        args += ["--resources", r]
    server.cli(*args)
    return username, password


def test_lockout_after_six_failures_until_the_lock_expires(server, sql):
    username, password = make_admin(server)
    for _ in range(6):
        assert token_request(server, username, "wrong").status_code == 401
    r = token_request(server, username, password)
    assert (r.status_code, r.json()) == (401, SIGN_IN)  # locked: even the right password fails
    # the lock is 1800 s: move its clock past the end
    with sql.begin() as c:
        c.execute(sa.text("UPDATE oauth_token_request_log SET lock_expires_at = :t WHERE user_name = :u AND user_type = 3"),
                  {"t": int(time.time()) - 1, "u": username})
    assert token_request(server, username, password).status_code == 200
    # a fresh count after the lock: five failures do not lock again
    for _ in range(5):
        token_request(server, username, "wrong")
    assert token_request(server, username, password).status_code == 200


def test_five_failures_then_success_resets_the_counter(server, sql):
    username, password = make_admin(server)
    for _ in range(5):
        token_request(server, username, "wrong")
    assert token_request(server, username, password).status_code == 200
    with sql.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM oauth_token_request_log WHERE user_name = :u"), {"u": username}).scalar() == 0
    for _ in range(5):
        token_request(server, username, "wrong")
    assert token_request(server, username, password).status_code == 200


def test_lock_counters_are_separate_for_admins_and_customers(server):
    username, password = make_admin(server)
    for _ in range(6):
        httpx.post(server.url + "/rest/V1/integration/customer/token", json={"username": username, "password": "x"})
    assert token_request(server, username, password).status_code == 200


def test_deactivated_admin_token_gets_the_401_body(server):
    username, password = make_admin(server)
    token = server.token(username, password)
    with server.client(token) as c:
        assert c.get(THING_LIST).status_code == 200
        server.cli("admin", "deactivate", username)
        r = c.get(THING_LIST)
    assert r.status_code == 401
    assert r.json() == {"message": "The consumer isn't authorized to access %resources.",
                        "parameters": {"resources": "Vendor_Testmodule::thing"}}
    assert token_request(server, username, password).status_code == 401
    server.cli("admin", "activate", username)
    assert token_request(server, username, password).status_code == 200


def test_role_limits_and_resource_tree(server):
    username, password = make_admin(server, "Vendor_Testmodule::report")
    with server.client(server.token(username, password)) as c:
        r = c.get(THING_LIST)
        assert r.status_code == 401
        assert r.json()["parameters"] == {"resources": "Vendor_Testmodule::thing"}
        assert c.get("/V1/vdtest/report/things?searchCriteria=").status_code == 200
    # a parent grants its children
    username, password = make_admin(server, "Vendor_Testmodule::testmodule")
    with server.client(server.token(username, password)) as c:
        assert c.get(THING_LIST).status_code == 200


@pytest.mark.parametrize("header", ["Bearer  {t}", "Token {t}", "Bearer", "{t}", "Bearer {t}x", "Bearer not.a.jwt"])
def test_bad_bearer_headers_make_a_guest(server, admin_token, header):
    r = httpx.get(server.url + "/rest/V1" + THING_LIST[3:], headers={"Authorization": header.format(t=admin_token)})
    assert r.status_code == 401
    assert r.json()["message"] == "The consumer isn't authorized to access %resources."


def test_bearer_scheme_is_case_insensitive(server, admin_token):
    r = httpx.get(server.url + "/rest/V1" + THING_LIST[3:], headers={"Authorization": f"bearer {admin_token}"})
    assert r.status_code == 200
    # never from the query string
    r = httpx.get(server.url + "/rest/V1" + THING_LIST[3:] + f"&access_token={admin_token}")
    assert r.status_code == 401


def test_token_lifetime_is_configurable_and_expiry_makes_a_guest(server):
    server.config("oauth/access_token_expiration_period/admin", "0.001")  # 3.6 s
    try:
        token = server.token()
        with server.client(token) as c:
            assert c.get(THING_LIST).status_code == 200
            time.sleep(4)
            assert c.get(THING_LIST).status_code == 401
    finally:
        server.config("oauth/access_token_expiration_period/admin", "4")


def test_a_token_row_copied_from_the_database_cannot_be_replayed(server, sql, admin_token):
    with sql.connect() as c:
        rows = c.execute(sa.text("SELECT jti_hash FROM oauth_token")).scalars().all()
    assert rows and all(admin_token not in r and len(r) == 64 for r in rows)


def create_integration(server, *resources):
    name = unique("int")
    args = ["integration", "create", "--name", name, "--json"]
    for r in resources:
        args += ["--resources", r]
    creds = json.loads(server.cli(*args).stdout)
    return name, creds


def test_integration_access_token_as_bearer(server):
    name, creds = create_integration(server, "Vendor_Testmodule::thing")
    with server.client(creds["access_token"]) as c:
        assert c.get(THING_LIST).status_code == 200
        assert c.get("/V1/vdtest/report/things?searchCriteria=").status_code == 401
        server.config("oauth/consumer/enable_integration_as_bearer", "0")
        try:
            assert c.get(THING_LIST).status_code == 401
        finally:
            server.config("oauth/consumer/enable_integration_as_bearer", "1")
        assert c.get(THING_LIST).status_code == 200
        server.cli("integration", "disable", name)
        r = c.get(THING_LIST)
        assert r.status_code == 401 and r.json()["parameters"] == {"resources": "Vendor_Testmodule::thing"}


def oauth_get(server, creds, path, method="HMAC-SHA256", **over):
    client = oauth1.Client(creds["consumer_key"], client_secret=creds["consumer_secret"],
                           resource_owner_key=creds["access_token"], resource_owner_secret=creds["access_token_secret"],
                           signature_method=method, **over)
    url = server.url + path
    uri, headers, _ = client.sign(url, http_method="GET")
    return httpx.get(uri, headers=headers)


@pytest.mark.parametrize("method", ["HMAC-SHA256", "HMAC-SHA1"])
def test_integration_oauth1_signatures(server, method):
    name, creds = create_integration(server)
    path = "/rest/V1/vdtest/thing/search?searchCriteria%5BpageSize%5D=1&searchCriteria%5BcurrentPage%5D=1"
    assert oauth_get(server, creds, path, method).status_code == 200
    # a wrong secret, a replayed nonce, an old timestamp: all guests
    bad = dict(creds, consumer_secret="0" * 32)
    assert oauth_get(server, bad, path, method).status_code == 401
    assert oauth_get(server, creds, path, method, nonce="fixed-nonce-" + name).status_code == 200
    assert oauth_get(server, creds, path, method, nonce="fixed-nonce-" + name).status_code == 401
    assert oauth_get(server, creds, path, method, timestamp=str(int(time.time()) - 900)).status_code == 401
    server.cli("integration", "disable", name)
    assert oauth_get(server, creds, path, method).status_code == 401


def test_oauth1_query_whose_name_prefixes_another(server):
    """``searchCriteria=&searchCriteria[pageSize]=3`` signed by requests-oauthlib: the base string sorts
    the encoded (name, value) pairs (RFC 5849 3.4.1.3.2), so the bare name sorts first."""
    import requests
    from requests_oauthlib import OAuth1
    _, creds = create_integration(server, "Vendor_Testmodule::thing")
    auth = OAuth1(creds["consumer_key"], client_secret=creds["consumer_secret"],
                  resource_owner_key=creds["access_token"], resource_owner_secret=creds["access_token_secret"],
                  signature_method="HMAC-SHA256")
    url = server.url + "/rest/V1/vdtest/thing/search?searchCriteria=&searchCriteria[pageSize]=3"
    r = requests.get(url, auth=auth, timeout=30)
    assert r.status_code == 200, r.text
    assert r.json()["search_criteria"]["page_size"] == 3
    # the same request with the query's order reversed, and with a wrong secret
    url = server.url + "/rest/V1/vdtest/thing/search?searchCriteria[pageSize]=3&searchCriteria="
    assert requests.get(url, auth=auth, timeout=30).status_code == 200
    bad = OAuth1(creds["consumer_key"], client_secret="0" * 32, resource_owner_key=creds["access_token"],
                 resource_owner_secret=creds["access_token_secret"], signature_method="HMAC-SHA256")
    assert requests.get(url, auth=bad, timeout=30).status_code == 401


def test_admin_two_factor_sign_in_when_switched_on(server):
    import pyotp
    from urllib.parse import parse_qs, urlparse
    username, password = make_admin(server)
    uri = server.cli("admin", "tfa-secret", username).stdout.strip()
    secret = parse_qs(urlparse(uri).query)["secret"][0]
    tfa = server.url + "/rest/V1/tfa/provider/google/authenticate"
    # off by default: the token route answers directly, the provider route is refused
    assert token_request(server, username, password).status_code == 200
    assert httpx.post(tfa, json={"username": username, "password": password, "otp": "000000"}).status_code == 404
    server.config("twofactorauth/general/enable", "1")
    try:
        r = token_request(server, username, password)
        assert r.status_code == 401
        assert r.json() == {"message": "Please use the 2fa provider-specific endpoints to obtain a token.",
                            "parameters": {"active_providers": ["google"]}}
        assert token_request(server, username, "wrong").json() == SIGN_IN
        r = httpx.post(tfa, json={"username": username, "password": password, "otp": pyotp.TOTP(secret).now()})
        assert r.status_code == 200
        with server.client(r.json()) as c:
            assert c.get(THING_LIST).status_code == 200
        bad = httpx.post(tfa, json={"username": username, "password": password, "otp": "12345"})
        assert (bad.status_code, bad.json()) == (401, SIGN_IN)
    finally:
        server.config("twofactorauth/general/enable", "0")
