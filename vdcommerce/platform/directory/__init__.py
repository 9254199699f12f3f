"""Countries with their regions, and the store's currencies: the platform's directory reads."""
from . import service  # noqa: F401
