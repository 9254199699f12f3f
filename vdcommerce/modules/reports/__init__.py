r"""Advanced Reports (`Vendor\Reports`): report rules over catalog products and their product index
(docs/modules/reports.md)."""
from . import cron, observers, service, tables  # noqa: F401
