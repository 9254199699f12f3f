"""Hostile input over every route: no request a client can send gets a 5xx.

The routes come from the application's own route table (every package's webapi.xml, the test module's
included), so a new module's routes are covered without anyone listing them; one test per route family
(the package that declares the routes). For each route the variants are worked out from its binding
plan: every declared field of the body gets the hostile values of its kind (NUL characters, numbers
beyond what a column holds, values of the wrong JSON type, very long text, lone surrogates), plus
bodies that are no object, invalid UTF-8, duplicated and unknown keys, deep nesting, long arrays, hostile
path values and, on list routes, hostile searchCriteria. Each answer must be below 500 and, from 400 up,
the platform's JSON error body. A family whose every answer was a refusal must have written nothing.

All variants run as the full admin; anonymous and self routes also run a few as a guest and a customer.
"""
from __future__ import annotations

import importlib
import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import new_customer
from tests.helpers.harness import server_fixture


# --------------------------------------------------------------------------- the route table

def _route_table() -> list[Any]:
    from vdcommerce.framework.packages import Package, load_packages
    from vdcommerce.webapi.acl import Acl
    from vdcommerce.webapi.declarations import read_acl
    from vdcommerce.webapi.routing import build_route_table

    packages = load_packages()
    if not any(p.name == "tests.testmodule" for p in packages):  # this process read its settings without it
        module = importlib.import_module("tests.testmodule")
        packages = [*packages, Package("tests.testmodule", Path(module.__file__).parent)]
    return list(build_route_table(packages, Acl(read_acl(packages))))


def family(route: Any) -> str:
    """The package that declares the route (the folder holding its etc/webapi.xml)."""
    return Path(route.decl.source).parent.parent.name


ROUTES = _route_table()
FAMILIES = sorted({family(r) for r in ROUTES})


# --------------------------------------------------------------------------- values per field kind

LONG = "L" * 100_000
INT_LIMITS = (2 ** 63, -2 ** 63 - 1, 10 ** 40)
FLOAT_LIMITS = (1e308, -1e308, 10 ** 40, "1e999", "9" * 40)
MAX_LIST = 20  # the default limit of objects in an input array


def sample(spec: Any, depth: int = 0) -> Any:
    """A plausible value of a declared type (objects filled three levels deep)."""
    kind = spec.kind
    if kind == "int":
        return 1
    if kind == "float":
        return 1.5
    if kind == "string":
        return "hostile"
    if kind == "bool":
        return True
    if kind == "list":
        item = sample(spec.element(), depth + 1)
        return [] if item is None else [item]
    if kind == "object":
        if depth > 2:
            return None
        out = {}
        for name, f in spec.object_class().fields().items():
            if f.spec.readonly:
                continue
            v = sample(f.spec, depth + 1)
            if v is not None:
                out[name] = v
        return out
    if kind == "custom_attributes":
        return [{"attribute_code": "hostile", "value": "x"}]
    return "x"  # mixed


SCALARS = ("int", "float", "string", "bool")


def replace(value: Any, spec: Any, fn: Any) -> Any:
    """``value`` (built by ``sample``) with each field's value replaced by ``fn(kind, value)``."""
    kind = spec.kind
    if kind == "object" and isinstance(value, dict):
        fields = spec.object_class().fields()
        out = {k: replace(v, fields[k].spec, fn) for k, v in value.items()}
        return fn(kind, out)
    if kind == "list" and isinstance(value, list):
        return fn(kind, [replace(v, spec.element(), fn) for v in value])
    return fn(kind, value)


def kinds(value: Any, spec: Any, found: set[str] | None = None) -> set[str]:
    """The field kinds present in a sampled value."""
    found = set() if found is None else found
    found.add(spec.kind)
    if spec.kind == "object" and isinstance(value, dict):
        fields = spec.object_class().fields()
        for k, v in value.items():
            kinds(v, fields[k].spec, found)
    elif spec.kind == "list" and isinstance(value, list):
        for v in value:
            kinds(v, spec.element(), found)
    return found


def only(kind: str, new: Any):
    return lambda k, v: new if k == kind else v


def scalars(new: Any):
    return lambda k, v: new if k in SCALARS else v


def containers(new: Any):
    return lambda k, v: new if k in ("object", "list", "custom_attributes") else v


def long_strings():
    budget = [5]  # five long texts a body (500 kB), then texts longer than a VARCHAR(255)

    def fn(k, v):
        if k != "string":
            return v
        budget[0] -= 1
        return LONG if budget[0] >= 0 else "x" * 300
    return fn


def long_lists(k, v):
    if k == "list" and v:
        return (v * (MAX_LIST if isinstance(v[0], (dict, list)) else 2000))[:MAX_LIST if isinstance(v[0], (dict, list)) else 2000]
    return v


def unknown_keys(k, v):
    return {**v, "hostile_unknown_key": 1} if k == "object" else v


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"d": value}
    return value


# --------------------------------------------------------------------------- requests

@dataclass
class Probe:
    route: str
    variant: str
    method: str
    path: str                   # after /rest/<store>
    content: bytes | None = None
    who: str = "admin"


def dumps(value: Any) -> bytes:
    return json.dumps(value).encode()  # ensure_ascii: a lone surrogate travels as \udXXX


def path_of(route: Any, values: dict[str, str]) -> str:
    return "/" + "/".join(values.get(s[1:], "1") if s.startswith(":") else s for s in route.url.strip("/").split("/"))


PATH_VALUES = {"negative": "-1", "huge": "9" * 40, "inf": "1e999", "long": "p" * 2000, "invalid-utf8": "%FF%FE",
               "sql": "1%27%20OR%201%3D1--"}

LIST_QUERIES = {
    "bad-field": "searchCriteria[filterGroups][0][filters][0][field]=no_such_field&"
                 "searchCriteria[filterGroups][0][filters][0][value]=1",
    "sql-value": "searchCriteria[filterGroups][0][filters][0][field]=entity_id&"
                 "searchCriteria[filterGroups][0][filters][0][value]=" + quote("1' OR '1'='1") +
                 "&searchCriteria[filterGroups][0][filters][0][conditionType]=like",
    "bad-condition": "searchCriteria[filterGroups][0][filters][0][field]=entity_id&"
                     "searchCriteria[filterGroups][0][filters][0][value]=1&"
                     "searchCriteria[filterGroups][0][filters][0][conditionType]=regexp",
    "sort-bad": "searchCriteria[sortOrders][0][field]=" + quote("1,(select 1)") +
                "&searchCriteria[sortOrders][0][direction]=sideways",
    "page-size-negative": "searchCriteria[pageSize]=-1",
    "page-size-huge": "searchCriteria[pageSize]=2147483647",
    "current-page-huge": "searchCriteria[pageSize]=10&searchCriteria[currentPage]=2147483647",
    "criteria-scalar": "searchCriteria[filterGroups]=x",
    "criteria-nul": "searchCriteria[filterGroups][0][filters][0][field]=entity_id&"
                    "searchCriteria[filterGroups][0][filters][0][value]=%00",
}


def body_params(route: Any) -> list[Any]:
    path = set(route.plan.path_params)
    return [pp for pp in route.plan.params if pp.wire not in path and pp.name not in path]


def probes(route: Any, route_no: int = 0) -> Iterator[Probe]:
    """The hostile requests of one route, as the admin.

    The variants that can reach a service (plausible bodies, numbers a column cannot hold, long texts,
    long lists, odd ids) run on every route; those the request decoding and the binding refuse for
    every route alike (bodies that are no object, NUL characters, values of the wrong type) take
    turns: each runs on every third route of a family (``route_no``), so every family meets each."""
    name = f"{route.method} {route.url}"
    method = route.method
    base = path_of(route, {})
    turn = iter(range(route_no, 10 ** 6))

    def probe(variant: str, path: str = base, content: bytes | None = None) -> Probe:
        return Probe(name, variant, method, path, content)

    def mine() -> bool:
        return next(turn) % 3 == 0

    # path values
    if route.plan.path_params:
        yield probe(f"path NUL in {route.plan.path_params[0]}",
                    path_of(route, {route.plan.path_params[0]: "1%00x"}))
        for i, (variant, value) in enumerate(PATH_VALUES.items()):
            if i % 3 == route_no % 3:
                yield probe(f"path {variant}", path_of(route, dict.fromkeys(route.plan.path_params, value)))

    params = body_params(route)
    if method in ("GET", "DELETE"):
        for pp in params:
            w = pp.wire
            kind = pp.spec.kind
            if kind == "object" and pp.spec.typename.endswith("SearchCriteriaInterface"):
                for variant, qs in LIST_QUERIES.items():
                    if mine():
                        yield probe(f"query {variant}", f"{base}?{qs.replace('searchCriteria', w)}")
                continue
            for variant, qs in (("NUL", f"{w}=1%00"), ("int-overflow", f"{w}=2147483648"),
                                ("array", f"{w}[]=1&{w}[]=2"), ("object", f"{w}[a][b]=1")):
                if mine():
                    yield probe(f"query {w} {variant}", f"{base}?{qs}")
        return

    # bodies: every declared parameter filled, then spoiled kind by kind
    good = {pp.wire: sample(pp.spec) for pp in params}
    specs = {pp.wire: pp.spec for pp in params}

    def spoil(fn: Any) -> bytes:
        return dumps({k: replace(v, specs[k], fn) for k, v in good.items()})

    present: set[str] = set()
    for k, v in good.items():
        kinds(v, specs[k], present)

    plausible = dumps(good)
    yield probe("body plausible", content=plausible)
    yield probe("fields null", content=spoil(lambda k, v: None))
    if "string" in present:
        yield probe("strings 100k", content=spoil(long_strings()))
    if "int" in present:
        for value in (2 ** 31 - 1, -1):
            yield probe(f"ints {value}", content=spoil(only("int", value)))
    if "float" in present:
        for value in (FLOAT_LIMITS[route_no % 2], *FLOAT_LIMITS[2:]):  # 1e308 and -1e308 in turn
            yield probe(f"numbers {value}", content=spoil(only("float", value)))
    if "list" in present:
        yield probe("lists long", content=spoil(long_lists))

    # refused by decoding or binding alike everywhere: in turns
    if mine():
        yield probe("body empty", content=b"")
    if mine():
        yield probe("body array", content=b"[1, 2]")
    if mine():
        yield probe("body invalid UTF-8", content=plausible.replace(b'"hostile"', b'"\xff\xfe\xfd"', 1)
                    if b'"hostile"' in plausible else b'{"x": "\xff\xfe"}')
    if mine():
        yield probe("body unknown keys", content=dumps({
            **{k: replace(v, specs[k], unknown_keys) for k, v in good.items()}, "hostileUnknown": 1}))
    if mine():
        yield probe("body deep 60", content=dumps({**good, "hostileDeep": deep(60)}))
    if good and mine():
        first, rest = next(iter(good)), json.dumps(good)[1:]
        yield probe("body duplicated keys",
                    content=('{"' + first + '": ' + json.dumps(sample(specs[first])) + ", " + rest).encode())
    if "string" in present:
        if mine():
            yield probe("strings NUL", content=spoil(only("string", "a\u0000b")))
        if mine():
            yield probe("strings lone surrogate", content=spoil(only("string", "\ud800x\udfff")))
    if "int" in present:
        for value in (*INT_LIMITS, 2 ** 31):
            if mine():
                yield probe(f"ints {value}", content=spoil(only("int", value)))
    if "float" in present and mine():
        yield probe("numbers 1e999 literal", content=spoil(only("float", 7.25e-301)).replace(b"7.25e-301", b"1e999"))
    for variant, fn in (("scalars as arrays", scalars([1])), ("scalars as objects", scalars({"a": 1})),
                        ("scalars as booleans", scalars(False))):
        if mine():
            yield probe(variant, content=spoil(fn))
    if present & {"object", "list", "custom_attributes"}:
        if mine():
            yield probe("containers as strings", content=spoil(containers("hostile")))
        if mine():
            yield probe("containers as numbers", content=spoil(containers(1e308)))


def guest_probes(route: Any) -> Iterator[Probe]:
    """A few variants of an anonymous or self route, as a guest or a customer."""
    for p in probes(route):
        if p.variant in ("path NUL in " + (route.plan.path_params or [""])[0], "body plausible", "strings 100k",
                         "numbers 1e+308", "numbers -1e+308", "lists long") or p.variant.startswith("query"):
            yield p


# --------------------------------------------------------------------------- the run

srv = server_fixture("hostile", workers=2)

THREADS = 4


@pytest.fixture(scope="module")
def tokens(srv) -> dict[str, str]:
    return {"admin": srv.token()}


_COUNTS: list[Any] = []


def row_counts(engine: sa.Engine) -> dict[str, int]:
    """The rows of every table, in one statement."""
    with engine.connect() as c:
        if not _COUNTS:
            names = sorted(sa.inspect(c).get_table_names())
            _COUNTS[:] = [names, sa.text("SELECT " + ", ".join(f'(SELECT COUNT(*) FROM "{n}")' for n in names))]
        names, statement = _COUNTS
        return dict(zip(names, c.execute(statement).one()))


# tables a refused request may write: the sign-in failure counter, the queue of async operations
WRITTEN_ON_REFUSAL = {"vdc_login_failure", "admin_user", "customer_entity", "oauth_token"}


def answer_problem(r: httpx.Response) -> str | None:
    """Why an answer is wrong, or None."""
    if r.status_code >= 500:
        return f"{r.status_code} {r.text[:300]}"
    if r.status_code >= 400:
        try:
            body = r.json()
        except ValueError:
            return f"{r.status_code} not JSON: {r.text[:200]}"
        if not isinstance(body, dict) or not isinstance(body.get("message"), str):
            return f"{r.status_code} not the error body: {r.text[:200]}"
        if "parameters" in body and not isinstance(body["parameters"], (dict, list)):
            return f"{r.status_code} parameters neither object nor list: {r.text[:200]}"
    return None


@pytest.mark.parametrize("name", FAMILIES)
def test_no_hostile_input_gets_a_5xx(srv, tokens, name):
    routes = [r for r in ROUTES if family(r) == name]
    work = [p for i, r in enumerate(routes) for p in probes(r, i)]
    open_routes = [r for r in routes if not r.is_admin]
    if open_routes:
        _, customer_token = new_customer(srv)
        tokens = {**tokens, "customer": customer_token}
        for who in ("guest", "customer"):
            work += [Probe(p.route, p.variant, p.method, p.path, p.content, who)
                     for r in open_routes for p in guest_probes(r)]
        # a customer revoking their token last, so that the others still run as that customer
        work.sort(key=lambda p: p.who == "customer" and "revoke" in p.path)
    before = row_counts(srv.db.engine)
    local = threading.local()

    def client(who: str) -> httpx.Client:
        clients = getattr(local, "clients", None)
        if clients is None:
            clients = local.clients = {}
        c = clients.get(who)
        if c is None:
            token = tokens.get(who)
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            c = clients[who] = httpx.Client(base_url=srv.url + "/rest/default", headers=headers, timeout=60)
        return c

    def run(p: Probe) -> tuple[Probe, int, str | None]:
        headers = {"Content-Type": "application/json"} if p.content is not None else {}
        try:
            r = client(p.who).request(p.method, p.path, content=p.content, headers=headers)
        except httpx.HTTPError as e:
            return p, 0, f"transport error {e!r}"
        return p, r.status_code, answer_problem(r)

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(run, work))
    for c in getattr(local, "clients", {}).values():
        c.close()

    failures = [f"{p.who}: {p.route} [{p.variant}] {p.method} {p.path[:120]} -> {problem}"
                for p, _, problem in results if problem]
    assert not failures, f"{len(failures)} of {len(results)} answers wrong:\n" + "\n".join(failures)

    # nothing half-written: when every answer was a refusal, no table has a row more or less
    if all(status >= 400 for _, status, _ in results):
        after = row_counts(srv.db.engine)
        changed = {t: (before.get(t), n) for t, n in after.items()
                   if before.get(t) != n and t not in WRITTEN_ON_REFUSAL}
        assert not changed, f"refused requests changed these tables: {changed}"


# --------------------------------------------------------------------------- writes outside the repository kit

def test_a_write_outside_the_repository_kit_is_checked_alike_on_every_database(srv):
    """A cart's billing address is written straight into its table: a country code longer than its
    column is the same 400 on SQLite (which would store it) and PostgreSQL (which would fail), and
    nothing is written; so is a NUL character."""
    _, token = new_customer(srv)
    with httpx.Client(base_url=srv.url + "/rest/default", headers={"Authorization": f"Bearer {token}"}) as me:
        cart_id = me.post("/V1/carts/mine").json()
        address = {"firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin",
                   "postcode": "78701", "telephone": "555", "region": "Texas"}
        r = me.put("/V1/carts/mine", json={"quote": {"id": cart_id, "billing_address": {
            **address, "country_id": "US" * 50}}})
        assert (r.status_code, r.json()) == (400, {"message": 'The value of "%1" is longer than %2 characters.',
                                                   "parameters": ["country_id", 2]})
        assert me.get("/V1/carts/mine/billing-address").json().get("country_id") in (None, "")
        r = me.put("/V1/carts/mine", json={"quote": {"id": cart_id, "billing_address": {**address, "country_id": "US"}}})
        assert r.status_code == 200, r.text
        assert me.get("/V1/carts/mine/billing-address").json()["country_id"] == "US"


def test_a_reference_to_a_missing_record_is_a_404_not_a_500(srv, tokens):
    """A foreign key the service did not check first (the test module hides orders by id, trusting the
    database to refuse unknown ones) answers the platform's 404 for a missing entity."""
    with httpx.Client(base_url=srv.url + "/rest/default", headers={"Authorization": f"Bearer {tokens['admin']}"}) as c:
        r = c.post("/V1/vdtest/orders/hide", json={"orderIds": [987654]})
        assert (r.status_code, r.json()) == (
            404, {"message": "The entity that was requested doesn't exist. Verify the entity and try again."})
