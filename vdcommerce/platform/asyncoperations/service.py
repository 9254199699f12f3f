"""The bulk status routes.

A caller sees the bulks it scheduled (same user type and id); a caller whose role is
``Magento_Backend::all`` sees every bulk. Someone else's bulk answers like an unknown one (404), so
the routes do not tell which uuids exist.
"""
from __future__ import annotations

from sqlalchemy import and_, bindparam, func, select

from ...framework.context import Service
from ...framework.db import Query
from ...framework.exceptions import NoSuchEntityException
from ...framework.search import SearchCriteria, SearchField, search, search_limits
from .api import (BulkOperationsStatusInterface, DetailedBulkOperationsStatusInterface, OperationInterface,
                  OperationSearchResultsInterface, SummaryOperationStatusInterface)
from .tables import bulk, operation

_BULK = Query(select(bulk.c.uuid, bulk.c.user_type, bulk.c.user_id, bulk.c.description, bulk.c.start_time,
                     bulk.c.operation_count).where(bulk.c.uuid == bindparam("uuid")))
_OPERATIONS = (select(operation.c.id, operation.c.bulk_uuid, operation.c.topic_name, operation.c.serialized_data,
                      operation.c.result_serialized_data, operation.c.status, operation.c.result_message,
                      operation.c.error_code)
               .where(operation.c.bulk_uuid == bindparam("uuid")).order_by(operation.c.operation_key))
_COUNT = Query(select(func.count()).select_from(operation)
               .where(operation.c.bulk_uuid == bindparam("uuid"), operation.c.status == bindparam("status")))

_o = operation.c
SEARCH_FIELDS = {
    "id": SearchField(_o.id, "int"),
    "bulk_uuid": SearchField(_o.bulk_uuid),
    "topic_name": SearchField(_o.topic_name),
    "serialized_data": SearchField(_o.serialized_data),
    "result_serialized_data": SearchField(_o.result_serialized_data),
    "status": SearchField(_o.status, "int"),
    "result_message": SearchField(_o.result_message),
    "error_code": SearchField(_o.error_code, "int"),
}
_LIST = select(*_OPERATIONS.selected_columns)
_LIST_OWN = _LIST.where(operation.c.bulk_uuid.in_(
    select(bulk.c.uuid).where(and_(bulk.c.user_type == bindparam("user_type"), bulk.c.user_id == bindparam("user_id")))))


def _operation(r) -> OperationInterface:
    return OperationInterface.of(id=r.id, bulk_uuid=r.bulk_uuid, topic_name=r.topic_name,
                                 serialized_data=r.serialized_data, result_serialized_data=r.result_serialized_data,
                                 status=r.status, result_message=r.result_message, error_code=r.error_code)


class _Visible(Service):
    @property
    def sees_all(self) -> bool:
        return self.ctx.caller.resources is None  # Magento_Backend::all

    def _bulk(self, bulk_uuid: str):
        row = _BULK.first(self.conn, uuid=bulk_uuid)
        caller = self.ctx.caller
        if row is None or not (self.sees_all or (row.user_type, row.user_id) == (caller.user_type, caller.user_id)):
            raise NoSuchEntityException.single_field("bulkUuid", bulk_uuid)
        return row


class BulkStatus(_Visible):
    interface = "Magento\\AsynchronousOperations\\Api\\BulkStatusInterface"
    summary = "Bulk operation status"

    def get_bulk_short_status(self, bulk_uuid: str) -> BulkOperationsStatusInterface:
        row = self._bulk(bulk_uuid)
        ops = [SummaryOperationStatusInterface.of(id=r.id, status=r.status, result_message=r.result_message,
                                                  error_code=r.error_code)
               for r in self.conn.execute(_OPERATIONS, {"uuid": bulk_uuid})]
        return BulkOperationsStatusInterface.of(operations_list=ops, **self._summary(row))

    def get_bulk_detailed_status(self, bulk_uuid: str) -> DetailedBulkOperationsStatusInterface:
        row = self._bulk(bulk_uuid)
        ops = [_operation(r) for r in self.conn.execute(_OPERATIONS, {"uuid": bulk_uuid})]
        return DetailedBulkOperationsStatusInterface.of(operations_list=ops, **self._summary(row))

    def get_operations_count_by_bulk_id_and_status(self, bulk_uuid: str, status: int) -> int:
        self._bulk(bulk_uuid)
        return _COUNT.first(self.conn, uuid=bulk_uuid, status=status)[0]

    @staticmethod
    def _summary(row) -> dict:
        return {"user_type": row.user_type, "bulk_id": row.uuid, "description": row.description,
                "start_time": row.start_time, "user_id": row.user_id, "operation_count": row.operation_count}


class OperationRepository(_Visible):
    interface = "Magento\\AsynchronousOperations\\Api\\OperationRepositoryInterface"
    summary = "Bulk operations"

    def get_list(self, search_criteria: SearchCriteria) -> OperationSearchResultsInterface:
        caller = self.ctx.caller
        base = _LIST if self.sees_all else _LIST_OWN.params(user_type=caller.user_type, user_id=caller.user_id)
        page = search(self.conn, base, search_criteria, SEARCH_FIELDS, operation.c.id, search_limits(self.ctx))
        return OperationSearchResultsInterface.of(items=[_operation(r) for r in page.rows],
                                                  search_criteria=page.criteria, total_count=page.total_count)
