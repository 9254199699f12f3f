"""Orders: order records, invoices, shipments, credit memos (platform.md 9.14)."""
from . import tables  # noqa: F401
from .documents import InvoiceOrder, RefundOrder, ShipOrder  # noqa: F401
from .service import (OrderAddressRepository, OrderItemRepository, OrderManagement,  # noqa: F401
                      OrderRepository)
