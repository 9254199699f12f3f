"""Product images: the platform's media gallery routes (``/V1/products/:sku/media``).

An entry is an image of a product with a label, a position, a ``disabled`` flag and its roles
(``types``: ``image``, ``small_image``, ``thumbnail``, ``swatch_image``; each role belongs to one
image of a product at most, so giving it to one entry takes it from the others). The file is stored
through platform/media in the public folder ``catalog/product`` under the platform's dispersion path
(``/m/s/ms-tee.jpg`` for ``ms-tee.jpg``), which is the entry's ``file``; its URL is the media base
URL + ``catalog/product`` + ``file``.

Choices where the platform leaves room (docs/platform/media.md lists them): a new entry without a
``position`` goes after the others; ``media_type`` is ``image`` (the default; video entries are not
offered); ``file`` is set by the service and ignored on input; a PUT changes the keys it sends, and
with ``content`` replaces the image (the old file is removed).
"""

from typing import Any

from sqlalchemy import (Boolean, Column, Connection, ForeignKey, Integer, String, Table, bindparam, delete, func,
                        insert, select, update)

from ...framework.context import Context, Service
from ...framework.data import DataObject
from ...framework.db import Query, metadata
from ...framework.exceptions import InputException, NoSuchEntityException
from ..media import service as media
from ..media.api import ImageContentInterface
from ..media.tables import media_file
from .service import NOT_FOUND, product_facts

FOLDER = "catalog/product"
ROLES = ("image", "small_image", "thumbnail", "swatch_image")
ENTRY_NOT_FOUND = "No image with the provided ID was found. Verify the ID and try again."

gallery = Table(
    "catalog_product_entity_media_gallery", metadata,
    Column("value_id", Integer, primary_key=True, autoincrement=True),
    Column("product_id", Integer, ForeignKey("catalog_product_entity.entity_id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("file_id", Integer, ForeignKey("media_file.file_id"), nullable=False),
    Column("media_type", String(32), nullable=False, default="image"),
    Column("label", String(255), nullable=True),
    Column("position", Integer, nullable=False, default=0),
    Column("disabled", Boolean, nullable=False, default=False),
    Column("types", String(255), nullable=False, default=""),  # comma-separated roles
)


class ProductAttributeMediaGalleryEntryExtensionInterface(
        DataObject, interface="Magento\\Catalog\\Api\\Data\\ProductAttributeMediaGalleryEntryExtensionInterface"):
    pass


class ProductAttributeMediaGalleryEntryInterface(
        DataObject, interface="Magento\\Catalog\\Api\\Data\\ProductAttributeMediaGalleryEntryInterface"):
    __id_field__ = "id"
    id: int | None
    media_type: str | None
    label: str | None
    position: int | None
    disabled: bool | None
    types: list[str] | None
    file: str | None
    content: ImageContentInterface | None
    extension_attributes: ProductAttributeMediaGalleryEntryExtensionInterface | None


_columns = (gallery.c.value_id, gallery.c.product_id, gallery.c.file_id, gallery.c.media_type, gallery.c.label,
            gallery.c.position, gallery.c.disabled, gallery.c.types, media_file.c.path)
_base = select(*_columns).select_from(gallery.join(media_file, media_file.c.file_id == gallery.c.file_id))
_entries = Query(_base.where(gallery.c.product_id == bindparam("pid"))
                 .order_by(gallery.c.position, gallery.c.value_id))
_entry = Query(_base.where(gallery.c.product_id == bindparam("pid"), gallery.c.value_id == bindparam("vid")))


def _product_id(conn: Connection, sku: str) -> int:
    facts = product_facts(conn, sku)
    if facts is None:
        raise NoSuchEntityException(NOT_FOUND)
    return facts.id


def _to_data(row: Any) -> ProductAttributeMediaGalleryEntryInterface:
    return ProductAttributeMediaGalleryEntryInterface.of(
        id=row.value_id, media_type=row.media_type, label=row.label, position=row.position,
        disabled=bool(row.disabled), types=[t for t in row.types.split(",") if t],
        file=row.path[len(FOLDER):])


def _roles(types: list[str] | None) -> list[str]:
    out: list[str] = []
    for t in types or []:
        if t not in ROLES:
            raise InputException.invalid_value("types", t)
        if t not in out:
            out.append(t)
    return out


def _take_roles(conn: Connection, product_id: int, roles: list[str], keep: int | None) -> None:
    """Each role belongs to one image of a product: take ``roles`` from the entries other than ``keep``."""
    if not roles:
        return
    for row in _entries.all(conn, pid=product_id):
        if row.value_id == keep:
            continue
        current = [t for t in row.types.split(",") if t]
        left = [t for t in current if t not in roles]
        if left != current:
            conn.execute(update(gallery).where(gallery.c.value_id == row.value_id).values(types=",".join(left)))


def _label(value: str | None) -> str | None:
    if value is not None and len(value) > 255:
        raise InputException.invalid_value("label", value)
    return value


def _media_type(value: str | None) -> str:
    if value not in (None, "", "image"):
        raise InputException.invalid_value("media_type", value)
    return "image"


class ProductMediaGallery(Service):
    """The product's images (``ProductAttributeMediaGalleryManagementInterface``)."""

    interface = "Magento\\Catalog\\Api\\ProductAttributeMediaGalleryManagementInterface"
    summary = "Product media gallery"

    def create(self, sku: str, entry: ProductAttributeMediaGalleryEntryInterface) -> int:
        product_id = _product_id(self.conn, sku)
        sent = entry.sent()
        media_type = _media_type(sent.get("media_type"))
        roles = _roles(sent.get("types"))
        _label(sent.get("label"))
        stored = media.save_upload(self.conn, entry.content, FOLDER, dispersion=True)
        position = sent.get("position")
        if position is None:
            last = self.conn.execute(select(func.max(gallery.c.position))
                                     .where(gallery.c.product_id == product_id)).scalar()
            position = 1 if last is None else last + 1
        _take_roles(self.conn, product_id, roles, None)
        return int(self.conn.execute(insert(gallery).values(
            product_id=product_id, file_id=stored.file_id, media_type=media_type, label=_label(sent.get("label")),
            position=position, disabled=bool(sent.get("disabled") or False),
            types=",".join(roles))).inserted_primary_key[0])

    def update(self, sku: str, entry: ProductAttributeMediaGalleryEntryInterface) -> bool:
        product_id = _product_id(self.conn, sku)
        row = _entry.first(self.conn, pid=product_id, vid=entry.id) if entry.id is not None else None
        if row is None:
            raise NoSuchEntityException(ENTRY_NOT_FOUND)
        sent = entry.sent()
        values: dict[str, Any] = {}
        if "media_type" in sent:
            values["media_type"] = _media_type(sent["media_type"])
        if "label" in sent:
            values["label"] = _label(sent["label"])
        if sent.get("position") is not None:
            values["position"] = sent["position"]
        if sent.get("disabled") is not None:
            values["disabled"] = bool(sent["disabled"])
        if "types" in sent:
            roles = _roles(sent["types"])
            _take_roles(self.conn, product_id, roles, row.value_id)
            values["types"] = ",".join(roles)
        if entry.content is not None:
            stored = media.save_upload(self.conn, entry.content, FOLDER, dispersion=True)
            values["file_id"] = stored.file_id
        if values:
            self.conn.execute(update(gallery).where(gallery.c.value_id == row.value_id).values(**values))
        if "file_id" in values:
            media.remove(self.conn, row.file_id)
        return True

    def remove(self, sku: str, entry_id: int) -> bool:
        product_id = _product_id(self.conn, sku)
        row = _entry.first(self.conn, pid=product_id, vid=entry_id)
        if row is None:
            raise NoSuchEntityException(ENTRY_NOT_FOUND)
        self.conn.execute(delete(gallery).where(gallery.c.value_id == row.value_id))
        media.remove(self.conn, row.file_id)
        return True

    def get(self, sku: str, entry_id: int) -> ProductAttributeMediaGalleryEntryInterface:
        row = _entry.first(self.conn, pid=_product_id(self.conn, sku), vid=entry_id)
        if row is None:
            raise NoSuchEntityException("The image doesn't exist. Verify and try again.")
        return _to_data(row)

    def get_list(self, sku: str) -> list[ProductAttributeMediaGalleryEntryInterface]:
        return [_to_data(r) for r in _entries.all(self.conn, pid=_product_id(self.conn, sku))]


def product_images(conn: Connection, product_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The enabled images of products, in position order, for other packages (a gift's picture in the
    cart): ``{product_id: [{"file", "url", "label", "types"}, ...]}``."""
    out: dict[int, list[dict[str, Any]]] = {pid: [] for pid in product_ids}
    if product_ids:
        rows = conn.execute(_base.where(gallery.c.product_id.in_(product_ids), gallery.c.disabled.is_(False))
                            .order_by(gallery.c.product_id, gallery.c.position, gallery.c.value_id))
        for r in rows:
            out[r.product_id].append({"file": r.path[len(FOLDER):], "url": media.url(r.path), "label": r.label,
                                      "types": [t for t in r.types.split(",") if t]})
    return out


def product_deleted(ctx: Context, product_id: int, sku: str) -> None:
    """Observer of ``catalog_product_delete_before``: the product's images go with it."""
    file_ids = list(ctx.conn.execute(select(gallery.c.file_id).where(gallery.c.product_id == product_id)).scalars())
    ctx.conn.execute(delete(gallery).where(gallery.c.product_id == product_id))
    for file_id in file_ids:
        media.remove(ctx.conn, file_id)
