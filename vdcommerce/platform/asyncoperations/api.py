"""The data objects of async and bulk requests and of their status routes (platform.md 8.3, 8.6)."""
from ...framework.data import DataObject
from ...framework.search import search_results_type


class ItemStatusInterface(DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\ItemStatusInterface"):
    id: int
    data_hash: str
    status: str


class AsyncResponseInterface(DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\AsyncResponseInterface"):
    bulk_uuid: str
    request_items: list[ItemStatusInterface]
    errors: bool


class SummaryOperationStatusInterface(
        DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\SummaryOperationStatusInterface"):
    id: int
    status: int
    result_message: str | None
    error_code: int | None


class OperationInterface(DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\OperationInterface"):
    id: int
    bulk_uuid: str
    topic_name: str
    serialized_data: str
    result_serialized_data: str | None
    status: int
    result_message: str | None
    error_code: int | None


class BulkOperationsStatusInterface(
        DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\BulkOperationsStatusInterface"):
    operations_list: list[SummaryOperationStatusInterface]
    user_type: int | None
    bulk_id: str
    description: str | None
    start_time: str
    user_id: int | None
    operation_count: int


class DetailedBulkOperationsStatusInterface(
        DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\DetailedBulkOperationsStatusInterface"):
    operations_list: list[OperationInterface]
    user_type: int | None
    bulk_id: str
    description: str | None
    start_time: str
    user_id: int | None
    operation_count: int


OperationSearchResultsInterface = search_results_type(
    OperationInterface, "Magento\\AsynchronousOperations\\Api\\Data\\OperationSearchResultsInterface")
