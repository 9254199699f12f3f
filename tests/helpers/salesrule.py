"""Shared bits of the cart price rule tests: condition type names and a rule factory."""
from tests.helpers import unique

NS = "Magento\\SalesRule\\Model\\Rule\\Condition\\"
COMBINE, ADDRESS, FOUND = NS + "Combine", NS + "Address", NS + "Product\\Found"
SUBSELECT, PRODUCT_COMBINE, PRODUCT = NS + "Product\\Subselect", NS + "Product\\Combine", NS + "Product"


def rule_body(**fields) -> dict:
    """A valid rule for every customer group of website 1, overridable field by field. Inactive unless
    told: the server is shared with every other test's carts."""
    return {"name": unique("rule "), "website_ids": [1], "customer_group_ids": [0, 1, 2, 3], "is_active": False,
            **fields}


def create_rule(admin, **fields) -> dict:
    r = admin.post("/V1/salesRules", json={"rule": rule_body(**fields)})
    assert r.status_code == 200, r.text
    return r.json()


def create_coupon(admin, rule_id: int, code: str | None = None, **fields) -> dict:
    r = admin.post("/V1/coupons", json={"coupon": {"rule_id": rule_id, "code": code or unique("C"), **fields}})
    assert r.status_code == 200, r.text
    return r.json()
