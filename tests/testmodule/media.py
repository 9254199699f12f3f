"""What the media tests need that no platform route shows: a customer's private documents (stored
outside the public folder, downloaded by their owner only) and a request that stores a file and then
fails (its transaction rolls back, so no file may be left)."""
from sqlalchemy import Column, ForeignKey, Integer, Table, insert, select

from vdcommerce.framework.context import Service
from vdcommerce.framework.db import metadata
from vdcommerce.framework.exceptions import InputException, NoSuchEntityException
from vdcommerce.framework.files import FileResponse
from vdcommerce.platform.media import service as media
from vdcommerce.platform.media.api import ImageContentInterface

document_t = Table(
    "vendor_testmodule_document", metadata,
    Column("document_id", Integer, primary_key=True, autoincrement=True),
    Column("customer_id", Integer, nullable=False, index=True),
    Column("file_id", Integer, ForeignKey("media_file.file_id"), nullable=False),
)

DOCUMENTS = media.files({"pdf", "txt"})
NOT_FOUND = 'Document with specified ID "%1" not found.'


class DocumentService(Service):
    interface = "Vendor\\Testmodule\\Api\\DocumentInterface"
    summary = "Private documents"

    def upload(self, customer_id: int, document: ImageContentInterface) -> int:
        stored = media.save_upload(self.conn, document, "vdtest/documents", rule=DOCUMENTS, private=True)
        key = self.conn.execute(insert(document_t).values(customer_id=customer_id, file_id=stored.file_id))
        return int(key.inserted_primary_key[0])  # type: ignore[index]  # an INSERT has its key

    def download(self, document_id: int, customer_id: int) -> FileResponse:
        row = self.conn.execute(select(document_t).where(document_t.c.document_id == document_id)).first()
        if row is None or row.customer_id != customer_id:  # another customer's document is not there for them
            raise NoSuchEntityException(NOT_FOUND, [document_id])
        return media.download(self.conn, row.file_id)


class FailingUpload(Service):
    interface = "Vendor\\Testmodule\\Api\\FailingUploadInterface"

    def store(self, content: ImageContentInterface) -> str:
        stored = media.save_upload(self.conn, content, "vdtest")
        raise InputException('Refused after storing "%1".', [stored.path])
