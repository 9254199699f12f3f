"""The demo rules: loaded with the demo catalog and indexed on it."""
import sqlalchemy as sa

from tests.helpers import ok

from .conftest import BASE, indexed


def test_demo_rules_are_indexed(own_server):
    own_server.cli("demo", "load", "reports")
    own_server.cli("demo", "load", "reports")  # a second load adds nothing
    with own_server.client(own_server.token()) as admin:
        rules = ok(admin.get(f"{BASE}/all?searchCriteria="))["items"]
    assert [r["title"] for r in rules] == ["Sport tees", "Items under 20", "Bags and hoodies", "Whole catalog"]
    assert [r["pin"] for r in rules] == [1, 1, 0, 0] and {r["status"] for r in rules} == {1}
    engine = own_server.db.engine
    with engine.connect() as c:
        skus = dict(c.execute(sa.text("SELECT entity_id, sku FROM catalog_product_entity")).all())
    tees = {skus[i] for i in indexed(engine, rules[0]["entity_id"])}
    assert tees == {"MS-TEE-S", "MS-TEE-M", "MS-TEE-L", "MS-TEE-XL"}
    assert {skus[i] for i in indexed(engine, rules[1]["entity_id"])} == {"24-WG085", "24-UG06"}
    assert indexed(engine, rules[3]["entity_id"]) == set(skus)
