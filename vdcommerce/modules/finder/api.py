"""The parts finder's data objects (its Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull, Out

_DATA = "Vendor\\Finder\\Api\\Data\\"


class DropdownInterface(DataObject, interface=_DATA + "DropdownInterface"):
    __id_field__ = "dropdown_id"
    dropdown_id: OrNull[int]
    finder_id: OrNull[int]
    pos: OrNull[int]
    name: OrNull[str]
    sort: OrNull[int]
    range: OrNull[int]
    display_type: OrNull[int]


class FinderInterface(DataObject, interface=_DATA + "FinderInterface"):
    __id_field__ = "finder_id"
    finder_id: OrNull[int]
    cnt: OrNull[int]
    name: OrNull[str]
    template: OrNull[str]
    meta_title: OrNull[str]
    meta_descr: OrNull[str]
    custom_url: OrNull[str]
    default_category: OrNull[int]
    position: OrNull[int]
    finder_is_visible: Out[OrNull[int]]


class ValueInterface(DataObject, interface=_DATA + "ValueInterface"):
    __id_field__ = "value_id"
    value_id: OrNull[int]
    parent_id: OrNull[int]
    dropdown_id: OrNull[int]
    name: OrNull[str]


class UniversalInterface(DataObject, interface=_DATA + "UniversalInterface"):
    __id_field__ = "universal_id"
    universal_id: OrNull[int]
    finder_id: OrNull[int]
    sku: OrNull[str]
    pid: OrNull[int]


class MapInterface(DataObject, interface=_DATA + "MapInterface"):
    id: OrNull[int]
    value_id: OrNull[int]
    pid: OrNull[int]
    sku: OrNull[str]


class FinderOptionInterface(DataObject, interface=_DATA + "FinderOptionInterface"):
    dropdown_id: OrNull[int]
    value: OrNull[str]


class ImportLogInterface(DataObject, interface=_DATA + "ImportLogInterface"):
    file_id: str | None
    file_name: str | None
    finder_id: str | None
    started_at: str | None
    updated_at: str | None
    ended_at: str | None
    count_lines: OrNull[int]
    count_processing_lines: OrNull[int]
    last_start_processing_line: OrNull[int]
    count_processing_rows: OrNull[int]
    count_errors: OrNull[int]
    status: OrNull[int]
    is_locked: OrNull[int]


class ImportHistoryInterface(DataObject, interface=_DATA + "ImportHistoryInterface"):
    file_id: str | None
    file_name: str | None
    finder_id: str | None
    started_at: str | None
    updated_at: str | None
    ended_at: str | None
    count_lines: OrNull[int]
    count_processing_lines: OrNull[int]
    count_processing_rows: OrNull[int]
    count_errors: OrNull[int]


class ImportErrorsInterface(DataObject, interface=_DATA + "ImportErrorsInterface"):
    error_id: int | None
    import_file_log_id: int | None
    import_file_log_history_id: int | None
    created_at: str | None
    line: OrNull[int]
    message: OrNull[str]


class ImportFileInterface(DataObject, interface=_DATA + "ImportFileInterface"):
    """An uploaded import file (input only): its name and its CSV text, base64-encoded."""
    name: OrNull[str]
    base64_encoded_data: OrNull[str]
