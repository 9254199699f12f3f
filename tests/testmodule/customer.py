"""The caller's customer group as a forced parameter (``%customer_group_id%``, ``%vendor_customer_group%``)."""
from vdcommerce.framework.context import Service


class CustomerGroupEcho(Service):
    interface = "Vendor\\Testmodule\\Api\\CustomerGroupInterface"

    def get(self, customer_group_id: int = -1) -> int:
        """The forced group, as the route received it."""
        return customer_group_id
