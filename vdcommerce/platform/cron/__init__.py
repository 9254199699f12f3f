"""The scheduler: jobs declared in each package's etc/crontab.xml, run by one runner at a time."""
from . import tables  # noqa: F401
from .service import ScheduleRepository  # noqa: F401
