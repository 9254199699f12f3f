"""The cart data objects: carts, items, addresses, payment, shipping methods, totals.

The checkout data objects (shipping information, payment details, totals information) live in
``platform/checkout/api.py``. Extension interfaces are empty here; a module adds its keys by declaring
fields on a subclass it registers (docs/platform/quote.md).
"""
from typing import Any

from ...framework.data import CustomAttributes, DataObject, OrNull, Out, StringArray
from ..customer.api import CustomerInterface


class AddressExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\AddressExtensionInterface"):
    pass


class AddressInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\AddressInterface"):
    id: int | None
    region: str | None
    region_id: int | None
    region_code: str | None
    country_id: OrNull[str]
    street: OrNull[list[str]]
    company: str | None
    telephone: OrNull[str]
    fax: str | None
    postcode: OrNull[str]
    city: OrNull[str]
    firstname: OrNull[str]
    lastname: OrNull[str]
    middlename: str | None
    prefix: str | None
    suffix: str | None
    vat_id: str | None
    customer_id: int | None
    email: OrNull[str]
    same_as_billing: int | None
    customer_address_id: int | None
    save_in_address_book: int | None
    extension_attributes: AddressExtensionInterface | None
    custom_attributes: CustomAttributes


class CustomOptionExtensionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\CustomOptionExtensionInterface"):
    pass


class CustomOptionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\CustomOptionInterface"):
    option_id: OrNull[str]
    option_value: OrNull[str]
    extension_attributes: CustomOptionExtensionInterface | None


class ConfigurableItemOptionValueExtensionInterface(DataObject, interface="Magento\\ConfigurableProduct\\Api\\Data\\ConfigurableItemOptionValueExtensionInterface"):
    pass


class ConfigurableItemOptionValueInterface(
        DataObject, interface="Magento\\ConfigurableProduct\\Api\\Data\\ConfigurableItemOptionValueInterface"):
    option_id: OrNull[str]
    option_value: int | None
    extension_attributes: ConfigurableItemOptionValueExtensionInterface | None


class ProductOptionExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ProductOptionExtensionInterface"):
    custom_options: list[CustomOptionInterface] | None
    configurable_item_options: list[ConfigurableItemOptionValueInterface] | None


class ProductOptionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ProductOptionInterface"):
    extension_attributes: ProductOptionExtensionInterface | None


class CartItemExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\CartItemExtensionInterface"):
    added_by: Out[str] | None       # the code of the totals collector that added the line (a free gift)


class CartItemInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\CartItemInterface"):
    item_id: int | None
    sku: str | None
    qty: Any               # checked by the service: "Invalid value ... qty" rather than a type error
    name: str | None
    price: float | None
    product_type: str | None
    quote_id: OrNull[str]
    product_option: ProductOptionInterface | None
    extension_attributes: CartItemExtensionInterface | None


class CurrencyExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\CurrencyExtensionInterface"):
    pass


class CurrencyInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\CurrencyInterface"):
    global_currency_code: str | None
    base_currency_code: str | None
    store_currency_code: str | None
    quote_currency_code: str | None
    store_to_base_rate: float | None
    store_to_quote_rate: float | None
    base_to_global_rate: float | None
    base_to_quote_rate: float | None
    extension_attributes: CurrencyExtensionInterface | None


class ShippingExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingExtensionInterface"):
    pass


class ShippingInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingInterface"):
    address: OrNull[AddressInterface]
    method: str | None
    extension_attributes: ShippingExtensionInterface | None


class ShippingAssignmentExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingAssignmentExtensionInterface"):
    pass


class ShippingAssignmentInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingAssignmentInterface"):
    shipping: OrNull[ShippingInterface]
    items: OrNull[list[CartItemInterface]]
    extension_attributes: ShippingAssignmentExtensionInterface | None


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
    customer: OrNull[CustomerInterface]
    billing_address: AddressInterface | None
    reserved_order_id: str | None
    orig_order_id: int | None
    currency: CurrencyInterface | None
    customer_is_guest: bool | None
    customer_note: str | None
    customer_note_notify: bool | None
    customer_tax_class_id: int | None
    store_id: OrNull[int]
    extension_attributes: CartExtensionInterface | None


class ShippingMethodExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingMethodExtensionInterface"):
    pass


class ShippingMethodInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\ShippingMethodInterface"):
    carrier_code: OrNull[str]
    method_code: OrNull[str]
    carrier_title: str | None
    method_title: str | None
    amount: OrNull[float]
    base_amount: OrNull[float]
    available: OrNull[bool]
    extension_attributes: ShippingMethodExtensionInterface | None
    error_message: OrNull[str]
    price_excl_tax: OrNull[float]
    price_incl_tax: OrNull[float]


class PaymentExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\PaymentExtensionInterface"):
    pass


class PaymentInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\PaymentInterface"):
    po_number: str | None
    method: OrNull[str]
    additional_data: StringArray  # a list of strings or an object of them (keys kept)
    extension_attributes: PaymentExtensionInterface | None


class PaymentMethodInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\PaymentMethodInterface"):
    code: OrNull[str]
    title: OrNull[str]


class TotalsAdditionalDataExtensionInterface(
        DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsAdditionalDataExtensionInterface"):
    pass


class TotalsAdditionalDataInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsAdditionalDataInterface"):
    extension_attributes: TotalsAdditionalDataExtensionInterface | None
    custom_attributes: CustomAttributes


class TotalSegmentExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalSegmentExtensionInterface"):
    tax_grandtotal_details: list[Any] | None


class TotalSegmentInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalSegmentInterface"):
    code: OrNull[str]
    title: str | None
    value: OrNull[float]
    area: str | None
    extension_attributes: TotalSegmentExtensionInterface | None


class TotalsItemExtensionInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsItemExtensionInterface"):
    added_by: Out[str] | None       # as on the cart item


class TotalsItemInterface(DataObject, interface="Magento\\Quote\\Api\\Data\\TotalsItemInterface"):
    item_id: OrNull[int]
    price: OrNull[float]
    base_price: OrNull[float]
    qty: OrNull[float]
    row_total: OrNull[float]
    base_row_total: OrNull[float]
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
    options: OrNull[str]
    weee_tax_applied_amount: OrNull[float]
    weee_tax_applied: OrNull[str]
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
    weee_tax_applied_amount: OrNull[float]
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
    total_segments: OrNull[list[TotalSegmentInterface]]
    extension_attributes: TotalsExtensionInterface | None
