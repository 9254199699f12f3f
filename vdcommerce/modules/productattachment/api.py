"""The product attachment data objects (the module's Api/Data interfaces), fields in wire order."""
from ...framework.data import DataObject, Out
from ...framework.search import SearchResults


class FrontendFileInterface(DataObject, interface="Vendor\\ProductAttachmentApi\\Api\\Data\\FrontendFileInterface"):
    """A file as visitors see it."""
    file_id: int | None
    mime_type: str | None
    file_size: int | None
    file_name: str | None
    label: str | None
    icon_url: str | None
    url: str | None


class FileContentInterface(DataObject, interface="Vendor\\ProductAttachmentApi\\Api\\Data\\FileContentInterface"):
    """A file's bytes in a JSON body (an upload, a download) or the name of a stored upload."""
    base64_encoded_data: str | None
    name_with_extension: str | None
    temporary_name: Out[str] | None


class BackendFileInterface(DataObject, interface="Vendor\\ProductAttachmentApi\\Api\\Data\\BackendFileInterface"):
    """A file as admins manage it; the store-scoped keys as the URL's store view sees them."""
    file_id: int | None
    attachment_type: int | None
    file_path: str | None
    link: str | None
    file_extension: str | None
    mime_type: str | None
    file_size: int | None
    file_name: str | None
    label: str | None
    customer_groups: list[str] | None
    visible: bool | None
    include_in_order: bool | None
    icon_url: str | None
    frontend_url: str | None
    url_hash: str | None
    attachment_products: list[str] | None
    attachment_categories: list[str] | None
    tmp_file: str | None
    downloads: int | None


class BackendFileSearchResultsInterface(
        SearchResults[BackendFileInterface],
        interface="Vendor\\ProductAttachmentApi\\Api\\Data\\BackendFileSearchResultsInterface"):
    pass
