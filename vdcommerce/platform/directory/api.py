"""The directory's data interfaces."""
from ...framework.data import DataObject, OrNull


class RegionInformationExtensionInterface(
        DataObject, interface="Magento\\Directory\\Api\\Data\\RegionInformationExtensionInterface"):
    pass


class RegionInformationInterface(DataObject, interface="Magento\\Directory\\Api\\Data\\RegionInformationInterface"):
    id: OrNull[str]
    code: OrNull[str]
    name: OrNull[str]
    extension_attributes: RegionInformationExtensionInterface | None


class CountryInformationExtensionInterface(
        DataObject, interface="Magento\\Directory\\Api\\Data\\CountryInformationExtensionInterface"):
    pass


class CountryInformationInterface(DataObject, interface="Magento\\Directory\\Api\\Data\\CountryInformationInterface"):
    id: OrNull[str]
    two_letter_abbreviation: OrNull[str]
    three_letter_abbreviation: OrNull[str]
    full_name_locale: OrNull[str]
    full_name_english: OrNull[str]
    available_regions: list[RegionInformationInterface] | None
    extension_attributes: CountryInformationExtensionInterface | None


class ExchangeRateExtensionInterface(DataObject, interface="Magento\\Directory\\Api\\Data\\ExchangeRateExtensionInterface"):
    pass


class ExchangeRateInterface(DataObject, interface="Magento\\Directory\\Api\\Data\\ExchangeRateInterface"):
    currency_to: OrNull[str]
    rate: OrNull[float]
    extension_attributes: ExchangeRateExtensionInterface | None


class CurrencyInformationExtensionInterface(
        DataObject, interface="Magento\\Directory\\Api\\Data\\CurrencyInformationExtensionInterface"):
    pass


class CurrencyInformationInterface(DataObject, interface="Magento\\Directory\\Api\\Data\\CurrencyInformationInterface"):
    base_currency_code: OrNull[str]
    base_currency_symbol: OrNull[str]
    default_display_currency_code: OrNull[str]
    default_display_currency_symbol: OrNull[str]
    available_currency_codes: OrNull[list[str]]
    exchange_rates: OrNull[list[ExchangeRateInterface]]
    extension_attributes: CurrencyInformationExtensionInterface | None
