"""Demo report rules, saved through the repository so that their product index is built (nothing when
there are rules already)."""
import orjson
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import RuleInterface
from .service import RuleRepository
from .tables import rule

COMBINE = "Magento\\CatalogRule\\Model\\Rule\\Condition\\Combine"
PRODUCT = "Magento\\CatalogRule\\Model\\Rule\\Condition\\Product"


def _tree(aggregator: str, *leaves: tuple[str, str, str]) -> str:
    return orjson.dumps({"type": COMBINE, "aggregator": aggregator, "value": "1",
                         "conditions": [{"type": PRODUCT, "attribute": a, "operator": o, "value": v}
                                        for a, o, v in leaves]}).decode()


RULES = [
    {"title": "Sport tees", "pin": 1, "serialized_conditions": _tree("all", ("sku", "{}", "MS-TEE"))},
    {"title": "Items under 20", "pin": 1, "serialized_conditions": _tree("all", ("price", "<", "20"))},
    {"title": "Bags and hoodies", "pin": 0,
     "serialized_conditions": _tree("any", ("name", "{}", "bag"), ("name", "{}", "hoodie"))},
    {"title": "Whole catalog", "pin": 0},
]


def load(conn: Connection) -> None:
    if conn.execute(select(rule.c.entity_id).limit(1)).first() is not None:
        return
    repository = RuleRepository(Context(conn, store_id=0))
    for values in RULES:
        repository.save(RuleInterface.model_validate(values))
