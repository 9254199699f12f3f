"""Files over HTTP: the public media folder under the media base URL, and the downloads services
answer with (``framework.files.FileResponse``).

The public folder is served as it is: a regular file's bytes with the content type of its extension,
``nosniff`` and a sandboxing ``Content-Security-Policy`` (an uploaded file never runs as a page of the
shop). Only ``GET`` and ``HEAD``; no directory listing; a path with an empty, ``.``, ``..`` or hidden
(dot) segment, a backslash or a NUL, or one that leaves the folder through a link, is a 404 like a
missing file. Private files live in another folder and are reached only through routes whose services
decide who may read them.
"""
from __future__ import annotations

import mimetypes
import os
import stat
from email.utils import formatdate
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import orjson

from ..framework.files import FileResponse
from ..settings import Settings
from .request import JSON_HEADERS, HeaderList, Response

_SAFE_HEADERS: HeaderList = [(b"x-content-type-options", b"nosniff"),
                             (b"content-security-policy", b"default-src 'none'; sandbox")]
_NOT_FOUND = orjson.dumps({"message": "The requested file was not found.", "parameters": []})


def content_type_of(name: str) -> str:
    """The MIME type of a file name's extension (``application/octet-stream`` when unknown)."""
    return mimetypes.guess_type(name, strict=False)[0] or "application/octet-stream"


def _header_type(content_type: str) -> bytes:
    if content_type.startswith("text/") and "charset" not in content_type:
        content_type += "; charset=utf-8"
    return content_type.encode("latin-1")


def file_response(f: FileResponse, head: bool = False) -> Response:
    """A service's download as the response: the bytes, their type, and the name to save them under
    (RFC 6266: an ASCII ``filename`` and the UTF-8 ``filename*``)."""
    body = b"" if head else f.path.read_bytes()
    ascii_name = f.filename.encode("ascii", "replace").decode().replace('"', "").replace("\\", "")
    disposition = f'{"inline" if f.inline else "attachment"}; filename="{ascii_name}"; ' \
                  f"filename*=UTF-8''{quote(f.filename, safe='')}"
    return 200, body, [(b"content-type", _header_type(f.content_type)),
                       (b"content-disposition", disposition.encode("latin-1")),
                       (b"cache-control", b"private, no-store"), *_SAFE_HEADERS]


class MediaFiles:
    """The public media folder under the path of ``VDC_MEDIA_URL``."""

    def __init__(self, settings: Settings) -> None:
        path = urlsplit(settings.media_url).path or "/media/"
        self.prefix = path if path.endswith("/") else path + "/"
        self.root = settings.resolved_media_dir().resolve()

    def handles(self, path: str) -> bool:
        return path.startswith(self.prefix)

    def answer(self, method: str, raw_path: str) -> Response:
        if method not in ("GET", "HEAD"):
            return 405, orjson.dumps({"message": "Request method is invalid.", "parameters": []}), \
                [*JSON_HEADERS, (b"allow", b"GET, HEAD")]
        target = self._resolve(raw_path[len(self.prefix):]) if raw_path.startswith(self.prefix) else None
        if target is None:
            return 404, _NOT_FOUND, JSON_HEADERS
        try:
            info = target.stat()
            if not stat.S_ISREG(info.st_mode):
                return 404, _NOT_FOUND, JSON_HEADERS
            body = b"" if method == "HEAD" else target.read_bytes()
        except OSError:
            return 404, _NOT_FOUND, JSON_HEADERS
        headers: HeaderList = [(b"content-type", _header_type(content_type_of(target.name))),
                               (b"last-modified", formatdate(info.st_mtime, usegmt=True).encode()),
                               (b"cache-control", b"public, max-age=86400"), *_SAFE_HEADERS]
        if method == "HEAD":
            headers.append((b"content-length", str(info.st_size).encode()))
        return 200, body, headers

    def _resolve(self, relative: str) -> Path | None:
        """The file a URL path names inside the folder, or None when the path is not a plain one."""
        segments = [unquote(s) for s in relative.split("/")]
        for s in segments:
            if not s or s.startswith(".") or "\\" in s or "/" in s or "\0" in s:
                return None
        target = self.root.joinpath(*segments)
        try:
            real = Path(os.path.realpath(target))
        except (OSError, ValueError):
            return None
        if real != self.root and self.root not in real.parents:
            return None
        return real
