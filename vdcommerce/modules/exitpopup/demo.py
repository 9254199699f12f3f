"""Demo exit popup set-up: a cart price rule "Exit popup 15%" whose coupons are generated (one use
each), and the popup set to mail one of its coupons. Nothing when a gift rule is configured already."""
from sqlalchemy import Connection

from ...framework.context import Context
from ...platform.config.service import get_value, set_value
from ...platform.salesrule.api import RuleInterface
from ...platform.salesrule.service import RuleRepository
from .service import PROMO_TYPE, RULE_ID

GIFT_RULE = {"name": "Exit popup 15%", "description": "15% off the cart with a coupon mailed by the exit popup",
             "store_labels": [{"store_id": 0, "store_label": "Welcome gift 15%"}], "website_ids": [1],
             "customer_group_ids": [0, 1, 2, 3], "is_active": True, "coupon_type": "AUTO",
             "use_auto_generation": True, "uses_per_coupon": 1, "simple_action": "by_percent",
             "discount_amount": 15, "stop_rules_processing": False, "sort_order": 30}


def load(conn: Connection) -> None:
    if get_value(conn, {}, RULE_ID):
        return
    rule = RuleRepository(Context(conn, store_id=0)).save(RuleInterface.model_validate(GIFT_RULE))
    set_value(conn, RULE_ID, str(rule.rule_id))
    set_value(conn, PROMO_TYPE, "coupon")
