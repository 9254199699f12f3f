"""The rates CSV import: a file of 18 columns per line (after a header line) becomes rate rows of one method.

The whole file is read and checked before anything is written, and the request is one transaction:
a file that cannot be read (not base64, not UTF-8, broken CSV quoting, a number that is not a number)
is refused with a 400 naming its lines, and stores nothing, not even the deletion of the existing
rows. Problems of single values (an unknown country, region or shipping type, a wrong number of
columns, repeated conditions) are reported as messages and the rest of the line is imported.
"""
from __future__ import annotations

import base64
import binascii
import csv
import hashlib
import io
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import delete, insert, select

from ...framework.data import digits
from ...framework.exceptions import InputException, LocalizedException
from ...platform.catalog.options import option_labels
from ...platform.customer import directory
from .tables import method as method_t
from .tables import rate as rate_t

SHIPPING_TYPE_ATTRIBUTE = "vd_shipping_type"
NO_LIMIT = Decimal("99999999")
COLUMNS = 18
NOT_DECODED = "The rates file could not be decoded."
BAD_CSV = "Line #%1: the line is not valid CSV (%2)."
BAD_NUMBER = 'Line #%1: "%2" is not a number (column %3).'
WRONG_COLUMNS = "Line #%1: warning, expected number of columns is 18"
BAD_COUNTRY = "Line #%1: invalid country code %2"
BAD_STATE = "Line #%1: invalid state code %2"
BAD_TYPE = "Line #%1: invalid type code %2"
DUPLICATE_LINE = "Line #%1: duplicated conditions before this line have been skipped"
DUPLICATES_CLEARED = "Your csv file has been automatically cleared of duplicates and successfully uploaded"
_ANY = {"", "0", "ALL", "*"}
_CLEAN = re.compile(r'[\r\n\t\\"*]')
_DIGITS = re.compile(r"\d+")
_NUMERIC_ZIP = re.compile(r"\d+")
_CHUNK = 5000
#: column number (1-based) -> (field, value when empty)
_NUMBERS = {6: ("price_from", Decimal(0)), 7: ("price_to", NO_LIMIT), 8: ("weight_from", Decimal(0)),
            9: ("weight_to", NO_LIMIT), 10: ("qty_from", Decimal(0)), 11: ("qty_to", NO_LIMIT),
            13: ("cost_base", Decimal(0)), 14: ("cost_percent", Decimal(0)), 15: ("cost_product", Decimal(0)),
            16: ("cost_weight", Decimal(0))}
_LIMIT = Decimal("99999999.9999")
#: English names of the countries most shops ship to, for files that name a country rather than its code
COUNTRY_NAMES = {
    "UNITED STATES": "US", "UNITED STATES OF AMERICA": "US", "USA": "US", "CANADA": "CA", "MEXICO": "MX",
    "UNITED KINGDOM": "GB", "GREAT BRITAIN": "GB", "IRELAND": "IE", "FRANCE": "FR", "GERMANY": "DE",
    "SPAIN": "ES", "PORTUGAL": "PT", "ITALY": "IT", "NETHERLANDS": "NL", "BELGIUM": "BE", "LUXEMBOURG": "LU",
    "SWITZERLAND": "CH", "AUSTRIA": "AT", "DENMARK": "DK", "SWEDEN": "SE", "NORWAY": "NO", "FINLAND": "FI",
    "POLAND": "PL", "CZECHIA": "CZ", "CZECH REPUBLIC": "CZ", "GREECE": "GR", "AUSTRALIA": "AU",
    "NEW ZEALAND": "NZ", "JAPAN": "JP", "CHINA": "CN", "INDIA": "IN", "BRAZIL": "BR", "ARGENTINA": "AR",
    "SOUTH AFRICA": "ZA", "UKRAINE": "UA", "ROMANIA": "RO", "HUNGARY": "HU", "TURKEY": "TR", "ISRAEL": "IL",
}


def decode_file(data: str | None) -> str:
    """The CSV text of a base64-encoded upload; 400 when it is empty, not base64 or not UTF-8."""
    if not data or not data.strip():
        raise InputException(NOT_DECODED)
    try:
        raw = base64.b64decode("".join(data.split()), validate=True)
        text = raw.decode("utf-8-sig")
    except (binascii.Error, ValueError):
        raise InputException(NOT_DECODED) from None
    if not text.strip():
        raise InputException(NOT_DECODED)
    return text


def clean(cell: str) -> str:
    return _CLEAN.sub("", cell).strip()


def _parts(cell: str) -> list[str]:
    """A comma list of one cell (empty parts dropped); a single ``any`` when the cell is empty."""
    parts = [p.strip() for p in cell.split(",") if p.strip()]
    return parts or [""]


def _is_any(value: str) -> bool:
    return value.upper() in _ANY


def numeric_part(text: str) -> int:
    """The first run of digits of a postcode as a number (0 when it has none)."""
    found = _DIGITS.search(text)
    return int(found.group()[:18]) if found else 0


def postcode_key(text: str) -> str:
    return re.sub(r"\s+", "", text).upper()


def zip_columns(zip_from: str, zip_to: str) -> dict[str, Any]:
    """How a row's postcode condition is stored: any (kind 0), a numeric range (1) or one postcode (2)."""
    out: dict[str, Any] = {"zip_from": zip_from, "zip_to": zip_to, "num_zip_from": numeric_part(zip_from),
                           "num_zip_to": numeric_part(zip_to), "zip_key": "", "zip_kind": 0}
    if not zip_from and not zip_to:
        return out
    f, t = postcode_key(zip_from).replace("-", ""), postcode_key(zip_to).replace("-", "")
    if (not f or _NUMERIC_ZIP.fullmatch(f)) and (not t or _NUMERIC_ZIP.fullmatch(t)):
        low = int(f[:18]) if f else 0
        high = int(t[:18]) if t else low
        out.update(zip_kind=1, num_zip_from=low, num_zip_to=high)
    else:
        out.update(zip_kind=2, zip_key=postcode_key(zip_from or zip_to))
    return out


def _number(text: str, empty: Decimal) -> Decimal | None:
    if not text:
        return empty
    try:
        value = Decimal(text.replace(" ", ""))
    except InvalidOperation:
        return None
    if not value.is_finite() or abs(value) > _LIMIT:
        return None
    return value


def _text(value: Decimal) -> str:
    return format(value.normalize(), "f")


def conditions_key(row: dict[str, Any]) -> str:
    parts = [row["country"], row["state"], row["city_key"], postcode_key(row["zip_from"]),
             postcode_key(row["zip_to"]), *(_text(row[k]) for k in ("price_from", "price_to", "weight_from",
                                                                    "weight_to", "qty_from", "qty_to")),
             row["shipping_type"]]
    return hashlib.sha1("\x1f".join(parts).encode()).hexdigest()


class _Lookups:
    def __init__(self, conn: Any):
        labels = option_labels(conn, SHIPPING_TYPE_ATTRIBUTE, 0)
        self.types = {str(oid): str(oid) for oid in labels}
        self.types.update({label.strip().upper(): str(oid) for oid, label in labels.items()})

    @staticmethod
    def country(value: str) -> str | None:
        code = value.upper()
        if code in directory.COUNTRIES:
            return code
        return COUNTRY_NAMES.get(code)

    @staticmethod
    def state(country: str, value: str) -> str | None:
        if digits(value):
            region = directory.region_by_id(int(value))
            return value if region is not None and country in ("", region.country_id) else None
        for c in ([country] if country else sorted({r.country_id for r in directory.REGIONS.values()})):
            region = directory.region_by_code(c, value) or directory.region_by_name(c, value)
            if region is not None:
                return str(region.region_id)
        return None


def parse(conn: Any, method_id: int, text: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The rate rows of the file (before removing repeated conditions) and the line messages; a 400
    naming every line that cannot be read."""
    lookups = _Lookups(conn)
    rows: list[dict[str, Any]] = []
    messages: list[str] = []
    fatal: list[LocalizedException] = []
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    header = True
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            fatal.append(InputException(BAD_CSV, [reader.line_num, str(exc)]))
            break
        line = reader.line_num
        if header:
            header = False
            continue
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != COLUMNS:
            messages.append(_render(WRONG_COLUMNS, line))
            cells = (cells + ["0"] * COLUMNS)[:COLUMNS]
        cells = [clean(c) for c in cells]
        numbers: dict[str, Decimal] = {}
        for column, (field, empty) in _NUMBERS.items():
            value = _number(cells[column - 1], empty)
            if value is None:
                fatal.append(InputException(BAD_NUMBER, [line, cells[column - 1], column]))
            else:
                numbers[field] = value
        if len(numbers) != len(_NUMBERS):
            continue
        countries: list[str] = []
        for part in _parts(cells[0]):
            if _is_any(part):
                countries.append("")
            elif (code := lookups.country(part)) is not None:
                countries.append(code)
            else:
                messages.append(_render(BAD_COUNTRY, line, part))
        types: list[str] = []
        for part in _parts(cells[11]):
            if _is_any(part):
                types.append("")
            elif (type_id := lookups.types.get(part.upper())) is not None:
                types.append(type_id)
            else:
                messages.append(_render(BAD_TYPE, line, part))
        city = cells[2][:255]
        zip_to = cells[4][:32]
        common = {"method_id": method_id, "city": city, "city_key": city.lower(), **numbers,
                  "time_delivery": cells[16][:64], "name_delivery": cells[17][:255], "line": line}
        for country in dict.fromkeys(countries):
            states: list[str] = []
            for part in _parts(cells[1]):
                if _is_any(part):
                    states.append("")
                elif (region := lookups.state(country, part)) is not None:
                    states.append(region)
                else:
                    messages.append(_render(BAD_STATE, line, part))
            for state in dict.fromkeys(states):
                for zip_from in dict.fromkeys(_parts(cells[3])):
                    for shipping_type in dict.fromkeys(types):
                        rows.append({**common, "country": country, "state": state, "shipping_type": shipping_type,
                                     **zip_columns(zip_from[:32], zip_to)})
    if fatal:
        raise InputException.aggregate(fatal)
    return rows, messages


def _render(message: str, *parameters: Any) -> str:
    out = message
    for i in range(len(parameters), 0, -1):
        out = out.replace(f"%{i}", str(parameters[i - 1]))
    return out


def import_rates(conn: Any, method_id: int, text: str, delete_existing: bool) -> tuple[int, list[str]]:
    """Store the file's rows in the method; (rows stored, messages in file order)."""
    rows, messages = parse(conn, method_id, text)
    # imports into one method take turns: the second waits for the first to commit, then sees its rows
    # (a duplicate, skipped as one in the file is, or deleted with delete_existing)
    conn.execute(select(method_t.c.id).where(method_t.c.id == method_id).with_for_update())
    if delete_existing:
        conn.execute(delete(rate_t).where(rate_t.c.method_id == method_id))
        seen: set[str] = set()
    else:
        seen = set(conn.execute(select(rate_t.c.conditions_key).where(rate_t.c.method_id == method_id)).scalars())
    fresh: list[dict[str, Any]] = []
    duplicate_lines: list[int] = []
    for row in rows:
        key = conditions_key(row)
        line = row.pop("line")
        if key in seen:
            if not duplicate_lines or duplicate_lines[-1] != line:
                duplicate_lines.append(line)
            continue
        seen.add(key)
        row["conditions_key"] = key
        fresh.append(row)
    for start in range(0, len(fresh), _CHUNK):
        conn.execute(insert(rate_t), fresh[start:start + _CHUNK])
    if duplicate_lines:
        messages.extend(_render(DUPLICATE_LINE, line) for line in duplicate_lines)
        messages.append(DUPLICATES_CLEARED)
    messages.sort(key=_line_of)
    return len(fresh), messages


def _line_of(message: str) -> int:
    found = re.match(r"Line #(\d+)", message)
    return int(found.group(1)) if found else 1 << 30
