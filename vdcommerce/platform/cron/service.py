"""The run history as a read-only repository (``GET /V1/vdcommerce/cron/schedule``)."""
from __future__ import annotations

from ...framework.repository import Repository
from ...framework.search import SearchCriteria
from .api import ScheduleInterface, ScheduleSearchResultsInterface
from .tables import cron_schedule


class ScheduleRepository(Repository[ScheduleInterface, ScheduleSearchResultsInterface]):
    interface = "Vdcommerce\\Cron\\Api\\ScheduleRepositoryInterface"
    summary = "Scheduled job runs"
    table = cron_schedule
    data = ScheduleInterface
    results = ScheduleSearchResultsInterface
    not_found = 'Schedule with specified ID "%1" not found.'

    def get_list(self, search_criteria: SearchCriteria) -> ScheduleSearchResultsInterface:
        return self.list_records(search_criteria)
