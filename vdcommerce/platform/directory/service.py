"""The directory's services: the store view's countries with their regions, and its currencies."""
from __future__ import annotations

from ...framework.context import Service
from ...framework.exceptions import NoSuchEntityException
from .api import (CountryInformationInterface, CurrencyInformationInterface, ExchangeRateInterface,
                  RegionInformationInterface)
from .countries import COUNTRIES, Country, symbol

NOT_AVAILABLE = "Requested country is not available."


def _out(country: Country) -> CountryInformationInterface:
    return CountryInformationInterface.of(
        id=country.id, two_letter_abbreviation=country.id, three_letter_abbreviation=country.iso3,
        full_name_locale=country.name, full_name_english=country.name,
        available_regions=[RegionInformationInterface.of(id=str(r.id), code=r.code, name=r.name)
                           for r in country.regions] or None)


#: every country's answer, built once (the data objects are only read)
_ANSWERS = {code: _out(country) for code, country in COUNTRIES.items()}


class CountryInformationAcquirer(Service):
    interface = "Magento\\Directory\\Api\\CountryInformationAcquirerInterface"
    summary = "Countries and their regions"

    def _allowed(self) -> list[str]:
        """``general/country/allow`` of the store view (comma-separated codes); empty: every country."""
        listed = str(self.ctx.config_value("general/country/allow", "") or "")
        codes = {c.strip().upper() for c in listed.split(",") if c.strip()}
        return [c for c in _ANSWERS if not codes or c in codes]

    def get_countries_info(self) -> list[CountryInformationInterface]:
        return [_ANSWERS[c] for c in self._allowed()]

    def get_country_info(self, country_id: str) -> CountryInformationInterface:
        code = country_id.strip().upper()
        if code not in _ANSWERS or code not in self._allowed():
            raise NoSuchEntityException(NOT_AVAILABLE)
        return _ANSWERS[code]


class CurrencyInformationAcquirer(Service):
    interface = "Magento\\Directory\\Api\\CurrencyInformationAcquirerInterface"
    summary = "The store view's currencies"

    def get_currency_info(self) -> CurrencyInformationInterface:
        base = str(self.ctx.config_value("currency/options/base", "USD") or "USD")
        display = str(self.ctx.config_value("currency/options/default", base) or base)
        # the currencies with a rate from the base currency: the base itself (the shop keeps one currency)
        return CurrencyInformationInterface.of(
            base_currency_code=base, base_currency_symbol=symbol(base),
            default_display_currency_code=display, default_display_currency_symbol=symbol(display),
            available_currency_codes=[base],
            exchange_rates=[ExchangeRateInterface.of(currency_to=base, rate=1.0)])
