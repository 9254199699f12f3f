r"""Store Pickup (`Vendor\StorePickup`): an in-store pickup carrier whose rates carry a pickup comment,
and the shipping estimate routes that show it (docs/modules/storepickup.md)."""
from . import service, tables  # noqa: F401
