"""Declarations are read, checked and compiled at start-up; a broken one stops the service."""
import subprocess
import sys
from pathlib import Path

import pytest

from vdcommerce.framework.context import Service
from vdcommerce.framework.data import DataObject, OrNull
from vdcommerce.webapi.acl import Acl
from vdcommerce.webapi.declarations import DeclarationError, Package, load_packages, read_acl
from vdcommerce.webapi.routing import build_route_table


class ThingInterface(DataObject, interface="Test\\Api\\Data\\ThingInterface"):
    thing_id: OrNull[int]
    name: OrNull[str]


class ThingRepository(Service):
    interface = "Test\\Api\\ThingRepositoryInterface"

    def save(self, thing: ThingInterface) -> ThingInterface:
        return thing

    def get_by_id(self, thing_id: int) -> ThingInterface:
        return ThingInterface.of(thing_id=thing_id)


def package(tmp_path: Path, name: str, webapi: str, acl: str | None = None) -> Package:
    root = tmp_path / name
    (root / "etc").mkdir(parents=True)
    (root / "etc" / "webapi.xml").write_text(webapi)
    if acl:
        (root / "etc" / "acl.xml").write_text(acl)
    return Package(f"vdcommerce.modules.{name}", root)


ACL = """<config><acl><resources><resource id="Magento_Backend::admin">
<resource id="Test_Thing::thing" title="Things"/></resource></resources></acl></config>"""


def route(url, method, service_method, resource="Test_Thing::thing", data=""):
    return (f'<route url="{url}" method="{method}"><service class="Test\\Api\\ThingRepositoryInterface" '
            f'method="{service_method}"/><resources><resource ref="{resource}"/></resources>{data}</route>')


def build(tmp_path, *routes, acl=ACL):
    platform = [p for p in load_packages() if p.name.startswith("vdcommerce.platform.")]
    pkg = package(tmp_path, "thing", "<routes>" + "".join(routes) + "</routes>", acl)
    packages = platform + [pkg]
    return build_route_table(packages, Acl(read_acl(packages)))


def test_a_good_declaration_compiles(tmp_path):
    table = build(tmp_path, route("/V1/thing", "POST", "save"), route("/V1/thing/:thingId", "PUT", "save"),
                  route("/V1/thing", "GET", "getById"))
    found = table.match("PUT", ["V1", "thing", "7"])
    assert found and found[1] == {"thingId": "7"} and found[0].plan.put_target[1] == "thing_id"


def test_a_put_route_may_name_the_field_its_path_parameter_identifies(tmp_path):
    # ``:name`` would otherwise write into ``name``; ``id-field`` makes the path value the record's id
    put = route("/V1/thing/:name", "PUT", "save").replace('method="PUT"', 'method="PUT" id-field="thing_id"')
    table = build(tmp_path, put)
    found = table.match("PUT", ["V1", "thing", "7"])
    plan = found[0].plan
    assert plan.put_target[1] == "thing_id"
    bound = plan.bind(None, {"thing": {"thing_id": 9, "name": "kept"}}, {}, {"name": "7"}, None)
    assert bound["thing"].thing_id == 7 and bound["thing"].name == "kept"


@pytest.mark.parametrize("routes,needle", [
    ([route("/V1/thing", "POST", "save", resource="Test_Thing::nope")], "Test_Thing::nope is not declared"),
    ([route("/V1/thing", "POST", "remove")], "has no method remove"),
    ([route("/V1/thing", "GET", "getById", data='<data><parameter name="nope" force="true">%customer_id%</parameter></data>')],
     "forced parameter nope names no method parameter"),
    ([route("/V1/thing", "POST", "save", data='<data><parameter name="thing.colour" force="true">1</parameter></data>')],
     "colour is not a field of thing"),
    ([route("/V1/thing", "POST", "save", data='<data><parameter name="thing.name" force="true">%no_such%</parameter></data>')],
     "unknown placeholder %no_such%"),
    ([route("/V1/thing/:a", "GET", "getById"), route("/V1/thing/:b", "GET", "getById")], "clashes with"),
    ([route("/V1/thing/:code", "PUT", "save")], "cannot tell which field"),
    ([route("/V1/thing/:thingId", "PUT", "save").replace('method="PUT"', 'method="PUT" id-field="colour"')],
     "id-field colour is not a field of"),
    ([route("/V1/:thing", "GET", "getById")], "starts /V<n>/<literal>/"),
])
def test_broken_declarations_stop_start_up(tmp_path, routes, needle):
    with pytest.raises(DeclarationError) as err:
        build(tmp_path, *routes)
    assert needle in str(err.value)
    assert "webapi.xml" in str(err.value)


def test_unknown_interface_and_malformed_xml(tmp_path):
    bad = '<routes><route url="/V1/x" method="GET"><service class="No\\Such" method="get"/><resources><resource ref="anonymous"/></resources></route></routes>'
    platform = [p for p in load_packages() if p.name.startswith("vdcommerce.platform.")]
    pkg = package(tmp_path, "x", bad)
    with pytest.raises(DeclarationError, match="no service class implements No"):
        build_route_table(platform + [pkg], Acl(read_acl(platform)))
    pkg = package(tmp_path, "y", "<routes><route")
    with pytest.raises(DeclarationError, match="not well-formed"):
        build_route_table(platform + [pkg], Acl(read_acl(platform)))


def test_every_route_of_the_shipped_packages_compiles_and_is_protected():
    packages = load_packages()
    acl = Acl(read_acl(packages))
    table = build_route_table(packages, acl)
    assert len(table.routes) > 10
    for r in table:
        assert r.resources and all(acl.exists(x) for x in r.resources)


def test_routes_command_lists_every_route_with_its_acl():
    out = subprocess.run([str(Path(sys.executable).parent / "vdcommerce"), "routes", "--json"],
                         capture_output=True, text=True, check=True).stdout
    import json
    rows = json.loads(out)
    paths = {(r["method"], r["path"]): r for r in rows}
    assert paths[("POST", "/V1/vendor_faq/question")]["acl"] == "Vendor_Faq::question"
    assert paths[("POST", "/V1/integration/customer/revoke-customer-token")]["forced"] == "customerId=%customer_id%"
    assert paths[("PUT", "/V1/vendor_faq/question/:questionId")]["service"] == "Vendor\\Faq\\Api\\QuestionRepositoryInterface::save"
    # the JSON adds what a check of the ACL needs: the resources, the owned parameter, the refusal's resources
    fee = paths[("POST", "/V1/vendor_extrafee/carts/:cartId/totals-information")]
    assert (fee["resources"], fee["owner"], fee["denied"]) == (["Magento_Cart::manage", "self"], "cartId",
                                                               ["Magento_Cart::manage"])
    assert paths[("GET", "/V1/store/storeViews")]["guest_access"] == "webapi/webapisecurity/allow_insecure"


def test_literal_segments_match_percent_decoded(tmp_path):
    table = build(tmp_path, route("/V1/thing/note/customer:thingId", "PUT", "save"),
                  route("/V1/thing/:thingId", "GET", "getById"))
    for sent in ("customer:thingId", "customer%3AthingId", "CUSTOMER%3athingid"):
        found = table.match("PUT", ["V1", "thing", "note", sent])
        assert found and found[0].decl.url == "/V1/thing/note/customer:thingId" and found[1] == {}
    assert table.match("PUT", ["V1", "thing", "note", "customer%3Bother"]) is None
    assert table.match("GET", ["V1", "thing", "a%20b"])[1] == {"thingId": "a b"}
