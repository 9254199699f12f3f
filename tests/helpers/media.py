"""Images and upload bodies for the media tests: real image bytes made with Pillow."""
from __future__ import annotations

import base64
import io
from pathlib import Path

from PIL import Image


def image(fmt: str = "PNG", color: str = "red", size: tuple[int, int] = (4, 3)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, fmt)
    return out.getvalue()


def content(data: bytes, name: str = "tee.png", mime: str = "image/png") -> dict:
    """An ``ImageContentInterface`` body."""
    return {"base64_encoded_data": base64.b64encode(data).decode(), "type": mime, "name": name}


def media_dir(server, private: bool = False) -> Path:
    """The server's media folder (its var dir's, as the harness sets no other)."""
    return Path(server.env["VDC_VAR_DIR"]) / ("media_private" if private else "media")


def stored_files(folder: Path) -> list[str]:
    """Every file under a folder, staged uploads included, relative and sorted."""
    if not folder.exists():
        return []
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
