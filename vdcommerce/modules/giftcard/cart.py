"""Gift cards in carts and orders.

- ``GiftCardAccountManagement`` / ``GuestGiftCardAccountManagement``: apply and remove card codes on the
  customer's active cart or a guest cart (masked id);
- ``GiftCardTotal``: the totals collector (sort 520, after fees and reward points, before store
  credit) that pays what is left of the grand total with the applied cards, in the order applied;
- ``deduct_balances``: ``sales_order_place_after``: each card's balance drops by what it paid, with one
  conditional UPDATE per card (a card that no longer holds the amount refuses the order);
- ``return_on_cancel`` / ``refund``: a cancelled or fully refunded order gives the cards back what they paid;
- each of these balance changes writes its row of the card's history (``history.py``) in the same transaction;
- ``GiftCardRedeem``: a customer moves a redeemable card's balance to store credit (event
  ``vdgiftcard_redeem_to_store_credit``, credited by the store credit module).
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import case, func, insert, select, update
from sqlalchemy import delete as sql_delete

from ...framework import events
from ...framework.context import Context, Service
from ...framework.exceptions import InputException, NoSuchEntityException
from ...platform import rule
from ...platform.quote import carts, totals
from ...platform.quote.totals import ZERO, Quote, Segment, Total, cents
from ...platform.sales.hooks import Refund
from . import history
from .api import GiftCardAccountResponseInterface, GiftCardMessageInterface, \
    RedeemResultInterface
from .service import ACTIVE, CODE_NOT_FOUND, EXPIRED, INACTIVE, REDEEMED, USED_UP, GiftCardAccountRepository, \
    account_by_code, pool_conditions, today
from .tables import account as account_table
from .tables import code as code_table
from .tables import order_card, quote_card

CODE = "vdgiftcard"
STATE = "giftcard"  # the cards applied to a cart, as quote.module_state names them (carts.note_state)
UNUSABLE = "vdgiftcard_unusable"
REDEEM_EVENT = "vdgiftcard_redeem_to_store_credit"
EMPTY_CART = 'The "%1" Cart doesn\'t contain products.'
WRONG_CODE = "Wrong gift card code"
WRONG_WEBSITE = "The code cannot be applied on this website."
IS_EXPIRED = "Gift card %1 is expired."
IS_USED = "Gift card %1 is used."
NOT_ENABLED = "Gift card %1 is not enabled."
NO_FUNDS = "Gift card %1 balance does not have funds."
ALREADY_IN_QUOTE = "This gift card account is already in the quote."
TOO_MANY = "You can't apply more than %1 gift card code."
OWN_CARD = "You can't use a gift card that you purchased yourself."
NOT_IN_ACCOUNT = "Please add this Gift Card Code to your customer account to proceed."
CONDITIONS = 'Coupon code "%1" cannot be applied to the cart because it does not meet certain conditions.'
FULLY_PAID = "Gift card can't be applied. Maximum discount reached."
CANNOT_REMOVE = "The gift card couldn't be deleted from the quote."
NOT_REDEEMABLE = "Gift card %1 cannot be redeemed."
NO_STORE_CREDIT = "Store credit is not available."

MAX_CARDS = "vdgcard/general/max_cards"
FORBID_OWN = "vdgcard/general/forbid_own_cards"
REQUIRE_ACCOUNT = "vdgcard/general/require_customer_account"

_CARDS_OF = (select(quote_card.c.account_id, quote_card.c.code, quote_card.c.position, account_table)
             .join(account_table, account_table.c.account_id == quote_card.c.account_id)
             .order_by(quote_card.c.position))


def applied(conn: Any, cart_id: int) -> list[Any]:
    """The cards on a cart with their accounts, in the order they were applied."""
    return list(conn.execute(_CARDS_OF.where(quote_card.c.quote_id == cart_id)).all())


def state_error(account: Any, code: str) -> InputException | None:
    """Why an account cannot pay (status, expiry, balance), or None."""
    if account.status == EXPIRED or (account.expired_date is not None and account.expired_date < today()):
        return InputException(IS_EXPIRED, [code])
    if account.status in (USED_UP, REDEEMED):
        return InputException(IS_USED, [code])
    if account.status == INACTIVE:
        return InputException(NOT_ENABLED, [code])
    if Decimal(account.current_value) <= 0:
        return InputException(NO_FUNDS, [code])
    return None


# --------------------------------------------------------------------------- the collector

class GiftCardTotal:
    """The applied cards pay what is left of the grand total: each card min(its balance, what is left)."""
    code = CODE

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        if not quote.items or not totals.keeps_state(ctx, quote, STATE):
            return
        rows = applied(ctx.conn, quote.id)
        if not rows:
            return
        left = total.payable
        cards = []
        for r in rows:
            if r.website_id != quote.website_id or state_error(r, r.code) is not None:
                total.extra.setdefault(UNUSABLE, []).append(r)
                continue
            amount = min(cents(r.current_value), left)
            left -= amount
            cards.append({"id": r.account_id, "code": r.code, "amount": amount, "base_amount": amount})
        if not cards:
            return
        paid = sum((c["amount"] for c in cards), ZERO)
        total.adjustments[self.code] = -paid
        total.extra[CODE] = cards
        total.extension["vdgiftcard_amount"] = paid
        total.extension["vdgiftcard_cards"] = [{**c, "amount": str(c["amount"]), "base_amount": str(c["base_amount"])}
                                               for c in cards]

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        cards = total.extra.get(CODE)
        if not cards:
            return None
        codes = ", ".join(c["code"] for c in cards)
        return Segment(self.code, f"Gift Card ({codes})", total.adjustments[self.code])


# --------------------------------------------------------------------------- apply and remove

class _Management(Service):
    def _row(self, cart_id: Any) -> Any:
        raise NotImplementedError

    def _apply(self, cart_id: Any, gift_card_code: str) -> Any:
        code = gift_card_code.strip()
        row = self._row(cart_id)
        cart = carts.Loaded(self.ctx, row)
        if not cart.items:
            raise InputException(EMPTY_CART, [cart_id])
        account = account_by_code(self.conn, code) if code else None
        if account is None:
            raise InputException(WRONG_CODE)
        quote = carts.pipeline_quote(self.ctx, cart)
        if account.website_id != quote.website_id:
            raise InputException(WRONG_WEBSITE)
        problem = state_error(account, code)
        if problem is not None:
            raise problem
        on_cart = applied(self.conn, row.id)
        if any(r.account_id == account.account_id for r in on_cart):
            raise InputException(ALREADY_IN_QUOTE)
        config = self.ctx.config
        limit = int(config.number(MAX_CARDS, row.store_id)) if config is not None else 0
        if limit > 0 and len(on_cart) >= limit:
            raise InputException(TOO_MANY, [limit])
        customer_id = row.customer_id
        if config is not None and config.flag(FORBID_OWN, row.store_id) and customer_id is not None \
                and account.customer_created_id == customer_id:
            raise InputException(OWN_CARD)
        if config is not None and config.flag(REQUIRE_ACCOUNT, row.store_id) \
                and not self._in_customer_account(account, customer_id, row.customer_email):
            raise InputException(NOT_IN_ACCOUNT)
        total, _ = totals.collect(self.ctx, quote)
        pool_id = self.conn.execute(select(code_table.c.code_pool_id)
                                    .where(code_table.c.code_id == account.code_id)).scalar()
        conditions = pool_conditions(self.conn, pool_id) if pool_id is not None else None
        if conditions and not rule.cart_predicate(conditions)(rule.cart_context(quote, total)):
            raise InputException(CONDITIONS, [code])
        if total.grand_total <= 0:
            raise InputException(FULLY_PAID)
        position = max((r.position for r in on_cart), default=0) + 1
        carts.note_state(self.ctx, row.id, STATE)
        self.conn.execute(insert(quote_card).values(quote_id=row.id, account_id=account.account_id,
                                                    code=code, position=position))
        carts.collect_and_save(self.ctx, row.id)
        return account

    @staticmethod
    def _in_customer_account(account: Any, customer_id: int | None, email: str | None) -> bool:
        """A card belongs to a customer's account when the customer bought it or it was sent to the
        customer's e-mail address (guests have no account)."""
        if customer_id is None:
            return False
        return account.customer_created_id == customer_id or bool(
            email and account.recipient_email and account.recipient_email.lower() == email.lower())

    def _response(self, account: Any, code: str) -> GiftCardAccountResponseInterface:
        data = GiftCardAccountRepository(self.ctx).get_by_id(account.account_id)
        return GiftCardAccountResponseInterface.of(account=data, messages=[GiftCardMessageInterface.of(
            type="success", text=f'Gift Card "{code.strip()}" was added.')])

    def _remove(self, cart_id: Any, gift_card_code: str) -> str:
        code = gift_card_code.strip()
        row = self._row(cart_id)
        if not carts.Loaded(self.ctx, row).items:
            raise InputException(EMPTY_CART, [cart_id])
        gone = self.conn.execute(sql_delete(quote_card).where(quote_card.c.quote_id == row.id,
                                                              quote_card.c.code == code)).rowcount
        if not gone:
            raise InputException(CANNOT_REMOVE)
        carts.collect_and_save(self.ctx, row.id)
        return code


class GiftCardAccountManagement(_Management):
    interface = "Vendor\\GiftCardAccount\\Api\\GiftCardAccountManagementInterface"
    summary = "Gift cards on the customer's cart"

    def _row(self, cart_id: Any) -> Any:
        return carts.row_of(self.ctx, int(cart_id))

    def apply_gift_card_account_to_cart(self, cart_id: int, gift_card_code: str) -> GiftCardAccountResponseInterface:
        """Apply a card to the cart: it pays what is left of the grand total up to its balance."""
        return self._response(self._apply(cart_id, gift_card_code), gift_card_code)

    def apply_gift_card_to_cart(self, cart_id: int, gift_card_code: str) -> str:
        """Apply a card (deprecated form): answers the code."""
        self._apply(cart_id, gift_card_code)
        return gift_card_code.strip()

    def remove_gift_card_from_cart(self, cart_id: int, gift_card_code: str) -> str:
        """Take a card off the cart: answers the code."""
        return self._remove(cart_id, gift_card_code)


class GuestGiftCardAccountManagement(_Management):
    interface = "Vendor\\GiftCardAccount\\Api\\GuestGiftCardAccountManagementInterface"
    summary = "Gift cards on a guest cart"

    def _row(self, cart_id: Any) -> Any:
        return carts.by_masked_id(self.ctx, str(cart_id))

    def apply_gift_card_account_to_cart(self, cart_id: str, gift_card_code: str) -> GiftCardAccountResponseInterface:
        return self._response(self._apply(cart_id, gift_card_code), gift_card_code)

    def apply_gift_card_to_cart(self, cart_id: str, gift_card_code: str) -> str:
        self._apply(cart_id, gift_card_code)
        return gift_card_code.strip()

    def remove_gift_card_from_cart(self, cart_id: str, gift_card_code: str) -> str:
        return self._remove(cart_id, gift_card_code)


# --------------------------------------------------------------------------- orders

def refuse_unusable_cards(ctx: Context, *, quote: Quote, total: Total, **_: Any) -> None:
    """``checkout_submit_before``: a card on the cart that can no longer pay (used up by another order,
    expired, disabled since it was applied) refuses the order; the shopper removes it and places again."""
    for r in total.extra.get(UNUSABLE) or []:
        if r.website_id != quote.website_id:
            raise InputException(WRONG_WEBSITE)
        problem = state_error(r, r.code)
        if problem is not None:
            raise problem


def deduct_balances(ctx: Context, *, order_id: int, total: Total, increment_id: str | None = None,
                    **_: Any) -> None:
    """``sales_order_place_after``: each card pays its part with one conditional UPDATE (the balance
    must still hold the amount); a card that does not refuses the order, and the whole placement rolls
    back. A card left at 0, or a single-use card, becomes Used."""
    for card in total.extra.get(CODE) or []:
        amount = card["amount"]
        if amount <= 0:
            continue
        left = func.round(account_table.c.current_value - amount, 2)
        done = ctx.conn.execute(update(account_table).where(
            account_table.c.account_id == card["id"], account_table.c.status == ACTIVE,
            account_table.c.current_value >= amount).values(
            current_value=left,
            status=case((left <= 0, USED_UP), (account_table.c.usage == "single", USED_UP),
                        else_=account_table.c.status))).rowcount
        if done != 1:
            raise InputException(NO_FUNDS, [card["code"]])
        ctx.conn.execute(insert(order_card).values(order_id=order_id, account_id=card["id"], code=card["code"],
                                                   amount=amount, returned=0, increment_id=increment_id))
        history.write(ctx.conn, card["id"], history.PAID_FOR_ORDER, -amount, history.balance_of(ctx.conn, card["id"]),
                      increment_id=increment_id, data={"order_id": order_id})


def give_back(ctx: Context, order_id: int, action: int, data: dict[str, Any],
              increment_id: str | None = None) -> Decimal:
    """Return to each card what it paid of the order and has not had back (one history row each,
    ``action``); answers the sum."""
    rows = ctx.conn.execute(select(order_card).where(order_card.c.order_id == order_id)
                            .order_by(order_card.c.entity_id)).all()
    given = ZERO
    for r in rows:
        left = cents(Decimal(r.amount) - Decimal(r.returned))
        if left <= 0:
            continue
        ctx.conn.execute(update(account_table).where(account_table.c.account_id == r.account_id).values(
            current_value=func.round(account_table.c.current_value + left, 2),
            status=case((account_table.c.status == USED_UP, ACTIVE), else_=account_table.c.status)))
        ctx.conn.execute(update(order_card).where(order_card.c.entity_id == r.entity_id)
                         .values(returned=r.amount))
        history.write(ctx.conn, r.account_id, action, left, history.balance_of(ctx.conn, r.account_id),
                      increment_id=r.increment_id or increment_id, data={"order_id": order_id, **data})
        given += left
    return given


def return_on_cancel(ctx: Context, *, order_id: int, **_: Any) -> None:
    """``sales_order_cancel_after``: the cards get back what they paid."""
    give_back(ctx, order_id, history.RETURNED_ON_CANCEL, {})


def refund(ctx: Context, refund: Refund) -> Decimal | None:
    """Refund handler: the refund that leaves nothing to refund on the order gives the cards back what
    they paid (partial refunds pay back money only)."""
    if not refund.last:
        return None
    given = give_back(ctx, refund.order_id, history.REFUNDED, {"creditmemo_id": refund.creditmemo_id},
                      refund.increment_id)
    return given if given > 0 else None


# --------------------------------------------------------------------------- redeem to store credit

class GiftCardRedeem(Service):
    interface = "Vendor\\GiftCardAccount\\Api\\GiftCardRedeemInterface"
    summary = "Redeem a gift card into store credit"

    def redeem(self, customer_id: int, gift_card_code: str) -> RedeemResultInterface:
        """Move a redeemable active card's whole balance to the calling customer's store credit: the
        card is left at 0 with status Redeemed, and the store credit module credits the amount."""
        code = gift_card_code.strip()
        account = account_by_code(self.conn, code) if code else None
        if account is None:
            raise NoSuchEntityException(CODE_NOT_FOUND, [code])
        config = self.ctx.config
        website_id = config.website_of.get(self.ctx.store_id or 1, 1) if config is not None else account.website_id
        if account.website_id != website_id:
            raise InputException(WRONG_WEBSITE)
        problem = state_error(account, code)
        if problem is not None:
            raise problem
        if not account.redeemable:
            raise InputException(NOT_REDEEMABLE, [code])
        if not events.observers().get(REDEEM_EVENT):
            raise InputException(NO_STORE_CREDIT)
        amount = cents(account.current_value)
        done = self.conn.execute(update(account_table).where(
            account_table.c.account_id == account.account_id, account_table.c.status == ACTIVE,
            account_table.c.current_value == amount).values(current_value=0, status=REDEEMED)).rowcount
        if done != 1:
            raise InputException(NO_FUNDS, [code])
        history.write(self.conn, int(account.account_id), history.REDEEMED_TO_STORE_CREDIT, -amount, ZERO,
                      data={"customer_id": customer_id})
        events.dispatch(self.ctx, REDEEM_EVENT, customer_id=customer_id, amount=amount,
                        account_id=int(account.account_id), code=code,
                        store_id=int(account.store or self.ctx.store_id or 1))
        return RedeemResultInterface.of(account_id=account.account_id, code=code, amount=amount,
                                        customer_id=customer_id)

