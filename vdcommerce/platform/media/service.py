"""Media storage: checked uploads, files stored with the request's transaction, links and downloads.

A module stores a file the platform's way, from base64 content in the JSON body
(``ImageContentInterface``: ``base64_encoded_data``, ``type``, ``name``):

    stored = media.save_upload(self.conn, content, "vendor_storepick")      # a public image
    stored.path, stored.url                                                   # "vendor_storepick/downtown.png"
    doc = media.save_upload(self.conn, content, "vendor_docs", rule=media.files({"pdf"}), private=True)
    return media.download(self.conn, doc.file_id)                             # -> FileResponse

The file is written beside its folder and moved into place only when the request's transaction
commits; a rolled-back request leaves nothing. Every stored file has a ``media_file`` record; the
module keeps its ``file_id`` (or path). docs/platform/media.md says more.
"""
from __future__ import annotations

import base64
import binascii
import datetime as dt
import io
import mimetypes
import os
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass
from itertools import count
from pathlib import Path, PurePosixPath
from typing import Iterable

from sqlalchemy import Connection, bindparam, delete, insert, select
from sqlalchemy.exc import IntegrityError

from ...framework.db import Query, after_commit, after_rollback
from ...framework.exceptions import InputException, NoSuchEntityException
from ...framework.files import FileResponse
from ...settings import get_settings
from .api import ImageContentInterface
from .tables import media_file

PUBLIC, PRIVATE = "public", "private"
STAGING = ".staging"  # beside the stored files (same file system: the move is atomic); never served

FILE_NOT_FOUND = "The requested file was not found."

# Pillow's format names of the image types uploads may have, and their extensions (the first is the
# one a name without an extension gets)
_IMAGE_FORMATS = {"JPEG": ("image/jpeg", ("jpg", "jpeg")), "PNG": ("image/png", ("png",)),
                  "GIF": ("image/gif", ("gif",)), "WEBP": ("image/webp", ("webp",))}
_TYPE_ALIASES = {"image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg"}
_FORBIDDEN = re.compile(r'[/\\?*:";<>()|{}\x00-\x1f\x7f]')
_UNSAFE = re.compile(r"[^a-z0-9_.-]+")
_MAX_STEM = 90


@dataclass(frozen=True)
class UploadRule:
    """What one use accepts. Images: the type is read from the bytes (Pillow), must be one of
    ``types`` and equal the declared one. Other files: the name's extension must be one of
    ``extensions``; the type follows from it."""
    types: frozenset[str]
    image: bool = True
    extensions: frozenset[str] = frozenset()
    noun: str = "image"
    bad_data: str = "The image content must be valid base64 encoded data."
    bad_type: str = "The image MIME type is not valid or not supported."


IMAGES = UploadRule(frozenset(("image/jpeg", "image/png", "image/gif", "image/webp")))
"""Raster images for the shop's pages: JPEG, PNG, GIF, WebP (never SVG, which can carry scripts)."""


def files(extensions: Iterable[str], bad_data: str = "The file content must be valid base64 encoded data.",
          bad_type: str = "Disallowed file type.") -> UploadRule:
    """The rule of non-image files (attachments): the accepted name extensions, lower case."""
    return UploadRule(frozenset(), image=False, extensions=frozenset(e.lower().lstrip(".") for e in extensions),
                      noun="file", bad_data=bad_data, bad_type=bad_type)


@dataclass(frozen=True)
class Upload:
    """An upload that passed its checks: the bytes, a safe file name, the type (and an image's size)."""
    data: bytes
    name: str
    mime_type: str
    width: int | None = None
    height: int | None = None


@dataclass(frozen=True)
class StoredFile:
    file_id: int
    area: str
    path: str        # relative to the area's folder
    mime_type: str
    size: int

    @property
    def private(self) -> bool:
        return self.area == PRIVATE

    @property
    def name(self) -> str:
        return PurePosixPath(self.path).name

    @property
    def url(self) -> str | None:
        """The public URL (under the media base URL); None for a private file."""
        return None if self.private else url(self.path)


# --------------------------------------------------------------------------- checks


def check_upload(content: ImageContentInterface | None, rule: UploadRule = IMAGES) -> Upload:
    """The checked upload of an ``ImageContentInterface``; each failure is an ``InputException`` (400)."""
    if content is None:
        raise InputException(f"The {rule.noun} content is invalid. Verify the content and try again.")
    return decode_upload(content.base64_encoded_data, content.name, content.type, rule)


def decode_upload(data: str | None, name: str | None, declared_type: str | None,
                  rule: UploadRule = IMAGES) -> Upload:
    """Check base64 content, its size, its type and its name (for bodies shaped otherwise, such as
    ``{"base64_encoded_data", "name_with_extension"}``)."""
    limit = get_settings().media_max_bytes
    if not data or not data.strip():
        raise InputException(rule.bad_data)
    if len(data) // 4 * 3 > limit + 3 and len("".join(data.split())) // 4 * 3 > limit + 3:
        raise _too_large(rule, limit)
    try:
        raw = base64.b64decode("".join(data.split()), validate=True)
    except (binascii.Error, ValueError):
        raise InputException(rule.bad_data) from None
    if not raw:
        raise InputException(rule.bad_data)
    if len(raw) > limit:
        raise _too_large(rule, limit)
    stem, ext = safe_name(name, rule.noun)
    if rule.image:
        mime, extensions, width, height = _image_type(raw, rule)
        declared = (declared_type or "").strip().lower()
        if _TYPE_ALIASES.get(declared, declared) != mime:
            raise InputException(rule.bad_type)
        if not ext:
            ext = extensions[0]
        elif ext not in extensions:
            raise InputException(f'The {rule.noun} name\'s extension "%1" does not match its type "%2".', [ext, mime])
        return Upload(raw, f"{stem}.{ext}", mime, width, height)
    if not ext or len(ext) > 10 or (rule.extensions and ext not in rule.extensions):
        raise InputException(rule.bad_type)
    return Upload(raw, f"{stem}.{ext}", mimetypes.guess_type(f"x.{ext}", strict=False)[0] or "application/octet-stream")


def _too_large(rule: UploadRule, limit: int) -> InputException:
    return InputException(f"The {rule.noun} is too large: the largest accepted is %1 bytes.", [limit])


def _image_type(raw: bytes, rule: UploadRule) -> tuple[str, tuple[str, ...], int, int]:
    """The image type read from the bytes (never from what the client says), with its extensions
    and size in pixels; anything Pillow cannot read as one of the accepted types is refused."""
    from PIL import Image

    formats = [f for f, (mime, _) in _IMAGE_FORMATS.items() if mime in rule.types]
    try:
        with Image.open(io.BytesIO(raw), formats=formats) as im:
            fmt, (width, height) = im.format, im.size
            im.verify()
    except Exception:  # noqa: BLE001 - every way Pillow refuses bytes (unknown, truncated, a bomb) is one answer
        raise InputException(rule.bad_type) from None
    mime, extensions = _IMAGE_FORMATS[str(fmt)]
    return mime, extensions, width, height


def safe_name(name: str | None, noun: str = "file") -> tuple[str, str]:
    """(stem, extension) of a client's file name, made safe: no separators or other forbidden
    characters (400), not hidden (400), then ASCII, lower case, ``[a-z0-9_.-]``, at most 90
    characters before the extension."""
    if name is None or not name.strip():
        raise InputException.required("name")
    name = unicodedata.normalize("NFC", name.strip())
    if _FORBIDDEN.search(name):
        raise InputException(f"Provided {noun} name contains forbidden characters.")
    if name.startswith("."):
        raise InputException(f"The {noun} name may not start with a dot.")
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    ascii_name = _UNSAFE.sub("_", ascii_name)
    stem, dot, ext = ascii_name.rpartition(".")
    if not dot:
        stem, ext = ascii_name, ""
    stem = stem.strip("._-")[:_MAX_STEM].strip("._-")
    ext = ext.strip("_-")
    if not re.search(r"[a-z0-9]", stem):
        stem = "file"
    return stem, ext


# --------------------------------------------------------------------------- storing

_by_id = Query(select(media_file).where(media_file.c.file_id == bindparam("file_id")))
_by_path = Query(select(media_file).where(media_file.c.area == bindparam("area"),
                                          media_file.c.path == bindparam("path")))


def root(private: bool = False) -> Path:
    """The folder of the public media files (served under the media base URL), or the private one."""
    return get_settings().resolved_media_dir(private)


def url(path: str) -> str:
    """The public URL of a path under the media folder: ``<media base URL><path>``."""
    return get_settings().media_base_url() + path.lstrip("/")


def save_upload(conn: Connection, content: ImageContentInterface | None, folder: str, rule: UploadRule = IMAGES,
                private: bool = False, dispersion: bool = False) -> StoredFile:
    """Check ``content`` and store it under ``folder``; see ``store``."""
    return store(conn, check_upload(content, rule), folder, private=private, dispersion=dispersion)


def store(conn: Connection, upload: Upload, folder: str, private: bool = False,
          dispersion: bool = False) -> StoredFile:
    """Store a checked upload as ``<folder>/<name>`` (``dispersion``: ``<folder>/m/s/<name>`` from the
    name's first two characters, as the platform keeps product images), ``<name>_1.<ext>`` and so on
    when the name is taken. The bytes are staged now and moved into place when the transaction
    commits; a rollback removes them."""
    area = PRIVATE if private else PUBLIC
    base = root(private)
    directory = _folder(folder)
    stem, _, ext = upload.name.rpartition(".")
    if dispersion:
        directory += "/" + "/".join(_dispersion(stem))
    staged = _stage(base, upload.data)
    after_rollback(conn, lambda: staged.unlink(missing_ok=True))
    created = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
    for n in count():
        path = f"{directory}/{stem}{'' if n == 0 else f'_{n}'}.{ext}"
        if _by_path.first(conn, area=area, path=path) is not None or (base / path).exists():
            continue
        try:
            with conn.begin_nested():
                file_id = conn.execute(insert(media_file).values(
                    area=area, path=path, mime_type=upload.mime_type, size=len(upload.data),
                    created_at=created)).inserted_primary_key[0]
        except IntegrityError:  # taken by a concurrent request since the look-up
            continue
        break
    after_commit(conn, lambda: _place(staged, base / path))
    return StoredFile(file_id, area, path, upload.mime_type, len(upload.data))


def _folder(folder: str) -> str:
    parts = [p for p in folder.strip("/").split("/") if p]
    if not parts or any(p in (".", "..") or p.startswith(".") or "\\" in p for p in parts):
        raise ValueError(f"not a media folder: {folder!r}")
    return "/".join(parts)


def _dispersion(stem: str) -> tuple[str, str]:
    chars = [c if c.isalnum() else "_" for c in stem[:2]]
    return chars[0], (chars[1] if len(chars) > 1 else "_")


def _stage(base: Path, data: bytes) -> Path:
    staging = base / STAGING
    staging.mkdir(parents=True, exist_ok=True)
    staged = staging / secrets.token_hex(16)
    staged.write_bytes(data)
    return staged


def _place(staged: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(staged, target)


def _stored(row: object) -> StoredFile:
    return StoredFile(row.file_id, row.area, row.path, row.mime_type, row.size)  # type: ignore[attr-defined]


def get(conn: Connection, file_id: int) -> StoredFile | None:
    row = _by_id.first(conn, file_id=file_id)
    return None if row is None else _stored(row)


def find(conn: Connection, path: str, private: bool = False) -> StoredFile | None:
    """The record of a path relative to the (public or private) media folder."""
    row = _by_path.first(conn, area=PRIVATE if private else PUBLIC, path=path.lstrip("/"))
    return None if row is None else _stored(row)


def remove(conn: Connection, file_id: int) -> bool:
    """Delete a file's record now and the file itself when the transaction commits; False when there
    was no such record."""
    stored = get(conn, file_id)
    if stored is None:
        return False
    conn.execute(delete(media_file).where(media_file.c.file_id == file_id))
    target = root(stored.private) / stored.path
    after_commit(conn, lambda: target.unlink(missing_ok=True))
    return True


def read(conn: Connection, file_id: int) -> bytes:
    """The bytes of a stored file (a module that answers with base64 content); 404 when missing."""
    stored = get(conn, file_id)
    try:
        if stored is not None:
            return (root(stored.private) / stored.path).read_bytes()
    except OSError:
        pass
    raise NoSuchEntityException(FILE_NOT_FOUND)


def download(conn: Connection, file_id: int, filename: str | None = None, inline: bool | None = None) -> FileResponse:
    """The stored file as a service's answer (a method annotated ``-> FileResponse``): the web API
    sends its bytes, type and ``filename`` (default: its stored name). Images are shown inline unless
    ``inline`` says otherwise. 404 when the record or the file is missing. The caller decides first
    who may read it."""
    stored = get(conn, file_id)
    if stored is None:
        raise NoSuchEntityException(FILE_NOT_FOUND)
    target = root(stored.private) / stored.path
    if not target.is_file():
        raise NoSuchEntityException(FILE_NOT_FOUND)
    return FileResponse(target, stored.mime_type, filename or stored.name,
                        stored.mime_type.startswith("image/") if inline is None else inline)


# --------------------------------------------------------------------------- cleanup


def cleanup(conn: Connection, grace_seconds: float = 3600, dry_run: bool = False) -> list[str]:
    """Remove the files of both media folders that no record describes, and uploads staged by
    requests that never finished, when older than ``grace_seconds`` (a file placed by a request that
    has just committed is younger); then the folders left empty. Returns what was (or, ``dry_run``,
    would be) removed, as ``public:<path>`` / ``private:<path>``. Hidden files other than the
    staging folder's are left alone."""
    horizon = time.time() - grace_seconds
    removed: list[str] = []
    for area in (PUBLIC, PRIVATE):
        base = root(area == PRIVATE)
        if not base.is_dir():
            continue
        known = set(conn.execute(select(media_file.c.path).where(media_file.c.area == area)).scalars())
        for folder, dirs, names in os.walk(base, topdown=True):
            here = Path(folder)
            relative_dir = here.relative_to(base).as_posix()
            staging = relative_dir == STAGING
            dirs[:] = [d for d in dirs if not d.startswith(".") or (here == base and d == STAGING)]
            for name in names:
                if name.startswith(".") and not staging:
                    continue
                target = here / name
                relative = target.relative_to(base).as_posix()
                if not staging and relative in known:
                    continue
                try:
                    if target.is_symlink() or target.stat().st_mtime > horizon:
                        continue
                    if not dry_run:
                        target.unlink()
                except OSError:
                    continue
                removed.append(f"{area}:{relative}")
        if not dry_run:
            for folder, _dirs, _names in sorted(os.walk(base), key=lambda w: -len(w[0])):
                here = Path(folder)
                if here != base and here.name != STAGING and not any(here.iterdir()):
                    here.rmdir()
    return removed
