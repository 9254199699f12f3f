"""Cart addresses: from the wire object to columns, from columns to the wire object and to what
collectors see. A cart has at most one shipping and one billing address (one row each)."""
from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import String

from ..customer import directory
from . import totals
from .api import AddressInterface
from .tables import quote_address

FIELDS = ("customer_id", "customer_address_id", "email", "firstname", "lastname", "middlename", "prefix", "suffix",
          "company", "street", "city", "region", "region_id", "region_code", "postcode", "country_id", "telephone",
          "fax", "vat_id", "same_as_billing", "save_in_address_book", "custom_attributes")
_MAX = {c.name: c.type.length for c in quote_address.columns if isinstance(c.type, String) and c.type.length}


def values_of(a: AddressInterface) -> dict[str, Any]:
    """The columns of an address sent by a client; a US region is completed from its id or code."""
    v: dict[str, Any] = {name: getattr(a, name) for name in FIELDS}
    for name, value in v.items():
        if isinstance(value, str):
            v[name] = value.strip() or None
    if v["country_id"]:
        v["country_id"] = v["country_id"].upper()
    region = None
    if v["region_id"] is not None:
        region = directory.region_by_id(v["region_id"])
    elif v["region_code"] and v["country_id"]:
        region = directory.region_by_code(v["country_id"], v["region_code"])
    elif v["region"] and v["country_id"]:
        region = directory.region_by_name(v["country_id"], v["region"]) or \
            directory.region_by_code(v["country_id"], v["region"])
    if region is not None and region.country_id == v["country_id"]:
        v["region_id"], v["region_code"], v["region"] = region.region_id, region.code, region.name
    v["street"] = [line.strip() for line in (a.street or []) if line and line.strip()] or None
    v["same_as_billing"] = v["same_as_billing"] or 0
    v["save_in_address_book"] = v["save_in_address_book"] or 0
    return v


def too_long(v: dict[str, Any]) -> bool:
    """Does a value exceed its column (the databases differ in enforcing it)?"""
    return any(isinstance(v.get(k), str) and len(v[k]) > n for k, n in _MAX.items())


def to_columns(v: dict[str, Any]) -> dict[str, Any]:
    out = dict(v)
    out["street"] = orjson.dumps(v["street"]).decode() if v.get("street") else None
    out["custom_attributes"] = orjson.dumps(v["custom_attributes"]).decode() if v.get("custom_attributes") else None
    return out


def from_row(row) -> dict[str, Any]:
    """A stored address as values (the form ``values_of`` produces)."""
    v = {name: getattr(row, name) for name in FIELDS}
    v["id"] = row.id
    v["street"] = orjson.loads(row.street) if row.street else None
    v["custom_attributes"] = orjson.loads(row.custom_attributes) if row.custom_attributes else None
    return v


def wire(v: dict[str, Any] | None) -> AddressInterface:
    """The address as the routes write it (an empty one when there is none)."""
    if v is None:
        return AddressInterface.of()
    return AddressInterface.of(**v)


def for_totals(v: dict[str, Any] | None) -> totals.Address | None:
    if v is None:
        return None
    return totals.Address(
        country_id=v.get("country_id"), region_id=v.get("region_id"), region=v.get("region"),
        region_code=v.get("region_code"), postcode=v.get("postcode"), city=v.get("city"),
        street=list(v.get("street") or []), firstname=v.get("firstname"), lastname=v.get("lastname"),
        email=v.get("email"), telephone=v.get("telephone"), company=v.get("company"),
        customer_address_id=v.get("customer_address_id"))


def from_customer_address(a, email: str | None) -> dict[str, Any]:
    """Values of a customer's saved address (customer.api.AddressInterface) for use on a cart."""
    region = a.region
    return {name: None for name in FIELDS} | {
        "customer_id": a.customer_id, "customer_address_id": a.id, "email": email, "firstname": a.firstname,
        "lastname": a.lastname, "middlename": a.middlename, "prefix": a.prefix, "suffix": a.suffix,
        "company": a.company, "street": a.street, "city": a.city,
        "region": region.region if region else None, "region_code": region.region_code if region else None,
        "region_id": a.region_id or None, "postcode": a.postcode, "country_id": a.country_id,
        "telephone": a.telephone, "fax": a.fax, "vat_id": a.vat_id, "same_as_billing": 0, "save_in_address_book": 0}
