"""Customer accounts and the customer repository.

Choices where the platform leaves room (the project's docs list them):

- E-mail addresses are kept in lower case, so look-ups and the one-account-per-website rule ignore case.
- ``group_id``, ``website_id``, ``store_id`` and ``disable_auto_group_change`` are honoured only from
  admin and integration callers; a guest creating an account joins the default group of the current
  website and store, and a customer editing itself cannot move itself.
- ``passwordHash`` on ``save`` is honoured only from admin and integration callers, and only as an
  Argon2 hash; changing it (like changing the password) raises ``customer_credentials_changed``, on which
  the integration package revokes the customer's tokens.
- ``confirmation`` (the account-confirmation key) is written only for admin and integration callers.
- ``initiatePasswordReset`` answers ``true`` for an unknown e-mail as well, so the route does not reveal
  which addresses have accounts. It records a hash of a new reset token and queues a mail with the
  token (platform/mail: the queue consumer delivers it; the request never waits for a mail server).
- ``save`` merges: fields the client leaves out keep their values; ``addresses``, when sent, replace the
  saved list (an address whose ``id`` is one of the customer's addresses is updated in place; any other
  is added). An address flagged ``default_billing``/``default_shipping`` becomes the default.
- An unconfirmed account (``customer/create_account/confirm`` on when it was created) cannot obtain a
  token while the setting is on; ``PUT /V1/customers/me/activate`` with its key confirms it.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import logging
import re
import secrets
import unicodedata
from typing import Any

import orjson
from sqlalchemy import Connection, String, bindparam, delete, extract, func, select, update
from sqlalchemy.exc import IntegrityError

from ...framework.dates import utc_now as _now
from ...framework import events, extensions
from ...framework.context import ADMIN, INTEGRATION, PLACEHOLDERS, Context, Service
from ...framework.exceptions import (AuthenticationException, InputException, LocalizedException,
                                     NoSuchEntityException, StateException)
from ...framework.passwords import hash_password, verify_dummy, verify_password
from ...framework.search import SearchCriteria, SearchField, SearchResults, search, search_limits
from .. import mail
from ..store import service as scopes
from . import directory, groups
from .api import (AddressInterface, CustomerExtensionInterface, CustomerInterface, RegionInterface,
                  ValidationResultsInterface)
from .metadata import ADDRESS, label
from .tables import customer_address_entity as address_t
from .tables import customer_entity as customer_t

log = logging.getLogger("vdcommerce.customer")

SIGN_IN_FAILED = ("The account sign-in was incorrect or your account is disabled temporarily. "
                  "Please wait and try again later.")
NOT_CONFIRMED = "This account isn't confirmed. Verify and try again."
DUPLICATE_EMAIL = "A customer with the same email address already exists in an associated website."
WRONG_PASSWORD = "The password doesn't match this account. Verify the password and try again."

CONFIRM = "customer/create_account/confirm"
GUEST_CHECKOUT_LOGIN = "checkout/options/enable_guest_checkout_login"
RESET_LINK_HOURS = "customer/password/reset_link_expiration_period"
INVALID_EMAIL = '"Email" is not a valid email address.'
FUTURE_DOB = "The Date of Birth should not be greater than today."
REQUIRED_VALUE = '"%1" is a required value.'
TOKEN_MISMATCH = "The password token is mismatched. Reset and try again."
TOKEN_EXPIRED = "The password token is expired. Reset and try again."
#: the messages of names with characters the platform refuses
INVALID_NAMES = {"firstname": "First Name is not valid!", "lastname": "Last Name is not valid!",
                 "middlename": "Middle Name is not valid!"}
_NAME_PUNCTUATION = frozenset(",-_.'\u2019`0123456789")
MIN_LENGTH = "customer/password/minimum_password_length"
CLASSES = "customer/password/required_character_classes_number"
MAX_PASSWORD_LENGTH = 256
TEMPLATES = ("email_reset", "email_reminder")
# the mail templates (etc/email_templates.xml) of a reset request's ``template`` and of the confirmation
RESET_TEMPLATES = {"email_reset": "customer_password_reset_email_template",
                   "email_reminder": "customer_password_remind_email_template"}
CONFIRMATION_TEMPLATE = "customer_create_account_email_confirmation_template"


class CustomerSearchResults(SearchResults[CustomerInterface],
                            interface="Magento\\Customer\\Api\\Data\\CustomerSearchResultsInterface"):
    pass


_EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+"
                    r"[A-Za-z]{2,63}")
_PRIVILEGED = (ADMIN, INTEGRATION)
#: other packages' keys of ``extension_attributes`` (is_subscribed: the newsletter) load and save through
#: their handlers (framework/extensions.py)
EXTENDS = CustomerInterface.__interface__


def valid_email(address: str) -> bool:
    """Whether a (trimmed) e-mail address has the form the platform accepts."""
    return _EMAIL.fullmatch(address) is not None


def valid_name(name: str) -> bool:
    """Whether a person's name has only the characters the platform takes in names: letters and marks
    of any script, digits, white space and ``, - _ . ' ’ ` ``."""
    return all(c in _NAME_PUNCTUATION or c.isspace() or unicodedata.category(c)[0] in "LM" for c in name)


def _max_lengths(table) -> dict[str, int]:
    return {c.name: c.type.length for c in table.columns if isinstance(c.type, String) and c.type.length}


_CUSTOMER_MAX = _max_lengths(customer_t)
_ADDRESS_MAX = _max_lengths(address_t)

SEARCH_FIELDS = {
    "id": SearchField(customer_t.c.id, "int"),
    "email": SearchField(customer_t.c.email),
    "firstname": SearchField(customer_t.c.firstname),
    "lastname": SearchField(customer_t.c.lastname),
    "middlename": SearchField(customer_t.c.middlename),
    "prefix": SearchField(customer_t.c.prefix),
    "suffix": SearchField(customer_t.c.suffix),
    "group_id": SearchField(customer_t.c.group_id, "int"),
    "website_id": SearchField(customer_t.c.website_id, "int"),
    "store_id": SearchField(customer_t.c.store_id, "int"),
    "created_at": SearchField(customer_t.c.created_at, "datetime"),
    "updated_at": SearchField(customer_t.c.updated_at, "datetime"),
    "created_in": SearchField(customer_t.c.created_in),
    "dob": SearchField(customer_t.c.dob, "datetime"),
    "gender": SearchField(customer_t.c.gender, "int"),
    "taxvat": SearchField(customer_t.c.taxvat),
    "default_billing": SearchField(customer_t.c.default_billing, "int"),
    "default_shipping": SearchField(customer_t.c.default_shipping, "int"),
    "disable_auto_group_change": SearchField(customer_t.c.disable_auto_group_change, "int"),
}

_SELECT_CUSTOMER = select(customer_t)
_ADDRESSES_OF = select(address_t).order_by(address_t.c.id)


# --------------------------------------------------------------------------- helpers


def _website_of(ctx: Context) -> int:
    """The current website; the admin store (``all``) acts for the main website."""
    return ctx.website_id or 1


def _is_privileged(ctx: Context) -> bool:
    return ctx.caller.user_type in _PRIVILEGED


def _loads(text: str | None) -> Any:
    return orjson.loads(text) if text else None


def _dumps(value: Any) -> str | None:
    return orjson.dumps(value).decode() if value else None


def _number(ctx: Context, path: str, default: int) -> int:
    try:
        return int(float(ctx.config_value(path, default)))
    except (TypeError, ValueError):
        return default


def _not_found(customer_id: Any) -> NoSuchEntityException:
    return NoSuchEntityException.single_field("customerId", customer_id)


_CUSTOMER_BY_ID = _SELECT_CUSTOMER.where(customer_t.c.id == bindparam("id"))
_ADDRESSES_OF_MANY = _ADDRESSES_OF.where(address_t.c.customer_id.in_(bindparam("ids", expanding=True)))


def _row(conn: Connection, customer_id: int):
    row = conn.execute(_CUSTOMER_BY_ID, {"id": customer_id}).first()
    if row is None:
        raise _not_found(customer_id)
    return row


def _addresses(conn: Connection, customer_ids: list[int]) -> dict[int, list]:
    out: dict[int, list] = {cid: [] for cid in customer_ids}
    if customer_ids:
        for a in conn.execute(_ADDRESSES_OF_MANY, {"ids": customer_ids}):
            out[a.customer_id].append(a)
    return out


def check_password(ctx: Context, password: str, email: str | None = None) -> None:
    """The platform's password rules: length, character classes, not the e-mail."""
    if len(password) > MAX_PASSWORD_LENGTH:
        raise InputException("Please enter a password with at most %1 characters.", [MAX_PASSWORD_LENGTH])
    if password != password.strip():
        raise InputException("The password can't begin or end with a space. Verify the password and try again.")
    minimum = _number(ctx, MIN_LENGTH, 8)
    if len(password) < minimum:
        raise InputException("The password needs at least %1 characters. Create a new password and try again.",
                             [str(minimum)])
    required = _number(ctx, CLASSES, 3)
    classes = sum((any(c.islower() for c in password), any(c.isupper() for c in password),
                   any(c.isdigit() for c in password), any(not c.isalnum() for c in password)))
    if classes < required:
        raise InputException("Minimum of different classes of characters in password is %1. Classes of characters: "
                             "Lower Case, Upper Case, Digits, Special Characters.", [str(required)])
    if email and password.lower() == email.lower():
        raise InputException("The password can't be the same as the email address. Create a new password and try again.")


def _address_out(a, default_billing: int | None, default_shipping: int | None) -> AddressInterface:
    has_region = a.region_id is not None or a.region is not None or a.region_code is not None
    region = RegionInterface.of(region_code=a.region_code, region=a.region, region_id=a.region_id or 0) \
        if has_region else None
    return AddressInterface.of(
        id=a.id, customer_id=a.customer_id, region=region, region_id=(a.region_id or 0) if has_region else None,
        country_id=a.country_id, street=_loads(a.street), company=a.company, telephone=a.telephone, fax=a.fax,
        postcode=a.postcode, city=a.city, firstname=a.firstname, lastname=a.lastname, middlename=a.middlename,
        prefix=a.prefix, suffix=a.suffix, vat_id=a.vat_id,
        default_shipping=True if a.id == default_shipping else None,
        default_billing=True if a.id == default_billing else None,
        custom_attributes=_loads(a.custom_attributes))


def _extensions(ctx: Context, customer_ids: list[int]) -> dict[int, CustomerExtensionInterface]:
    """The customers' extension attributes that other packages' handlers load."""
    return {cid: CustomerExtensionInterface.of(**values)
            for cid, values in extensions.load(ctx, EXTENDS, customer_ids).items()}


def _customer_out(row, addresses: list, show_confirmation: bool,
                  extension: CustomerExtensionInterface | None) -> CustomerInterface:
    return CustomerInterface.of(
        id=row.id, group_id=row.group_id,
        default_billing=str(row.default_billing) if row.default_billing is not None else None,
        default_shipping=str(row.default_shipping) if row.default_shipping is not None else None,
        confirmation=row.confirmation if show_confirmation else None,
        created_at=row.created_at, updated_at=row.updated_at, created_in=row.created_in, dob=row.dob,
        email=row.email, firstname=row.firstname, lastname=row.lastname, middlename=row.middlename,
        prefix=row.prefix, suffix=row.suffix, gender=row.gender, store_id=row.store_id, taxvat=row.taxvat,
        website_id=row.website_id,
        addresses=[_address_out(a, row.default_billing, row.default_shipping) for a in addresses],
        disable_auto_group_change=row.disable_auto_group_change,
        extension_attributes=extension,
        custom_attributes=_loads(row.custom_attributes))


def load_customer(ctx: Context, customer_id: int) -> CustomerInterface:
    """The customer as its routes write it; 404 when unknown."""
    row = _row(ctx.conn, customer_id)
    return _customer_out(row, _addresses(ctx.conn, [row.id])[row.id], _is_privileged(ctx),
                         _extensions(ctx, [row.id]).get(row.id))


# --------------------------------------------------------------------------- input

def _text(value: str | None) -> str | None:
    """A nullable text field: blank means no value."""
    if value is None:
        return None
    value = value.strip()
    return value or None


def _parse_dob(value: str) -> dt.date:
    text = value.strip()
    try:
        if len(text) >= 10 and text[4] == "-":
            return dt.date.fromisoformat(text[:10])
        raise ValueError
    except ValueError:
        raise InputException.invalid_value("dob", value) from None


class _Writer:
    """Validates a customer data object against the saved record (or none) and writes it."""

    def __init__(self, ctx: Context, row=None):
        self.ctx = ctx
        self.conn = ctx.conn
        self.row = row
        self.errors: list[LocalizedException] = []

    # ---- customer fields

    def customer_values(self, c: CustomerInterface) -> dict[str, Any]:
        sent = c.sent()
        row = self.row
        values: dict[str, Any] = {}
        privileged = _is_privileged(self.ctx)

        email = sent.get("email", row.email if row else None)
        email = email.strip().lower() if email else email
        if not email:
            self.errors.append(InputException.required("email"))
        elif not valid_email(email):
            self.errors.append(InputException(INVALID_EMAIL))
        values["email"] = email
        for name in ("firstname", "lastname"):
            v = sent.get(name, getattr(row, name) if row else None)
            if v is None or not v.strip():
                self.errors.append(InputException.required(name))
            values[name] = v.strip() if v else v
        for name in ("middlename", "prefix", "suffix", "taxvat"):
            if name in sent:
                values[name] = _text(sent[name])
        for name, message in INVALID_NAMES.items():
            if name in values and values[name] and not valid_name(values[name]):
                self.errors.append(InputException(message))
        if "dob" in sent:
            try:
                values["dob"] = _parse_dob(sent["dob"]) if _text(sent["dob"]) else None
            except InputException as e:
                self.errors.append(e)
            else:
                if values["dob"] is not None and values["dob"] > _now().date():
                    self.errors.append(InputException(FUTURE_DOB))
        if "gender" in sent:
            g = sent["gender"]
            if g is not None and g not in (0, 1, 2, 3):
                self.errors.append(InputException.invalid_value("gender", g))
            values["gender"] = g
        elif row is None:
            values["gender"] = 0
        if "custom_attributes" in sent:
            values["custom_attributes"] = _dumps(sent["custom_attributes"])

        self._too_long(values, _CUSTOMER_MAX)
        self._scope_and_group(sent, values, privileged)
        return values


    def _too_long(self, values: dict[str, Any], limits: dict[str, int]) -> None:
        for name, value in values.items():
            if isinstance(value, str) and name in limits and len(value) > limits[name]:
                self.errors.append(InputException.invalid_value(name, value))

    def _scope_and_group(self, sent: dict, values: dict, privileged: bool) -> None:
        """Website, store and group: the caller's context unless an admin says otherwise."""
        row = self.row
        if privileged:
            wanted = {k: sent.get(k) for k in ("website_id", "store_id", "group_id", "disable_auto_group_change")
                      if sent.get(k) is not None}
        else:
            wanted = {}
        if row is not None and not wanted:
            return  # nothing changes
        website_id = wanted.get("website_id", row.website_id if row else _website_of(self.ctx))
        if "website_id" in wanted and (website_id == 0 or scopes.website(self.conn, website_id) is None):
            self.errors.append(InputException.invalid_value("website_id", website_id))
            return
        group_id = wanted.get("group_id", row.group_id if row else groups.default_group_id(self.ctx))
        if "group_id" in wanted and (group_id == groups.NOT_LOGGED_IN_ID or not groups.group_exists(self.conn, group_id)):
            self.errors.append(InputException(groups.GROUP_NOT_FOUND))
        flag = wanted.get("disable_auto_group_change")
        if flag is not None:
            if flag not in (0, 1):
                self.errors.append(InputException.invalid_value("disable_auto_group_change", flag))
            values["disable_auto_group_change"] = flag

        store = None
        store_id = wanted.get("store_id", row.store_id if row else self.ctx.store_id)
        if store_id:
            store = scopes.store_view(self.conn, store_id)
        if store is None or store.website_id != website_id:
            if "store_id" in wanted:
                self.errors.append(InputException.invalid_value("store_id", store_id))
            store = None
        if store is None:  # the website's first store view
            store = scopes.first_store_view(self.conn, website_id)
        values["website_id"] = website_id
        values["store_id"] = store.store_id if store else 1
        values["group_id"] = group_id
        if row is None:
            values["created_in"] = store.name if store else None

    # ---- addresses

    def address_values(self, a: AddressInterface) -> dict[str, Any]:
        errors: list[LocalizedException] = []
        v: dict[str, Any] = {}
        for name in ("firstname", "lastname"):
            v[name] = _text(a.firstname if name == "firstname" else a.lastname)
            if v[name] is None:
                errors.append(InputException(REQUIRED_VALUE, [label(ADDRESS, name)]))
        lines = [line for line in (a.street or [])]
        if not lines or not lines[0].strip():
            errors.append(InputException.required("street"))
        v["street"] = _dumps(lines) if lines else None
        v["city"] = _text(a.city)
        if v["city"] is None:
            errors.append(InputException.required("city"))
        v["telephone"] = _text(a.telephone)
        if v["telephone"] is None:
            errors.append(InputException.required("telephone"))
        country = _text(a.country_id)
        country = country.upper() if country else None
        v["postcode"] = _text(a.postcode)
        if v["postcode"] is None and country not in directory.OPTIONAL_POSTCODE:
            errors.append(InputException.required("postcode"))
        if country is None:
            errors.append(InputException.required("countryId"))
        elif country not in directory.COUNTRIES:
            errors.append(InputException.invalid_value("countryId", a.country_id))
        v["country_id"] = country
        v.update(self._region(a, country, errors))
        for name in ("middlename", "prefix", "suffix", "company", "fax", "vat_id"):
            v[name] = _text(getattr(a, name))
        v["custom_attributes"] = _dumps(a.custom_attributes)
        self.errors.extend(errors)
        self._too_long(v, _ADDRESS_MAX)
        return v

    @staticmethod
    def _region(a: AddressInterface, country: str | None, errors: list) -> dict[str, Any]:
        given = a.region
        region_id = a.region_id if a.region_id else (given.region_id if given is not None and given.region_id else None)
        code = _text(given.region_code) if given is not None else None
        name = _text(given.region) if given is not None else None
        if country in directory.REGION_REQUIRED:
            found = None
            if region_id is not None:
                found = directory.region_by_id(region_id)
                if found is None or found.country_id != country:
                    errors.append(InputException.invalid_value("regionId", region_id))
                    return {}
            elif code is not None:
                found = directory.region_by_code(country, code)
                if found is None:
                    errors.append(InputException.invalid_value("regionCode", code))
                    return {}
            elif name is not None:
                found = directory.region_by_name(country, name)
                if found is None:
                    errors.append(InputException.invalid_value("region", name))
                    return {}
            if found is None:
                errors.append(InputException.required("regionId"))
                return {}
            return {"region_id": found.region_id, "region_code": found.code, "region": found.name}
        if region_id is not None:
            errors.append(InputException.invalid_value("regionId", region_id))
            return {}
        return {"region_id": None, "region_code": code, "region": name or code}

    # ---- writing

    def check_email_free(self, email: str, website_id: int, customer_id: int | None) -> None:
        q = select(customer_t.c.id).where(customer_t.c.email == email, customer_t.c.website_id == website_id)
        if customer_id is not None:
            q = q.where(customer_t.c.id != customer_id)
        if self.conn.execute(q.limit(1)).first() is not None:
            raise InputException(DUPLICATE_EMAIL)

    def write(self, c: CustomerInterface, extra: dict[str, Any]) -> int:
        """Insert or update the customer and its addresses; the customer's id."""
        values = self.customer_values(c)
        addresses = c.addresses
        planned = [self.address_values(a) for a in addresses] if addresses is not None else None
        if self.errors:
            raise InputException.aggregate(self.errors)
        row = self.row
        if row is None or values["email"] != row.email or values.get("website_id", row.website_id) != row.website_id:
            self.check_email_free(values["email"], values.get("website_id", row.website_id if row else None),
                                  row.id if row else None)
        now = _now()
        values.update(extra, updated_at=now)
        try:
            with self.conn.begin_nested():
                if row is None:
                    values["created_at"] = now
                    customer_id = self.conn.execute(customer_t.insert().values(**values)).inserted_primary_key[0]
                else:
                    customer_id = row.id
                    self.conn.execute(update(customer_t).where(customer_t.c.id == customer_id).values(**values))
        except IntegrityError:
            raise InputException(DUPLICATE_EMAIL) from None

        sent = c.sent()
        previous = {"default_billing": row.default_billing if row else None,
                    "default_shipping": row.default_shipping if row else None}
        if planned is None:
            ids = [a.id for a in _addresses(self.conn, [customer_id])[customer_id]] if row else []
            flags: list[tuple[AddressInterface, int]] = []
        else:
            ids, flags = self._replace_addresses(customer_id, addresses, planned, now)
        defaults = {}
        for key in ("default_billing", "default_shipping"):
            defaults[key] = _pick_default(key, flags, ids, sent, previous[key])
        if defaults != previous:
            self.conn.execute(update(customer_t).where(customer_t.c.id == customer_id).values(**defaults))
        extensions.save(self.ctx, EXTENDS, customer_id, sent.get("extension_attributes"))
        return customer_id

    def _replace_addresses(self, customer_id: int, addresses: list[AddressInterface], planned: list[dict], now):
        existing = set()
        if self.row is not None:
            existing = {r.id for r in self.conn.execute(
                select(address_t.c.id).where(address_t.c.customer_id == customer_id))}
        kept: set[int] = set()
        ids: list[int] = []
        for a, values in zip(addresses, planned):
            values["updated_at"] = now
            if a.id is not None and a.id in existing and a.id not in kept:
                self.conn.execute(update(address_t).where(address_t.c.id == a.id).values(**values))
                address_id = a.id
            else:
                address_id = self.conn.execute(address_t.insert().values(
                    customer_id=customer_id, created_at=now, **values)).inserted_primary_key[0]
            kept.add(address_id)
            ids.append(address_id)
        gone = existing - kept
        if gone:
            self.conn.execute(delete(address_t).where(address_t.c.id.in_(gone)))
        return ids, list(zip(addresses, ids))


def _pick_default(key: str, flags: list[tuple[AddressInterface, int]], ids: list[int], sent: dict,
                  previous: int | None) -> int | None:
    """The customer's default address after a save (``key`` is default_billing or default_shipping)."""
    flagged = [aid for a, aid in flags if getattr(a, key) is True]
    if flagged:
        return flagged[-1]
    cleared = {aid for a, aid in flags if getattr(a, key) is False}
    if key in sent:
        chosen = sent[key]
        if chosen is None or not str(chosen).strip():
            return None
        try:
            chosen = int(str(chosen).strip())
        except ValueError:
            raise InputException.invalid_value(key, sent[key]) from None
        if chosen in ids:
            return chosen
    if previous in ids and previous not in cleared:
        return previous
    return None


# --------------------------------------------------------------------------- sign-in

def authenticate(ctx: Context, email: str, password: str) -> int:
    """The id of the customer with these credentials in the current website."""
    row = ctx.conn.execute(select(customer_t.c.id, customer_t.c.password_hash, customer_t.c.confirmation).where(
        customer_t.c.email == (email or "").strip().lower(), customer_t.c.website_id == _website_of(ctx))).first()
    if row is None or not row.password_hash:
        verify_dummy(password or "")
        raise AuthenticationException(SIGN_IN_FAILED)
    if not password or not verify_password(row.password_hash, password):
        raise AuthenticationException(SIGN_IN_FAILED)
    if row.confirmation and ctx.config_flag(CONFIRM):
        raise AuthenticationException(NOT_CONFIRMED)
    return row.id


# --------------------------------------------------------------------------- services

class AccountManagement(Service):
    interface = "Magento\\Customer\\Api\\AccountManagementInterface"
    summary = "Customer account management"

    def create_account(self, customer: CustomerInterface, password: str | None = None,
                       redirect_url: str = "") -> CustomerInterface:
        extra: dict[str, Any] = {}
        if password is not None:
            check_password(self.ctx, password, customer.email)
            extra["password_hash"] = hash_password(password)
        confirmation = secrets.token_hex(16) if self.ctx.config_flag(CONFIRM) else None
        extra["confirmation"] = confirmation
        customer_id = _Writer(self.ctx).write(customer, extra)
        result = load_customer(self.ctx, customer_id)
        events.dispatch(self.ctx, "customer_save_after", customer=result, is_new=True)
        if confirmation:
            mail.enqueue(self.ctx, CONFIRMATION_TEMPLATE, to=result.email,
                         name=" ".join(filter(None, (result.firstname, result.lastname))), store_id=result.store_id or self.ctx.store_id, entity_type="customer", entity_id=result.id,
                         variables={"firstname": result.firstname, "lastname": result.lastname,
                                    "confirmation": confirmation})
        return result

    def change_password_by_id(self, customer_id: int, current_password: str, new_password: str) -> bool:
        row = _row(self.conn, customer_id)
        if not verify_password(row.password_hash, current_password):
            raise AuthenticationException(WRONG_PASSWORD)
        check_password(self.ctx, new_password, row.email)
        self.conn.execute(update(customer_t).where(customer_t.c.id == row.id).values(
            password_hash=hash_password(new_password), rp_token_hash=None, rp_token_created_at=None,
            updated_at=_now()))
        events.dispatch(self.ctx, "customer_credentials_changed", customer_id=row.id)
        return True

    def activate_by_id(self, customer_id: int, confirmation_key: str) -> CustomerInterface:
        row = _row(self.conn, customer_id)
        if not row.confirmation:
            raise StateException("The account is already active.")
        if not secrets.compare_digest(row.confirmation, confirmation_key):
            raise InputException("The confirmation token is invalid. Verify the token and try again.")
        self.conn.execute(update(customer_t).where(customer_t.c.id == row.id).values(
            confirmation=None, updated_at=_now()))
        return load_customer(self.ctx, row.id)

    def _default_address(self, customer_id: int, key: str) -> AddressInterface | None:
        row = _row(self.conn, customer_id)
        address_id = getattr(row, key)
        if address_id is None:
            return None
        a = self.conn.execute(select(address_t).where(address_t.c.id == address_id,
                                                      address_t.c.customer_id == row.id)).first()
        return _address_out(a, row.default_billing, row.default_shipping) if a is not None else None

    def get_default_billing_address(self, customer_id: int) -> AddressInterface | None:
        return self._default_address(customer_id, "default_billing")

    def get_default_shipping_address(self, customer_id: int) -> AddressInterface | None:
        return self._default_address(customer_id, "default_shipping")

    def is_email_available(self, customer_email: str, website_id: int | None = None) -> bool:
        """``true`` for any address unless the shop lets guests sign in at checkout
        (``checkout/options/enable_guest_checkout_login``), so that the route does not tell which
        addresses have accounts; with the setting on, whether no account of the website uses it."""
        website = website_id if website_id is not None else _website_of(self.ctx)
        if not self._guest_login(website):
            return True
        return self.conn.execute(select(customer_t.c.id).where(
            customer_t.c.email == customer_email.strip().lower(), customer_t.c.website_id == website)
            .limit(1)).first() is None

    def _guest_login(self, website_id: int) -> bool:
        config = self.ctx.config
        if config is None:
            return False
        store = scopes.default_store_view(self.conn, website_id)
        return config.flag(GUEST_CHECKOUT_LOGIN, store.store_id if store is not None else self.ctx.store_id)

    def validate(self, customer: CustomerInterface) -> ValidationResultsInterface:
        """The checks of a save, without saving: ``valid`` and the messages of what fails."""
        row = None
        if customer.id is not None:
            row = self.conn.execute(_CUSTOMER_BY_ID, {"id": customer.id}).first()
        writer = _Writer(self.ctx, row)
        writer.customer_values(customer)
        if customer.addresses is not None:
            for a in customer.addresses:
                writer.address_values(a)
        messages: list[str] = []
        for e in writer.errors:
            for one in (e.errors if isinstance(e, InputException) and e.errors else [e]):
                messages.append(one.rendered())
        return ValidationResultsInterface.of(valid=not messages, messages=messages)

    def _by_email(self, email: str, website_id: int | None = None):
        website = website_id if website_id is not None else _website_of(self.ctx)
        row = self.conn.execute(_SELECT_CUSTOMER.where(customer_t.c.email == (email or "").strip().lower(),
                                                       customer_t.c.website_id == website)).first()
        if row is None:
            raise NoSuchEntityException("No such entity with %fieldName = %fieldValue, %field2Name = %field2Value",
                                        {"fieldName": "email", "fieldValue": email,
                                         "field2Name": "websiteId", "field2Value": website})
        return row

    def _check_reset_token(self, row, token: str) -> None:
        if not token or not token.strip():
            raise InputException.required("resetPasswordLinkToken")
        if not row.rp_token_hash or not secrets.compare_digest(
                row.rp_token_hash, hashlib.sha256(token.encode()).hexdigest()):
            raise InputException(TOKEN_MISMATCH)
        hours = float(self.ctx.config_value(RESET_LINK_HOURS, 2) or 2)
        if row.rp_token_created_at is None or row.rp_token_created_at + dt.timedelta(hours=hours) < _now():
            raise StateException(TOKEN_EXPIRED)

    def reset_password(self, email: str, reset_token: str, new_password: str) -> bool:
        """Set a new password with the token a reset e-mail carried; the token is spent, and the
        customer's sessions end."""
        if not email or not email.strip():
            raise InputException.required("email")
        row = self._by_email(email)
        self._check_reset_token(row, reset_token)
        check_password(self.ctx, new_password, row.email)
        self.conn.execute(update(customer_t).where(customer_t.c.id == row.id).values(
            password_hash=hash_password(new_password), rp_token_hash=None, rp_token_created_at=None,
            updated_at=_now()))
        events.dispatch(self.ctx, "customer_credentials_changed", customer_id=row.id)
        return True

    def validate_reset_password_link_token(self, customer_id: int, reset_password_link_token: str) -> bool:
        self._check_reset_token(_row(self.conn, customer_id), reset_password_link_token)
        return True

    def get_confirmation_status(self, customer_id: int) -> str:
        row = _row(self.conn, customer_id)
        if not row.confirmation:
            return "account_confirmed"
        return "account_confirmation_required" if self.ctx.config_flag(CONFIRM) else "account_confirmation_not_required"

    def resend_confirmation(self, email: str, website_id: int, redirect_url: str = "") -> bool:
        row = self._by_email(email, website_id)
        if not row.confirmation:
            raise StateException("Confirmation isn't needed.")
        mail.enqueue(self.ctx, CONFIRMATION_TEMPLATE, to=row.email,
                     name=" ".join(filter(None, (row.firstname, row.lastname))), store_id=row.store_id or None,
                     entity_type="customer", entity_id=row.id,
                     variables={"firstname": row.firstname, "lastname": row.lastname,
                                "confirmation": row.confirmation})
        return True

    def activate(self, email: str, confirmation_key: str) -> CustomerInterface:
        return self.activate_by_id(self._by_email(email).id, confirmation_key)

    def is_readonly(self, customer_id: int) -> bool:
        """Customers may always be edited and deleted: ``false`` for every customer that exists."""
        _row(self.conn, customer_id)
        return False

    def initiate_password_reset(self, email: str, template: str, website_id: int | None = None) -> bool:
        if template not in TEMPLATES:
            raise InputException.invalid_value("template", template)
        address = email.strip().lower()
        if not _EMAIL.fullmatch(address):
            raise InputException.invalid_value("email", email)
        website = website_id if website_id is not None else _website_of(self.ctx)
        row = self.conn.execute(select(customer_t.c.id, customer_t.c.email, customer_t.c.firstname,
                                       customer_t.c.lastname, customer_t.c.store_id).where(
            customer_t.c.email == address, customer_t.c.website_id == website)).first()
        if row is None:
            return True
        token = secrets.token_urlsafe(24)
        self.conn.execute(update(customer_t).where(customer_t.c.id == row.id).values(
            rp_token_hash=hashlib.sha256(token.encode()).hexdigest(), rp_token_created_at=_now()))
        mail.enqueue(self.ctx, RESET_TEMPLATES[template], to=row.email,
                     name=" ".join(filter(None, (row.firstname, row.lastname))), store_id=row.store_id or None,
                     entity_type="customer", entity_id=row.id,
                     variables={"firstname": row.firstname, "lastname": row.lastname, "token": token})
        return True


class CustomerRepository(Service):
    interface = "Magento\\Customer\\Api\\CustomerRepositoryInterface"
    summary = "Customer CRUD"

    def get_by_id(self, customer_id: int) -> CustomerInterface:
        return load_customer(self.ctx, customer_id)

    def get_list(self, search_criteria: SearchCriteria) -> CustomerSearchResults:
        page = search(self.conn, _SELECT_CUSTOMER, search_criteria, SEARCH_FIELDS, customer_t.c.id,
                      search_limits(self.ctx))
        ids = [r.id for r in page.rows]
        addresses = _addresses(self.conn, ids)
        extension = _extensions(self.ctx, ids)
        show = _is_privileged(self.ctx)
        items = [_customer_out(r, addresses[r.id], show, extension.get(r.id)) for r in page.rows]
        return CustomerSearchResults.of(items=items, search_criteria=page.criteria, total_count=page.total_count)

    def save(self, customer: CustomerInterface, password_hash: str | None = None) -> CustomerInterface:
        row = _row(self.conn, customer.id) if customer.id is not None else None
        extra: dict[str, Any] = {}
        if password_hash is not None and _is_privileged(self.ctx):
            if not password_hash.startswith("$argon2"):
                raise InputException.invalid_value("passwordHash", password_hash)
            extra["password_hash"] = password_hash
        customer_id = _Writer(self.ctx, row).write(customer, extra)
        if row is not None and "password_hash" in extra and extra["password_hash"] != row.password_hash:
            events.dispatch(self.ctx, "customer_credentials_changed", customer_id=customer_id)
        result = load_customer(self.ctx, customer_id)
        events.dispatch(self.ctx, "customer_save_after", customer=result, is_new=row is None)
        return result

    def delete_by_id(self, customer_id: int) -> bool:
        row = _row(self.conn, customer_id)
        events.dispatch(self.ctx, "customer_delete_before", customer_id=row.id)
        self.conn.execute(delete(address_t).where(address_t.c.customer_id == row.id))
        self.conn.execute(delete(customer_t).where(customer_t.c.id == row.id))
        return True


class AddressRepository(Service):
    interface = "Magento\\Customer\\Api\\AddressRepositoryInterface"
    summary = "Customer addresses"

    def _address(self, address_id: int):
        a = self.conn.execute(select(address_t).where(address_t.c.id == address_id)).first()
        if a is None:
            raise NoSuchEntityException.single_field("addressId", address_id)
        return a

    def get_by_id(self, address_id: int) -> AddressInterface:
        a = self._address(address_id)
        owner = _row(self.conn, a.customer_id)
        return _address_out(a, owner.default_billing, owner.default_shipping)

    def delete_by_id(self, address_id: int) -> bool:
        """Delete an address; a customer whose default it was has no default of that kind any more."""
        a = self._address(address_id)
        for key in ("default_billing", "default_shipping"):
            self.conn.execute(update(customer_t).where(customer_t.c.id == a.customer_id,
                                                       customer_t.c[key] == a.id).values({key: None}))
        self.conn.execute(delete(address_t).where(address_t.c.id == a.id))
        self.conn.execute(update(customer_t).where(customer_t.c.id == a.customer_id).values(updated_at=_now()))
        return True


def customer_id_by_email(conn: Connection, email: str, website_id: int = 1) -> int | None:
    return conn.execute(select(customer_t.c.id).where(
        customer_t.c.email == email.strip().lower(), customer_t.c.website_id == website_id)).scalar()


def customers_born_on(conn: Connection, month: int, day: int) -> list[Any]:
    """Customers whose date of birth falls on ``month``/``day`` (any year): rows of ``id``, ``website_id``,
    ``group_id``, ``store_id``, by id (for modules' scheduled birthday jobs)."""
    return list(conn.execute(select(customer_t.c.id, customer_t.c.website_id, customer_t.c.group_id,
                                    customer_t.c.store_id).where(
        customer_t.c.dob.is_not(None), extract("month", customer_t.c.dob) == month,
        extract("day", customer_t.c.dob) == day).order_by(customer_t.c.id)))


def email_exists(conn: Connection, email: str, website_id: int = 1) -> bool:
    return conn.execute(select(func.count()).select_from(customer_t).where(
        customer_t.c.email == email.strip().lower(), customer_t.c.website_id == website_id)).scalar_one() > 0


NOT_LOGGED_IN_GROUP = 0
_group_of = select(customer_t.c.group_id).where(customer_t.c.id == bindparam("customer_id"))


def caller_group_id(ctx: Context) -> int:
    """The customer group of the caller: a customer's own group; 0 (NOT LOGGED IN) for guests, admins
    and integrations."""
    customer_id = ctx.caller.customer_id
    if customer_id is None:
        return NOT_LOGGED_IN_GROUP
    group_id = ctx.conn.execute(_group_of, {"customer_id": customer_id}).scalar()
    return NOT_LOGGED_IN_GROUP if group_id is None else int(group_id)


# forced parameters naming the caller's customer group (the vendor modules' placeholder among them)
PLACEHOLDERS["%customer_group_id%"] = caller_group_id
PLACEHOLDERS["%vendor_customer_group%"] = caller_group_id
