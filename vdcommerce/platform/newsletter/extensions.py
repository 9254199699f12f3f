"""``customer.extension_attributes.is_subscribed``: the customer's subscriber record, read and written
through the extension-attribute kit (declared in etc/extension_attributes.xml)."""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from . import service


class IsSubscribed:
    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        statuses = service.statuses_of_customers(ctx.conn, ids)
        return {customer_id: statuses.get(customer_id) == service.SUBSCRIBED for customer_id in ids}

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        if value is None:
            return  # null leaves the subscription as it is
        if value:
            service.subscribe_customer(ctx, record_id)
        else:
            service.unsubscribe_customer(ctx, record_id)
