"""Demo CCPA data: a pending deletion request of one demo customer (nothing when that customer is not
there or has had a request already)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.customer.service import customer_id_by_email
from .service import CCPA, DeletionRequests
from .tables import delete_request

DEMO_CUSTOMER = "john.smith@example.com"


def load(conn: Connection) -> None:
    customer_id = customer_id_by_email(conn, DEMO_CUSTOMER)
    if customer_id is None or conn.execute(select(delete_request.c.id).where(
            delete_request.c.customer_id == customer_id).limit(1)).first() is not None:
        return
    DeletionRequests(Context(conn, store_id=0), CCPA).file(customer_id)
