"""A worker keeps the bearer tokens it has checked (VDC_CONFIG_CACHE_SECONDS long): a committed change
to what a token names (revocation, deactivation) is seen on the next request, made by any process of
the host; an edit made directly in SQL waits for the trust time; an expired token is refused."""
import time

import pytest
import sqlalchemy as sa

from tests.helpers import new_customer
from tests.helpers.harness import serving
from tests.webapi.test_tokens import THING_LIST, create_integration

@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    config = {"oauth/consumer/enable_integration_as_bearer": "1",
              "oauth/access_token_expiration_period/admin": "0.0006"}  # 2 s
    with serving(tmp_path_factory.mktemp("tokencache"), config,
                 extra_env={"VDC_CONFIG_CACHE_SECONDS": "3600"}) as server:
        server.stop()  # the worker read the configuration when it started: start it again to read this
        server.start()
        yield server


def test_a_direct_sql_edit_waits_for_the_trust_time_a_committed_change_does_not(srv):
    name, creds = create_integration(srv, "Vendor_Testmodule::thing")
    with srv.client(creds["access_token"]) as c:
        assert c.get(THING_LIST).status_code == 200
        with srv.db.engine.begin() as conn:  # behind the service's back: no process bumps the counter
            conn.execute(sa.text("UPDATE integration SET status = 0 WHERE name = :n"), {"n": name})
        assert c.get(THING_LIST).status_code == 200  # the worker trusts its check: the cache is real
        srv.cli("integration", "disable", name)  # another process commits the same change
        r = c.get(THING_LIST)
        assert r.status_code == 401 and r.json()["parameters"] == {"resources": "Vendor_Testmodule::thing"}
        srv.cli("integration", "enable", name)
        assert c.get(THING_LIST).status_code == 200


def test_a_revoked_customer_token_is_refused_on_the_next_request(srv):
    _customer, token = new_customer(srv)
    with srv.client(token) as me:
        assert me.get("/V1/customers/me").status_code == 200
        assert me.get("/V1/customers/me").status_code == 200
        r = me.post("/V1/integration/customer/revoke-customer-token")
        assert (r.status_code, r.json()) == (200, True)
        r = me.get("/V1/customers/me")
        assert r.status_code == 401 and r.json()["parameters"] == {"resources": "self"}


def test_a_deactivated_admin_is_refused_and_an_expired_token_too(srv):
    username, password = "cache-" + str(time.time_ns()), "Cache-Passw0rd-1"
    srv.cli("admin", "create", "--username", username, "--password", password)
    token = srv.token(username, password)
    with srv.client(token) as c:
        assert c.get(THING_LIST).status_code == 200
        srv.cli("admin", "deactivate", username)
        assert c.get(THING_LIST).status_code == 401
        srv.cli("admin", "activate", username)  # its tokens were revoked with the deactivation
        assert c.get(THING_LIST).status_code == 401
    token = srv.token(username, password)
    with srv.client(token) as c:
        assert c.get(THING_LIST).status_code == 200
        time.sleep(2.5)  # past the token's two seconds: the kept check does not outlive the token
        assert c.get(THING_LIST).status_code == 401
