"""Demo custom forms and answers, created through the repositories (nothing when there are forms already)."""
import json

from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import AnswerInterface, FormInterface
from .service import AnswerRepository, FormRepository
from .tables import form

CONTACT_JSON = json.dumps([[
    {"type": "textinput", "name": "name", "label": "Name", "required": True},
    {"type": "textinput", "name": "email", "label": "Email", "validation": "validate-email", "required": True},
    {"type": "textarea", "name": "message", "label": "Message", "required": True},
]])
HELP_JSON = json.dumps([[
    {"type": "textinput", "name": "email", "label": "Email", "validation": "validate-email", "required": True},
    {"type": "checkbox", "name": "topics", "label": "Topics",
     "values": [{"label": "Delivery", "value": "0", "selected": False},
                {"label": "Returns", "value": "1", "selected": False}]},
], [
    {"type": "radio", "name": "rating", "label": "How did we do?",
     "values": [{"label": "Well", "value": "1", "selected": False},
                {"label": "Badly", "value": "0", "selected": False}]},
]])


def _entries(**values: tuple[str, str, str]) -> str:
    return json.dumps({name: {"value": v, "label": label, "type": kind} for name, (v, label, kind) in values.items()})


def load(conn: Connection) -> None:
    if conn.execute(select(form.c.form_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    forms = FormRepository(ctx)
    contact = forms.save(FormInterface.model_validate({
        "code": "contact-us", "title": "Contact us", "store_id": "0", "customer_group": "0,1,2,3",
        "send_notification": 1, "send_to": "support@example.com", "submit_button": "Send",
        "success_message": "Thank you, we will get back to you shortly.", "email_field": "email",
        "form_json": CONTACT_JSON}))
    help_us = forms.save(FormInterface.model_validate({
        "code": "help-us", "title": "Help us improve", "store_id": "0", "customer_group": "0,1",
        "submit_button": "Send", "success_message": "Thank you!", "email_field": "email",
        "survey_mode_enabled": True, "form_json": HELP_JSON}))
    answers = AnswerRepository(ctx)
    for form_id, store_id, response in (
            (contact.form_id, "1", _entries(name=("Ana", "Name", "textinput"),
                                            email=("ana@example.com", "Email", "textinput"),
                                            message=("Where is my parcel?", "Message", "textarea"))),
            (help_us.form_id, "1", _entries(email=("ben@example.com", "Email", "textinput"),
                                            topics=("Delivery, Returns", "Topics", "checkbox"),
                                            rating=("Well", "How did we do?", "radio"))),
            (help_us.form_id, "1", _entries(email=("cleo@example.com", "Email", "textinput"),
                                            topics=("Returns", "Topics", "checkbox"),
                                            rating=("Badly", "How did we do?", "radio")))):
        answers.save(AnswerInterface.model_validate({"form_id": form_id, "store_id": store_id, "ip": "203.0.113.7",
                                                     "customer_id": 0, "response_json": response}))
