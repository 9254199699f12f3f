"""The customer data objects."""
from ...framework.data import CustomAttributes, DataObject, OrNull


class RegionInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\RegionInterface"):
    region_code: OrNull[str]
    region: OrNull[str]
    region_id: OrNull[int]


class AddressExtensionInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\AddressExtensionInterface"):
    pass


class AddressInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\AddressInterface"):
    id: int | None
    customer_id: int | None
    region: RegionInterface | None
    region_id: int | None
    country_id: str | None
    street: list[str] | None
    company: str | None
    telephone: str | None
    fax: str | None
    postcode: str | None
    city: str | None
    firstname: str | None
    lastname: str | None
    middlename: str | None
    prefix: str | None
    suffix: str | None
    vat_id: str | None
    default_shipping: bool | None
    default_billing: bool | None
    extension_attributes: AddressExtensionInterface | None
    custom_attributes: CustomAttributes


class CustomerExtensionInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\CustomerExtensionInterface"):
    """Keys other packages declare in etc/extension_attributes.xml (the newsletter's ``is_subscribed``)."""


class CustomerInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\CustomerInterface"):
    __id_field__ = "id"

    id: int | None
    group_id: int | None
    default_billing: str | None
    default_shipping: str | None
    confirmation: str | None
    created_at: str | None
    updated_at: str | None
    created_in: str | None
    dob: str | None
    email: OrNull[str]
    firstname: OrNull[str]
    lastname: OrNull[str]
    middlename: str | None
    prefix: str | None
    suffix: str | None
    gender: int | None
    store_id: int | None
    taxvat: str | None
    website_id: int | None
    addresses: list[AddressInterface] | None
    disable_auto_group_change: int | None
    extension_attributes: CustomerExtensionInterface | None
    custom_attributes: CustomAttributes
