"""Demo codes for several-coupon carts: "Summer 10%" (code ``SUMMER10``) and "VIP $5" (``VIP5``, $5 off
the cart), which go together with the platform's ``SPRING10`` on one cart (nothing when the codes
exist already)."""
from sqlalchemy import Connection

from ...framework.context import Context
from ...platform.salesrule import coupons
from ...platform.salesrule.api import CouponInterface, RuleInterface
from ...platform.salesrule.service import CouponRepository, RuleRepository

COMMON = {"website_ids": [1], "customer_group_ids": [0, 1, 2, 3], "is_active": True,
          "coupon_type": "SPECIFIC_COUPON", "stop_rules_processing": False}
RULES = (
    ("SUMMER10", {**COMMON, "name": "Summer 10%", "store_labels": [{"store_id": 0, "store_label": "Summer 10%"}],
                  "simple_action": "by_percent", "discount_amount": 10, "sort_order": 30}),
    ("VIP5", {**COMMON, "name": "VIP $5", "store_labels": [{"store_id": 0, "store_label": "VIP $5"}],
              "simple_action": "cart_fixed", "discount_amount": 5, "sort_order": 40}),
)


def load(conn: Connection) -> None:
    ctx = Context(conn, store_id=0)
    if coupons.look_up(ctx, "SUMMER10") is not None:
        return
    for code, body in RULES:
        rule = RuleRepository(ctx).save(RuleInterface.model_validate(body))
        CouponRepository(ctx).save(CouponInterface.model_validate(
            {"rule_id": rule.rule_id, "code": code, "is_primary": True, "type": 0}))
