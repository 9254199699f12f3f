"""The tax data objects, fields in wire order: classes, rates with their titles, rules, and what a
cart's and an order's taxes are shown as (the totals' grand total details, the order's applied taxes)."""
from ...framework.data import DataObject, OrNull
from ...framework.library_adapter import add_fields
from ...framework.search import SearchResults
from ..quote.api import TotalSegmentExtensionInterface


class TaxClassExtensionInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\TaxClassExtensionInterface"):
    """Empty here: the declared extension attributes are added at start-up."""


class TaxClassInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\TaxClassInterface"):
    class_id: int | None
    class_name: OrNull[str]
    class_type: OrNull[str]
    extension_attributes: TaxClassExtensionInterface | None


class TaxClassSearchResultsInterface(SearchResults[TaxClassInterface],
                                     interface="Magento\\Tax\\Api\\Data\\TaxClassSearchResultsInterface"):
    pass


class TaxRateTitleExtensionInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\TaxRateTitleExtensionInterface"):
    """Empty here."""


class TaxRateTitleInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\TaxRateTitleInterface"):
    store_id: OrNull[str]
    value: OrNull[str]
    extension_attributes: TaxRateTitleExtensionInterface | None


class TaxRateExtensionInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\TaxRateExtensionInterface"):
    """Empty here."""


class TaxRateInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\TaxRateInterface"):
    id: int | None
    tax_country_id: OrNull[str]
    tax_region_id: int | None
    region_name: str | None
    tax_postcode: str | None
    zip_is_range: int | None
    zip_from: int | None
    zip_to: int | None
    rate: OrNull[float]
    code: OrNull[str]
    titles: list[TaxRateTitleInterface] | None
    extension_attributes: TaxRateExtensionInterface | None


class TaxRateSearchResultsInterface(SearchResults[TaxRateInterface],
                                    interface="Magento\\Tax\\Api\\Data\\TaxRateSearchResultsInterface"):
    pass


class TaxRuleExtensionInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\TaxRuleExtensionInterface"):
    """Empty here."""


class TaxRuleInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\TaxRuleInterface"):
    id: int | None
    code: OrNull[str]
    priority: OrNull[int]
    position: OrNull[int]
    customer_tax_class_ids: OrNull[list[int]]
    product_tax_class_ids: OrNull[list[int]]
    tax_rate_ids: OrNull[list[int]]
    calculate_subtotal: bool | None
    extension_attributes: TaxRuleExtensionInterface | None


class TaxRuleSearchResultsInterface(SearchResults[TaxRuleInterface],
                                    interface="Magento\\Tax\\Api\\Data\\TaxRuleSearchResultsInterface"):
    pass


# --------------------------------------------------------------------------- a cart's and an order's taxes

class GrandTotalRatesInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\GrandTotalRatesInterface"):
    percent: OrNull[str]
    title: OrNull[str]


class GrandTotalDetailsInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\GrandTotalDetailsInterface"):
    amount: OrNull[float]
    rates: OrNull[list[GrandTotalRatesInterface]]
    group_id: OrNull[int]


class AppliedTaxRateExtensionInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\AppliedTaxRateExtensionInterface"):
    """Empty here."""


class AppliedTaxRateInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\AppliedTaxRateInterface"):
    code: str | None
    title: str | None
    percent: float | None
    extension_attributes: AppliedTaxRateExtensionInterface | None


class OrderTaxDetailsAppliedTaxExtensionInterface(
        DataObject, interface="Magento\\Tax\\Api\\Data\\OrderTaxDetailsAppliedTaxExtensionInterface"):
    rates: list[AppliedTaxRateInterface] | None


class OrderTaxDetailsAppliedTaxInterface(DataObject,
                                         interface="Magento\\Tax\\Api\\Data\\OrderTaxDetailsAppliedTaxInterface"):
    code: str | None
    title: str | None
    percent: float | None
    amount: OrNull[float]
    base_amount: OrNull[float]
    extension_attributes: OrderTaxDetailsAppliedTaxExtensionInterface | None


class OrderTaxDetailsItemExtensionInterface(DataObject,
                                            interface="Magento\\Tax\\Api\\Data\\OrderTaxDetailsItemExtensionInterface"):
    """Empty here."""


class OrderTaxDetailsItemInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\OrderTaxDetailsItemInterface"):
    type: str | None
    item_id: int | None
    associated_item_id: int | None
    applied_taxes: list[OrderTaxDetailsAppliedTaxInterface] | None
    extension_attributes: OrderTaxDetailsItemExtensionInterface | None


class OrderTaxExtensionInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\OrderTaxExtensionInterface"):
    """Empty here."""


class OrderTaxInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\OrderTaxInterface"):
    """One applied tax of an order as the platform keeps it (the order's ``taxes``)."""
    tax_id: int | None
    order_id: int | None
    code: str | None
    title: str | None
    percent: OrNull[float]
    amount: OrNull[float]
    base_amount: OrNull[float]
    base_real_amount: OrNull[float]
    priority: OrNull[int]
    position: OrNull[int]
    process: OrNull[int]
    extension_attributes: OrderTaxExtensionInterface | None


class OrderTaxItemExtensionInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\OrderTaxItemExtensionInterface"):
    """Empty here."""


class OrderTaxItemInterface(DataObject, interface="Magento\\Tax\\Api\\Data\\OrderTaxItemInterface"):
    """One line's part of an applied tax (the order's ``additional_itemized_taxes``)."""
    tax_item_id: int | None
    tax_id: int | None
    item_id: int | None
    tax_code: str | None
    tax_percent: OrNull[float]
    amount: OrNull[float]
    base_amount: OrNull[float]
    real_amount: OrNull[float]
    real_base_amount: OrNull[float]
    associated_item_id: int | None
    taxable_item_type: str | None
    extension_attributes: OrderTaxItemExtensionInterface | None


# the tax segment of a cart's totals lists its taxes by these objects (the quote package declares the
# field without knowing the tax package's types)
add_fields(TotalSegmentExtensionInterface, {"tax_grandtotal_details": list[GrandTotalDetailsInterface] | None})
