"""The gift card repositories and management services (docs/modules/giftcard.md).

- ``ImageRepository``: card designs with the elements drawn on them; ``ImageUpload`` stores a
  background file through the platform's media service;
- ``CodePoolRepository`` and ``CodeGeneratorManagement``: code templates, their cart conditions and the
  codes generated from them (unique over every pool);
- ``GiftCardAccountRepository``: the cards (code, balance, status, recipient); ``GiftCardEmailSender``
  writes the card mail to the outbox.

What the cards do in carts and orders is in ``cart.py``.
"""
from __future__ import annotations

import datetime as dt
import random
import re
import secrets
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from sqlalchemy import delete, func, insert, select, update

from ...framework.context import Service
from ...framework.data import DataObject
from ...framework.exceptions import CouldNotDeleteException, CouldNotSaveException, InputException, \
    LocalizedException, NoSuchEntityException
from ...framework.repository import Record, Repository
from ...framework.search import SearchResults
from ...platform import mail, rule
from ...platform.media import service as media
from ...platform.media.api import ImageContentInterface
from ...platform.sales.orders import item_rows
from . import history
from .api import CodeInterface, CodePoolInterface, CodePoolRuleInterface, GiftCardAccountInterface, \
    ImageElementsInterface, ImageInterface
from .tables import account as account_table
from .tables import code as code_table
from .tables import code_pool as pool_table
from .tables import code_pool_rule, image_element
from .tables import image as image_table

IMAGE_NOT_FOUND = 'Image with specified ID "%1" not found.'
POOL_NOT_FOUND = 'Code pool with specified ID "%1" not found.'
ACCOUNT_NOT_FOUND = 'Account with specified ID "%1" not found.'
CODE_NOT_FOUND = 'Account for specified code "%1" not found'
DUPLICATE_CODE = 'Gift Card Account with code_id "%1" is already exists.'
NO_FREE_CODE = 'Code pool "%1" has no free codes left.'
CANNOT_GENERATE = 'Unable to generate %1 unique codes from template "%2".'
NO_RECIPIENT = "The gift card account has no recipient email."
STORE_NOT_FOUND = "The store that was requested wasn't found. Verify the store and try again."

#: code statuses
AVAILABLE, USED = 0, 1
#: account statuses
INACTIVE, ACTIVE, EXPIRED, USED_UP, REDEEMED = 0, 1, 2, 3, 4
USAGES = ("single", "multiple")
IMAGE_FOLDER = "vdgcard/image"
CARD_MAIL = "vdgcard_account_email_template"
BALANCE_MAIL = "vdgcard_balance_email_template"
CENT = Decimal("0.01")
MAX_VALUE = Decimal("9999999999.99")


def remove_errors(entity: str, record_id: Any, e: LocalizedException) -> CouldNotDeleteException:
    return CouldNotDeleteException(f"Unable to remove {entity} with ID %1. Error: %2", [record_id, e.rendered()])


def _deleting(repository: Repository[Any, Any], entity: str, record_id: int) -> bool:
    try:
        return repository.delete_record(record_id)
    except NoSuchEntityException:
        raise
    except LocalizedException as e:
        raise remove_errors(entity, record_id, e) from None


# --------------------------------------------------------------------------- images

class ImageRepository(Repository[ImageInterface, SearchResults[Any]]):
    interface = "Vendor\\GiftCard\\Api\\ImageRepositoryInterface"
    summary = "Gift card images"
    entity = "image"
    table = image_table
    data = ImageInterface
    not_found = IMAGE_NOT_FOUND
    could_not_save = True
    required = ("title",)
    choices = {"status": (0, 1)}
    _elements: list[ImageElementsInterface] | None = None

    def save(self, image: ImageInterface) -> ImageInterface:
        """Create an image (no ``image_id``) or merge the sent keys over the stored one; a sent
        ``image_elements`` list replaces the stored elements."""
        return self.save_record(image)

    def get_by_id(self, id: int) -> ImageInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        """Delete the image and its elements (accounts keep their ``image_id``)."""
        return _deleting(self, "image", id)

    def get_list(self) -> list[ImageInterface]:
        """Every image, with its elements."""
        rows = self.conn.execute(select(image_table).order_by(image_table.c.image_id)).all()
        return [self.to_data(self.from_row(r._mapping)) for r in rows]

    # --- hooks

    def convert(self, sent: Record, stored: Record | None) -> Record:
        self._elements = sent.get("image_elements") or [] if "image_elements" in sent else None
        values = super().convert(sent, stored)
        for key in ("status", "width", "height", "user_upload"):
            if key in values and values[key] is None:
                del values[key]
        for key in ("width", "height"):
            if key in values and values[key] < 0:
                raise InputException.invalid_value(key, values[key])
        return values

    def after_save(self, record: Record, stored: Record | None) -> None:
        if self._elements is None:
            return
        image_id = record["image_id"]
        self.conn.execute(delete(image_element).where(image_element.c.image_id == image_id))
        if self._elements:
            self.conn.execute(insert(image_element), [
                {"image_id": image_id, "name": e.name, "width": e.width, "height": e.height, "pos_x": e.pos_x,
                 "pos_y": e.pos_y, "custom_css": e.custom_css} for e in self._elements])

    def before_delete(self, record: Record) -> None:
        self.conn.execute(delete(image_element).where(image_element.c.image_id == record["image_id"]))

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        drop_unused_file(self.conn, record["image_path"] if record is not None else None)

    def to_data(self, record: Record) -> ImageInterface:
        rows = self.conn.execute(select(image_element).where(image_element.c.image_id == record["image_id"])
                                 .order_by(image_element.c.element_id)).all()
        elements = [ImageElementsInterface.of(element_id=r.element_id, image_id=r.image_id, name=r.name,
                                              width=r.width, height=r.height, pos_x=r.pos_x, pos_y=r.pos_y,
                                              custom_css=r.custom_css) for r in rows]
        out = {key: record.get(key) for key in self.columns}
        return ImageInterface.of(**out, image_elements=elements, baking_info=[])


class ImageUpload(Service):
    interface = "Vendor\\GiftCard\\Api\\ImageUploadInterface"
    summary = "Gift card image files"

    def upload(self, id: int, content: ImageContentInterface) -> ImageInterface:
        """Store an uploaded background (JPEG, PNG, GIF, WebP) in the public media folder
        ``vdgcard/image`` and make its path the image's ``image_path``; the file it replaces is removed
        when no other image names it."""
        repository = ImageRepository(self.ctx)
        before = repository.get_by_id(id)
        stored = media.save_upload(self.conn, content, IMAGE_FOLDER)
        saved = repository.save(ImageInterface.model_validate({"image_id": id, "image_path": stored.path}))
        drop_unused_file(self.conn, before.image_path)
        return saved


def drop_unused_file(conn: Any, path: str | None) -> None:
    """Remove a stored background file that no image names any more (a path set by hand has no file)."""
    if not path:
        return
    users = conn.execute(select(func.count()).select_from(image_table)
                         .where(image_table.c.image_path == path)).scalar_one()
    if users:
        return
    found = media.find(conn, path)
    if found is not None:
        media.remove(conn, found.file_id)


# --------------------------------------------------------------------------- code pools and codes

_PLACEHOLDER = re.compile(r"\{([LD])\}")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_DIGITS = "0123456789"
#: templates with at most this many possible codes are enumerated instead of sampled
_ENUMERATE = 50000


def check_template(template: Any) -> str:
    if not isinstance(template, str) or not template.strip():
        raise InputException.required("template")
    template = template.strip()
    if not _PLACEHOLDER.search(template):
        raise InputException('The template "%1" needs at least one {L} or {D} placeholder.', [template])
    if len(template) > 255:
        raise InputException.invalid_value("template", template)
    return str(template)


def generate_codes(conn: Any, pool_id: int, template: str, qty: int) -> int:
    """Add ``qty`` new Available codes from ``template`` to the pool, unique over every pool; a 400 (and
    nothing added) when the template cannot give that many new codes."""
    template = check_template(template)
    if qty < 0:
        raise InputException.invalid_value("qty", qty)
    if qty == 0:
        return 0
    parts = _PLACEHOLDER.split(template)   # literal, kind, literal, kind, ..., literal
    kinds = parts[1::2]
    capacity = 1
    for k in kinds:
        capacity *= 26 if k == "L" else 10
    length = len(_PLACEHOLDER.sub("x", template))
    prefix = parts[0]
    pattern = re.compile("^" + "".join(re.escape(p) if i % 2 == 0 else ("[A-Z]" if p == "L" else "[0-9]")
                                       for i, p in enumerate(parts)) + "$")

    def build(chars: list[str]) -> str:
        out = [parts[0]]
        for i, ch in enumerate(chars):
            out += [ch, parts[2 * i + 2]]
        return "".join(out)

    def taken_of(candidates: set[str]) -> set[str]:
        found: set[str] = set()
        listed = list(candidates)
        for i in range(0, len(listed), 500):
            found.update(conn.execute(select(code_table.c.code)
                                      .where(code_table.c.code.in_(listed[i:i + 500]))).scalars())
        return found

    new: set[str] = set()
    if capacity <= _ENUMERATE:
        like = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        existing = {c for c in conn.execute(select(code_table.c.code).where(
            func.length(code_table.c.code) == length, code_table.c.code.like(like, escape="\\"))).scalars()
            if pattern.match(c)}
        if capacity - len(existing) < qty:
            raise InputException(CANNOT_GENERATE, [qty, template])
        pools = [_LETTERS if k == "L" else _DIGITS for k in kinds]
        rng = random.SystemRandom()
        while len(new) < qty:
            code = build([rng.choice(p) for p in pools])
            if code not in existing:
                new.add(code)
    else:
        if capacity < qty:
            raise InputException(CANNOT_GENERATE, [qty, template])
        for _ in range(50):
            wanted = qty - len(new)
            if wanted <= 0:
                break
            batch = {build([secrets.choice(_LETTERS if k == "L" else _DIGITS) for k in kinds])
                     for _ in range(wanted + wanted // 4 + 4)} - new
            batch -= taken_of(batch)
            new.update(list(batch)[:wanted])
        if len(new) < qty:
            raise InputException(CANNOT_GENERATE, [qty, template])
    rows = [{"code": c, "code_pool_id": pool_id, "status": AVAILABLE} for c in sorted(new)]
    for i in range(0, len(rows), 1000):
        conn.execute(insert(code_table), rows[i:i + 1000])
    return len(rows)


class CodePoolRepository(Repository[CodePoolInterface, SearchResults[Any]]):
    interface = "Vendor\\GiftCard\\Api\\CodePoolRepositoryInterface"
    summary = "Gift card code pools"
    entity = "code pool"
    table = pool_table
    data = CodePoolInterface
    renamed = {"code_pool_id": "pool_id"}
    id_key = "code_pool_id"
    not_found = POOL_NOT_FOUND
    could_not_save = True
    required = ("title", "template")

    def save(self, code_pool: CodePoolInterface) -> CodePoolInterface:
        """Create a pool and generate its ``qty`` codes from ``template`` (no ``code_pool_id``), or merge
        the sent keys over the stored pool (nothing is generated then); a sent ``code_pool_rule``
        replaces the pool's conditions (null: none)."""
        return self.save_record(code_pool)

    def get_by_id(self, id: int) -> CodePoolInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        """Delete the pool, its conditions and its free codes; used codes stay with their accounts."""
        return _deleting(self, "code pool", id)

    def get_list(self) -> list[CodePoolInterface]:
        rows = self.conn.execute(select(pool_table).order_by(pool_table.c.pool_id)).all()
        return [self.to_data(self.from_row(r._mapping)) for r in rows]

    def get_rule_by_code_pool_id(self, id: int) -> CodePoolRuleInterface | None:
        """The pool's cart conditions (not routed)."""
        return self.get_by_id(id).code_pool_rule

    # --- hooks

    _rule: Any = None

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if "template" in values:
            values["template"] = check_template(values["template"])
        if values.get("qty") is None:
            values.pop("qty", None)
        elif values["qty"] < 0:
            raise InputException.invalid_value("qty", values["qty"])
        self._rule = ...
        if "code_pool_rule" in sent:
            sent_rule = sent["code_pool_rule"]
            text = sent_rule.conditions_serialized if sent_rule is not None else None
            parsed = rule.parse(text, rule.CART)
            self._rule = rule.serialize(parsed) if parsed is not None else None
        return values

    def after_save(self, record: Record, stored: Record | None) -> None:
        pool_id = record["code_pool_id"]
        if stored is None:
            generate_codes(self.conn, pool_id, record["template"], record.get("qty") or 0)
        if self._rule is not ...:
            self.conn.execute(delete(code_pool_rule).where(code_pool_rule.c.pool_id == pool_id))
            if self._rule is not None:
                self.conn.execute(insert(code_pool_rule).values(pool_id=pool_id,
                                                                conditions_serialized=self._rule))

    def before_delete(self, record: Record) -> None:
        pool_id = record["code_pool_id"]
        self.conn.execute(delete(code_pool_rule).where(code_pool_rule.c.pool_id == pool_id))
        self.conn.execute(delete(code_table).where(code_table.c.code_pool_id == pool_id,
                                                   code_table.c.status == AVAILABLE))

    def to_data(self, record: Record) -> CodePoolInterface:
        out = {key: record.get(key) for key in self.columns}
        r = self.conn.execute(select(code_pool_rule).where(
            code_pool_rule.c.pool_id == record["code_pool_id"])).first()
        found = None if r is None else CodePoolRuleInterface.of(
            rule_id=r.rule_id, code_pool_id=r.pool_id, conditions_serialized=r.conditions_serialized)
        return CodePoolInterface.of(**out, code_pool_rule=found)


def pool_conditions(conn: Any, pool_id: int) -> str | None:
    text = conn.execute(select(code_pool_rule.c.conditions_serialized)
                        .where(code_pool_rule.c.pool_id == pool_id)).scalar()
    return str(text) if text else None


class CodeGeneratorManagement(Service):
    interface = "Vendor\\GiftCard\\Api\\CodeGeneratorManagementInterface"
    summary = "Gift card code generation"

    def generate_codes_for_code_pool(self, code_pool_id: int, qty: int) -> bool:
        """Add ``qty`` new codes to the pool from the pool's template."""
        pool = CodePoolRepository(self.ctx).get_by_id(code_pool_id)
        generate_codes(self.conn, code_pool_id, pool.template or "", qty)
        return True

    def generate_codes_by_template(self, code_pool_id: int, template: str, qty: int) -> bool:
        """Add ``qty`` new codes to the pool from the given template."""
        CodePoolRepository(self.ctx).get_by_id(code_pool_id)
        generate_codes(self.conn, code_pool_id, template, qty)
        return True


# --------------------------------------------------------------------------- accounts

class _SentKeys:
    """An account as ``save_record`` reads it: its ``sent`` field hides the data object's ``sent()``."""

    def __init__(self, account: GiftCardAccountInterface):
        self.account = account

    def sent(self) -> dict[str, Any]:
        return DataObject.sent(self.account)


class DuplicateCode(InputException):
    """A code already linked to another account (reported as it is, not as "Unable to save")."""


def money(key: str, value: Any) -> Decimal:
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise InputException.invalid_value(key, value) from None
    if not amount.is_finite() or amount < 0 or amount > MAX_VALUE:
        raise InputException.invalid_value(key, value)
    return amount.quantize(CENT)


def parse_date(key: str, value: Any) -> dt.date | None:
    if value is None or value == "":
        return None
    try:
        return dt.date.fromisoformat(str(value)[:10])
    except ValueError:
        raise InputException.invalid_value(key, value) from None


def parse_datetime(key: str, value: Any) -> dt.datetime | None:
    if value is None or value == "":
        return None
    text = str(value).replace("T", " ").replace("Z", "")
    try:
        return dt.datetime.fromisoformat(text) if len(text) > 10 else \
            dt.datetime.combine(dt.date.fromisoformat(text), dt.time())
    except ValueError:
        raise InputException.invalid_value(key, value) from None


def today() -> dt.date:
    return dt.datetime.now(dt.timezone.utc).date()


def code_row(conn: Any, code_id: int | None) -> Any:
    if code_id is None:
        return None
    return conn.execute(select(code_table).where(code_table.c.code_id == code_id)).first()


class GiftCardAccountRepository(Repository[GiftCardAccountInterface, SearchResults[Any]]):
    interface = "Vendor\\GiftCardAccount\\Api\\GiftCardAccountRepositoryInterface"
    summary = "Gift card accounts"
    entity = "account"
    table = account_table
    data = GiftCardAccountInterface
    renamed = {"store_id": "store", "delivery_date": "date_delivery", "recipient_phone": "mobilenumber"}
    not_found = ACCOUNT_NOT_FOUND
    required = ("initial_value",)
    choices = {"status": (INACTIVE, ACTIVE, EXPIRED, USED_UP, REDEEMED), "usage": USAGES}
    _balance_changed = False
    _before: Decimal | None = None

    def save(self, account: GiftCardAccountInterface) -> GiftCardAccountInterface:
        """Create an account (a free code taken from ``code_pool``, or the free ``code_id``) or merge the
        sent keys over the stored one; at a balance of 0 it becomes Used; a changed balance is mailed
        to the recipient."""
        record_id = account.account_id
        try:
            return self.save_record(cast(GiftCardAccountInterface, _SentKeys(account)))
        except (NoSuchEntityException, DuplicateCode):
            raise
        except LocalizedException as e:
            if record_id is None:
                raise CouldNotSaveException("Unable to save new account. Error: %1", [e.rendered()]) from None
            raise CouldNotSaveException("Unable to save account with ID %1. Error: %2",
                                        [record_id, e.rendered()]) from None

    def get_by_id(self, id: int, reset: bool = False) -> GiftCardAccountInterface:
        """One account (``reset``: read afresh; every read here is fresh)."""
        return self.get_record(id)

    def get_by_code(self, code: str, reset: bool = False) -> GiftCardAccountInterface:
        """The account whose code is ``code`` (a code linked to an account)."""
        found = account_by_code(self.conn, code)
        if found is None:
            raise NoSuchEntityException(CODE_NOT_FOUND, [code])
        return self.to_data(self.from_row(found._mapping))

    def get_by_order_id(self, order_id: int) -> list[GiftCardAccountInterface]:
        """The accounts bought with order ``orderId``'s items (``order_item_id``)."""
        item_ids = [r.item_id for r in item_rows(self.conn, order_id)]
        if not item_ids:
            return []
        rows = self.conn.execute(select(account_table).where(account_table.c.order_item_id.in_(item_ids))
                                 .order_by(account_table.c.account_id)).all()
        return [self.to_data(self.from_row(r._mapping)) for r in rows]

    def get_accounts_by_customer_id(self, customer_id: int) -> list[GiftCardAccountInterface]:
        """The accounts a customer bought (not routed)."""
        rows = self.conn.execute(select(account_table).where(account_table.c.customer_created_id == customer_id)
                                 .order_by(account_table.c.account_id)).all()
        return [self.to_data(self.from_row(r._mapping)) for r in rows]

    def delete_by_id(self, id: int) -> bool:
        """Delete the account; its code stays Used and is never issued again."""
        return _deleting(self, "account", id)

    def get_list(self) -> list[GiftCardAccountInterface]:
        rows = self.conn.execute(select(account_table).order_by(account_table.c.account_id)).all()
        return [self.to_data(self.from_row(r._mapping)) for r in rows]

    # --- hooks

    def new_record(self) -> Record:
        return {**super().new_record(), "order_item_id": 0, "status": ACTIVE, "sent": False,
                "image_generated": False, "usage": "multiple", "website_id": 1}

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        for key in ("status", "usage", "order_item_id", "website_id", "sent", "image_generated"):
            if key in values and values[key] is None:
                del values[key]
        for key in ("initial_value", "current_value"):
            if values.get(key) is not None:
                values[key] = money(key, values[key])
            elif key in values:
                del values[key]
        if "expired_date" in values:
            values["expired_date"] = parse_date("expired_date", values["expired_date"])
        if "delivery_date" in values:
            values["delivery_date"] = parse_datetime("delivery_date", values["delivery_date"])
        if stored is None and "current_value" not in values and values.get("initial_value") is not None:
            values["current_value"] = values["initial_value"]
        own = stored["account_id"] if stored is not None else None
        if values.get("code_id") is not None and (stored is None or values["code_id"] != stored["code_id"]):
            self._take_code(values["code_id"], own)
        elif "code_id" in values and values["code_id"] is None:
            del values["code_id"]
        if stored is None and values.get("code_id") is None:
            pool_id = sent.get("code_pool")
            if pool_id is None:
                raise InputException.required("code_id")
            values["code_id"] = self._free_code_of(pool_id)
        self._before = None
        if stored is not None and "current_value" in values:
            # the balance as it is now, the row locked until the save ends: an order taking its part
            # meanwhile is either before this (and counted in the history's difference) or waits
            self._before = Decimal(self.conn.execute(
                select(account_table.c.current_value).where(account_table.c.account_id == stored["account_id"])
                .with_for_update()).scalar_one())
        self._balance_changed = self._before is not None and self._before != values["current_value"]
        return values

    def _take_code(self, code_id: int, own: int | None) -> None:
        row = code_row(self.conn, code_id)
        if row is None:
            raise InputException('The code with ID "%1" doesn\'t exist.', [code_id])
        holder = self.conn.execute(select(account_table.c.account_id)
                                   .where(account_table.c.code_id == code_id)).scalar()
        if holder is not None and holder != own:
            raise DuplicateCode(DUPLICATE_CODE, [code_id])
        taken = self.conn.execute(update(code_table).where(code_table.c.code_id == code_id,
                                                           code_table.c.status == AVAILABLE)
                                  .values(status=USED)).rowcount
        if not taken and holder is None:
            raise InputException('The code with ID "%1" is already used.', [code_id])

    def _free_code_of(self, pool_id: int) -> int:
        if self.conn.execute(select(pool_table.c.pool_id).where(pool_table.c.pool_id == pool_id)).first() is None:
            raise NoSuchEntityException(POOL_NOT_FOUND, [pool_id])
        for _ in range(20):
            code_id = self.conn.execute(select(code_table.c.code_id).where(
                code_table.c.code_pool_id == pool_id, code_table.c.status == AVAILABLE)
                .order_by(code_table.c.code_id).limit(1)).scalar()
            if code_id is None:
                break
            if self.conn.execute(update(code_table).where(code_table.c.code_id == code_id,
                                                          code_table.c.status == AVAILABLE)
                                 .values(status=USED)).rowcount:
                return int(code_id)
        raise InputException(NO_FREE_CODE, [pool_id])

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        if record.get("current_value") is not None and Decimal(record["current_value"]) <= 0 \
                and record.get("status") != REDEEMED:
            record["status"] = USED_UP

    def after_save(self, record: Record, stored: Record | None) -> None:
        account_id = record["account_id"]
        if stored is None:
            value = Decimal(record["current_value"])
            history.write(self.conn, account_id, history.CREATED, value, value, data=history.context_admin(self.ctx))
        elif self._balance_changed and self._before is not None:
            value = Decimal(record["current_value"])
            history.write(self.conn, account_id, history.CHANGED_BY_ADMIN, value - self._before, value,
                          data=history.context_admin(self.ctx))
        if self._balance_changed and record.get("recipient_email"):
            data = self.to_data(record)
            mail.enqueue(self.ctx, BALANCE_MAIL, to=record["recipient_email"], variables=mail_variables(data),
                         store_id=record.get("store_id") or None, entity_type="vdgcard_account",
                         entity_id=record["account_id"])

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        from .tables import quote_card
        self.conn.execute(delete(quote_card).where(quote_card.c.account_id == record_id))

    def to_data(self, record: Record) -> GiftCardAccountInterface:
        out: dict[str, Any] = {key: record.get(key) for key in self.columns}
        code = code_row(self.conn, record.get("code_id"))
        for key in ("initial_value", "current_value"):
            if out.get(key) is not None:
                out[key] = Decimal(out[key]).quantize(CENT)
        expires, delivery = out.get("expired_date"), out.get("delivery_date")
        if isinstance(expires, (dt.date, dt.datetime)):
            out["expired_date"] = expires.strftime("%Y-%m-%d")
        if isinstance(delivery, dt.datetime):
            out["delivery_date"] = delivery.strftime("%Y-%m-%d %H:%M:%S")
        return GiftCardAccountInterface.of(
            **out, code_pool=code.code_pool_id if code is not None else None,
            code_model=CodeInterface.of(code_id=code.code_id, code=code.code, code_pool_id=code.code_pool_id,
                                        status=code.status) if code is not None else None)


def account_by_code(conn: Any, code: str) -> Any:
    """The account row whose (used) code is ``code``, or None."""
    return conn.execute(select(account_table).join(code_table, code_table.c.code_id == account_table.c.code_id)
                        .where(code_table.c.code == code.strip(), code_table.c.status == USED)).first()


def mail_variables(account: GiftCardAccountInterface) -> dict[str, Any]:
    return {"code": account.code_model.code if account.code_model else "",
            "balance": f"{Decimal(str(account.current_value or 0)):.2f}",
            "initial_value": f"{Decimal(str(account.initial_value or 0)):.2f}",
            "expired_date": account.expired_date or ""}


class GiftCardEmailSender(Service):
    interface = "Vendor\\GiftCardAccount\\Api\\GiftCardEmailSenderInterface"
    summary = "Gift card emails"

    def send(self, account_id: int, store_id: int, recipient_email: str | None = None,
             recipient_name: str | None = None) -> bool:
        """Write the card mail for store view ``storeId`` to the outbox (delivered later) to
        ``recipientEmail`` or the account's recipient, and mark the account sent."""
        repository = GiftCardAccountRepository(self.ctx)
        account = repository.get_by_id(account_id)
        if self.ctx.config is not None and store_id not in self.ctx.config.website_of:
            raise NoSuchEntityException(STORE_NOT_FOUND)
        to = (recipient_email or "").strip() or account.recipient_email
        if not to:
            raise InputException(NO_RECIPIENT)
        variables = {**mail_variables(account), "recipient_name": recipient_name or ""}
        if account.image_id:
            image = self.conn.execute(select(image_table).where(image_table.c.image_id == account.image_id)).first()
            if image is not None:
                variables["card_title"] = image.gcard_title or image.title
                variables["image_url"] = media.url(image.image_path) if image.image_path else ""
        mail.enqueue(self.ctx, CARD_MAIL, to=to, name=recipient_name or "", variables=variables,
                     store_id=store_id, entity_type="vdgcard_account", entity_id=account_id)
        self.conn.execute(update(account_table).where(account_table.c.account_id == account_id).values(sent=True))
        return True
