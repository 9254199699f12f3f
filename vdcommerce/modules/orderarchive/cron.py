"""The scheduled job (etc/crontab.xml): archive what the configured rules select, and mail a report."""
from __future__ import annotations

from ...framework.context import Context
from ...platform import mail
from .service import ArchiveProcessor

ENABLED = "orderarchive/general/enabled"
MAIL_ENABLED = "orderarchive/email/enabled"
RECIPIENT = "orderarchive/email/recipient"
SENDER = "orderarchive/email/sender"
TEMPLATE = "orderarchive/email/template"
SENDERS = ("general", "sales", "support", "custom1", "custom2")
DEFAULT_TEMPLATE = "vendor_orderarchive_email_template"


class Archive:
    def execute(self, ctx: Context) -> None:
        if not ctx.config_flag(ENABLED):
            return
        moved = ArchiveProcessor(ctx).move_all_to_archive()
        recipient = str(ctx.config_value(RECIPIENT) or "").strip()
        if not ctx.config_flag(MAIL_ENABLED) or not recipient:
            return
        sender = str(ctx.config_value(SENDER) or "general")
        template = str(ctx.config_value(TEMPLATE) or DEFAULT_TEMPLATE)
        counts = {"orders": len(moved.order_ids or []), "invoices": len(moved.invoice_ids or []),
                  "shipments": len(moved.shipment_ids or []), "creditmemos": len(moved.creditmemo_ids or [])}
        sender = sender if sender in SENDERS else "general"
        try:
            mail.enqueue(ctx, template, to=recipient, variables=counts, sender=sender,
                         entity_type="vendor_orderarchive_report")
        except ValueError:  # a template id nobody declares: the module's own report instead
            mail.enqueue(ctx, DEFAULT_TEMPLATE, to=recipient, variables=counts, sender=sender,
                         entity_type="vendor_orderarchive_report")
