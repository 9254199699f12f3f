r"""Store Pickup with Locator (`Vendor\StorePickupWithLocator`): pickup locations with weekly schedules,
the location, date, time slot and curbside details a shopper chooses for a cart, checked again and
kept with the order (docs/modules/storepickupwithlocator.md)."""
from . import checkout, service, tables  # noqa: F401
