"""Admin users and roles, integrations, tokens and the brute-force lock (platform.md 4)."""
from . import tables  # noqa: F401
from .service import AdminTokenService, CustomerTokenService, GoogleAuthenticate  # noqa: F401
