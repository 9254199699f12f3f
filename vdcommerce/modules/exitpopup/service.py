"""The exit popup's email service: subscribe the popup's address, mail it the gift, log the call.

Everything happens in the request's one transaction: the newsletter record, the generated coupon, the
message in the platform's outbox (delivered over SMTP later by the queue consumers, never during the
request) and the popup log row. What cannot be produced (a missing or inactive rule, a product with no
download, an unknown template or sender in the settings) is logged and left out of the mail; the
caller only ever hears about its own mistakes (a missing or malformed address).
"""
from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from sqlalchemy import insert, update

from ...framework.context import Service
from ...framework.exceptions import InputException, LocalizedException
from ...platform import mail
from ...platform.newsletter import service as newsletter
from ...platform.salesrule.api import CouponGenerationSpecInterface
from ...platform.salesrule.service import CouponManagement, load_rule
from .tables import log as log_t

log = logging.getLogger(__name__)

ENABLED = "vendor_exitpopup/general/enabled"
SENDER = "vendor_exitpopup/email/sender"
TEMPLATE = "vendor_exitpopup/email/template"
PROMO_TYPE = "vendor_exitpopup/promo/type"
RULE_ID = "vendor_exitpopup/promo/rule_id"
PRODUCT_ID = "vendor_exitpopup/promo/product_id"
DEFAULT_TEMPLATE = "vendor_exitpopup_email_template"
DEFAULT_SENDER = "general"
PROMO_TYPES = ("none", "coupon", "product")
COUPON_LENGTH = 12
MAX_EMAIL = 254


def valid_email(address: str) -> bool:
    """One ``@``, a non-empty local part, a domain with a dot and no empty label, no white space, at most
    254 characters."""
    if not address or len(address) > MAX_EMAIL or address.count("@") != 1 or any(c.isspace() for c in address):
        return False
    local, domain = address.split("@")
    return bool(local) and "." in domain and all(domain.split("."))


class GiftUnavailable(Exception):
    """The configured gift cannot be produced; the mail goes without it."""


class EmailManagement(Service):
    interface = "Vendor\\ExitPopup\\Api\\EmailManagementInterface"
    summary = "The exit popup: subscribe an address and mail it a gift"

    def send_email(self, email: str) -> bool:
        address = email.strip()
        if not valid_email(address):
            raise InputException.invalid_value("email", email)
        if not self.ctx.config_flag(ENABLED):
            return False
        subscriber = newsletter.subscribe(self.ctx, address)
        promo_type = str(self.ctx.config_value(PROMO_TYPE, "none") or "none")
        if promo_type not in PROMO_TYPES:
            log.error("exitpopup: unknown gift type %r in %s; the mail goes without a gift", promo_type, PROMO_TYPE)
            promo_type = "none"
        freebie = ""
        try:
            if promo_type == "coupon":
                freebie = self._coupon()
            elif promo_type == "product":
                freebie = self._download()
        except GiftUnavailable as e:
            log.error("exitpopup: no %s gift for %s: %s", promo_type, address, e)
        now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
        inserted = self.conn.execute(insert(log_t).values(
            email=address, store_id=subscriber.store_id, customer_id=subscriber.customer_id,
            subscriber_id=subscriber.subscriber_id, promo_type=promo_type, freebie=freebie,
            created_at=now)).inserted_primary_key
        assert inserted is not None
        entry_id = inserted[0]
        message_id = self._enqueue(address, subscriber.store_id, entry_id,
                                   {"freebie": freebie, "email": address, "promo_type": promo_type})
        self.conn.execute(update(log_t).where(log_t.c.entity_id == entry_id).values(message_id=message_id))
        return True

    def _coupon(self) -> str:
        """One new coupon of the configured cart price rule, through the platform's coupon generator."""
        raw = self.ctx.config_value(RULE_ID)
        try:
            rule_id = int(str(raw).strip())
        except (TypeError, ValueError):
            raise GiftUnavailable(f"{RULE_ID} is not a rule id ({raw!r})") from None
        try:
            rule = load_rule(self.conn, rule_id)
            if not rule["is_active"]:
                raise GiftUnavailable(f"cart price rule {rule_id} is not active")
            codes = CouponManagement(self.ctx).generate(CouponGenerationSpecInterface.of(
                rule_id=rule_id, quantity=1, length=COUPON_LENGTH, format="alphanum"))
        except LocalizedException as e:
            raise GiftUnavailable(f"cart price rule {rule_id}: {e.rendered()}") from None
        return codes[0]

    def _download(self) -> str:
        """The download link of the configured product. The platform's catalog keeps no downloadable
        links, so there is never one to give."""
        raise GiftUnavailable(f"product {self.ctx.config_value(PRODUCT_ID)!r} has no download link "
                              "(the catalog keeps no downloadable links)")

    def _enqueue(self, address: str, store_id: int, entry_id: int, variables: dict[str, Any]) -> int:
        """The gift mail in the outbox, with the configured template and sender; a template or sender
        the platform does not know is logged and replaced by the module's own."""
        template = str(self.ctx.config_value(TEMPLATE, DEFAULT_TEMPLATE) or DEFAULT_TEMPLATE)
        sender = str(self.ctx.config_value(SENDER, DEFAULT_SENDER) or DEFAULT_SENDER)
        try:
            return mail.enqueue(self.ctx, template, to=address, variables=variables, store_id=store_id,
                                sender=sender, entity_type="vendor_exitpopup_log", entity_id=entry_id)
        except ValueError as e:
            log.error("exitpopup: %s; sending with %s from %s instead", e, DEFAULT_TEMPLATE, DEFAULT_SENDER)
            return mail.enqueue(self.ctx, DEFAULT_TEMPLATE, to=address, variables=variables, store_id=store_id,
                                sender=DEFAULT_SENDER, entity_type="vendor_exitpopup_log", entity_id=entry_id)
