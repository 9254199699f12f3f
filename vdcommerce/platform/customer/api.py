"""The customer data objects."""
from ...framework.data import CustomAttributes, DataObject, OrNull
from ...framework.library_adapter import add_fields
from ...framework.search import SearchResults


class RegionExtensionInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\RegionExtensionInterface"):
    pass


class RegionInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\RegionInterface"):
    region_code: OrNull[str]
    region: OrNull[str]
    region_id: OrNull[int]
    extension_attributes: RegionExtensionInterface | None


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


class GroupExtensionInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\GroupExtensionInterface"):
    exclude_website_ids: list[int] | None


class GroupInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\GroupInterface"):
    __id_field__ = "id"

    id: int | None
    code: OrNull[str]
    tax_class_id: OrNull[int]
    tax_class_name: str | None  # taken and ignored on save: the name follows the tax class
    extension_attributes: GroupExtensionInterface | None


class GroupSearchResultsInterface(SearchResults[GroupInterface],
                                  interface="Magento\\Customer\\Api\\Data\\GroupSearchResultsInterface"):
    pass


class ValidationResultsInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\ValidationResultsInterface"):
    valid: OrNull[bool]
    messages: OrNull[list[str]]


class OptionInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\OptionInterface"):
    label: OrNull[str]
    value: str | None


add_fields(OptionInterface, {"options": list[OptionInterface] | None})


class ValidationRuleInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\ValidationRuleInterface"):
    name: OrNull[str]
    value: OrNull[str]


class AttributeMetadataInterface(DataObject, interface="Magento\\Customer\\Api\\Data\\AttributeMetadataInterface"):
    attribute_code: OrNull[str]
    frontend_input: OrNull[str]
    input_filter: OrNull[str]
    store_label: OrNull[str]
    validation_rules: OrNull[list[ValidationRuleInterface]]
    multiline_count: OrNull[int]
    visible: OrNull[bool]
    required: OrNull[bool]
    data_model: OrNull[str]
    options: OrNull[list[OptionInterface]]
    frontend_class: OrNull[str]
    user_defined: OrNull[bool]
    sort_order: OrNull[int]
    frontend_label: OrNull[str]
    note: OrNull[str]
    system: OrNull[bool]
    backend_type: OrNull[str]
    is_used_in_grid: bool | None
    is_visible_in_grid: bool | None
    is_filterable_in_grid: bool | None
    is_searchable_in_grid: bool | None
