"""Demo Shipping Table Rates: the "Bulky" shipping type, a "Standard" and an "Express" method with their
rates imported from CSV (nothing when there is a method already); the carrier is on by default."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.catalog.api import AttributeOptionInterface
from ...platform.catalog.options import ProductAttributeOptionManagement, option_labels
from .api import MethodInterface
from .importer import SHIPPING_TYPE_ATTRIBUTE, import_rates
from .service import MethodRepository
from .tables import method

HEADER = ("Country,State,City,Zip From,Zip To,Price From,Price To,Weight From,Weight To,Qty From,Qty To,"
          "Shipping Type,Rate,PPP,FRPP,FRPUW,Estimated Delivery (days),Name Delivery\n")
STANDARD = HEADER + ("US,,,,,0,100,0,,0,,All,10,0,0,0.5,3,Ground\n"
                     "US,,,,,100,,0,,0,,All,0,0,0,0,3,Ground\n"
                     "All,,,,,0,,0,,0,,Bulky,25,0,2,0,7,Freight\n")
EXPRESS = HEADER + "US,,,,,,,,,,,All,15,0,2,0,1,Air\n"


def load(conn: Connection) -> None:
    if conn.execute(select(method.c.id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    if "Bulky" not in option_labels(conn, SHIPPING_TYPE_ATTRIBUTE, 0).values():
        ProductAttributeOptionManagement(ctx).add(SHIPPING_TYPE_ATTRIBUTE,
                                                  AttributeOptionInterface.model_validate({"label": "Bulky"}))
    methods = MethodRepository(ctx)
    for fields, rates in (
            ({"name": "Standard ({day} days, {name})", "comment": "Tracked parcel.", "min_rate": 5}, STANDARD),
            ({"name": "Express ({day} day, {name})", "comment": "Next working day."}, EXPRESS)):
        made = methods.save(MethodInterface.model_validate(fields))
        assert made.id is not None
        import_rates(conn, made.id, rates, True)
