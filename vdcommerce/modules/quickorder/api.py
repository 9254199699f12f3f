"""The Quick Order data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull


class ProductInterface(DataObject, interface="Vendor\\QuickOrder\\Api\\Data\\Search\\ProductInterface"):
    id: OrNull[int]
    sku: OrNull[str]
    name: OrNull[str]
    price: OrNull[str]
    image: OrNull[str]
    type_id: OrNull[str]


class QuickOrderItemInterface(DataObject, interface="Vendor\\QuickOrder\\Api\\Data\\QuickOrderItemInterface"):
    sku: OrNull[str]
    qty: OrNull[float]
    options: OrNull[list[str]]
    position: OrNull[int]


class ValidationResultInterface(DataObject, interface="Vendor\\QuickOrder\\Api\\Data\\ValidationResultInterface"):
    position: OrNull[int]
    sku: OrNull[str]
    qty: OrNull[float]
    status: OrNull[int]
    message: OrNull[str]
    product_id: OrNull[int]
    product_name: OrNull[str]


class AddToCartResultInterface(DataObject, interface="Vendor\\QuickOrder\\Api\\Data\\AddToCartResultInterface"):
    success: OrNull[bool]
    added_count: OrNull[int]
    product_ids: OrNull[list[int]]
    message: OrNull[str]
    errors: OrNull[list[ValidationResultInterface]]
