"""Orders: order records, invoices, shipments, credit memos; refunds to modules, order list filters."""
from . import tables  # noqa: F401
from .documents import InvoiceOrder, RefundInvoice, RefundOrder, ShipOrder  # noqa: F401
from .records import (CreditmemoManagement, CreditmemoRepository, InvoiceManagement,  # noqa: F401
                      InvoiceRepository, ShipmentManagement, ShipmentRepository)
from .service import (OrderAddressRepository, OrderItemRepository, OrderManagement,  # noqa: F401
                      OrderRepository)
