r"""Free Gift and Special Promotions (`Vendor\Promo`, `Vendor\Rules`): new actions of the platform's cart
price rules (free gift lines, the cheapest item, each N-th, buy X get Y, product sets ...), set through the
rule's extension attributes, and a per-rule breakdown of the discount on cart totals
(docs/modules/promotions.md)."""
from . import actions, settings, tables  # noqa: F401
