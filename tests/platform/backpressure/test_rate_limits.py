"""Back-pressure over HTTP, on a server of two workers behind a trusted proxy: orders per signed-in
caller and per guest IP address, token requests per IP address, the 429 answer, one count for both
workers; and admin user names compared in one spelling for sign-in, lock and uniqueness."""
import time

import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import at_once, new_customer, unique
from tests.helpers.harness import ADMIN_PASSWORD, ADMIN_USER, server_fixture
from tests.helpers.quote import ADDRESS, add, guest_cart, product, shipping_information
from vdcommerce.framework.passwords import hash_password

srv = server_fixture("limits", workers=2, extra_env={"VDC_TRUSTED_PROXY": "1"})
TOO_MANY = {"message": "Too Many Requests"}
PASSWORD = "Limits-Passw0rd"


@pytest.fixture(scope="module")
def token(srv) -> str:
    return srv.token()


@pytest.fixture(scope="module")
def tee(srv, token) -> str:
    return product(srv, token, qty=1000)["sku"]


def from_ip(srv, ip: str, token: str | None = None) -> httpx.Client:
    """A client whose requests the proxy forwards for ``ip`` (the first entry is the client's own claim,
    which does not count)."""
    client = srv.client(token)
    client.headers["X-Forwarded-For"] = f"192.0.2.77, {ip}"
    return client


def order_limits(srv, **values) -> None:
    for key, value in {"enabled": 1, "limit": 10, "guest_limit": 50, "period": 60, **values}.items():
        srv.config(f"sales/backpressure/{key}", str(value))


def ready_cart(client: httpx.Client, sku: str) -> str:
    base = f"/V1/guest-carts/{guest_cart(client)}"
    add(client, base, sku, 1)
    assert shipping_information(client, base).status_code == 200
    return base


def pay(client: httpx.Client, base: str, email: str, method: str = "checkmo") -> httpx.Response:
    return client.post(f"{base}/payment-information", json={
        "email": email, "paymentMethod": {"method": method}, "billingAddress": ADDRESS})


def orders_of(srv, token: str, email: str) -> int:
    with srv.client(token) as admin:
        return admin.get("/V1/orders", params={
            "searchCriteria[filterGroups][0][filters][0][field]": "customer_email",
            "searchCriteria[filterGroups][0][filters][0][value]": email}).json()["total_count"]


def too_many(r: httpx.Response, period: int = 60) -> None:
    assert r.status_code == 429, r.text
    assert r.json() == TOO_MANY
    assert 1 <= int(r.headers["retry-after"]) <= period


def test_guest_orders_per_ip_address(srv, token, tee):
    order_limits(srv, guest_limit=2, limit=1)
    email = unique("guest") + "@example.com"
    with from_ip(srv, "198.51.100.1") as a, from_ip(srv, "198.51.100.2") as b:
        first, second, third = (ready_cart(a, tee) for _ in range(3))
        # a failed placement counts as well, and keeps nothing of its own
        r = pay(a, first, email, method="nosuch")
        assert r.status_code == 400, r.text
        assert a.get(f"{first}/billing-address").json().get("email") != email
        assert pay(a, first, email).status_code == 200
        too_many(pay(a, second, email))
        too_many(a.put(f"{third}/order", json={"paymentMethod": {"method": "checkmo"}}))  # the other route too
        assert a.get(second).json()["is_active"] is True  # refused: nothing placed
        assert a.get(f"{second}/billing-address").json().get("email") != email
        assert orders_of(srv, token, email) == 1
        # another address is not affected
        assert pay(b, second, email).status_code == 200
        assert orders_of(srv, token, email) == 2
        # not limited: the cart's other routes
        assert a.get(third).status_code == 200
        assert shipping_information(a, third).status_code == 200


def test_signed_in_orders_per_customer(srv, token, tee):
    order_limits(srv, limit=1)
    (customer, mine), (_, other) = new_customer(srv), new_customer(srv)
    with from_ip(srv, "198.51.100.5", mine) as me, from_ip(srv, "198.51.100.5", other) as them:
        for client in (me, them):
            client.post("/V1/carts/mine")
            add(client, "/V1/carts/mine", tee, 1)
            assert shipping_information(client, "/V1/carts/mine").status_code == 200
        r = me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                                "billingAddress": ADDRESS})
        assert r.status_code == 200, r.text
        me.post("/V1/carts/mine")
        add(me, "/V1/carts/mine", tee, 1)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        too_many(me.put("/V1/carts/mine/order", json={"paymentMethod": {"method": "checkmo"}}))
        too_many(me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                                     "billingAddress": ADDRESS}))
        assert orders_of(srv, token, customer["email"]) == 1
        # another customer from the same address has a count of its own
        r = them.put("/V1/carts/mine/order", json={"paymentMethod": {"method": "checkmo"}})
        assert r.status_code == 200, r.text
        # the limit off: the customer orders again
        srv.config("sales/backpressure/enabled", "0")
        r = me.put("/V1/carts/mine/order", json={"paymentMethod": {"method": "checkmo"}})
        assert r.status_code == 200, r.text


def test_after_the_period_orders_pass_again(srv, tee):
    order_limits(srv, guest_limit=1, period=1)
    email = unique("again") + "@example.com"
    with from_ip(srv, "198.51.100.7") as c:
        first, second = ready_cart(c, tee), ready_cart(c, tee)
        assert pay(c, first, email).status_code == 200
        r = pay(c, second, email)
        too_many(r, period=1)
        # two periods on, neither the current nor the previous period holds a request
        time.sleep(int(time.time()) + 2 - time.time() + 0.05)
        r = pay(c, second, email)
        assert r.status_code == 200, r.text
    order_limits(srv, enabled=0)


def admin_token(client: httpx.Client, username: str, password: str) -> httpx.Response:
    return client.post("/V1/integration/admin/token", json={"username": username, "password": password})


def test_token_requests_per_ip_address(srv):
    customer, _ = new_customer(srv, password="Secret-123")
    for key, value in {"enabled": "1", "limit": "3", "period": "60"}.items():
        srv.config(f"oauth/backpressure/{key}", value)
    try:
        with from_ip(srv, "198.51.100.10") as e, from_ip(srv, "198.51.100.11") as f:
            assert admin_token(e, ADMIN_USER, ADMIN_PASSWORD).status_code == 200
            r = e.post("/V1/integration/customer/token", json={"username": customer["email"], "password": "wrong-1"})
            assert r.status_code == 401  # a failed sign-in counts too
            assert admin_token(e, ADMIN_USER, ADMIN_PASSWORD).status_code == 200
            too_many(admin_token(e, ADMIN_USER, ADMIN_PASSWORD))
            too_many(e.post("/V1/integration/customer/token", json={"username": customer["email"],
                                                                   "password": "Secret-123"}))
            assert admin_token(f, ADMIN_USER, ADMIN_PASSWORD).status_code == 200  # another address
            # the sign-in failure the limit let through is kept; the refused requests are no failures
            with srv.db.engine.connect() as conn:
                failures = conn.execute(sa.text("SELECT user_name, failures_count FROM oauth_token_request_log "
                                                "WHERE user_name IN (:a, :admin)"), {"a": customer["email"], "admin": ADMIN_USER}).all()
            assert failures == [(customer["email"], 1)]
        # both workers count in one place: of eight requests at once, three get a token
        clients = [from_ip(srv, "198.51.100.12") for _ in range(8)]
        answers = at_once(*(lambda c=c: admin_token(c, ADMIN_USER, ADMIN_PASSWORD) for c in clients))
        assert sorted(r.status_code for r in answers) == [200] * 3 + [429] * 5
        for c in clients:
            c.close()
    finally:
        srv.config("oauth/backpressure/enabled", "0")


def test_admin_names_in_one_spelling(srv):
    name = unique("Ops.Desk-")
    created = srv.cli("admin", "create", "--username", f" {name} ", "--password", PASSWORD)
    assert name.lower() in created.stdout
    twin = srv.cli("admin", "create", "--username", name.upper(), "--password", PASSWORD, check=False)
    assert twin.returncode != 0 and "already exists" in twin.stdout + twin.stderr
    with srv.db.engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT username FROM admin_user WHERE lower(username) = :n"),
                              {"n": name.lower()}).scalars().all()
    assert stored == [name.lower()]
    srv.config("oauth/authentication_lock/max_failures_count", "3")
    try:
        with from_ip(srv, "198.51.100.20") as c:
            assert admin_token(c, f"  {name.upper()} ", PASSWORD).status_code == 200
            for spelling in (name, name.lower(), name.swapcase()):
                assert admin_token(c, spelling, "Wrong-Passw0rd").status_code == 401
            # one lock for every spelling
            assert admin_token(c, name.lower(), PASSWORD).status_code == 401
            assert admin_token(c, name.upper(), PASSWORD).status_code == 401
            with srv.db.engine.connect() as conn:
                locks = conn.execute(sa.text("SELECT user_name, failures_count FROM oauth_token_request_log "
                                             "WHERE lower(user_name) = :n"), {"n": name.lower()}).all()
            assert locks == [(name.lower(), 3)]
            # a name stored in mixed case before names were kept in lower case signs in in any spelling
            legacy = unique("Legacy.Admin-")
            with srv.db.engine.begin() as conn:
                role = conn.execute(sa.text("SELECT role_id FROM admin_user WHERE username = :n"),
                                    {"n": name.lower()}).scalar_one()
                conn.execute(sa.text("INSERT INTO admin_user (username, email, firstname, lastname, password, "
                                     "is_active, role_id) VALUES (:u, :e, '', '', :p, :a, :r)"),
                             {"u": legacy, "e": "legacy@example.com", "p": hash_password(PASSWORD), "a": True,
                              "r": role})
            assert admin_token(c, legacy.lower(), PASSWORD).status_code == 200
            assert admin_token(c, legacy, PASSWORD).status_code == 200
    finally:
        srv.config("oauth/authentication_lock/max_failures_count", "6")
