"""The platform's ACL tree root and admin resources, and the list of enabled modules."""
from . import service  # noqa: F401
