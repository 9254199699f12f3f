"""Demo store pickup: two pickup methods, one with a comment image and a German title, offered in the
German store view `de` only (`/rest/de/V1/...`), so that the default store view's estimates stay the
platform's (nothing when there are methods already; in every store view when there is no `de`)."""
import io

from PIL import Image
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.media import service as media
from ...platform.store import service as scopes
from .api import MethodInterface
from .carrier import IMAGE_FOLDER
from .service import MethodRepository
from .tables import method


def _picture() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (48, 32), (40, 110, 180)).save(out, "PNG")
    return out.getvalue()


def load(conn: Connection) -> None:
    if conn.execute(select(method.c.id).limit(1)).first() is not None:
        return
    stored = media.store(conn, media.Upload(_picture(), "downtown.png", "image/png", 48, 32), IMAGE_FOLDER.rstrip("/"))
    german = scopes.store_view_by_code(conn, "de")
    stores = {"store_ids": [german.store_id]} if german is not None else {}
    repository = MethodRepository(Context(conn, store_id=0))
    repository.save(MethodInterface.model_validate({
        "name": "Downtown store", "comment": "Open 9-18 <b>Mon-Sat</b> {IMG}",
        "comment_image": stored.path.removeprefix(IMAGE_FOLDER), **stores,
        "labels": [{"store_id": german.store_id, "label": "Innenstadt", "comment": "Mo-Sa 9-18 Uhr {IMG}"}]
        if german is not None else []}))
    repository.save(MethodInterface.model_validate({
        "name": "Airport kiosk", "price": 2.5, "comment": "Terminal 2, open around the clock.", **stores}))
