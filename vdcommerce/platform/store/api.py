"""The scope tree's data objects, as the platform's store reads return them (fields in wire order)."""
from ...framework.data import DataObject, OrNull


class StoreExtensionInterface(DataObject, interface="Magento\\Store\\Api\\Data\\StoreExtensionInterface"):
    pass


class StoreInterface(DataObject, interface="Magento\\Store\\Api\\Data\\StoreInterface"):
    id: OrNull[int]
    code: OrNull[str]
    name: OrNull[str]
    website_id: OrNull[int]
    store_group_id: OrNull[int]
    is_active: OrNull[int]
    extension_attributes: StoreExtensionInterface | None


class GroupExtensionInterface(DataObject, interface="Magento\\Store\\Api\\Data\\GroupExtensionInterface"):
    pass


class GroupInterface(DataObject, interface="Magento\\Store\\Api\\Data\\GroupInterface"):
    id: OrNull[int]
    website_id: OrNull[int]
    root_category_id: OrNull[int]
    default_store_id: OrNull[int]
    name: OrNull[str]
    code: OrNull[str]
    extension_attributes: GroupExtensionInterface | None


class WebsiteExtensionInterface(DataObject, interface="Magento\\Store\\Api\\Data\\WebsiteExtensionInterface"):
    pass


class WebsiteInterface(DataObject, interface="Magento\\Store\\Api\\Data\\WebsiteInterface"):
    id: OrNull[int]
    code: OrNull[str]
    name: OrNull[str]
    default_group_id: OrNull[int]
    extension_attributes: WebsiteExtensionInterface | None


class StoreConfigExtensionInterface(DataObject, interface="Magento\\Store\\Api\\Data\\StoreConfigExtensionInterface"):
    pass


class StoreConfigInterface(DataObject, interface="Magento\\Store\\Api\\Data\\StoreConfigInterface"):
    id: OrNull[int]
    code: OrNull[str]
    website_id: OrNull[int]
    locale: OrNull[str]
    base_currency_code: OrNull[str]
    default_display_currency_code: OrNull[str]
    timezone: OrNull[str]
    weight_unit: OrNull[str]
    base_url: OrNull[str]
    base_link_url: OrNull[str]
    base_static_url: OrNull[str]
    base_media_url: OrNull[str]
    secure_base_url: OrNull[str]
    secure_base_link_url: OrNull[str]
    secure_base_static_url: OrNull[str]
    secure_base_media_url: OrNull[str]
    extension_attributes: StoreConfigExtensionInterface | None
