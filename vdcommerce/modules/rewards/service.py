"""The reward points services the routes bind to.

- ``CheckoutRewardsManagement``: spend points on the caller's active cart, or stop spending them;
- ``CustomerBalanceRepository``, ``RewardsRepository``, ``ExpirationDateRepository``: balances, history
  (customers see the rows marked visible, admins all) and the points due to expire by date;
- ``RewardsProvider``: admins add or deduct points, or give a rule's points;
- ``RuleRepository``: earning rules;
- the highlight services: "earn N points" captions for product, category, cart and checkout pages.
"""
from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal, InvalidOperation
from typing import Any

import orjson
from sqlalchemy import delete, func, insert, select, update

from ...framework.context import ADMIN, CUSTOMER, Context, Service
from ...framework.dates import utc_now
from ...framework.exceptions import InputException, LocalizedException, NoSuchEntityException
from ...framework.limits import number_limits, out_of_range
from ...platform import rule as engine
from ...platform.catalog.service import products_by_ids
from ...platform.customer.service import load_customer
from ...platform.integration.service import admin_user_by_id
from ...platform.quote import carts
from ...settings import get_settings
from . import checkout, points, rules
from . import points as pts
from .api import (CheckoutResultInterface, ExpirationArgumentsInterface, ExpirationDateInterface,
                  HighlightInterface, RewardsInterface, RuleInterface)
from .tables import history
from .tables import rule as rule_table

NOT_VALID = 'Points "%1" not valid.'
NO_PRODUCTS = "Cart %1 doesn't contain products"
MINIMUM = "You need at least %1 points to pay for the order with reward points."
NOT_COVERED_ITEMS = " Products in this cart can\u2019t be covered with the reward points."
USED = " You used %1 point(s)."
DEDUCT_NOTHING = "You are trying to deduct negative or null amount of rewards point(s)."
ADD_NOTHING = "You are trying to add negative or null amount of rewards point(s)."
REQUIRED = "Required parameter is not set."
ADMIN_ACTION = "vendor_rewards/general/admin_action_name"
ADMIN_ACTION_DEFAULT = "Admin Point Change"


# --------------------------------------------------------------------------- checkout

def _cart_with_items(ctx: Context, cart_id: int) -> Any:
    row = carts.row_of(ctx, cart_id)
    if not carts.collect_and_save(ctx, row.id).quote.items:
        raise NoSuchEntityException(NO_PRODUCTS, [str(row.id)])
    return row


class CheckoutRewardsManagement(Service):
    interface = "Vendor\\Rewards\\Api\\CheckoutRewardsManagementInterface"
    summary = "Reward points on the customer's cart"

    def set(self, cart_id: int, points: float) -> CheckoutResultInterface:
        """Spend ``points`` on the cart; answers the notice for the shopper and the points really spent."""
        try:
            wanted = Decimal(str(points))
        except InvalidOperation:
            raise InputException.invalid_value("points", points) from None
        if not wanted.is_finite() or wanted <= 0:
            raise LocalizedException(NOT_VALID, [_plain(points)])
        row = _cart_with_items(self.ctx, cart_id)
        customer_id = row.customer_id
        have = pts.of(self.ctx, customer_id)
        minimum = checkout.decimal_setting(self.ctx, checkout.MINIMUM, row.store_id, "0")
        if minimum > 0 and have < minimum:
            raise LocalizedException(MINIMUM, [pts.fmt(minimum)])
        if wanted > have:
            raise LocalizedException(pts.TOO_MUCH)
        checkout.set_requested(self.ctx, row.id, pts.q(wanted))
        collected = carts.collect_and_save(self.ctx, row.id)
        data = collected.total.extra.get(checkout.CODE) or {"points": Decimal(0), "money": Decimal(0), "notice": ""}
        if data["money"] <= 0:
            checkout.set_requested(self.ctx, row.id, Decimal(0))
            carts.collect_and_save(self.ctx, row.id)
            return CheckoutResultInterface.of(notice=NOT_COVERED_ITEMS, allowed_points=0)
        allowed = data["points"]
        notice = data["notice"] + USED.replace("%1", pts.fmt(allowed))
        return CheckoutResultInterface.of(notice=notice, allowed_points=pts.number(allowed))

    def remove(self, cart_id: int) -> bool:
        """Stop spending points on the cart."""
        row = _cart_with_items(self.ctx, cart_id)
        checkout.set_requested(self.ctx, row.id, Decimal(0))
        carts.collect_and_save(self.ctx, row.id)
        return True


def _plain(value: Any) -> str:
    d = Decimal(str(value))
    return points.fmt(d) if d != 0 else "0"


# --------------------------------------------------------------------------- balances, history, expiry

def _history_out(r: Any) -> RewardsInterface:
    return RewardsInterface.of(
        id=r.id, action_date=r.action_date.strftime("%Y-%m-%d %H:%M:%S"), amount=points.number(r.amount),
        comment=r.comment, action=r.action, points_left=points.number(r.points_left), customer_id=r.customer_id,
        visible_for_customer=bool(r.visible_for_customer), admin_name=r.admin_name,
        expiration_date=r.expiration_date.isoformat() if r.expiration_date else None,
        expiring_amount=points.number(r.expiring_amount))


def _is_customer(ctx: Context) -> bool:
    return ctx.caller.user_type == CUSTOMER


class CustomerBalanceRepository(Service):
    interface = "Vendor\\Rewards\\Api\\CustomerBalanceRepositoryInterface"
    summary = "Reward points balances"

    def get_balance_by_customer_id(self, customer_id: int) -> float:
        """The customer's points balance (0 without any)."""
        return points.number(points.of(self.ctx, customer_id))


class RewardsRepository(Service):
    interface = "Vendor\\Rewards\\Api\\RewardsRepositoryInterface"
    summary = "Reward points history"

    def get_by_id(self, id: int) -> RewardsInterface:  # noqa: A002 - the parameter's wire name
        """One history entry."""
        r = self.conn.execute(select(history).where(history.c.id == id)).first()
        if r is None:
            raise NoSuchEntityException.single_field("id", id)
        return _history_out(r)

    def get_by_customer_id(self, customer_id: int, limit: int = 10, page: int = 1) -> list[RewardsInterface]:
        """The customer's history, newest first, ``limit`` a page (customers see their visible rows only)."""
        if not _is_customer(self.ctx):
            load_customer(self.ctx, customer_id)
        limit = max(1, limit)
        page = max(1, page)
        q = select(history).where(history.c.customer_id == customer_id)
        if _is_customer(self.ctx):
            q = q.where(history.c.visible_for_customer.is_(True))
        rows = self.conn.execute(q.order_by(history.c.id.desc()).limit(limit).offset((page - 1) * limit))
        return [_history_out(r) for r in rows]


def _expiring(ctx: Context, customer_id: int) -> list[ExpirationDateInterface]:
    rows = ctx.conn.execute(
        select(func.min(history.c.id).label("id"), history.c.expiration_date,
               func.sum(history.c.expiring_amount).label("amount"))
        .where(history.c.customer_id == customer_id, history.c.expiring_amount > 0,
               history.c.expiration_date.is_not(None))
        .group_by(history.c.expiration_date).order_by(history.c.expiration_date))
    return [ExpirationDateInterface.of(entity_id=r.id, customer_id=customer_id, date=r.expiration_date.isoformat(),
                                       amount=points.number(r.amount)) for r in rows]


class ExpirationDateRepository(Service):
    interface = "Vendor\\Rewards\\Api\\ExpirationDateRepositoryInterface"
    summary = "Reward points due to expire"

    def get_by_id(self, id: int) -> ExpirationDateInterface:  # noqa: A002 - the parameter's wire name
        """The points of the entry's customer due to expire on the entry's date."""
        r = self.conn.execute(select(history.c.customer_id, history.c.expiration_date).where(
            history.c.id == id, history.c.expiring_amount > 0, history.c.expiration_date.is_not(None))).first()
        if r is None:
            raise NoSuchEntityException.single_field("id", id)
        for entry in _expiring(self.ctx, r.customer_id):
            if entry.date == r.expiration_date.isoformat():
                return entry
        raise NoSuchEntityException.single_field("id", id)

    def get_items_by_customer_id(self, customer_id: int) -> list[ExpirationDateInterface]:
        """One entry per date on which some of the customer's points expire."""
        if not _is_customer(self.ctx):
            load_customer(self.ctx, customer_id)
        return _expiring(self.ctx, customer_id)


# --------------------------------------------------------------------------- admin changes

def _amount(value: Any, field: str) -> Decimal:
    if value is None:
        raise InputException.required(field)
    try:
        d = Decimal(str(value))
    except InvalidOperation:
        raise InputException.invalid_value(field, value) from None
    if out_of_range({field: d}, {field: _AMOUNT_DIGITS}) is not None:  # infinite, or more than a balance holds
        raise InputException.invalid_value(field, value)
    return points.q(d)


_AMOUNT_DIGITS = number_limits(history, {"amount": "amount"})["amount"]


class RewardsProvider(Service):
    interface = "Vendor\\Rewards\\Api\\RewardsProviderInterface"
    summary = "Reward points changes"

    def _admin_name(self) -> str | None:
        caller = self.ctx.caller
        if caller.user_type == ADMIN and caller.user_id:
            admin = admin_user_by_id(self.conn, caller.user_id)
            return admin.username if admin is not None else None
        return None

    def _action(self, action: str | None) -> str:
        if action is None or str(action).strip() == "":
            raise LocalizedException(REQUIRED)
        if action == "admin":
            name = checkout.setting(self.ctx, ADMIN_ACTION, None, ADMIN_ACTION_DEFAULT)
            return name
        return str(action)

    def _add(self, customer_id: int | None, amount: Any, action: str | None, comment: str | None,
             expiration_date: dt.date | None, visible: bool = True, store_id: int | None = None) -> bool:
        if customer_id is None:
            raise LocalizedException(REQUIRED)
        label = self._action(action)
        value = _amount(amount, "amount")
        if value <= 0:
            raise LocalizedException(ADD_NOTHING)
        load_customer(self.ctx, customer_id)
        left = points.change(self.ctx, customer_id, value, label, comment=comment, visible=visible,
                             admin_name=self._admin_name(), expiration_date=expiration_date, check_history=True)
        rules.notify(self.ctx, customer_id, value, left, comment, store_id)
        _refresh_cart(self.ctx, customer_id)
        return True

    def _deduct(self, customer_id: int | None, amount: Any, action: str | None, comment: str | None,
                visible: bool = True) -> bool:
        if customer_id is None:
            raise LocalizedException(REQUIRED)
        label = self._action(action)
        value = _amount(amount, "amount")
        if value <= 0:
            raise LocalizedException(DEDUCT_NOTHING)
        load_customer(self.ctx, customer_id)
        points.change(self.ctx, customer_id, -value, label, comment=comment, visible=visible,
                      admin_name=self._admin_name(), check_history=True)
        _refresh_cart(self.ctx, customer_id)
        return True

    def add_points(self, amount: float, customer_id: int, action: str = "admin", comment: str | None = None,
                   expire: ExpirationArgumentsInterface | None = None) -> bool:
        """Add points (``expire.days`` from today when ``expire.is_expire``, else the configured default)."""
        when = _default_expiry(self.ctx)
        if expire is not None and expire.is_expire is not None:
            try:
                when = (utc_now().date() + dt.timedelta(days=expire.days)) if expire.is_expire and expire.days else None
            except OverflowError:  # a date beyond the calendar
                raise InputException.invalid_value("days", expire.days) from None
        return self._add(customer_id, amount, action, comment, when)

    def deduct_points(self, amount: float, customer_id: int, action: str = "admin",
                      comment: str | None = None) -> bool:
        """Deduct points (never below 0)."""
        return self._deduct(customer_id, amount, action, comment)

    def add_reward_points(self, model_rewards: RewardsInterface, store_id: int | None = None) -> bool:
        """Add points as the history entry describes them."""
        m = model_rewards
        when = _default_expiry(self.ctx)
        if "expiration_date" in m.model_fields_set:
            when = _date(m.expiration_date)
        return self._add(m.customer_id, m.amount, m.action, m.comment, when,
                         visible=m.visible_for_customer is not False, store_id=store_id)

    def deduct_reward_points(self, model_rewards: RewardsInterface) -> bool:
        """Deduct points as the history entry describes them."""
        m = model_rewards
        return self._deduct(m.customer_id, m.amount, m.action, m.comment, visible=m.visible_for_customer is not False)

    def add_points_by_rule(self, rule: RuleInterface, customer_id: int, store_id: int, amount: float | None = None,
                           comment: str | None = None) -> bool:
        """Give the stored rule's points (or ``amount``) with the rule's action and expiry."""
        if rule.rule_id is None:
            raise InputException.required("rule_id")
        r = _rule_row(self.ctx, rule.rule_id)
        load_customer(self.ctx, customer_id)
        value = _amount(amount, "amount") if amount is not None else points.q(r.amount)
        if value <= 0:
            raise LocalizedException(ADD_NOTHING)
        rules.award(self.ctx, r, customer_id, value, store_id, comment=comment)
        _refresh_cart(self.ctx, customer_id)
        return True


def _date(value: str | None) -> dt.date | None:
    if value is None or value == "":
        return None
    try:
        return dt.date.fromisoformat(str(value)[:10])
    except ValueError:
        raise InputException.invalid_value("expiration_date", value) from None


def _default_expiry(ctx: Context) -> dt.date | None:
    return rules.expiration_date(ctx, 1, 0, None)


def _refresh_cart(ctx: Context, customer_id: int) -> None:
    """The customer's active cart is re-collected after the balance changed, so its totals stay true."""
    cart_id = carts.active_cart_id(ctx, customer_id)
    if cart_id is not None and checkout.requested(ctx, cart_id) > 0:
        carts.collect_and_save(ctx, cart_id)


# --------------------------------------------------------------------------- rules

def _rule_row(ctx: Context, rule_id: int) -> Any:
    r = ctx.conn.execute(select(rule_table).where(rule_table.c.rule_id == rule_id)).first()
    if r is None:
        raise NoSuchEntityException.single_field("ruleId", rule_id)
    return r


def _rule_out(r: Any) -> RuleInterface:
    return RuleInterface.of(
        rule_id=r.rule_id, name=r.name, is_active=bool(r.is_active), action=r.action,
        amount=points.number(r.amount), spent_amount=points.number(r.spent_amount),
        website_ids=rules.ids(r.website_ids), customer_group_ids=rules.ids(r.customer_group_ids),
        conditions_serialized=r.conditions_serialized or "", expiration_behavior=r.expiration_behavior,
        expiration_period=r.expiration_period)


class RuleRepository(Service):
    interface = "Vendor\\Rewards\\Api\\RuleRepositoryInterface"
    summary = "Reward points earning rules"

    def save(self, rule: RuleInterface, rule_id: int | None = None) -> RuleInterface:
        """Create a rule, or change the rule of the path (PUT) with the fields sent."""
        sent = rule.model_fields_set
        target = rule_id if rule_id is not None else None
        current = _rule_row(self.ctx, target) if target is not None else None
        values: dict[str, Any] = {}
        if current is not None:
            values = {c: getattr(current, c) for c in ("name", "is_active", "action", "amount", "spent_amount",
                                                       "website_ids", "customer_group_ids", "conditions_serialized",
                                                       "expiration_behavior", "expiration_period")}
        else:
            values = {"is_active": True, "spent_amount": Decimal(0), "website_ids": "[]", "customer_group_ids": "[]",
                      "conditions_serialized": "", "expiration_behavior": 1, "expiration_period": 0}
        for key in ("name", "is_active", "action", "expiration_behavior", "expiration_period"):
            if key in sent and getattr(rule, key) is not None:
                values[key] = getattr(rule, key)
        for key in ("amount", "spent_amount"):
            if key in sent and getattr(rule, key) is not None:
                values[key] = _amount(getattr(rule, key), key)
        for key in ("website_ids", "customer_group_ids"):
            if key in sent:
                values[key] = orjson.dumps(sorted(set(getattr(rule, key) or []))).decode()
        if "conditions_serialized" in sent:
            text = rule.conditions_serialized or ""
            values["conditions_serialized"] = (engine.serialize(engine.parse(text, engine.CART)) or "") if text else ""
        for key in ("name", "action", "amount"):
            if values.get(key) in (None, ""):
                raise InputException.required(key)
        if values["action"] not in rules.ACTIONS:
            raise InputException.invalid_value("action", values["action"])
        if Decimal(values["amount"]) <= 0:
            raise InputException.invalid_value("amount", rule.amount)
        if values["action"] == rules.MONEY_SPENT and Decimal(values["spent_amount"]) <= 0:
            if "spent_amount" in sent:
                raise InputException.invalid_value("spent_amount", rule.spent_amount)
            raise InputException.required("spent_amount")
        if values["expiration_behavior"] not in (0, 1, 2):
            raise InputException.invalid_value("expiration_behavior", values["expiration_behavior"])
        if values["expiration_period"] < 0:
            raise InputException.invalid_value("expiration_period", values["expiration_period"])
        if current is None:
            inserted = self.conn.execute(insert(rule_table).values(**values)).inserted_primary_key
            assert inserted is not None
            new_id = inserted[0]
        else:
            new_id = current.rule_id
            self.conn.execute(update(rule_table).where(rule_table.c.rule_id == new_id).values(**values))
        return _rule_out(_rule_row(self.ctx, new_id))

    def delete_by_id(self, rule_id: int) -> bool:
        """Delete the rule."""
        _rule_row(self.ctx, rule_id)
        self.conn.execute(delete(rule_table).where(rule_table.c.rule_id == rule_id))
        return True

    def get(self, rule_id: int) -> RuleInterface:
        """One rule (query key ``ruleId``)."""
        return _rule_out(_rule_row(self.ctx, rule_id))

    def get_rules_by_action(self, action: str, website_id: int | None = None,
                            customer_group_id: int | None = None) -> list[RuleInterface]:
        """The active rules of an action, for a website and customer group when given."""
        return [_rule_out(r) for r in rules.active(self.ctx, action, website_id, customer_group_id)]


# --------------------------------------------------------------------------- highlights

HIGHLIGHT = "vendor_rewards/highlight/"
PAGES = {0: "product", 1: "cart", 2: "checkout", 3: "category"}
GUEST_CAPTION = "Sign up and earn %1 reward points"
CUSTOMER_CAPTION = "Earn %1 reward points"


def _earnable(ctx: Context, website_id: int, group_id: int, price: Decimal) -> Decimal:
    """Points the active order rules give for spending ``price``."""
    total = Decimal(0)
    for r in rules.active(ctx, None, website_id, group_id):
        if r.action == rules.ORDER_COMPLETED:
            total += points.q(r.amount)
        elif r.action == rules.MONEY_SPENT and points.q(r.spent_amount) > 0:
            total += points.q(r.amount) * math.floor(price / points.q(r.spent_amount))
    return total


def _highlight(ctx: Context, page: int, price: Decimal, customer_id: int | None) -> HighlightInterface:
    page_name = PAGES.get(page)
    if page_name is None:
        raise InputException.invalid_value("page", page)
    guest = customer_id is None
    group = 0 if customer_id is None else load_customer(ctx, customer_id).group_id or 0
    amount = _earnable(ctx, ctx.website_id or 1, group, price)
    visible = (checkout.setting(ctx, HIGHLIGHT + page_name, ctx.store_id, "1") == "1" and amount > 0
               and (not guest or checkout.setting(ctx, HIGHLIGHT + "guest", ctx.store_id, "1") == "1"))
    color = checkout.setting(ctx, HIGHLIGHT + "color", ctx.store_id, "#1979c3")
    if guest:
        base = (ctx.config.get("web/secure/base_url", ctx.store_id) if ctx.config else None) or get_settings().base_url
        link = (base or "").rstrip("/") + "/customer/account/create/"
        return HighlightInterface.of(visible=visible, caption_color=color,
                                     caption_text=GUEST_CAPTION.replace("%1", points.fmt(amount)),
                                     registration_link=link, need_to_change_message=1)
    return HighlightInterface.of(visible=visible, caption_color=color,
                                 caption_text=CUSTOMER_CAPTION.replace("%1", points.fmt(amount)),
                                 registration_link="", need_to_change_message=0)


def _product_price(ctx: Context, product_id: int | None) -> Decimal:
    if product_id is None:
        raise InputException.required("productId")
    found = products_by_ids(ctx.conn, [product_id]).get(product_id)
    if found is None:
        raise NoSuchEntityException.single_field("productId", product_id)
    return Decimal(found.price)


def _cart_subtotal(ctx: Context, customer_id: int | None) -> Decimal:
    cart_id = carts.active_cart_id(ctx, customer_id) if customer_id is not None else None
    if cart_id is None:
        return Decimal(0)
    return carts.collect_and_save(ctx, cart_id).total.subtotal


class GuestHighlightManagement(Service):
    interface = "Vendor\\Rewards\\Api\\GuestHighlightManagementInterface"
    summary = "Reward points highlights for guests"

    def get_highlight(self, page: int = 0, product_id: int | None = None, attributes: str = "") -> HighlightInterface:
        """The guest caption of a page (0 product, 1 cart, 2 checkout, 3 category)."""
        price = _product_price(self.ctx, product_id) if page in (0, 3) else Decimal(0)
        return _highlight(self.ctx, page, price, None)


class CatalogHighlightManagement(Service):
    interface = "Vendor\\Rewards\\Api\\CatalogHighlightManagementInterface"
    summary = "Reward points highlights on catalog pages"

    def get_highlight_for_product(self, product_id: int | None = None, customer_id: int | None = None,
                                  attributes: str | None = None, page: int = 0) -> HighlightInterface:
        """The product page caption: the customer's, or a guest's without a customer token."""
        if customer_id is None:
            return GuestHighlightManagement(self.ctx).get_highlight(page, product_id, attributes or "")
        return _highlight(self.ctx, 0, _product_price(self.ctx, product_id), customer_id)

    def get_highlight_for_category(self, product_id: int, customer_id: int,
                                   attributes: str | None = None) -> HighlightInterface:
        """The caption of one product tile on a category page."""
        return _highlight(self.ctx, 3, _product_price(self.ctx, product_id), customer_id)


class CheckoutHighlightManagement(Service):
    interface = "Vendor\\Rewards\\Api\\CheckoutHighlightManagementInterface"
    summary = "Reward points highlight at checkout"

    def get_highlight_by_customer_id(self, customer_id: int) -> HighlightInterface:
        """The checkout caption for the customer's active cart."""
        return _highlight(self.ctx, 2, _cart_subtotal(self.ctx, customer_id), customer_id)

