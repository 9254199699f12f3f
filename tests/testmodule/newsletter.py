"""Routes onto the platform's newsletter service (the platform has no REST routes of its own for it),
and an observer that notes each subscriber change as a thing titled
``newsletter <email> <previous status>-><status>``."""
from typing import Any

from vdcommerce.framework.context import Context, Service
from vdcommerce.framework.data import DataObject, OrNull
from vdcommerce.platform.newsletter import service as newsletter

from .tables import thing


class SubscriberInterface(DataObject, interface="Vendor\\Testmodule\\Api\\Data\\SubscriberInterface"):
    subscriber_id: OrNull[int]
    store_id: OrNull[int]
    customer_id: OrNull[int]
    subscriber_email: OrNull[str]
    subscriber_status: OrNull[int]
    change_status_at: OrNull[str]


def _out(s: newsletter.Subscriber | None) -> SubscriberInterface | None:
    if s is None:
        return None
    return SubscriberInterface.of(subscriber_id=s.subscriber_id, store_id=s.store_id, customer_id=s.customer_id,
                                  subscriber_email=s.email, subscriber_status=s.status,
                                  change_status_at=s.change_status_at)


class NewsletterService(Service):
    interface = "Vendor\\Testmodule\\Api\\NewsletterInterface"
    summary = "Newsletter subscribers (test routes)"

    def subscribe(self, email: str, store_id: int | None = None) -> SubscriberInterface | None:
        return _out(newsletter.subscribe(self.ctx, email, store_id))

    def unsubscribe(self, email: str, store_id: int | None = None) -> SubscriberInterface | None:
        return _out(newsletter.unsubscribe(self.ctx, email, store_id))

    def get_status(self, email: str, store_id: int | None = None) -> SubscriberInterface | None:
        return _out(newsletter.get(self.ctx, email, store_id))

    def get_customer_status(self, customer_id: int) -> SubscriberInterface | None:
        return _out(newsletter.for_customer(self.conn, customer_id))


def note_change(ctx: Context, *, subscriber: newsletter.Subscriber, previous_status: int | None, **_: Any) -> None:
    ctx.conn.execute(thing.insert().values(
        title=f"newsletter {subscriber.email} {previous_status}->{subscriber.status}", qty=0, is_active=True))


def note_removal(ctx: Context, *, subscriber: newsletter.Subscriber, **_: Any) -> None:
    ctx.conn.execute(thing.insert().values(title=f"newsletter {subscriber.email} removed", qty=0, is_active=True))
