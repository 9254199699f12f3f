"""The order, invoice, shipment and credit memo data objects, fields in wire order."""
from ...framework.data import DataObject, OrNull, StringArray
from ...framework.search import SearchResults


class OrderAddressExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderAddressExtensionInterface"):
    pass


class OrderAddressInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderAddressInterface"):
    entity_id: int | None
    parent_id: int | None
    address_type: OrNull[str]
    firstname: OrNull[str]
    lastname: OrNull[str]
    street: OrNull[list[str]]
    city: OrNull[str]
    region: str | None
    region_id: int | None
    region_code: str | None
    postcode: str | None
    country_id: OrNull[str]
    telephone: OrNull[str]
    email: str | None
    company: str | None
    customer_address_id: int | None
    quote_address_id: int | None
    extension_attributes: OrderAddressExtensionInterface | None


class OrderPaymentExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderPaymentExtensionInterface"):
    """Empty here: the extension attributes packages declare are added at start-up."""


class OrderPaymentInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderPaymentInterface"):
    entity_id: int | None
    parent_id: int | None
    method: OrNull[str]
    amount_ordered: float | None
    base_amount_ordered: float | None
    amount_paid: float | None
    base_amount_paid: float | None
    amount_refunded: float | None
    base_amount_refunded: float | None
    po_number: str | None
    additional_information: StringArray  # the cart payment's additional data (an object keeps its keys)
    extension_attributes: OrderPaymentExtensionInterface | None


class OrderStatusHistoryExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderStatusHistoryExtensionInterface"):
    pass


class OrderStatusHistoryInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderStatusHistoryInterface"):
    entity_id: int | None
    parent_id: int | None
    comment: OrNull[str]
    status: str | None
    is_customer_notified: int | None
    is_visible_on_front: OrNull[int]
    entity_name: str | None
    created_at: str | None
    extension_attributes: OrderStatusHistoryExtensionInterface | None


class OrderItemExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderItemExtensionInterface"):
    """Module per-item data (the cart item's ``extension``); no codes are declared by the platform."""


class OrderItemInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderItemInterface"):
    item_id: int | None
    order_id: int | None
    quote_item_id: int | None
    product_id: int | None
    sku: OrNull[str]
    name: str | None
    product_type: str | None
    qty_ordered: OrNull[float]
    qty_invoiced: float | None
    qty_shipped: float | None
    qty_refunded: float | None
    qty_canceled: float | None
    price: OrNull[float]
    base_price: float | None
    original_price: float | None
    row_total: float | None
    base_row_total: float | None
    discount_amount: float | None
    discount_percent: float | None
    tax_amount: float | None
    base_tax_amount: float | None
    tax_percent: float | None
    tax_invoiced: float | None
    base_tax_invoiced: float | None
    tax_refunded: float | None
    base_tax_refunded: float | None
    price_incl_tax: float | None
    base_price_incl_tax: float | None
    row_total_incl_tax: float | None
    base_row_total_incl_tax: float | None
    discount_tax_compensation_amount: float | None
    base_discount_tax_compensation_amount: float | None
    discount_tax_compensation_invoiced: float | None
    base_discount_tax_compensation_invoiced: float | None
    discount_tax_compensation_refunded: float | None
    base_discount_tax_compensation_refunded: float | None
    weight: float | None
    applied_rule_ids: str | None
    is_virtual: int | None
    created_at: str | None
    updated_at: str | None
    extension_attributes: OrderItemExtensionInterface | None


class TotalExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\TotalExtensionInterface"):
    pass


class TotalInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\TotalInterface"):
    shipping_amount: float | None
    base_shipping_amount: float | None
    shipping_discount_amount: float | None
    base_shipping_discount_amount: float | None
    shipping_tax_amount: float | None
    base_shipping_tax_amount: float | None
    shipping_incl_tax: float | None
    base_shipping_incl_tax: float | None
    extension_attributes: TotalExtensionInterface | None


class ShippingExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShippingExtensionInterface"):
    pass


class ShippingInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShippingInterface"):
    address: OrderAddressInterface | None
    method: str | None
    total: TotalInterface | None
    extension_attributes: ShippingExtensionInterface | None


class ShippingAssignmentExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShippingAssignmentExtensionInterface"):
    pass


class ShippingAssignmentInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShippingAssignmentInterface"):
    shipping: ShippingInterface | None
    items: list[OrderItemInterface] | None
    extension_attributes: ShippingAssignmentExtensionInterface | None


class OrderExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderExtensionInterface"):
    shipping_assignments: list[ShippingAssignmentInterface] | None


class OrderInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\OrderInterface"):
    entity_id: int | None
    increment_id: str | None
    state: str | None
    status: str | None
    store_id: int | None
    quote_id: int | None
    customer_id: int | None
    customer_email: OrNull[str]
    customer_firstname: str | None
    customer_lastname: str | None
    customer_is_guest: int | None
    customer_group_id: int | None
    customer_note: str | None
    created_at: str | None
    updated_at: str | None
    base_currency_code: str | None
    order_currency_code: str | None
    global_currency_code: str | None
    store_currency_code: str | None
    subtotal: float | None
    base_subtotal: float | None
    discount_amount: float | None
    base_discount_amount: float | None
    discount_description: str | None
    coupon_code: str | None
    applied_rule_ids: str | None
    shipping_amount: float | None
    base_shipping_amount: float | None
    shipping_description: str | None
    shipping_tax_amount: float | None
    base_shipping_tax_amount: float | None
    shipping_incl_tax: float | None
    base_shipping_incl_tax: float | None
    subtotal_incl_tax: float | None
    base_subtotal_incl_tax: float | None
    tax_amount: float | None
    base_tax_amount: float | None
    tax_invoiced: float | None
    base_tax_invoiced: float | None
    tax_refunded: float | None
    base_tax_refunded: float | None
    discount_tax_compensation_amount: float | None
    base_discount_tax_compensation_amount: float | None
    grand_total: float | None
    base_grand_total: float | None
    total_paid: float | None
    total_invoiced: float | None
    total_refunded: float | None
    total_due: float | None
    total_qty_ordered: float | None
    total_item_count: int | None
    weight: float | None
    items: OrNull[list[OrderItemInterface]]
    billing_address: OrderAddressInterface | None
    payment: OrderPaymentInterface | None
    status_histories: list[OrderStatusHistoryInterface] | None
    extension_attributes: OrderExtensionInterface | None


# --- invoice, shipment and credit memo creation (InvoiceOrderInterface, ShipOrderInterface, RefundOrderInterface)

class InvoiceItemCreationExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceItemCreationExtensionInterface"):
    pass


class InvoiceItemCreationInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceItemCreationInterface"):
    order_item_id: OrNull[int]
    qty: OrNull[float]
    extension_attributes: InvoiceItemCreationExtensionInterface | None


class ShipmentItemCreationExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentItemCreationExtensionInterface"):
    pass


class ShipmentItemCreationInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentItemCreationInterface"):
    order_item_id: OrNull[int]
    qty: OrNull[float]
    extension_attributes: ShipmentItemCreationExtensionInterface | None


class CreditmemoItemCreationExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\CreditmemoItemCreationExtensionInterface"):
    pass


class CreditmemoItemCreationInterface(DataObject,
                                      interface="Magento\\Sales\\Api\\Data\\CreditmemoItemCreationInterface"):
    order_item_id: OrNull[int]
    qty: OrNull[float]
    extension_attributes: CreditmemoItemCreationExtensionInterface | None


class InvoiceCommentCreationExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceCommentCreationExtensionInterface"):
    pass


class InvoiceCommentCreationInterface(DataObject,
                                      interface="Magento\\Sales\\Api\\Data\\InvoiceCommentCreationInterface"):
    comment: OrNull[str]
    is_visible_on_front: int | None
    extension_attributes: InvoiceCommentCreationExtensionInterface | None


class ShipmentCommentCreationExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentCommentCreationExtensionInterface"):
    pass


class ShipmentCommentCreationInterface(DataObject,
                                       interface="Magento\\Sales\\Api\\Data\\ShipmentCommentCreationInterface"):
    comment: OrNull[str]
    is_visible_on_front: int | None
    extension_attributes: ShipmentCommentCreationExtensionInterface | None


class CreditmemoCommentCreationExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\CreditmemoCommentCreationExtensionInterface"):
    pass


class CreditmemoCommentCreationInterface(DataObject,
                                         interface="Magento\\Sales\\Api\\Data\\CreditmemoCommentCreationInterface"):
    comment: OrNull[str]
    is_visible_on_front: int | None
    extension_attributes: CreditmemoCommentCreationExtensionInterface | None


class InvoiceCreationArgumentsExtensionInterface(
        DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceCreationArgumentsExtensionInterface"):
    pass


class InvoiceCreationArgumentsInterface(DataObject,
                                        interface="Magento\\Sales\\Api\\Data\\InvoiceCreationArgumentsInterface"):
    extension_attributes: InvoiceCreationArgumentsExtensionInterface | None


class ShipmentCreationArgumentsExtensionInterface(
        DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentCreationArgumentsExtensionInterface"):
    pass


class ShipmentCreationArgumentsInterface(DataObject,
                                         interface="Magento\\Sales\\Api\\Data\\ShipmentCreationArgumentsInterface"):
    extension_attributes: ShipmentCreationArgumentsExtensionInterface | None


class ShipmentTrackCreationExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentTrackCreationExtensionInterface"):
    pass


class ShipmentTrackCreationInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentTrackCreationInterface"):
    track_number: OrNull[str]
    title: str | None
    carrier_code: str | None
    extension_attributes: ShipmentTrackCreationExtensionInterface | None


class ShipmentPackageCreationExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentPackageCreationExtensionInterface"):
    pass


class ShipmentPackageCreationInterface(DataObject,
                                       interface="Magento\\Sales\\Api\\Data\\ShipmentPackageCreationInterface"):
    """Packages are accepted and not kept (no carrier labels are printed)."""
    extension_attributes: ShipmentPackageCreationExtensionInterface | None


class CreditmemoCreationArgumentsExtensionInterface(
        DataObject, interface="Magento\\Sales\\Api\\Data\\CreditmemoCreationArgumentsExtensionInterface"):
    return_to_stock_items: list[int] | None


class CreditmemoCreationArgumentsInterface(DataObject,
                                           interface="Magento\\Sales\\Api\\Data\\CreditmemoCreationArgumentsInterface"):
    shipping_amount: float | None
    adjustment_positive: float | None
    adjustment_negative: float | None
    extension_attributes: CreditmemoCreationArgumentsExtensionInterface | None


class OrderSearchResultInterface(SearchResults[OrderInterface],
                                 interface="Magento\\Sales\\Api\\Data\\OrderSearchResultInterface"):
    pass


class OrderItemSearchResultInterface(SearchResults[OrderItemInterface],
                                     interface="Magento\\Sales\\Api\\Data\\OrderItemSearchResultInterface"):
    pass


class OrderStatusHistorySearchResultInterface(
        SearchResults[OrderStatusHistoryInterface],
        interface="Magento\\Sales\\Api\\Data\\OrderStatusHistorySearchResultInterface"):
    pass


# --- invoices, shipments and credit memos as they are read back (GET /V1/invoices, /V1/shipments, /V1/creditmemos)

class InvoiceCommentExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceCommentExtensionInterface"):
    pass


class InvoiceCommentInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceCommentInterface"):
    entity_id: int | None
    parent_id: int | None
    comment: OrNull[str]
    is_customer_notified: int | None
    is_visible_on_front: OrNull[int]
    created_at: str | None
    extension_attributes: InvoiceCommentExtensionInterface | None


class InvoiceItemExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceItemExtensionInterface"):
    pass


class InvoiceItemInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceItemInterface"):
    entity_id: int | None
    parent_id: int | None
    order_item_id: OrNull[int]
    product_id: int | None
    sku: OrNull[str]
    name: str | None
    qty: OrNull[float]
    price: float | None
    base_price: float | None
    row_total: float | None
    base_row_total: float | None
    discount_amount: float | None
    base_discount_amount: float | None
    tax_amount: float | None
    base_tax_amount: float | None
    discount_tax_compensation_amount: float | None
    base_discount_tax_compensation_amount: float | None
    price_incl_tax: float | None
    base_price_incl_tax: float | None
    row_total_incl_tax: float | None
    base_row_total_incl_tax: float | None
    extension_attributes: InvoiceItemExtensionInterface | None


class InvoiceExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceExtensionInterface"):
    """Empty here: the extension attributes packages declare are added at start-up."""


class InvoiceInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\InvoiceInterface"):
    entity_id: int | None
    increment_id: str | None
    order_id: OrNull[int]
    store_id: int | None
    state: int | None
    billing_address_id: int | None
    shipping_address_id: int | None
    base_currency_code: str | None
    order_currency_code: str | None
    global_currency_code: str | None
    store_currency_code: str | None
    subtotal: float | None
    base_subtotal: float | None
    subtotal_incl_tax: float | None
    base_subtotal_incl_tax: float | None
    discount_amount: float | None
    base_discount_amount: float | None
    shipping_amount: float | None
    base_shipping_amount: float | None
    shipping_incl_tax: float | None
    base_shipping_incl_tax: float | None
    shipping_tax_amount: float | None
    base_shipping_tax_amount: float | None
    tax_amount: float | None
    base_tax_amount: float | None
    discount_tax_compensation_amount: float | None
    base_discount_tax_compensation_amount: float | None
    grand_total: float | None
    base_grand_total: float | None
    base_total_refunded: float | None
    is_used_for_refund: int | None
    can_void_flag: int | None
    total_qty: OrNull[float]
    email_sent: int | None
    created_at: str | None
    updated_at: str | None
    items: OrNull[list[InvoiceItemInterface]]
    comments: list[InvoiceCommentInterface] | None
    extension_attributes: InvoiceExtensionInterface | None


class ShipmentCommentExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentCommentExtensionInterface"):
    pass


class ShipmentCommentInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentCommentInterface"):
    entity_id: int | None
    parent_id: int | None
    comment: OrNull[str]
    is_customer_notified: int | None
    is_visible_on_front: OrNull[int]
    created_at: str | None
    extension_attributes: ShipmentCommentExtensionInterface | None


class ShipmentItemExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentItemExtensionInterface"):
    pass


class ShipmentItemInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentItemInterface"):
    entity_id: int | None
    parent_id: int | None
    order_item_id: OrNull[int]
    product_id: int | None
    sku: str | None
    name: str | None
    qty: OrNull[float]
    price: float | None
    weight: float | None
    extension_attributes: ShipmentItemExtensionInterface | None


class ShipmentTrackExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentTrackExtensionInterface"):
    pass


class ShipmentTrackInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentTrackInterface"):
    entity_id: int | None
    parent_id: OrNull[int]
    order_id: OrNull[int]
    track_number: OrNull[str]
    title: OrNull[str]
    carrier_code: OrNull[str]
    created_at: str | None
    extension_attributes: ShipmentTrackExtensionInterface | None


class ShipmentPackageExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentPackageExtensionInterface"):
    pass


class ShipmentPackageInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentPackageInterface"):
    """Packages are not kept, so a shipment's list of them is always empty."""
    extension_attributes: ShipmentPackageExtensionInterface | None


class ShipmentExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentExtensionInterface"):
    """Empty here: the extension attributes packages declare are added at start-up."""


class ShipmentInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\ShipmentInterface"):
    entity_id: int | None
    increment_id: str | None
    order_id: OrNull[int]
    store_id: int | None
    customer_id: int | None
    billing_address_id: int | None
    shipping_address_id: int | None
    total_qty: float | None
    total_weight: float | None
    email_sent: int | None
    created_at: str | None
    updated_at: str | None
    items: OrNull[list[ShipmentItemInterface]]
    tracks: OrNull[list[ShipmentTrackInterface]]
    packages: list[ShipmentPackageInterface] | None
    comments: list[ShipmentCommentInterface] | None
    extension_attributes: ShipmentExtensionInterface | None


class CreditmemoCommentExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\CreditmemoCommentExtensionInterface"):
    pass


class CreditmemoCommentInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\CreditmemoCommentInterface"):
    entity_id: int | None
    parent_id: OrNull[int]
    comment: OrNull[str]
    is_customer_notified: OrNull[int]
    is_visible_on_front: OrNull[int]
    created_at: str | None
    extension_attributes: CreditmemoCommentExtensionInterface | None


class CreditmemoItemExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\CreditmemoItemExtensionInterface"):
    pass


class CreditmemoItemInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\CreditmemoItemInterface"):
    entity_id: int | None
    parent_id: int | None
    order_item_id: OrNull[int]
    product_id: int | None
    sku: str | None
    name: str | None
    qty: OrNull[float]
    price: float | None
    base_price: float | None
    row_total: float | None
    base_row_total: float | None
    discount_amount: float | None
    base_discount_amount: float | None
    tax_amount: float | None
    base_tax_amount: float | None
    discount_tax_compensation_amount: float | None
    base_discount_tax_compensation_amount: float | None
    price_incl_tax: float | None
    base_price_incl_tax: float | None
    row_total_incl_tax: float | None
    base_row_total_incl_tax: float | None
    extension_attributes: CreditmemoItemExtensionInterface | None


class CreditmemoExtensionInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\CreditmemoExtensionInterface"):
    """Empty here: modules declare codes (the amounts their refund handlers gave back, say) at start-up."""


class CreditmemoInterface(DataObject, interface="Magento\\Sales\\Api\\Data\\CreditmemoInterface"):
    entity_id: int | None
    increment_id: str | None
    order_id: OrNull[int]
    invoice_id: int | None
    store_id: int | None
    state: int | None
    creditmemo_status: int | None
    billing_address_id: int | None
    shipping_address_id: int | None
    base_currency_code: str | None
    order_currency_code: str | None
    global_currency_code: str | None
    store_currency_code: str | None
    subtotal: float | None
    base_subtotal: float | None
    subtotal_incl_tax: float | None
    base_subtotal_incl_tax: float | None
    discount_amount: float | None
    base_discount_amount: float | None
    shipping_amount: float | None
    base_shipping_amount: float | None
    shipping_incl_tax: float | None
    base_shipping_incl_tax: float | None
    shipping_tax_amount: float | None
    base_shipping_tax_amount: float | None
    tax_amount: float | None
    base_tax_amount: float | None
    discount_tax_compensation_amount: float | None
    base_discount_tax_compensation_amount: float | None
    adjustment: float | None
    adjustment_positive: float | None
    base_adjustment_positive: float | None
    adjustment_negative: float | None
    base_adjustment_negative: float | None
    grand_total: float | None
    base_grand_total: float | None
    email_sent: int | None
    created_at: str | None
    updated_at: str | None
    items: OrNull[list[CreditmemoItemInterface]]
    comments: list[CreditmemoCommentInterface] | None
    extension_attributes: CreditmemoExtensionInterface | None


class InvoiceSearchResultInterface(SearchResults[InvoiceInterface],
                                   interface="Magento\\Sales\\Api\\Data\\InvoiceSearchResultInterface"):
    pass


class InvoiceCommentSearchResultInterface(SearchResults[InvoiceCommentInterface],
                                          interface="Magento\\Sales\\Api\\Data\\InvoiceCommentSearchResultInterface"):
    pass


class ShipmentSearchResultInterface(SearchResults[ShipmentInterface],
                                    interface="Magento\\Sales\\Api\\Data\\ShipmentSearchResultInterface"):
    pass


class ShipmentCommentSearchResultInterface(
        SearchResults[ShipmentCommentInterface],
        interface="Magento\\Sales\\Api\\Data\\ShipmentCommentSearchResultInterface"):
    pass


class CreditmemoSearchResultInterface(SearchResults[CreditmemoInterface],
                                      interface="Magento\\Sales\\Api\\Data\\CreditmemoSearchResultInterface"):
    pass


class CreditmemoCommentSearchResultInterface(
        SearchResults[CreditmemoCommentInterface],
        interface="Magento\\Sales\\Api\\Data\\CreditmemoCommentSearchResultInterface"):
    pass
