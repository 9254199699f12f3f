"""The data objects of async and bulk requests and of their status routes."""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class ItemStatusInterface(DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\ItemStatusInterface"):
    id: OrNull[int]
    data_hash: OrNull[str]
    status: OrNull[str]


class AsyncResponseInterface(DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\AsyncResponseInterface"):
    bulk_uuid: OrNull[str]
    request_items: OrNull[list[ItemStatusInterface]]
    errors: OrNull[bool]


class SummaryOperationStatusInterface(
        DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\SummaryOperationStatusInterface"):
    id: OrNull[int]
    status: OrNull[int]
    result_message: str | None
    error_code: int | None


class OperationExtensionInterface(DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\OperationExtensionInterface"):
    pass


class OperationInterface(DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\OperationInterface"):
    id: OrNull[int]
    bulk_uuid: OrNull[str]
    topic_name: OrNull[str]
    serialized_data: OrNull[str]
    result_serialized_data: str | None
    status: OrNull[int]
    result_message: str | None
    error_code: int | None
    extension_attributes: OperationExtensionInterface | None


class BulkOperationsStatusExtensionInterface(DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\BulkOperationsStatusExtensionInterface"):
    pass


class BulkOperationsStatusInterface(
        DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\BulkOperationsStatusInterface"):
    operations_list: OrNull[list[SummaryOperationStatusInterface]]
    user_type: int | None
    bulk_id: OrNull[str]
    description: str | None
    start_time: OrNull[str]
    user_id: int | None
    operation_count: OrNull[int]
    extension_attributes: BulkOperationsStatusExtensionInterface | None


class DetailedBulkOperationsStatusExtensionInterface(DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\DetailedBulkOperationsStatusExtensionInterface"):
    pass


class DetailedBulkOperationsStatusInterface(
        DataObject, interface="Magento\\AsynchronousOperations\\Api\\Data\\DetailedBulkOperationsStatusInterface"):
    operations_list: OrNull[list[OperationInterface]]
    user_type: int | None
    bulk_id: OrNull[str]
    description: str | None
    start_time: OrNull[str]
    user_id: int | None
    operation_count: OrNull[int]
    extension_attributes: DetailedBulkOperationsStatusExtensionInterface | None


class OperationSearchResultsInterface(
        SearchResults[OperationInterface],
        interface="Magento\\AsynchronousOperations\\Api\\Data\\OperationSearchResultsInterface"):
    pass
