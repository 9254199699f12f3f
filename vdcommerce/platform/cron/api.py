"""The data objects of the run history."""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class ScheduleInterface(DataObject, interface="Vdcommerce\\Cron\\Api\\Data\\ScheduleInterface"):
    schedule_id: OrNull[int]
    job_code: OrNull[str]
    status: OrNull[str]
    messages: OrNull[str]
    created_at: OrNull[str]
    scheduled_at: OrNull[str]
    executed_at: OrNull[str]
    finished_at: OrNull[str]


class ScheduleSearchResultsInterface(SearchResults[ScheduleInterface],
                                     interface="Vdcommerce\\Cron\\Api\\Data\\ScheduleSearchResultsInterface"):
    pass
