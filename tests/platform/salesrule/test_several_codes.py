"""Several coupon codes on one cart in the discount engine (``salesrule.coupons``), and each code's use
spent with a conditional update (``observers.count_usage``), run directly on an in-memory database."""
from decimal import Decimal

import pytest

from tests.platform.salesrule.test_salesrule_engine import add_coupon, add_rule, cart, collect, ctx, item  # noqa: F401
from vdcommerce.framework.exceptions import InputException
from vdcommerce.framework.packages import DeclarationError, load_packages
from vdcommerce.platform.quote import coupons as cart_coupons
from vdcommerce.platform.salesrule import coupons, observers
from vdcommerce.platform.salesrule.tables import coupon, coupon_usage

D = Decimal


def test_codes_of_a_cart():
    assert cart_coupons.split(None) == [] and cart_coupons.split(" , ,") == []
    assert cart_coupons.split(" one ") == ["one"]
    assert cart_coupons.split("A, b ,a,,B,c") == ["A", "b", "c"]
    assert coupons.codes_of(cart(coupon_code="X,Y")) == ["X", "Y"]


def test_every_listed_code_lets_its_rule_in_once(ctx):
    ten = add_rule(ctx, discount_amount=10, coupon_type="SPECIFIC_COUPON", sort_order=1,
                   store_labels=[{"store_id": 0, "store_label": "Ten"}])
    five = add_rule(ctx, discount_amount=5, simple_action="by_fixed", coupon_type="SPECIFIC_COUPON", sort_order=2)
    add_coupon(ctx, ten, "TEN-A")
    add_coupon(ctx, ten, "TEN-B")
    add_coupon(ctx, five, "FIVE")
    q = cart(item(1, 100), coupon_code="five,ten-b,NOPE,TEN-A")
    total, segment = collect(ctx, q)
    assert q.items[0].discount_amount == D("15.00")             # 10 % once, then 5 off
    assert total.coupon_code == "five,ten-b,TEN-A" and coupons.accepted(total) == ["five", "ten-b", "TEN-A"]
    assert total.coupon_refused is True                         # NOPE
    assert segment.title == "Discount (Ten, five)"              # in rule order; no label: its first code
    assert total.extra["salesrule_discounts"] == [(ten, "Ten", D("10.00"), ("ten-b", "TEN-A")),
                                                  (five, "r", D("5.00"), ("five",))]
    total, _ = collect(ctx, cart(item(1, 100), coupon_code="TEN-A"))
    assert total.coupon_code == "TEN-A" and total.coupon_refused is False


def _spend(ctx, codes: str, customer_id=None):
    q = cart(item(1, 100), coupon_code=codes, customer_id=customer_id, group=1 if customer_id else 0)
    total, _ = collect(ctx, q)
    observers.count_usage(ctx, quote=q, total=total)


def _used(ctx, coupon_id: int) -> int:
    return ctx.conn.execute(coupon.select().where(coupon.c.coupon_id == coupon_id)).one().times_used


def test_a_use_is_spent_only_while_one_is_left(ctx):
    once = add_rule(ctx, discount_amount=10, coupon_type="SPECIFIC_COUPON", uses_per_coupon=1)
    free = add_rule(ctx, discount_amount=5, coupon_type="SPECIFIC_COUPON")
    once_id, free_id = add_coupon(ctx, once, "ONCE"), add_coupon(ctx, free, "FREE")
    _spend(ctx, "FREE,ONCE")
    assert (_used(ctx, once_id), _used(ctx, free_id)) == (1, 1)
    # the last use taken meanwhile (collected before it was spent): the placement is refused
    q = cart(item(1, 100), coupon_code="FREE,ONCE")
    total, _ = collect(ctx, q)
    ctx.conn.execute(coupon.update().values(times_used=0).where(coupon.c.coupon_id == once_id))
    total2, _ = collect(ctx, q)
    ctx.conn.execute(coupon.update().values(times_used=1).where(coupon.c.coupon_id == once_id))
    with pytest.raises(InputException) as refused:
        observers.count_usage(ctx, quote=q, total=total2)
    assert refused.value.message == "The coupon code isn't valid. Verify the code and try again."
    assert _used(ctx, once_id) == 1
    # cancelling gives one use of every code back, never below 0
    observers.give_back_usage(ctx, coupon_code="FREE,ONCE", applied_rule_ids=[free, once])
    observers.give_back_usage(ctx, coupon_code="FREE,ONCE", applied_rule_ids=[free, once])
    assert (_used(ctx, once_id), _used(ctx, free_id)) == (0, 0)


def test_a_customers_own_limit_is_spent_the_same_way(ctx):
    rule_id = add_rule(ctx, discount_amount=10, coupon_type="SPECIFIC_COUPON", uses_per_customer=1)
    coupon_id = add_coupon(ctx, rule_id, "MINE")
    q = cart(item(1, 100), coupon_code="MINE", customer_id=7, group=1)
    total, _ = collect(ctx, q)
    observers.count_usage(ctx, quote=q, total=total)
    with pytest.raises(InputException):
        observers.count_usage(ctx, quote=q, total=total)
    uses = ctx.conn.execute(coupon_usage.select().where(coupon_usage.c.coupon_id == coupon_id)).one()
    assert uses.times_used == 1
    observers.give_back_usage(ctx, customer_id=7, coupon_code="MINE", applied_rule_ids=[rule_id])
    uses = ctx.conn.execute(coupon_usage.select().where(coupon_usage.c.coupon_id == coupon_id)).one()
    assert uses.times_used == 0


def test_one_coupon_filter_at_most():
    load_packages()
    chosen = cart_coupons.registered()
    assert chosen is not None                   # the Multiple Coupons module's
    assert cart_coupons.register_filter(chosen) is chosen

    def other(ctx, row, codes):
        return codes

    with pytest.raises(DeclarationError, match="a coupon filter is registered already"):
        cart_coupons.register_filter(other)
