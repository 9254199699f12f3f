"""Demo promotions, created through the platform's rule repository with the module settings (nothing
when the module has settings rows already): a free water bottle with every two duffle bags, and the
cheapest of every two gear items at half price (gear only, so that the other demo carts keep their
prices)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.salesrule.api import RuleInterface
from ...platform.salesrule.service import RuleRepository
from .tables import gift_rule, rules_rule

PRODUCT = "Magento\\SalesRule\\Model\\Rule\\Condition\\Product"
BAGS_ONLY = {"condition_type": PRODUCT + "\\Combine", "aggregator_type": "all", "value": "1",
             "conditions": [{"condition_type": PRODUCT, "attribute_name": "sku", "operator": "==",
                             "value": "24-MB01"}]}
GEAR_ONLY = {"condition_type": PRODUCT + "\\Combine", "aggregator_type": "all", "value": "1",
             "conditions": [{"condition_type": PRODUCT, "attribute_name": "sku", "operator": "()",
                             "value": "24-MB01, 24-WG085, 24-UG06"}]}
COMMON = {"website_ids": [1], "customer_group_ids": [0, 1, 2, 3], "is_active": True, "coupon_type": "NO_COUPON",
          "stop_rules_processing": False}
FREE_BOTTLE = {**COMMON, "name": "Free bottle with 2 bags", "sort_order": 1,
               "store_labels": [{"store_id": 0, "store_label": "Free water bottle"}],
               "simple_action": "vdpromo_items", "discount_amount": 1, "discount_step": 2, "discount_qty": 5,
               "action_condition": BAGS_ONLY,
               "extension_attributes": {"vdpromo_rule": {"sku": "24-UG06", "type": 0, "apply_tax": 0,
                                                         "apply_shipping": 0, "top_banner_show_gift_images": 1}}}
CHEAPEST = {**COMMON, "name": "Second item: the cheapest at half price", "sort_order": 2,
            "store_labels": [{"store_id": 0, "store_label": "Cheapest item -50%"}],
            "simple_action": "thecheapest", "discount_amount": 50, "discount_step": 2, "action_condition": GEAR_ONLY,
            "extension_attributes": {"vdrules": {"apply_discount_to": "asc", "priceselector": 0, "skip_rule": 0}}}


def load(conn: Connection) -> None:
    for table in (gift_rule, rules_rule):
        if conn.execute(select(table.c.entity_id).limit(1)).first() is not None:
            return
    rules = RuleRepository(Context(conn, store_id=0))
    for body in (FREE_BOTTLE, CHEAPEST):
        rules.save(RuleInterface.model_validate(body))
