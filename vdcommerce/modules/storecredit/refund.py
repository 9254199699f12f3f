"""The refund handler (``etc/sales.xml``): credit memos give store credit back.

- The credit memo that leaves nothing to refund on the order gives back the store credit the order
  used (less what a cancellation gave back already).
- ``arguments.extension_attributes.return_to_store_credit`` puts that much of this credit memo into the
  customer's store credit as well (refund to store credit): at most the credit memo's total, and only
  for a customer's order. A module's refund (``sales.service.refund_order(..., to_store_credit=X)``)
  asks the same through ``Refund.to_store_credit``, which this handler (declared ``store_credit="true"``)
  takes exactly as that argument.

Both are one history row (action 3) and grow the order's refunded fields.
"""
from __future__ import annotations

from decimal import Decimal

from sqlalchemy import insert, update

from ...framework.context import Context
from ...framework.exceptions import InputException, LocalizedException
from ...platform.quote.totals import ZERO, cents
from ...platform.sales.hooks import Refund
from . import balances
from .checkout import order_row
from .tables import order_credit

ARGUMENT = "return_to_store_credit"
TOO_MUCH = "Only %1 can be returned to store credit."
GUEST_ORDER = "A guest's order can't be refunded to store credit."


def refund(ctx: Context, r: Refund) -> Decimal | None:
    row = order_row(ctx, r.order_id)
    back = ZERO
    if row is not None and r.last:
        back = max(ZERO, cents(Decimal(row.amount) - Decimal(row.given_back_amount)))
    sent = r.arguments.get(ARGUMENT)
    extra = cents(sent) if sent is not None else ZERO
    if extra < 0:
        raise InputException.invalid_value(ARGUMENT, sent)
    extra += r.to_store_credit
    if extra > r.grand_total:
        raise LocalizedException(TOO_MUCH, [f"{r.grand_total:.2f}"])
    if extra > 0 and r.customer_id is None:
        raise LocalizedException(GUEST_ORDER)
    amount = back + extra
    if amount <= 0 or r.customer_id is None:
        return None
    balances.change(ctx, r.customer_id, amount, balances.REFUNDED,
                    action_data={"order_increment_id": r.increment_id, "creditmemo_id": r.creditmemo_id},
                    store_id=r.store_id, visible=True)
    if row is None:
        ctx.conn.execute(insert(order_credit).values(
            order_id=r.order_id, increment_id=r.increment_id, customer_id=r.customer_id, store_id=r.store_id,
            amount=ZERO, shipping_amount=ZERO, invoiced_amount=ZERO, refunded_amount=amount, given_back_amount=ZERO))
    else:
        ctx.conn.execute(update(order_credit).where(order_credit.c.order_id == r.order_id).values(
            refunded_amount=order_credit.c.refunded_amount + amount,
            given_back_amount=order_credit.c.given_back_amount + back))
    return amount
