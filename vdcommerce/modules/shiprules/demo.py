"""Demo shipping rules, created through the repository (nothing when there are rules already): a
surcharge on heavy flat-rate parcels (on), and half-price shipping for wholesale customers and a weekend
surcharge (both off, ready to switch on)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import RuleInterface
from .service import RuleRepository
from .tables import rule

RULES = (
    {"name": "Heavy parcel surcharge", "is_active": 1, "pos": 10, "calc": 1, "carriers": "flatrate",
     "weight_from": 10, "rate_base": 5, "weight_fixed": 0.5},
    {"name": "Half-price shipping for wholesale customers", "is_active": 0, "pos": 20, "calc": 2,
     "cust_groups": "2", "handling": 50},
    {"name": "Weekend surcharge", "is_active": 0, "pos": 30, "calc": 1, "days": "6,7", "rate_base": 3},
)


def load(conn: Connection) -> None:
    if conn.execute(select(rule.c.rule_id).limit(1)).first() is not None:
        return
    repository = RuleRepository(Context(conn, store_id=0))
    for fields in RULES:
        repository.save(RuleInterface.model_validate(fields))
