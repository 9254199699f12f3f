"""The CCPA services: customers' deletion requests, their approval (the customer anonymised through
the platform's one anonymisation service) or denial, and the action log (docs/modules/ccpa.md).

The request logic is written once, for a privacy module named by its ``code`` (``ccpa``): its
configuration paths, events, mail templates and log all carry that code, so a twin module (a GDPR
one) would differ only in the code and its tables.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, delete, insert, select, update

from ...framework import events
from ...framework.context import Context, Service
from ...framework.dates import utc_now
from ...framework.exceptions import AlreadyExistsException, InputException
from ...framework.repository import Repository
from ...framework.search import Filter, FilterGroup, SearchCriteria
from ...platform import mail
from ...platform.customer.anonymize import anonymize_customer, anonymous_email
from ...platform.customer.service import load_customer
from ...platform.sales.service import customer_orders
from .api import (ActionLogInterface, ActionLogSearchResultsInterface, DeleteRequestInterface,
                  PrivacyPolicyInterface, PrivacyPolicySearchResultsInterface)
from .tables import action_log, delete_request, privacy_policy

TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
PENDING, APPROVED = 0, 1
CUSTOMER_REQUEST = "customer_request"  # filed by the customer; "automatic" is kept for a deletion job

CREATED = "delete_request_created"
APPROVED_ACTION = "delete_request_approved"
DENIED = "delete_request_denied"


@dataclass(frozen=True)
class PrivacyModule:
    """What tells one privacy module's deletion requests from its twin's."""

    code: str
    requests: Table
    log: Table

    @property
    def avoid_path(self) -> str:
        return f"vendor_{self.code}/deletion/avoid_anonymisation"

    @property
    def statuses_path(self) -> str:
        return f"vendor_{self.code}/deletion/order_statuses"

    @property
    def stored_days_path(self) -> str:
        return f"vendor_{self.code}/anonymisation/personal_data_stored_days"

    def event(self, when: str) -> str:
        return f"{when}_vd{self.code}_customer_anonymisation"

    def template(self, kind: str) -> str:
        return f"vendor_{self.code}_{kind}_deletion_template"


CCPA = PrivacyModule("ccpa", delete_request, action_log)


class DeletionRequests:
    """Filing, approving and denying the deletion requests of one privacy module, in the request's
    transaction."""

    def __init__(self, ctx: Context, module: PrivacyModule):
        self.ctx = ctx
        self.conn = ctx.conn
        self.m = module
        self.r = module.requests.c

    # --- the log

    def log(self, customer_id: int, action: str, comment: str | None = None) -> None:
        self.conn.execute(insert(self.m.log).values(customer_id=customer_id, created_at=utc_now(), ip=None,
                                                    action=action, comment=comment))

    # --- settings

    def setting(self, path: str, store_id: int | None) -> str:
        """A setting as the customer's store view sees it (the request's store view when unknown)."""
        config = self.ctx.config
        value = config.get(path, self.ctx.store_id if store_id is None else store_id) if config else None
        return "" if value is None else str(value).strip()

    def blocking_statuses(self, store_id: int | None) -> list[str]:
        """The order statuses that stop an anonymisation; none while the setting is off."""
        config, store = self.ctx.config, self.ctx.store_id if store_id is None else store_id
        if config is None or not config.flag(self.m.avoid_path, store):
            return []
        return [s.strip() for s in self.setting(self.m.statuses_path, store_id).split(",") if s.strip()]

    def keep_since(self, store_id: int | None) -> dt.datetime | None:
        """Orders and carts created since this time keep their personal data (None: anonymise all)."""
        raw = self.setting(self.m.stored_days_path, store_id)
        try:
            days = int(raw)
        except ValueError:
            return None
        return utc_now() - dt.timedelta(days=days) if days > 0 else None

    def has_blocking_orders(self, customer_id: int, statuses: list[str]) -> bool:
        criteria = SearchCriteria.of(filter_groups=[FilterGroup.of(filters=[
            Filter.of(field="status", value=",".join(statuses), condition_type="in")])], page_size=1, current_page=1)
        return bool(customer_orders(self.ctx, customer_id, criteria).total_count)

    # --- the operations

    def file(self, customer_id: int) -> bool:
        load_customer(self.ctx, customer_id)
        pending = self.conn.execute(select(self.r.id).where(self.r.customer_id == customer_id,
                                                            self.r.approved == PENDING).limit(1)).first()
        if pending is None:
            self.conn.execute(insert(self.m.requests).values(created_at=utc_now(), customer_id=customer_id,
                                                             got_from=CUSTOMER_REQUEST, approved=PENDING))
            self.log(customer_id, CREATED)
        return True

    def approve(self, customer_id: int) -> bool:
        customer = load_customer(self.ctx, customer_id)
        statuses = self.blocking_statuses(customer.store_id)
        if statuses and self.has_blocking_orders(customer_id, statuses):
            return False
        address, store_id = customer.email, customer.store_id
        events.dispatch(self.ctx, self.m.event("before"), customer_id=customer_id)
        anonymize_customer(self.ctx, customer_id, keep_since=self.keep_since(customer.store_id))
        events.dispatch(self.ctx, self.m.event("after"), customer_id=customer_id)
        self.conn.execute(update(self.m.requests).where(self.r.customer_id == customer_id).values(approved=APPROVED))
        self.log(customer_id, APPROVED_ACTION)
        # queued after the anonymisation, which forgets every earlier message to the account; the
        # message carries the old address (to reach it) and no name. An account anonymised before has
        # only its placeholder left: nobody to write to
        if address and address != anonymous_email(customer_id):
            mail.enqueue(self.ctx, self.m.template("approve"), to=address, name="", store_id=store_id,
                         entity_type=f"vendor_{self.m.code}_deletion", entity_id=customer_id)
        return True

    def deny(self, customer_id: int, comment: str) -> None:
        customer = load_customer(self.ctx, customer_id)
        pending = self.conn.execute(select(self.r.id).where(self.r.customer_id == customer_id,
                                                            self.r.approved == PENDING).limit(1)).first()
        self.conn.execute(delete(self.m.requests).where(self.r.customer_id == customer_id))
        # mailed only when a pending request was turned down: the rows of an approved request belong to
        # an account that is anonymised already, whose placeholder address must not be written to
        if pending is not None and customer.email and customer.email != anonymous_email(customer_id):
            name = " ".join(p for p in (customer.firstname, customer.lastname) if p)
            mail.enqueue(self.ctx, self.m.template("deny"), to=customer.email, name=name, store_id=customer.store_id,
                         variables={"comment": comment, "customer_name": name},
                         entity_type="customer", entity_id=customer_id)
        self.log(customer_id, DENIED, comment)

    def unprocessed(self) -> list[DeleteRequestInterface]:
        rows = self.conn.execute(select(self.m.requests).where(self.r.approved == PENDING)
                                 .order_by(self.r.created_at, self.r.id)).all()
        return [DeleteRequestInterface.of(id=r.id, created_at=r.created_at.strftime(TIME_FORMAT),
                                          customer_id=r.customer_id, got_from=r.got_from, approved=r.approved)
                for r in rows]

    def forget_customer(self, customer_id: int) -> None:
        self.conn.execute(delete(self.m.requests).where(self.r.customer_id == customer_id))


# --------------------------------------------------------------------------- the routed services

class RequestManagement(Service):
    """The admin side: the queue of deletion requests."""

    interface = "Vendor\\Ccpa\\Api\\RequestInterface"
    summary = "CCPA deletion requests"

    def approve_delete_request(self, customer_id: int) -> bool:
        return DeletionRequests(self.ctx, CCPA).approve(customer_id)

    def deny_delete_request(self, customer_id: int, comment: str) -> None:
        DeletionRequests(self.ctx, CCPA).deny(customer_id, comment)

    def get_unprocessed_requests(self) -> list[DeleteRequestInterface]:
        return DeletionRequests(self.ctx, CCPA).unprocessed()


class CustomerRequestManagement(Service):
    """The customer's side: filing a deletion request for their own account."""

    interface = "Vendor\\Ccpa\\Api\\CustomerRequestInterface"
    summary = "CCPA deletion requests of the calling customer"

    def add_delete_request(self, customer_id: int) -> bool:
        return DeletionRequests(self.ctx, CCPA).file(customer_id)


class ActionLogRepository(Repository[ActionLogInterface, ActionLogSearchResultsInterface]):
    """The action log, read-only: what was done with whose personal data, and when."""

    interface = "Vendor\\Ccpa\\Api\\ActionLogRepositoryInterface"
    summary = "CCPA action log"
    entity = "action log entry"
    table = action_log
    data = ActionLogInterface
    results = ActionLogSearchResultsInterface
    not_found = 'The action log entry with ID "%1" doesn\'t exist.'

    def get_list(self, search_criteria: SearchCriteria) -> ActionLogSearchResultsInterface:
        return self.list_records(search_criteria)

    def to_data(self, record: dict[str, Any]) -> ActionLogInterface:
        created = record.get("created_at")
        return ActionLogInterface.of(**{**record, "created_at": created.strftime(TIME_FORMAT) if created else None})


class PrivacyPolicyRepository(Repository[PrivacyPolicyInterface, PrivacyPolicySearchResultsInterface]):
    """The shop's privacy policies (their versions and texts). At most one is enabled: enabling one
    disables the one enabled before."""

    interface = "Vendor\\Ccpa\\Api\\PrivacyPolicyRepositoryInterface"
    summary = "CCPA privacy policies"
    entity = "privacy policy"
    table = privacy_policy
    data = PrivacyPolicyInterface
    results = PrivacyPolicySearchResultsInterface
    not_found = 'The privacy policy with ID "%1" doesn\'t exist.'
    required = ("policy_version",)
    choices = {"status": (0, 1)}

    def save(self, policy: PrivacyPolicyInterface) -> PrivacyPolicyInterface:
        return self.save_record(policy)

    def get_by_id(self, id: int) -> PrivacyPolicyInterface:  # noqa: A002 - the route's parameter
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:  # noqa: A002
        return self.delete_record(id)

    def get_list(self, search_criteria: SearchCriteria) -> PrivacyPolicySearchResultsInterface:
        return self.list_records(search_criteria)

    def convert(self, sent: dict[str, Any], stored: dict[str, Any] | None) -> dict[str, Any]:
        values = super().convert(sent, stored)
        values.pop("created_at", None)
        values.pop("updated_at", None)
        if isinstance(values.get("policy_version"), str):
            values["policy_version"] = values["policy_version"].strip()
        now = utc_now()
        values["updated_at"] = now
        if stored is None:
            values["created_at"] = now
        return values

    def check(self, record: dict[str, Any], stored: dict[str, Any] | None) -> None:
        super().check(record, stored)
        t = privacy_policy.c
        own = stored["id"] if stored is not None else None
        taken = self.conn.execute(select(t.id).where(t.policy_version == record["policy_version"],
                                                     t.id != own if own is not None else t.id.isnot(None))).first()
        if taken is not None:
            raise AlreadyExistsException('A privacy policy with version "%1" already exists.',
                                         [record["policy_version"]])
        if len(record["policy_version"]) > 64:
            raise InputException.invalid_value("policy_version", record["policy_version"])

    def after_save(self, record: dict[str, Any], stored: dict[str, Any] | None) -> None:
        if record.get("status") == 1:
            t = privacy_policy.c
            self.conn.execute(update(privacy_policy).where(t.id != record["id"], t.status == 1).values(status=0))

    def to_data(self, record: dict[str, Any]) -> PrivacyPolicyInterface:
        out = dict(record)
        for key in ("created_at", "updated_at"):
            out[key] = out[key].strftime(TIME_FORMAT) if out.get(key) else None
        return PrivacyPolicyInterface.of(**out)
