"""The cart data objects (platform.md 9.3): carts, items, addresses, payment, shipping methods, totals.

The checkout data objects (shipping information, payment details, totals information) live in
``platform/checkout/api.py``. Extension interfaces are empty here; a module adds its keys by declaring
fields on a subclass it registers (docs/platform/quote.md).
"""
from typing import Any

from ...framework.data import CustomAttributes, DataObject
from ..customer.api import CustomerInterface


class AddressExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\AddressExtensionInterface"):
    pass


class AddressInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\AddressInterface"):
    id: int | None
    region: str | None
    region_id: int | None
    region_code: str | None
    country_id: str
    street: list[str]
    company: str | None
    telephone: str
    fax: str | None
    postcode: str
    city: str
    firstname: str
    lastname: str
    middlename: str | None
    prefix: str | None
    suffix: str | None
    vat_id: str | None
    customer_id: int | None
    email: str
    same_as_billing: int | None
    customer_address_id: int | None
    save_in_address_book: int | None
    extension_attributes: AddressExtensionInterface | None
    custom_attributes: CustomAttributes


class CustomOptionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\CustomOptionInterface"):
    option_id: str
    option_value: str


class ConfigurableItemOptionValueInterface(
        DataObject, interface="Magento\\ConfigurableProduct\\Api\\Data\\ConfigurableItemOptionValueInterface"):
    option_id: str
    option_value: int | None


class ProductOptionExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ProductOptionExtensionInterface"):
    custom_options: list[CustomOptionInterface] | None
    configurable_item_options: list[ConfigurableItemOptionValueInterface] | None


class ProductOptionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ProductOptionInterface"):
    extension_attributes: ProductOptionExtensionInterface | None


class CartItemExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\CartItemExtensionInterface"):
    pass


class CartItemInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\CartItemInterface"):
    item_id: int | None
    sku: str | None
    qty: Any               # checked by the service: "Invalid value ... qty" rather than a type error
    name: str | None
    price: float | None
    product_type: str | None
    quote_id: str
    product_option: ProductOptionInterface | None
    extension_attributes: CartItemExtensionInterface | None


class CurrencyInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\CurrencyInterface"):
    global_currency_code: str | None
    base_currency_code: str | None
    store_currency_code: str | None
    quote_currency_code: str | None
    store_to_base_rate: float | None
    store_to_quote_rate: float | None
    base_to_global_rate: float | None
    base_to_quote_rate: float | None


class ShippingInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingInterface"):
    address: AddressInterface
    method: str | None


class ShippingAssignmentInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingAssignmentInterface"):
    shipping: ShippingInterface
    items: list[CartItemInterface]


class CartExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\CartExtensionInterface"):
    shipping_assignments: list[ShippingAssignmentInterface] | None


class CartInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\CartInterface"):
    id: int | None
    created_at: str | None
    updated_at: str | None
    converted_at: str | None
    is_active: bool | None
    is_virtual: bool | None
    items: list[CartItemInterface] | None
    items_count: int | None
    items_qty: float | None
    customer: CustomerInterface
    billing_address: AddressInterface | None
    reserved_order_id: str | None
    orig_order_id: int | None
    currency: CurrencyInterface | None
    customer_is_guest: bool | None
    customer_note: str | None
    customer_note_notify: bool | None
    customer_tax_class_id: int | None
    store_id: int
    extension_attributes: CartExtensionInterface | None


class ShippingMethodExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingMethodExtensionInterface"):
    pass


class ShippingMethodInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingMethodInterface"):
    carrier_code: str
    method_code: str
    carrier_title: str | None
    method_title: str | None
    amount: float
    base_amount: float
    available: bool
    extension_attributes: ShippingMethodExtensionInterface | None
    error_message: str
    price_excl_tax: float
    price_incl_tax: float


class PaymentExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\PaymentExtensionInterface"):
    pass


class PaymentInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\PaymentInterface"):
    po_number: str | None
    method: str
    additional_data: list[str] | None
    extension_attributes: PaymentExtensionInterface | None


class PaymentMethodInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\PaymentMethodInterface"):
    code: str
    title: str


class TotalsAdditionalDataExtensionInterface(
        DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsAdditionalDataExtensionInterface"):
    pass


class TotalsAdditionalDataInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsAdditionalDataInterface"):
    extension_attributes: TotalsAdditionalDataExtensionInterface | None
    custom_attributes: CustomAttributes


class TotalSegmentExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalSegmentExtensionInterface"):
    tax_grandtotal_details: list[Any] | None


class TotalSegmentInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalSegmentInterface"):
    code: str
    title: str | None
    value: float
    area: str | None
    extension_attributes: TotalSegmentExtensionInterface | None


class TotalsItemExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsItemExtensionInterface"):
    pass


class TotalsItemInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsItemInterface"):
    item_id: int
    price: float
    base_price: float
    qty: float
    row_total: float
    base_row_total: float
    row_total_with_discount: float | None
    tax_amount: float | None
    base_tax_amount: float | None
    tax_percent: float | None
    discount_amount: float | None
    base_discount_amount: float | None
    discount_percent: float | None
    price_incl_tax: float | None
    base_price_incl_tax: float | None
    row_total_incl_tax: float | None
    base_row_total_incl_tax: float | None
    options: str
    weee_tax_applied_amount: float
    weee_tax_applied: str
    name: str | None
    extension_attributes: TotalsItemExtensionInterface | None


class TotalsExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsExtensionInterface"):
    pass


class TotalsInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsInterface"):
    grand_total: float | None
    base_grand_total: float | None
    subtotal: float | None
    base_subtotal: float | None
    discount_amount: float | None
    base_discount_amount: float | None
    subtotal_with_discount: float | None
    base_subtotal_with_discount: float | None
    shipping_amount: float | None
    base_shipping_amount: float | None
    shipping_discount_amount: float | None
    base_shipping_discount_amount: float | None
    tax_amount: float | None
    base_tax_amount: float | None
    weee_tax_applied_amount: float
    shipping_tax_amount: float | None
    base_shipping_tax_amount: float | None
    subtotal_incl_tax: float | None
    base_subtotal_incl_tax: float | None
    shipping_incl_tax: float | None
    base_shipping_incl_tax: float | None
    base_currency_code: str | None
    quote_currency_code: str | None
    coupon_code: str | None
    items_qty: int | None
    items: list[TotalsItemInterface] | None
    total_segments: list[TotalSegmentInterface]
    extension_attributes: TotalsExtensionInterface | None
