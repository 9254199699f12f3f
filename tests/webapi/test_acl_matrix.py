"""The ACL matrix: every route of the route table, called by every kind of caller, answered on the
right side of its ACL.

The routes come from the server's own table (``vdcommerce routes --json``), so a route a package adds is
checked without anyone listing it. Each route is called by a guest (no token), customer A, customer B,
an admin whose role lacks the route's resources, an admin granted exactly them, and on a route needing
several admin resources an admin granted only one of them:

* a caller the ACL refuses gets the platform's refusal: 401, ``The consumer isn't authorized to access
  %resources.`` naming the route's resources (an owner route names its admin resources);
* a caller the ACL lets in never gets that refusal;
* no answer is a 5xx, and every error is a JSON body with a ``message``;
* ``self`` routes carry customer A's records in their path (A's cart, item, order, address, document,
  customer id): on a resource-or-owner route B is refused, on the others B is answered about B or not
  at all; no answer to the guest, to B or to an admin without the resource contains anything of A's (a
  marker in A's name, e-mail, addresses and document), and no call of B's changes A's account or cart.

Path values are records that exist where that is cheap (A's records, a guest cart, a product, customer
C as the subject of admin routes on customers), else ``1``; an admin ``DELETE`` names records that do
not exist, so that it removes nothing later routes need. The owner routes run first and then the other
routes naming A's records (while A's cart is active), then the rest; each group GET, POST, PUT, DELETE.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import httpx
import pytest

from tests.helpers import new_customer, unique
from tests.helpers.acl import DENIED, SELF, GrantedAdmin, RouteRow, acl_parents, ancestry, route_table
from tests.helpers.harness import server_fixture
from tests.helpers.media import content
from tests.helpers.quote import ADDRESS, add, guest_cart, product, shipping_information

pytestmark = pytest.mark.long_file(70)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

server = server_fixture("acl", extra_env={"VDC_TRUSTED_PROXY": "1"})

PASSWORD = "Secret-123"
MISSING = "999999"
ORDER = {"GET": 0, "POST": 1, "PUT": 2, "DELETE": 3}
# admin resources of the test module that no shipped route needs: what the admin "without the resource" holds
UNRELATED = ("Vendor_Testmodule::report", "Vdcommerce_Cron::schedule")


@dataclass
class Caller:
    name: str
    token: str | None
    client: httpx.Client
    renew: Callable[[], str] | None = None  # a fresh token, when a call ended the session
    sees_a: bool = False  # may see customer A's data (A, an admin granted the resource)
    admin: GrantedAdmin | None = None  # an admin whose grants are set before each call


@dataclass
class World:
    marker: str
    a: dict
    b: dict
    c: dict
    sku: str
    a_cart: int
    a_item: int
    a_order: int
    a_address: int
    a_document: int
    b_cart: int
    guest_masked: str
    guest_cart: int
    guest_item: int
    parents: dict[str, str | None] = field(default_factory=dict)
    callers: dict[str, Caller] = field(default_factory=dict)


def client(server, token: str | None) -> httpx.Client:
    c = server.client(token)
    c.headers["X-Forwarded-Proto"] = "https"  # a route declared HTTPS-only is reached as well
    return c


@pytest.fixture(scope="module")
def routes(server) -> list[RouteRow]:
    return route_table(server)


@pytest.fixture(scope="module")
def world(server, routes):
    admin_token = server.token()
    sku = product(server, admin_token, price=10, qty=100000)["sku"]
    marker = unique("mk")
    address = {**ADDRESS, "firstname": "Ann", "lastname": f"Alpha{marker}", "street": [f"1 {marker} Street"],
               "email": f"{marker}@example.com"}
    a, a_token = new_customer(server, PASSWORD, email=f"{marker}@example.com", lastname=f"Alpha{marker}",
                              addresses=[{k: v for k, v in address.items() if k not in ("email", "region_code")}
                                         | {"default_shipping": True, "default_billing": True}])
    b, b_token = new_customer(server, PASSWORD, lastname="Bravo")
    c, _ = new_customer(server, PASSWORD, lastname="Charlie")
    with client(server, a_token) as ca, client(server, b_token) as cb, client(server, None) as guest:
        # an order of A's, then an active cart of A's with an item and A's address on it
        ca.post("/V1/carts/mine")
        add(ca, "/V1/carts/mine", sku, 1)
        assert shipping_information(ca, "/V1/carts/mine", address).status_code == 200
        r = ca.post("/V1/carts/mine/payment-information",
                    json={"paymentMethod": {"method": "checkmo"},
                          "billingAddress": {k: v for k, v in address.items() if k != "region_code"}})
        assert r.status_code == 200, r.text
        a_order = r.json()
        a_cart = ca.post("/V1/carts/mine").json()
        a_item = add(ca, "/V1/carts/mine", sku, 2)["item_id"]
        assert shipping_information(ca, "/V1/carts/mine", address).status_code == 200
        b_cart = cb.post("/V1/carts/mine").json()
        add(cb, "/V1/carts/mine", sku, 1)
        masked = guest_cart(guest)
        guest_item = add(guest, f"/V1/guest-carts/{masked}", sku, 1)["item_id"]
        guest_id = guest.get(f"/V1/guest-carts/{masked}").json()["id"]
        a_address = ca.get("/V1/customers/me").json()["addresses"][0]["id"]
        r = ca.post("/V1/vdtest/documents", json={"document": content(f"A's {marker}".encode(), "a.txt", "text/plain")})
        assert r.status_code == 200, r.text
        a_document = r.json()
    w = World(marker, a, b, c, sku, a_cart, a_item, a_order, a_address, a_document, b_cart, masked, guest_id,
              guest_item)

    def customer(email: str) -> Callable[[], str]:
        return lambda: server.customer_token(email, PASSWORD)

    w.parents = acl_parents(server)
    other, granted = GrantedAdmin(server, UNRELATED[:1]), GrantedAdmin(server, UNRELATED[:1])
    w.callers = {
        "guest": Caller("guest", None, client(server, None)),
        "customer A": Caller("customer A", a_token, client(server, a_token), customer(a["email"]), sees_a=True),
        "customer B": Caller("customer B", b_token, client(server, b_token), customer(b["email"])),
        "admin": Caller("admin granted everything", admin_token, client(server, admin_token), sees_a=True),
    }
    w.callers["other admin"] = Caller("admin without the resource", other.token, client(server, other.token),
                                      admin=other)
    w.callers["granted admin"] = Caller("admin granted", granted.token, client(server, granted.token),
                                        sees_a=True, admin=granted)
    yield w
    for c_ in w.callers.values():
        c_.client.close()


# --------------------------------------------------------------------------- what each caller should get

def refusal(route: RouteRow) -> dict:
    owner = route.admin_resources and route.is_self  # a resource-or-owner route names its admin resources
    named = [r for r in route.resources if r != SELF] if owner else list(route.resources)
    return {"message": DENIED, "parameters": {"resources": ", ".join(named)}}


def context(route: RouteRow) -> str:
    """Whose records the path names: A's on a ``self`` route, a guest's on an anonymous one, else the
    admin's subjects (a guest cart, customer C)."""
    if route.is_self:
        return "own"
    if not route.admin_resources:
        return "anonymous"
    return "admin"


def path_of(route: RouteRow, w: World) -> str:
    where = context(route)
    values: dict[str, object]
    if where == "own":
        values = {"cartId": w.a_cart, "quoteId": w.a_cart, "itemId": w.a_item, "orderId": w.a_order,
                  "customerId": w.a["id"], "addressId": w.a_address, "documentId": w.a_document}
    elif where == "anonymous":
        values = {"cartId": w.guest_masked, "itemId": w.guest_item, "customerId": w.a["id"], "orderId": w.a_order}
    else:
        values = {"cartId": w.guest_cart, "quoteId": w.guest_cart, "itemId": w.guest_item, "orderId": w.a_order,
                  "customerId": w.c["id"]}
    values |= {"sku": w.sku, "productSku": w.sku, "postalCode": "78701",
               "bulkUuid": "00000000-0000-4000-8000-000000000000"}
    missing = route.method == "DELETE" and where == "admin"  # remove nothing that later routes need
    out = []
    for seg in route.path.split("/")[1:]:
        if seg.startswith(":"):  # a parameter (``note/admin:quoteId`` is a literal segment)
            seg = str(MISSING if missing else values.get(seg[1:], "1"))
        out.append(seg)
    return "/" + "/".join(out)


def expected(route: RouteRow, who: str, granted: tuple[str, ...] | None, parents: dict[str, str | None]) -> str:
    """``allowed``, ``refused``, or ``foreign`` (B on a self route whose path names A's records: refused
    or answered about B, checked by the data)."""
    admin_res, is_self = route.admin_resources, route.is_self
    if who == "guest":
        return "refused" if admin_res or is_self or route.guest_access else "allowed"
    if who in ("customer A", "customer B"):
        if admin_res and not is_self:
            return "refused"
        if admin_res and is_self:  # resource-or-owner: the path names A's record
            return "allowed" if who == "customer A" else "refused"
        if who == "customer B" and is_self and route.params:
            return "foreign"
        return "allowed"
    # an admin: refused on customer-only routes; on admin routes, allowed only with every resource
    if is_self and not admin_res:
        return "refused"
    if not admin_res:
        return "allowed"
    if granted is None:  # granted everything
        return "allowed"
    return "allowed" if all(set(granted) & ancestry(parents, r) for r in admin_res) else "refused"


# --------------------------------------------------------------------------- the matrix

def snapshot(w: World) -> tuple:
    """A's account and cart as A sees them: what no call of B's may change."""
    a = w.callers["customer A"].client
    cart, me = a.get("/V1/carts/mine").json(), a.get("/V1/customers/me").json()
    for d in (cart, me):
        d.pop("updated_at", None)
    return cart, me


def test_every_route_answers_every_caller_on_its_side_of_the_acl(server, routes, world):
    w = world
    failures: list[str] = []
    counts = {"allowed": 0, "refused": 0, "foreign": 0}

    # while A's cart is still active (a later call of A's may place it): the owner routes, then the
    # other routes naming A's records in their path; then everything else; each group GET to DELETE
    ordered = sorted(routes, key=lambda r: (0 if r.owner else 1 if r.is_self and r.params else 2,
                                            ORDER[r.method], r.path))
    start = snapshot(w)
    assert w.marker in str(start) and start[0]["items"], start  # B's calls have something of A's to change
    for route in ordered:
        path = path_of(route, w)
        body = {} if route.method in ("POST", "PUT") else None
        callers: list[tuple[Caller, tuple[str, ...] | None]] = [(w.callers["guest"], None),
                                                                 (w.callers["customer B"], None)]
        admin_res = route.admin_resources
        unrelated = next(u for u in UNRELATED if not any(u in ancestry(w.parents, r) for r in admin_res))
        callers.append((w.callers["other admin"], (unrelated,)))
        if len(admin_res) > 1:  # every resource is needed: one of them is not enough
            callers += [(w.callers["granted admin"], (x,)) for x in admin_res]
        callers.append((w.callers["customer A"], None))
        callers.append((w.callers["granted admin"], admin_res) if admin_res else (w.callers["admin"], None))
        for caller, granted in callers:
            who = caller.name if caller.name in ("guest", "customer A", "customer B") else "admin"
            name = caller.name
            if caller.admin is not None and granted is not None:
                caller.admin.grant(granted)
                name = f"{caller.name} {', '.join(granted)}"
            want = expected(route, who, granted, w.parents)
            counts[want] += 1
            # B's call names A's records in its path: it must leave A's account and cart as they were
            before = snapshot(w) if want == "foreign" and route.method != "GET" else None
            r = caller.client.request(route.method, path, json=body)
            where = f"{route} as {name}: {route.method} {path} -> {r.status_code} {r.text[:300]}"
            if r.status_code >= 500:
                failures.append(f"5xx: {where}")
                continue
            answer = None
            if r.status_code >= 400:
                try:
                    answer = r.json()
                except ValueError:
                    failures.append(f"error without a JSON body: {where}")
                    continue
                if not isinstance(answer, dict) or not isinstance(answer.get("message"), str):
                    failures.append(f"error not in the platform's shape: {where}")
                    continue
            refused = r.status_code == 401 and answer is not None and answer.get("message") == DENIED
            if want == "refused":
                if r.status_code != 401 or answer is None or answer.get("message") != DENIED \
                        or answer.get("parameters") != refusal(route)["parameters"]:
                    failures.append(f"should be refused with {refusal(route)}: {where}")
            elif want == "allowed" and refused:
                failures.append(f"should be let in: {where}")
            if not (caller.sees_a and want == "allowed") and w.marker in r.text:
                failures.append(f"customer A's data shown: {where}")
            if before is not None and snapshot(w) != before:
                failures.append(f"customer A's account or cart changed: {where}")
            if route.method != "GET" and r.status_code == 200 and caller.renew is not None:
                # a call that ends the caller's session (a token revocation): a new token for the next route
                if caller.client.get("/V1/customers/me").status_code == 401:
                    caller.token = caller.renew()
                    caller.client.headers["Authorization"] = f"Bearer {caller.token}"
    # a guest-access route lets a guest in once its flag is on
    guest = w.callers["guest"].client
    for route in (r for r in routes if r.guest_access):
        server.config(route.guest_access, "1")
        r = guest.request(route.method, path_of(route, w), json={} if route.method in ("POST", "PUT") else None)
        server.config(route.guest_access, "0")
        if r.status_code >= 500 or (r.status_code == 401 and r.json().get("message") == DENIED):
            failures.append(f"should be let in with {route.guest_access} on: {route} as guest: "
                            f"{r.status_code} {r.text[:300]}")
        counts["allowed"] += 1
    assert not failures, f"{len(failures)} wrong answers:\n" + "\n".join(failures)
    # every route was called, each kind of answer occurred
    assert len(ordered) == len(routes) > 500 and all(counts.values()), counts
    assert any(r.path.startswith("/V1/vdtest/") for r in routes)  # a module's routes are in the table
    assert any(r.guest_access for r in routes) and any(r.owner for r in routes)
