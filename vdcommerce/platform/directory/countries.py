"""The country and region list, built once from pycountry's ISO 3166 data.

Every ISO 3166-1 country, and Kosovo (``XK``, which the platform lists too). A country's regions are
its top-level ISO 3166-2 subdivisions (the states of the US, the provinces of Canada, the regions of
France, ...). Region ids: the United States keep the platform's own ids (California 12, Texas 57,
with its armed-forces and territory entries), the ids customer addresses resolve against; the regions
of other countries are numbered ``ISO numeric country code × 1000 + n``, ``n`` counting from 1 in the
order of their ISO codes (Canada 124001 ...), so an id never changes with the order countries are
listed in.
"""
from __future__ import annotations

from dataclasses import dataclass

import pycountry

from ..customer.directory import REGIONS as US_REGIONS


@dataclass(frozen=True)
class Region:
    id: int
    code: str
    name: str


@dataclass(frozen=True)
class Country:
    id: str
    iso3: str
    name: str
    regions: tuple[Region, ...]


def _name(country: object) -> str:
    return str(getattr(country, "common_name", None) or getattr(country, "name"))


def _regions(alpha_2: str, numeric: int) -> tuple[Region, ...]:
    if alpha_2 == "US":
        return tuple(Region(r.region_id, r.code, r.name) for r in sorted(US_REGIONS.values(), key=lambda r: r.region_id))
    subdivisions = sorted((s for s in pycountry.subdivisions.get(country_code=alpha_2) or ()
                           if s.parent_code is None), key=lambda s: s.code)
    return tuple(Region(numeric * 1000 + n, s.code.split("-", 1)[1], s.name)
                 for n, s in enumerate(subdivisions, start=1))


def _build() -> dict[str, Country]:
    found = {c.alpha_2: Country(c.alpha_2, c.alpha_3, _name(c), _regions(c.alpha_2, int(c.numeric)))
             for c in pycountry.countries}
    found.setdefault("XK", Country("XK", "XKX", "Kosovo", ()))
    return dict(sorted(found.items(), key=lambda kv: kv[1].name))


#: every country by its two-letter code, in the order of their English names
COUNTRIES: dict[str, Country] = _build()

#: the symbols the platform's en_US locale writes for the common currencies; any other: its code
SYMBOLS = {
    "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "CNY": "CN¥",
    "HKD": "HK$", "INR": "₹", "KRW": "₩", "MXN": "MX$", "BRL": "R$", "ILS": "₪", "TWD": "NT$", "VND": "₫",
    "PHP": "₱", "XAF": "FCFA", "XCD": "EC$", "XOF": "F\u202fCFA", "XPF": "CFPF",
}


def currency_known(code: str) -> bool:
    return pycountry.currencies.get(alpha_3=code) is not None


def symbol(code: str) -> str:
    return SYMBOLS.get(code, code)
