"""Observers of the customer package's events."""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from .service import CCPA, DeletionRequests


def customer_deleted(ctx: Context, customer_id: int, **_: Any) -> None:
    """A deleted customer's deletion requests go with it (the action log stays, as the record of what
    was done)."""
    DeletionRequests(ctx, CCPA).forget_customer(customer_id)
