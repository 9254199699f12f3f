"""What the report rule tests share: condition trees, products made for one test, the index as stored."""
from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.quote import product

BASE = "/V1/vendor_reports/rule"
COMBINE = "Magento\\CatalogRule\\Model\\Rule\\Condition\\Combine"
PRODUCT = "Magento\\CatalogRule\\Model\\Rule\\Condition\\Product"


def leaf(attribute: str, operator: str, value: str) -> dict:
    return {"type": PRODUCT, "attribute": attribute, "operator": operator, "value": value}


def tree(*leaves: dict, aggregator: str = "all", value: str = "1") -> str:
    """A serialized product tree as a client sends it (short form)."""
    return json.dumps({"type": COMBINE, "aggregator": aggregator, "value": value, "conditions": list(leaves)})


def normalised(*leaves: dict, aggregator: str = "all", value: str = "1") -> str:
    """The same tree as the service stores and returns it."""
    return json.dumps({"type": COMBINE, "attribute": None, "operator": None, "value": value,
                       "is_value_processed": None, "aggregator": aggregator,
                       "conditions": [{**x, "is_value_processed": False} for x in leaves]},
                      separators=(",", ":"))


def indexed(sql: sa.Engine, rule_id: int) -> set[int]:
    """The product ids stored in the rule's index."""
    with sql.connect() as c:
        return set(c.execute(sa.text("SELECT product_id FROM vendor_reports_rule_index WHERE rule_id = :r"),
                             {"r": rule_id}).scalars())


@pytest.fixture
def family(server, admin_token):
    """Three products whose SKUs share a prefix no other test uses: prices 10, 30, 60; color 49 (red) for
    10 and 60, 50 for 30."""
    prefix = unique("rr-")
    made = [product(server, admin_token, price=p, sku=f"{prefix}-{p}",
                    custom_attributes=[{"attribute_code": "color", "value": "50" if p == 30 else "49"}])
            for p in (10, 30, 60)]
    return prefix, {p["price"]: p for p in made}


@pytest.fixture
def on_schedule(server):
    """The module's indexer set to run on schedule for one test."""
    server.config("vendor_reports/indexer/mode", "schedule")
    yield
    server.config("vendor_reports/indexer/mode", "realtime")


def new_rule(admin, **fields) -> dict:
    r = admin.post(BASE, json={"rule": {"title": unique("rule "), **fields}})
    assert r.status_code == 200, r.text
    return r.json()
