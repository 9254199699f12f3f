"""What the newsletter does when a customer changes: its record follows the customer's address, and
goes when the customer is deleted or its personal data is erased."""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from . import service


def follow_customer(ctx: Context, *, customer: Any, is_new: bool = False, **_: Any) -> None:
    if not is_new and customer.id is not None:
        service.follow_customer_email(ctx, customer.id, customer.email or "")


def remove_customer(ctx: Context, *, customer_id: int, **_: Any) -> None:
    service.remove_customer(ctx, customer_id)
