"""Observers of platform events (etc/events.xml)."""
from __future__ import annotations

from ...framework.context import Context
from . import records


def delete_customer_agreements(ctx: Context, customer_id: int, **_: object) -> None:
    """``customer_delete_before``: a deleted customer's agreements go with the account (nothing can be
    charged on them any more)."""
    records.delete_of_customer(ctx, customer_id)
