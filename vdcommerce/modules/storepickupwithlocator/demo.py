"""Demo pickup locations, created through the repository (nothing when there are some already), with
curbside pickup switched on so that the storefront can offer it."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.config.service import set_value
from .api import LocationInterface
from .service import LocationRepository
from .tables import location

WEEKDAY = {"is_enabled": True, "from": "09:00", "to": "19:00", "break_from": "13:00", "break_to": "14:00"}
SATURDAY = {"is_enabled": True, "from": "10:00", "to": "16:00"}
CLOSED = {"is_enabled": False}


def load(conn: Connection) -> None:
    if conn.execute(select(location.c.id).limit(1)).first() is not None:
        return
    repository = LocationRepository(Context(conn, store_id=0))
    for values in (
        {"name": "Downtown Store", "curbside_enabled": True, "country_id": "US", "region_id": 57, "city": "Austin",
         "street": "500 Congress Ave", "postcode": "78701", "lat": 30.2669, "lng": -97.7428,
         "schedule": [WEEKDAY] * 5 + [SATURDAY, CLOSED]},
        {"name": "Airport Pickup Point", "country_id": "US", "region_id": 57, "city": "Austin",
         "street": "3600 Presidential Blvd", "postcode": "78719", "lat": 30.1975, "lng": -97.6664,
         "schedule": [{"is_enabled": True, "from": "06:00", "to": "22:00"}] * 7},
    ):
        repository.save(LocationInterface.model_validate(values))
    set_value(conn, "vendor_storepickup/curbside/enabled", "1")
