"""CMS pages and blocks: content with store views, identifiers unique per store view, an active flag
(docs/platform/cms.md)."""
from . import tables  # noqa: F401
from . import service  # noqa: F401
