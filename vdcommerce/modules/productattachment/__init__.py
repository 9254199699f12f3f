"""Product attachments: files and links on products and categories, per store view and customer group
(docs/modules/productattachment.md)."""
from . import tables  # noqa: F401
from .service import BackendAttachment, DownloadFile, FrontendAttachment, UploadFile  # noqa: F401
