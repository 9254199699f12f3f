"""Wallet shipping estimates: the platform's estimate, for the partial address a wallet sheet reveals.

A wallet sheet (card wallets on product, cart and checkout pages) tells the storefront only part of the
shopper's address: country, region as the wallet spells it, city, a possibly partial postcode. These
services complete that address (trimmed strings, a region matched by code, then by name, within the
country) and hand it to the platform's own estimate (``quote.service.Carts``), so the answer is the
platform's: every active carrier, every declared rate processor, the platform's order. Nothing is saved
on the cart: the estimate collects in memory; the wallet script saves the final address through the
platform's ``shipping-information`` once the shopper confirms the sheet.
"""
from __future__ import annotations

from typing import Any

from ...framework.context import Service
from ...framework.exceptions import InputException
from ...platform.customer import directory
from ...platform.quote import carts
from ...platform.quote.api import AddressInterface, ShippingMethodInterface
from ...platform.quote.service import Carts

_TEXT_FIELDS = ("country_id", "region", "region_code", "postcode", "city", "firstname", "lastname", "company",
                "telephone", "email")


def complete(address: AddressInterface) -> AddressInterface:
    """The wallet's partial address, checked and completed: ``country_id`` required and known; a region
    given as text matched within the country by code first, then by name (case-insensitive); on no
    match the text stays as the free-text region."""
    changes: dict[str, Any] = {}
    for name in _TEXT_FIELDS:
        value = getattr(address, name)
        if isinstance(value, str):
            changes[name] = value.strip() or None
    if address.street is not None:
        changes["street"] = [line.strip() for line in address.street if isinstance(line, str)]
    country = (changes.get("country_id") or "").upper()
    if not country:
        raise InputException.required("country_id")
    if country not in directory.COUNTRIES:
        raise InputException.invalid_value("country_id", changes["country_id"])
    changes["country_id"] = country
    region_text = changes.get("region")
    if address.region_id is None and region_text:
        region = directory.region_by_code(country, region_text) or directory.region_by_name(country, region_text)
        if region is not None:
            changes.update(region_id=region.region_id, region_code=region.code, region=region.name)
    return address.model_copy(update=changes)


class _Wallet(Service):
    def _row(self, cart_id: Any) -> Any:
        raise NotImplementedError

    def estimate_by_extended_address(self, cart_id: Any, address: AddressInterface) -> list[ShippingMethodInterface]:
        row = self._row(cart_id)
        return Carts(self.ctx).estimate(row, complete(address))

    def get_list(self, cart_id: Any) -> list[ShippingMethodInterface]:
        return Carts(self.ctx).shipping_methods(self._row(cart_id))


class WalletGuestShippingMethodManagement(_Wallet):
    interface = "Vendor\\CardPay\\Api\\Quote\\WalletGuestShippingMethodManagementInterface"
    summary = "Wallet shipping estimates for guest carts"

    def _row(self, cart_id: str) -> Any:
        return carts.by_masked_id(self.ctx, cart_id)

    def estimate_by_extended_address(self, cart_id: str, address: AddressInterface) -> list[ShippingMethodInterface]:
        """The shipping methods for a wallet sheet's partial address (nothing is saved on the cart)."""
        return super().estimate_by_extended_address(cart_id, address)

    def get_list(self, cart_id: str) -> list[ShippingMethodInterface]:
        """The shipping methods for the address saved on the cart."""
        return super().get_list(cart_id)


class WalletShippingMethodManagement(_Wallet):
    interface = "Vendor\\CardPay\\Api\\Quote\\WalletShippingMethodManagementInterface"
    summary = "Wallet shipping estimates for the customer's cart"

    def _row(self, cart_id: int) -> Any:
        return carts.row_of(self.ctx, cart_id)

    def estimate_by_extended_address(self, cart_id: int, address: AddressInterface) -> list[ShippingMethodInterface]:
        """The shipping methods for a wallet sheet's partial address (nothing is saved on the cart)."""
        return super().estimate_by_extended_address(cart_id, address)

    def get_list(self, cart_id: int) -> list[ShippingMethodInterface]:
        """The shipping methods for the address saved on the cart."""
        return super().get_list(cart_id)
