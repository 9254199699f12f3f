"""The module's data objects (Api/Data interfaces), fields in wire order. ``T | None`` is left out when empty."""
from ...framework.data import DataObject


class GiftRuleInterface(DataObject, interface="Vendor\\Promo\\Api\\Data\\GiftRuleInterface"):
    sku: str | None
    type: int | None
    items_discount: str | None
    minimal_items_price: float | None
    apply_tax: int | None
    apply_shipping: int | None
    top_banner_show_gift_images: int | None
    after_product_banner_show_gift_images: int | None


class RulesRuleInterface(DataObject, interface="Vendor\\Rules\\Api\\Data\\RuleInterface"):
    promo_skus: str | None
    promo_cats: str | None
    apply_discount_to: str | None
    eachm: str | None
    priceselector: int | None
    nqty: str | None
    max_discount: str | None
    skip_rule: int | None


class GiftImageInterface(DataObject, interface="Vendor\\Promo\\Api\\Data\\GiftImageInterface"):
    image_src: str | None
    image_alt: str | None
    image_width: str | None
    image_height: str | None


class DiscountBreakdownLineInterface(DataObject, interface="Vendor\\Rules\\Api\\Data\\DiscountBreakdownLineInterface"):
    rule_name: str | None
    rule_amount: str | None
