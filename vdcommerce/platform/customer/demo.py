"""Demo customers, each with a default US address. Sign in with:

- ``roni_cost@example.com`` / ``Roni-Cost-123`` (Veronica Costello, Calder, MI)
- ``john.smith@example.com`` / ``John-Smith-123`` (John Smith, Austin, TX)
- ``maria.garcia@example.com`` / ``Maria-Garcia-123`` (Maria Garcia, San Diego, CA; group Wholesale)
"""
from sqlalchemy import Connection

from ...framework.context import ADMIN, Caller, Context
from .api import CustomerInterface
from .service import AccountManagement, email_exists

CUSTOMERS = [
    ({"email": "roni_cost@example.com", "firstname": "Veronica", "lastname": "Costello", "gender": 2,
      "dob": "1973-12-15",
      "addresses": [{"firstname": "Veronica", "lastname": "Costello", "street": ["6146 Honey Bluff Parkway"],
                     "city": "Calder", "region": {"region_code": "MI"}, "country_id": "US", "postcode": "49628-7978",
                     "telephone": "(555) 229-3326", "default_billing": True, "default_shipping": True}]},
     "Roni-Cost-123"),
    ({"email": "john.smith@example.com", "firstname": "John", "lastname": "Smith", "gender": 1,
      "addresses": [{"firstname": "John", "lastname": "Smith", "street": ["100 Congress Avenue", "Suite 200"],
                     "city": "Austin", "region": {"region_code": "TX"}, "country_id": "US", "postcode": "78701",
                     "telephone": "512-555-0142", "default_billing": True, "default_shipping": True}]},
     "John-Smith-123"),
    ({"email": "maria.garcia@example.com", "firstname": "Maria", "lastname": "Garcia", "group_id": 2,
      "extension_attributes": {"is_subscribed": True},
      "addresses": [{"firstname": "Maria", "lastname": "Garcia", "company": "Garcia Imports",
                     "street": ["2750 Harbor Drive"], "city": "San Diego", "region_id": 12, "country_id": "US",
                     "postcode": "92101", "telephone": "619-555-0178", "default_billing": True,
                     "default_shipping": True}]},
     "Maria-Garcia-123"),
]


def load(conn: Connection) -> None:
    accounts = AccountManagement(Context(conn, store_id=1, website_id=1, caller=Caller(ADMIN, 0)))
    for fields, password in CUSTOMERS:
        if not email_exists(conn, fields["email"]):
            accounts.create_account(CustomerInterface.model_validate(fields), password)
