"""A file a service answers with, instead of a data object (a download).

A service method annotated ``-> FileResponse`` returns one; the web API sends the file's bytes with its
content type and a ``Content-Disposition`` naming ``filename``. The service names a stored file and
knows nothing of HTTP. ``platform/media`` builds these for the files it stores (``media.download``).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class FileResponse:
    path: Path                 # the file to send
    content_type: str          # its MIME type
    filename: str              # the name the client saves it under
    inline: bool = False       # shown in the browser (images) rather than saved
