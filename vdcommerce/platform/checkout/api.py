"""The checkout data objects."""
from ...framework.data import CustomAttributes, DataObject, OrNull
from ..quote.api import AddressInterface, PaymentMethodInterface, TotalsInterface


class ShippingInformationExtensionInterface(
        DataObject, interface="Magento\\Checkout\\Api\\Data\\ShippingInformationExtensionInterface"):
    pass


class ShippingInformationInterface(DataObject, interface="Magento\\Checkout\\Api\\Data\\ShippingInformationInterface"):
    shipping_address: OrNull[AddressInterface]
    billing_address: AddressInterface | None
    shipping_method_code: OrNull[str]
    shipping_carrier_code: OrNull[str]
    extension_attributes: ShippingInformationExtensionInterface | None
    custom_attributes: CustomAttributes


class PaymentDetailsExtensionInterface(DataObject, interface="Magento\\Checkout\\Api\\Data\\PaymentDetailsExtensionInterface"):
    pass


class PaymentDetailsInterface(DataObject, interface="Magento\\Checkout\\Api\\Data\\PaymentDetailsInterface"):
    payment_methods: OrNull[list[PaymentMethodInterface]]
    totals: OrNull[TotalsInterface]
    extension_attributes: PaymentDetailsExtensionInterface | None


class TotalsInformationExtensionInterface(
        DataObject, interface="Magento\\Checkout\\Api\\Data\\TotalsInformationExtensionInterface"):
    pass


class TotalsInformationInterface(DataObject, interface="Magento\\Checkout\\Api\\Data\\TotalsInformationInterface"):
    address: OrNull[AddressInterface]
    shipping_method_code: str | None
    shipping_carrier_code: str | None
    extension_attributes: TotalsInformationExtensionInterface | None
    custom_attributes: CustomAttributes
