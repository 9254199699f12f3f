"""What the module does when a cart is ordered.

- ``checkout_submit_before``: a guest who ticked "create an account" gets one, from the cart's
  e-mail, names, addresses, date of birth and the password saved with ``save-password`` (none when an
  account with that e-mail exists already), and the order is written as that customer's.
- ``sales_order_place_after``: the delivery wish and the gift messages move to the order, the order
  comment becomes a comment of the order that the customer sees, "subscribe" subscribes the order's
  e-mail to the newsletter, and a newly created account is told so by mail.
- ``customer_anonymize_after``: what the checkout kept on the customer's carts (and so on their
  orders) loses its personal data, as the platform's cart rows do.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from typing import Any

from ...framework.context import INTEGRATION, Caller, Context
from ...framework.exceptions import LocalizedException
from ...framework.search import SearchCriteria
from ...platform import mail
from ...platform.customer.api import CustomerInterface
from ...platform.customer.service import CustomerRepository, email_exists
from ...platform.newsletter import service as newsletter
from ...platform.quote.service import CartRepository
from ...platform.quote.totals import Address, Quote, keeps_state
from ...platform.sales.api import OrderStatusHistoryInterface
from ...platform.sales.service import OrderManagement
from . import records

log = logging.getLogger("vdcommerce.onestepcheckout")

REGISTERED = "vendor_checkout_registered"
ACCOUNT_MAIL = "vendor_checkout_account_created"


def _address(a: Address, billing: bool, shipping: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "firstname": a.firstname, "lastname": a.lastname, "street": a.street or None, "city": a.city,
        "postcode": a.postcode, "country_id": a.country_id, "telephone": a.telephone, "company": a.company,
        "default_billing": billing, "default_shipping": shipping}
    if a.region_id or a.region or a.region_code:
        out["region"] = {"region_id": a.region_id, "region": a.region, "region_code": a.region_code}
        if a.region_id:
            out["region_id"] = a.region_id
    return {k: v for k, v in out.items() if v is not None}


def register_guest(ctx: Context, *, quote: Quote, **_: Any) -> None:
    if quote.customer_id is not None:
        return
    fields = records.fields_of(ctx, quote.id) if keeps_state(ctx, quote, records.STATE) else None
    if fields is None or not fields.is_register or not quote.customer_email:
        return
    if email_exists(ctx.conn, quote.customer_email, quote.website_id):
        return
    billing = quote.billing_address or quote.shipping_address
    addresses = []
    if billing is not None:
        same = quote.shipping_address is None or quote.shipping_address == billing
        addresses.append(_address(billing, True, same))
        if not same and quote.shipping_address is not None:
            addresses.append(_address(quote.shipping_address, False, True))
    body: dict[str, Any] = {
        "email": quote.customer_email, "firstname": billing.firstname if billing else None,
        "lastname": billing.lastname if billing else None, "website_id": quote.website_id,
        "store_id": quote.store_id, "addresses": addresses}
    if fields.register_dob:
        body["dob"] = fields.register_dob
    # the shop creates the account, so the stored password hash is taken as it is
    shop = dataclasses.replace(ctx, caller=Caller(INTEGRATION, None))
    try:
        with ctx.conn.begin_nested():  # a refused account leaves nothing behind and the order goes on
            customer = CustomerRepository(shop).save(CustomerInterface.model_validate(
                {k: v for k, v in body.items() if v is not None}), password_hash=fields.password_hash)
    except LocalizedException as e:
        log.warning("no account for the order of cart %s: %s", quote.id, e.message)
        return
    quote.customer_id = customer.id
    quote.customer_group_id = customer.group_id if customer.group_id is not None else 1
    quote.extension[REGISTERED] = customer.id


def carry_to_order(ctx: Context, *, order_id: int, increment_id: str, quote: Quote, **_: Any) -> None:
    fields = None
    if keeps_state(ctx, quote, records.STATE):  # a cart without rows of this module has nothing to carry
        records.attach_to_order(ctx, quote.id, order_id)
        fields = records.fields_of(ctx, quote.id)
    if fields is not None and fields.comment and fields.comment.strip():
        OrderManagement(ctx).add_comment(order_id, OrderStatusHistoryInterface.of(
            comment=fields.comment.strip(), is_customer_notified=0, is_visible_on_front=1))
    if fields is not None and fields.is_subscribe and quote.customer_email:
        try:
            with ctx.conn.begin_nested():  # an address the newsletter refuses does not stop the order
                newsletter.subscribe(ctx, quote.customer_email, quote.store_id)
        except LocalizedException as e:
            log.warning("no subscription for order %s: %s", increment_id, e.message)
    customer_id = quote.extension.get(REGISTERED)
    if customer_id is not None:
        billing = quote.billing_address or quote.shipping_address
        name = " ".join(filter(None, (billing.firstname, billing.lastname))) if billing else ""
        mail.enqueue(ctx, ACCOUNT_MAIL, to=quote.customer_email or "", name=name, store_id=quote.store_id,
                     entity_type="customer", entity_id=customer_id,
                     variables={"firstname": billing.firstname if billing else "", "increment_id": increment_id,
                                "has_password": bool(fields is not None and fields.password_hash)})


def forget_customer(ctx: Context, *, customer_id: int, keep_since: dt.datetime | None = None, **_: Any) -> None:
    """The customer's carts (those last updated before ``keep_since``, when given), found through the
    cart repository, lose the typed form, the date of birth, the password, the comment, the names and
    texts of their gift messages and the delivery note."""
    groups: list[dict[str, Any]] = [
        {"filters": [{"field": "customer_id", "value": str(customer_id), "condition_type": "eq"}]}]
    if keep_since is not None:
        groups.append({"filters": [{"field": "updated_at", "condition_type": "lt",
                                    "value": keep_since.strftime("%Y-%m-%d %H:%M:%S")}]})
    ids: list[int] = []
    page = 1
    while True:
        found = CartRepository(ctx).get_list(SearchCriteria.model_validate(
            {"filter_groups": groups, "page_size": 100, "current_page": page}))
        ids.extend(int(c.id) for c in found.items or [] if c.id is not None)
        if not found.items or len(ids) >= (found.total_count or 0):
            break
        page += 1
    records.forget(ctx, ids)
