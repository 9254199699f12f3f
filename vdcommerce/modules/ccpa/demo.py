"""Demo CCPA data: an enabled privacy policy, version 1.0 (nothing when that version exists) and a pending
deletion request of one demo customer (nothing when that customer is not there or has had a request)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.customer.service import customer_id_by_email
from .api import PrivacyPolicyInterface
from .service import CCPA, DeletionRequests, PrivacyPolicyRepository
from .tables import delete_request, privacy_policy

DEMO_CUSTOMER = "john.smith@example.com"
POLICY = {"policy_version": "1.0", "status": 1, "comment": "First published policy",
          "content": "<h1>Privacy policy</h1><p>We keep the data you give us to run your orders. You may ask "
                     "us to delete it from your account page at any time.</p>"}


def load(conn: Connection) -> None:
    ctx = Context(conn, store_id=0)
    if conn.execute(select(privacy_policy.c.id).where(
            privacy_policy.c.policy_version == POLICY["policy_version"])).first() is None:
        PrivacyPolicyRepository(ctx).save(PrivacyPolicyInterface.model_validate(POLICY))
    customer_id = customer_id_by_email(conn, DEMO_CUSTOMER)
    if customer_id is None or conn.execute(select(delete_request.c.id).where(
            delete_request.c.customer_id == customer_id).limit(1)).first() is not None:
        return
    DeletionRequests(ctx, CCPA).file(customer_id)
