r"""Landing pages (`Vendor\Xlanding`): product listings chosen by conditions, each with its own URL key,
layout and texts; a dynamic page replaces a category's listing (docs/modules/xlanding.md)."""
from . import cron, observers, service, tables  # noqa: F401
