"""Product attachments (docs/modules/productattachment.md): files and links attached to products and
categories, with per-store-view values and the customer groups that may see them.

- ``BackendAttachment``: the repository admins manage files with (framework/repository.py), its
  store-scoped values kept with ``StoreValues`` (store 0 the defaults).
- ``UploadFile``: a checked upload stored privately as a temporary file (platform/media).
- ``FrontendAttachment`` / ``DownloadFile``: what a visitor may list and download, decided by the
  store view of the URL and the visitor's customer group (a forced parameter).
"""
from __future__ import annotations

import base64
import datetime as dt
import secrets
from collections.abc import Callable, Mapping
from typing import Any, ClassVar
from urllib.parse import parse_qsl, urlencode

from sqlalchemy import ColumnElement, Select, bindparam, delete, false, func, insert, literal, or_, select, update

from ...framework.data import digits
from ...framework.dates import utc_now as _now
from ...framework.context import Context, Service
from ...framework.exceptions import InputException, NoSuchEntityException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria, SearchField
from ...framework.storevalues import ADMIN_STORE_ID, SCOPE_PARAM, StoreValues
from ...platform.media import service as media
from ...settings import get_settings
from .api import BackendFileInterface, BackendFileSearchResultsInterface, FileContentInterface, FrontendFileInterface
from .tables import attachment_file, attachment_file_store, attachment_upload

FOLDER = "vendor_product_attachment"
TMP_FOLDER = FOLDER + "/tmp"
FILE, LINK = 0, 1

LABEL_REQUIRED = "Label is required field."
FILENAME_REQUIRED = "Filename is required field."
FILE_NOT_FOUND = "File not found"
UPLOAD_NOT_FOUND = 'The uploaded file "%1" was not found.'
UPLOAD_LIFETIME = "vendor_product_attachment/upload/lifetime_hours"

#: any extension is accepted: the files are private and only ever sent back as base64
UPLOADS = media.files((), bad_data="Base64Decode File Error", bad_type="Disallowed file type.")

#: keys the system sets: ignored on input, so that a file read back can be sent again as it is
_SYSTEM_KEYS = ("file_path", "file_extension", "mime_type", "file_size", "url_hash", "downloads")
_CSV_KEYS = ("customer_groups", "attachment_products", "attachment_categories")
#: store-scoped keys where a null in the default scope keeps the stored value
_KEEP_ON_NULL = ("customer_groups", "visible", "include_in_order")
_pending = select(attachment_upload).where(attachment_upload.c.temporary_name == bindparam("name"))
_ALIASES = {"filepath": "file_path", "extension": "file_extension", "size": "file_size", "filename": "file_name",
            "is_visible": "visible", "product_ids": "attachment_products", "category_ids": "attachment_categories"}


def _ids(value: Any) -> list[str]:
    """A stored comma list (or a list) as the wire's list of id strings."""
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else value
    return [str(v).strip() for v in items if str(v).strip()]


def _csv(values: list[Any], key: str) -> str:
    out: list[str] = []
    for v in values:
        text = str(v).strip()
        if not (text.isascii() and text.isdigit()):
            raise InputException.invalid_value(key, v)
        if str(int(text)) not in out:
            out.append(str(int(text)))
    return ",".join(out)


def _contains(column: ColumnElement[Any], values: list[Any]) -> ColumnElement[bool]:
    """The comma list ``column`` holds any of ``values`` (ids only)."""
    ids = [str(int(str(v).strip())) for v in values if str(v).strip().isascii() and str(v).strip().isdigit()]
    if not ids:
        return false()
    padded = literal(",") + func.coalesce(column, "") + literal(",")
    return or_(*(padded.like(f"%,{i},%") for i in ids))


def _frontend_url(record: Record) -> str | None:
    """Where a visitor gets the file: the download route for a stored file (files are private, so
    the route checks the visitor first), the link itself for a link."""
    if record.get("attachment_type") == LINK:
        return record.get("link") or None
    if record.get("media_file_id") is None:
        return None
    base = get_settings().base_url.rstrip("/")
    return f"{base}/rest/V1/vendor_product_attachment/download?fileId={record['file_id']}"


def _with_params(url: str, params: Mapping[str, str]) -> str:
    if not params:
        return url
    return url + ("&" if "?" in url else "?") + urlencode(params)


class BackendAttachment(Repository[BackendFileInterface, BackendFileSearchResultsInterface]):
    interface = "Vendor\\ProductAttachmentApi\\Api\\BackendAttachmentInterface"
    summary = "Product attachment files"
    entity = "file"
    table = attachment_file
    data = BackendFileInterface
    results = BackendFileSearchResultsInterface
    store_values = StoreValues(attachment_file_store)
    renamed = {"file_path": "filepath", "file_extension": "extension", "file_size": "size",
               "file_name": "filename", "visible": "is_visible", "attachment_products": "product_ids",
               "attachment_categories": "category_ids"}
    choices = {"attachment_type": (FILE, LINK)}

    _fields: ClassVar[dict[str, SearchField]]

    # --- routes

    def save(self, file: BackendFileInterface) -> BackendFileInterface:
        return self.save_record(file)

    def get_by_id(self, file_id: int) -> BackendFileInterface:
        return self.get_record(file_id)

    def delete_by_id(self, file_id: int) -> bool:
        return self.delete_record(file_id)

    def get_list(self, search_criteria: SearchCriteria) -> BackendFileSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def find(self, record_id: Any) -> Record | None:
        if isinstance(record_id, int) and not 0 < record_id < 2**31:
            return None  # no such id; the databases' integer columns could not even compare it
        return super().find(record_id)

    def missing(self, record_id: Any) -> NoSuchEntityException:
        return NoSuchEntityException.single_field("fileId", record_id)

    def new_record(self) -> Record:
        record = super().new_record()
        record.update(customer_groups="", visible=True, include_in_order=False, attachment_products="",
                      attachment_categories="", attachment_type=FILE, downloads=0, media_file_id=None)
        return record

    def convert(self, sent: Record, stored: Record | None) -> Record:
        sent = {k: v for k, v in sent.items() if k not in _SYSTEM_KEYS}
        default_scope = stored is None or self.store_scope() == ADMIN_STORE_ID
        tmp_file = sent.pop("tmp_file", None)
        for key in ("attachment_products", "attachment_categories"):
            if key in sent and sent[key] is None:
                del sent[key]  # null keeps what there is
        if default_scope:
            for key in _KEEP_ON_NULL:
                if key in sent and sent[key] is None:
                    del sent[key]
        for key in _CSV_KEYS:
            if sent.get(key) is not None:
                sent[key] = _csv(sent[key], key)
        values = super().convert(sent, stored)
        if stored is None:
            values["url_hash"] = secrets.token_hex(16)
        if tmp_file:
            values.update(self._attach(tmp_file, stored))
        return values

    def _attach(self, tmp_file: str, stored: Record | None) -> Record:
        """Move a temporary upload into the attachment folder; the file fields from it."""
        row = self.conn.execute(_pending, {"name": tmp_file.strip()}).first()
        upload = media.get(self.conn, row.media_file_id) if row is not None else None
        if row is None or upload is None:
            raise InputException(UPLOAD_NOT_FOUND, [tmp_file])
        try:
            data = media.read(self.conn, upload.file_id)
        except NoSuchEntityException:
            raise InputException(UPLOAD_NOT_FOUND, [tmp_file]) from None
        kept = media.store(self.conn, media.Upload(data, upload.name, upload.mime_type), FOLDER,
                           private=True, dispersion=True)
        self.conn.execute(delete(attachment_upload).where(attachment_upload.c.temporary_name == row.temporary_name))
        media.remove(self.conn, upload.file_id)
        if stored is not None and stored.get("media_file_id") is not None:
            media.remove(self.conn, stored["media_file_id"])
        return {"file_path": kept.path[len(FOLDER) + 1:], "file_extension": kept.name.rpartition(".")[2],
                "mime_type": kept.mime_type, "file_size": kept.size, "media_file_id": kept.file_id}

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        if stored is None or self.store_scope() == ADMIN_STORE_ID:
            if not (record.get("label") or "").strip():
                raise InputException(LABEL_REQUIRED)
            if not (record.get("file_name") or "").strip():
                raise InputException(FILENAME_REQUIRED)

    def from_row(self, row: Mapping[Any, Any]) -> Record:
        record = super().from_row(row)
        record["media_file_id"] = row["media_file_id"]
        return record

    def to_row(self, record: Record) -> dict[str, Any]:
        row = super().to_row(record)
        row["media_file_id"] = record.get("media_file_id")
        return row

    def before_delete(self, record: Record) -> None:
        if record.get("media_file_id") is not None:
            media.remove(self.conn, record["media_file_id"])

    def search_fields(self) -> Mapping[str, SearchField]:
        return self._fields

    def to_data(self, record: Record) -> BackendFileInterface:
        out = {key: record.get(key) for key in self.columns}
        for key in self.scoped:
            out[key] = record.get(key)
        for key in _CSV_KEYS:
            out[key] = _ids(record.get(key))
        return BackendFileInterface.of(**out, icon_url="", frontend_url=_frontend_url(record))

    # --- for the visitor routes

    def visible_files(self, where: ColumnElement[bool], group: int, in_order_only: bool) -> list[Record]:
        """The files matching ``where`` that the store view shows to customer group ``group``."""
        f = self._fields
        stmt: Select[Any] = self.base.where(where, f["visible"].column.is_(True))
        stmt = stmt.where(or_(func.coalesce(f["customer_groups"].column, "") == "",
                              _contains(f["customer_groups"].column, [group])))
        if in_order_only:
            stmt = stmt.where(f["include_in_order"].column.is_(True))
        stmt = stmt.order_by(self.pk).params({SCOPE_PARAM: self.store_scope()})
        return [self.from_row(r._mapping) for r in self.conn.execute(stmt)]

    def allowed(self, record: Record, group: int) -> bool:
        groups = _ids(record.get("customer_groups"))
        return bool(record.get("visible")) and (not groups or str(group) in groups)


def _members(column: ColumnElement[Any]) -> Callable[[list[Any]], ColumnElement[bool]]:
    return lambda values: _contains(column, values)


def _search_fields() -> dict[str, SearchField]:
    fields = dict(BackendAttachment._search)
    for key in _CSV_KEYS:
        column = fields[key].column
        fields[key] = SearchField(column, "string", members=_members(column))
    for alias, key in _ALIASES.items():
        fields[alias] = fields[key]
    return fields


BackendAttachment._fields = _search_fields()


class UploadFile(Service):
    interface = "Vendor\\ProductAttachmentApi\\Api\\UploadFileInterface"
    summary = "Upload an attachment file"

    def upload(self, file_content: FileContentInterface) -> FileContentInterface:
        upload = media.decode_upload(file_content.base64_encoded_data, file_content.name_with_extension, None,
                                     UPLOADS)
        stored = media.store(self.conn, upload, TMP_FOLDER, private=True)
        self.conn.execute(insert(attachment_upload).values(temporary_name=stored.name, media_file_id=stored.file_id,
                                                           created_at=_now()))
        return FileContentInterface.of(temporary_name=stored.name)



class ExpireUploads:
    """The scheduled job that removes uploads never attached to a file, once older than the
    configured lifetime (``vendor_product_attachment/upload/lifetime_hours``, default 24)."""

    def execute(self, ctx: Context) -> None:
        try:
            hours = float(ctx.config_value(UPLOAD_LIFETIME, 24))
        except (TypeError, ValueError):
            hours = 24.0
        horizon = _now() - dt.timedelta(hours=max(hours, 0))
        rows = ctx.conn.execute(select(attachment_upload.c.temporary_name, attachment_upload.c.media_file_id)
                                .where(attachment_upload.c.created_at <= horizon)).all()
        for row in rows:
            ctx.conn.execute(delete(attachment_upload).where(attachment_upload.c.temporary_name == row.temporary_name))
            media.remove(ctx.conn, row.media_file_id)


def _extra(params: Any) -> dict[str, str]:
    """``extraUrlParams`` as query parameters: ``[utm_source]=app`` or a list of ``key=value``."""
    if isinstance(params, str):
        return dict(parse_qsl(params))
    if isinstance(params, Mapping):
        return {str(k): "" if v is None else str(v) for k, v in params.items()}
    out: dict[str, str] = {}
    for item in params or []:
        key, _, value = str(item).partition("=")
        if key:
            out[key] = value
    return out


class FrontendAttachment(Service):
    interface = "Vendor\\ProductAttachmentApi\\Api\\FrontendAttachmentInterface"
    summary = "Attachments a visitor may see"

    def get_by_product_id(self, product_id: int, extra_url_params: dict[str, str] | None = None,
                          include_in_order_only: bool = False,
                          vendor_customer_group: int = 0) -> list[FrontendFileInterface]:
        repo = BackendAttachment(self.ctx)
        where = _contains(repo._fields["attachment_products"].column, [product_id])
        return self._out(repo.visible_files(where, vendor_customer_group, include_in_order_only), extra_url_params)

    def get_by_category_id(self, category_id: int, extra_url_params: dict[str, str] | None = None,
                           include_in_order_only: bool = False,
                           vendor_customer_group: int = 0) -> list[FrontendFileInterface]:
        repo = BackendAttachment(self.ctx)
        where = _contains(repo._fields["attachment_categories"].column, [category_id])
        return self._out(repo.visible_files(where, vendor_customer_group, include_in_order_only), extra_url_params)

    def get_by_file_ids(self, file_ids: list[str], extra_url_params: dict[str, str] | None = None,
                        include_in_order_only: bool = False,
                        vendor_customer_group: int = 0) -> list[FrontendFileInterface]:
        ids = sorted({int(i) for i in file_ids
                      if digits(str(i).strip()) and int(i) < 2**31})
        if not ids:
            return []
        repo = BackendAttachment(self.ctx)
        return self._out(repo.visible_files(repo.pk.in_(ids), vendor_customer_group, include_in_order_only),
                         extra_url_params)

    def _out(self, records: list[Record], extra: Any) -> list[FrontendFileInterface]:
        params = _extra(extra)
        out = []
        for r in records:
            url = _frontend_url(r)
            out.append(FrontendFileInterface.of(
                file_id=r["file_id"], mime_type=r.get("mime_type"), file_size=r.get("file_size"),
                file_name=r.get("file_name"), label=r.get("label"), icon_url="",
                url=_with_params(url, params) if url else None))
        return out


class DownloadFile(Service):
    interface = "Vendor\\ProductAttachmentApi\\Api\\DownloadFileInterface"
    summary = "Download an attachment a visitor may see"

    def download(self, file_id: int, product_id: int = 0, category_id: int = 0,
                 vendor_customer_group: int = 0) -> FileContentInterface:
        repo = BackendAttachment(self.ctx)
        record = repo.load(file_id)
        if (not repo.allowed(record, vendor_customer_group)
                or (product_id and str(product_id) not in _ids(record.get("attachment_products")))
                or (category_id and str(category_id) not in _ids(record.get("attachment_categories")))
                or record.get("attachment_type") == LINK or record.get("media_file_id") is None):
            raise InputException(FILE_NOT_FOUND)
        try:
            data = media.read(self.conn, record["media_file_id"])
        except NoSuchEntityException:
            raise InputException(FILE_NOT_FOUND) from None
        self.conn.execute(update(attachment_file).where(attachment_file.c.file_id == record["file_id"])
                          .values(downloads=attachment_file.c.downloads + 1))
        name = f"{record.get('file_name')}.{record.get('file_extension')}"
        return FileContentInterface.of(base64_encoded_data=base64.b64encode(data).decode("ascii"),
                                       name_with_extension=name)
