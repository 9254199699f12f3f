"""Login as customer: a customer token for an admin user, and the log of such logins
(docs/modules/customerlogin.md).

The token is the platform's own customer token (platform/integration), so it works wherever the
customer's own sign-in would. Each token issued writes a log entry with copies of who logged in as
whom, on which website; the log is a ``Repository`` (framework/repository.py) that can be read, listed
and edited, but whose entries are only ever created here.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any

from sqlalchemy import update

from ...framework.context import ADMIN, Context, Service
from ...framework.dates import parse_datetime, utc_now
from ...framework.exceptions import InputException, LocalizedException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from ...platform.customer.service import load_customer
from ...platform.integration.service import CustomerTokenService, admin_user_by_id
from ...platform.store.service import website
from .api import LoggedInInterface, LoggedInSearchResultsInterface
from .tables import login_log

ID_FIELDS = ("logged_in_id", "admin_id", "customer_id", "website_id")
MAX_LENGTH = {"admin_username": 40, "admin_email": 128, "customer_name": 255, "customer_last_name": 255,
              "customer_email": 255, "website_code": 32}
_SECRET_KEY = re.compile(r"[0-9a-fA-F]{32}")


def _no_such(field: str, value: Any) -> LocalizedException:
    """A reference to a record that does not exist: a reason for a failed save (400), not a 404."""
    return LocalizedException("No such entity with %fieldName = %fieldValue", {"fieldName": field, "fieldValue": value})


class LoggedInRepository(Repository[LoggedInInterface, LoggedInSearchResultsInterface]):
    interface = "Vendor\\CustomerLogin\\Api\\LoggedInRepositoryInterface"
    summary = "Login-as-customer log"
    entity = "logged in"
    table = login_log
    data = LoggedInInterface
    results = LoggedInSearchResultsInterface
    not_found = 'LoggedIn with specified ID "%1" not found.'
    renamed = {"customer_last_name": "customer_lastname"}
    could_not_save = True

    # --- routed methods

    def save(self, logged_in: LoggedInInterface) -> LoggedInInterface:
        return self.save_record(logged_in)

    def get_by_id(self, logged_in_id: int) -> LoggedInInterface:
        return self.get_record(logged_in_id)

    def get_list(self, search_criteria: SearchCriteria) -> LoggedInSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- saving

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if "logged_in_time" in values:
            when = values["logged_in_time"]
            if when is None or (isinstance(when, str) and not when.strip()):
                del values["logged_in_time"]  # empty: the time stays what it was
            else:
                values["logged_in_time"] = parse_datetime(when, "logged_in_time")
        if stored is None and values.get("logged_in_time") is None:
            values["logged_in_time"] = utc_now()
        for key in ("admin_id", "customer_id", "website_id"):
            if key in values and not values[key]:
                values[key] = None  # 0 (or null) names no record
        for key, limit in MAX_LENGTH.items():
            if key in values:
                text = values[key] if values[key] is not None else ""
                if len(text) > limit:
                    raise InputException.invalid_value(key, text)
                values[key] = text
        if "secret_key" in values:
            key = values["secret_key"] or ""
            if key and not _SECRET_KEY.fullmatch(key):
                raise InputException.invalid_value("secret_key", key)
            values["secret_key"] = key.lower()
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        admin_id, customer_id, website_id = record["admin_id"], record["customer_id"], record["website_id"]
        if "admin_id" in self.sent and admin_id is not None and admin_user_by_id(self.conn, admin_id) is None:
            raise _no_such("admin_id", admin_id)
        if "customer_id" in self.sent and customer_id is not None:
            try:
                load_customer(self.ctx, customer_id)
            except LocalizedException:
                raise _no_such("customer_id", customer_id) from None
        if "website_id" in self.sent and website_id is not None and website(self.conn, website_id) is None:
            raise _no_such("website_id", website_id)

    # --- output: ids as integers, the rest as strings, never null

    def to_data(self, record: Record) -> LoggedInInterface:
        out: dict[str, Any] = {}
        for key in self.columns:
            value = record.get(key)
            if key in ID_FIELDS:
                out[key] = int(value) if value is not None else 0
            elif isinstance(value, dt.datetime):
                out[key] = value.isoformat(" ", "seconds")  # four-digit years, unlike strftime's %Y
            else:
                out[key] = str(value) if value is not None else ""
        return LoggedInInterface.of(**out)

    # --- the one way entries are created

    def record_login(self, customer_id: int, website_id: int | None = None) -> LoggedInInterface:
        """Log that the caller logs in as this customer now (on the customer's website unless another
        is named): copies of the admin user's, the customer's and the website's names are kept."""
        customer = load_customer(self.ctx, customer_id)
        website_id = website_id if website_id is not None else customer.website_id
        site = website(self.conn, website_id) if website_id is not None else None
        caller = self.ctx.caller
        admin = admin_user_by_id(self.conn, caller.user_id) if caller.user_type == ADMIN and caller.user_id else None
        entry = {"customer_id": customer_id, "customer_name": customer.firstname or "",
                 "customer_last_name": customer.lastname or "", "customer_email": customer.email or "",
                 "website_id": site.website_id if site is not None else 0,
                 "website_code": site.code if site is not None else "",
                 "admin_id": admin.user_id if admin is not None else 0,
                 "admin_username": admin.username if admin is not None else "",
                 "admin_email": admin.email if admin is not None else "",
                 "logged_in_time": utc_now().isoformat(" ", "seconds"), "secret_key": ""}
        return self.save_record(LoggedInInterface.model_validate(entry))


class CustomerToken(Service):
    interface = "Vendor\\CustomerLogin\\Api\\CustomerTokenInterface"
    summary = "Login as customer"

    def create_customer_token(self, customer_id: int) -> str:
        load_customer(self.ctx, customer_id)  # an unknown customer is a 404 (customerId)
        token = CustomerTokenService(self.ctx).issue_for(customer_id)
        LoggedInRepository(self.ctx).record_login(customer_id)
        return token


# --------------------------------------------------------------------------- observers

def anonymize_log(ctx: Context, customer_id: int, keep_since: dt.datetime | None = None, **_: Any) -> None:
    """An anonymised customer's copies in the log take the account's placeholders too (entries logged
    since ``keep_since``, when given, keep theirs, as the customer's orders do)."""
    customer = load_customer(ctx, customer_id)
    stmt = update(login_log).where(login_log.c.customer_id == customer_id)
    if keep_since is not None:
        stmt = stmt.where(login_log.c.logged_in_time < keep_since)
    ctx.conn.execute(stmt.values(customer_name=customer.firstname or "", customer_lastname=customer.lastname or "",
                                 customer_email=customer.email or ""))
