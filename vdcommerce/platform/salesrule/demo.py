"""Demo cart price rules: "Spring 10%" (10% off with the coupon ``SPRING10``) and free shipping on
orders from 100, for every customer group of the main website."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import CouponInterface, RuleInterface
from .conditions import ADDRESS, COMBINE
from .service import CouponRepository, RuleRepository
from .tables import rule

SPRING = {"name": "Spring 10%", "description": "10% off the whole cart with the coupon SPRING10",
          "store_labels": [{"store_id": 0, "store_label": "Spring 10%"}], "website_ids": [1],
          "customer_group_ids": [0, 1, 2, 3], "is_active": True, "coupon_type": "SPECIFIC_COUPON",
          "simple_action": "by_percent", "discount_amount": 10, "stop_rules_processing": False, "sort_order": 10}
FREE_SHIPPING = {"name": "Free shipping from $100", "store_labels": [{"store_id": 0, "store_label": "Free shipping"}],
                 "website_ids": [1], "customer_group_ids": [0, 1, 2, 3], "is_active": True,
                 "coupon_type": "NO_COUPON", "simple_action": "by_percent", "discount_amount": 0,
                 "simple_free_shipping": "FREE_WITH_MATCHING_ITEMS", "stop_rules_processing": False, "sort_order": 20,
                 "condition": {"condition_type": COMBINE, "aggregator_type": "all", "value": "1", "conditions": [
                     {"condition_type": ADDRESS, "attribute_name": "base_subtotal", "operator": ">=",
                      "value": "100"}]}}


def load(conn: Connection) -> None:
    """Create the demo rules and coupon (nothing when any rule exists)."""
    if conn.execute(select(rule.c.rule_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    rules = RuleRepository(ctx)
    spring = rules.save(RuleInterface.model_validate(SPRING))
    CouponRepository(ctx).save(CouponInterface.model_validate(
        {"rule_id": spring.rule_id, "code": "SPRING10", "is_primary": True, "type": 0}))
    rules.save(RuleInterface.model_validate(FREE_SHIPPING))
