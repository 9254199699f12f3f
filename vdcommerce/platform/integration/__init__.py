"""Admin users and roles, integrations, tokens and the brute-force lock."""
from . import tables  # noqa: F401
from .service import AdminTokenService, CustomerTokenService, GoogleAuthenticate  # noqa: F401
