"""Reading and writing agreements (the one place that touches the agreement table)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ...framework.context import Context
from ...framework.dates import utc_now
from .tables import agreement

ACTIVE, CANCELED = "active", "canceled"
METHODS = ("vdrecurringwallet_applepay", "vdrecurringwallet_googlepay")


def find(ctx: Context, agreement_id: int) -> Any:
    return ctx.conn.execute(select(agreement).where(agreement.c.agreement_id == agreement_id)).first()


def has_active(ctx: Context, customer_id: int, method_code: str) -> bool:
    return ctx.conn.execute(select(agreement.c.agreement_id).where(
        agreement.c.customer_id == customer_id, agreement.c.method_code == method_code,
        agreement.c.status == ACTIVE)).first() is not None


def of_customer(ctx: Context, customer_id: int) -> list[Any]:
    """The customer's agreements, the most recently changed first."""
    return list(ctx.conn.execute(select(agreement).where(agreement.c.customer_id == customer_id)
                                 .order_by(agreement.c.updated_at.desc(), agreement.c.agreement_id.desc())))


def upsert(ctx: Context, customer_id: int, method_code: str, reference_id: str, label: str) -> int:
    """The customer's agreement for the method, created or renewed in place (same id, active again);
    answers its id. Two requests racing to create it end with one row."""
    now = utc_now()
    values = {"reference_id": reference_id, "agreement_label": label, "status": ACTIVE, "updated_at": now,
              "store_id": ctx.store_id or 0}
    for _ in range(2):
        existing = ctx.conn.execute(
            select(agreement.c.agreement_id).where(agreement.c.customer_id == customer_id,
                                                   agreement.c.method_code == method_code)).scalar()
        if existing is not None:
            ctx.conn.execute(update(agreement).where(agreement.c.agreement_id == existing).values(**values))
            return int(existing)
        try:
            with ctx.conn.begin_nested():
                inserted = ctx.conn.execute(insert(agreement).values(
                    customer_id=customer_id, method_code=method_code, created_at=now, **values)).inserted_primary_key
                assert inserted is not None
                return int(inserted[0])
        except IntegrityError:  # another request created it meanwhile: renew that one
            continue
    raise RuntimeError("billing agreement upsert did not settle")


def cancel(ctx: Context, agreement_id: int) -> None:
    ctx.conn.execute(update(agreement).where(agreement.c.agreement_id == agreement_id)
                     .values(status=CANCELED, updated_at=utc_now()))


def delete_of_customer(ctx: Context, customer_id: int) -> None:
    ctx.conn.execute(delete(agreement).where(agreement.c.customer_id == customer_id))


def payment_information(agreement_id: int, reference_id: str) -> dict[str, str]:
    """What a cart's and an order's payment carry for an agreement (never the wallet token)."""
    return {"billing_agreement_id": str(agreement_id), "billing_agreement_reference": reference_id}
