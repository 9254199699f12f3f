"""Media storage: uploaded files under the media directory, served under the media base URL."""
from . import tables  # noqa: F401
