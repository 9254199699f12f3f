"""The test module's mail: one route that queues a note through the platform's outbox, and can fail
after queueing it (so that a test sees the message rolled back with the request)."""
from __future__ import annotations

from vdcommerce.framework.context import Service
from vdcommerce.framework.exceptions import InputException
from vdcommerce.platform import mail

TEMPLATES = {"note": "vendor_testmodule_note", "broken": "vendor_testmodule_broken"}


class MailManagement(Service):
    interface = "Vendor\\Testmodule\\Api\\MailManagementInterface"
    summary = "Test mail"

    def send(self, email: str, note: str = "", template: str = "note", fail: bool = False) -> int:
        if template not in TEMPLATES:
            raise InputException.invalid_value("template", template)
        address = email.strip()  # the outbox takes only what looks like an address; say so, as a 400
        if not 3 <= len(address) <= 255 or "@" not in address or any(c.isspace() for c in address):
            raise InputException.invalid_value("email", email)
        message_id = mail.enqueue(self.ctx, TEMPLATES[template], to=email, name="Test Reader",
                                  variables={"note": note}, entity_type="vdtest_note", entity_id=7)
        if fail:
            raise InputException("The note was refused after it was queued.")
        return message_id
