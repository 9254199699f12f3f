"""Demo attachments: a guide for everyone, a price list for the Wholesale group only, a video link."""
import mimetypes

from sqlalchemy import Connection, select, update

from ...framework.context import Context
from ...platform.media import service as media
from ...platform.store import service as scopes
from .api import BackendFileInterface
from .service import FOLDER, BackendAttachment
from .tables import attachment_file

GUIDE = b"%PDF-1.4\n% Assembly guide: put the parts together in the order shown.\n"
PRICES = b"sku,price\nMH01,42.00\nMS03,26.50\n"


def _with_file(conn: Connection, file_id: int, data: bytes, name: str) -> None:
    """Store the bytes as the file of a record (the demo has no earlier upload request to attach)."""
    mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
    stored = media.store(conn, media.Upload(data, name, mime), FOLDER, private=True, dispersion=True)
    conn.execute(update(attachment_file).where(attachment_file.c.file_id == file_id).values(
        filepath=stored.path[len(FOLDER) + 1:], extension=name.rpartition(".")[2], mime_type=stored.mime_type,
        size=stored.size, media_file_id=stored.file_id))


def load(conn: Connection) -> None:
    """Create the demo attachments (nothing when there are files already)."""
    if conn.execute(select(attachment_file.c.file_id).limit(1)).first() is not None:
        return
    repo = BackendAttachment(Context(conn, store_id=0))
    guide = repo.save(BackendFileInterface.model_validate({
        "file_name": "assembly-guide", "label": "Assembly guide (PDF)", "attachment_products": ["1"],
        "attachment_categories": ["2"]}))
    _with_file(conn, guide.file_id or 0, GUIDE, "assembly-guide.pdf")
    prices = repo.save(BackendFileInterface.model_validate({
        "file_name": "wholesale-prices", "label": "Wholesale price list", "customer_groups": ["2"],
        "attachment_products": ["1"]}))
    _with_file(conn, prices.file_id or 0, PRICES, "wholesale-prices.csv")
    repo.save(BackendFileInterface.model_validate({
        "attachment_type": 1, "link": "https://www.example.com/videos/assembly", "file_name": "assembly-video",
        "label": "Assembly video", "attachment_products": ["1"], "attachment_categories": ["2"]}))
    german = scopes.store_view_by_code(conn, "de")
    if german is not None:
        BackendAttachment(Context(conn, store_id=german.store_id)).save(BackendFileInterface.model_validate(
            {"file_id": guide.file_id, "label": "Montageanleitung (PDF)"}))
