"""Fixtures and helpers of the Cancel Order tests: orders of a customer, made and moved over HTTP."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from tests.helpers import new_customer, ok
from tests.helpers.harness import set_config
from tests.helpers.sales import create, item_of, new_product

MINE = "/V1/vendor_cancelOrder/mine"
RECORDS = "/V1/vendor_cancelOrder/cancelOrder"
CANNOT = "You can't cancel the order."
REQUIRED = '"%fieldName" is required. Enter and try again.'
INVALID = 'Invalid value of "%value" provided for the %fieldName field.'
NO_ORDER = "No such entity with %fieldName = %fieldValue"


@pytest.fixture
def all_client(server, admin_token):
    with server.client(admin_token, "all") as c:
        yield c


@pytest.fixture
def customer(server):
    """A new customer (group General) and a client with their token."""
    account, token = new_customer(server)
    with server.client(token) as me:
        yield account, me


@pytest.fixture
def settings(server):
    """``settings(path, value)`` writes a setting of the shared server; every one is put back after the test."""
    written: list[str] = []

    def write(path: str, value: str) -> None:
        set_config(server.db.engine, path, value)
        written.append(path)

    yield write
    for path in written:
        set_config(server.db.engine, path, None)


@contextmanager
def configured(server, **paths: str):
    """Settings (``general__enabled="0"`` for ``vd_cancel_order/general/enabled``) for the block only."""
    names = {f"vd_cancel_order/{key.replace('__', '/')}": value for key, value in paths.items()}
    for path, value in names.items():
        set_config(server.db.engine, path, value)
    try:
        yield
    finally:
        for path in names:
            set_config(server.db.engine, path, None)


def order_of(all_client, account: dict | None, qty: float = 2, price: float = 45, shipping: float = 10,
             method: str = "checkmo") -> tuple[str, dict]:
    """A new product (100 in stock) and an order of ``qty`` of it placed for the customer (a guest's order
    without one): state new, status pending, nothing paid."""
    sku = new_product(all_client, qty=100, price=price)
    fields = {"customer_id": account["id"], "email": account["email"]} if account else {}
    order = create(all_client, [(sku, qty, price)], shipping=shipping, payment={"method": method}, **fields)
    return sku, order


def invoice(all_client, order: dict) -> None:
    ok(all_client.post(f"/V1/order/{order['entity_id']}/invoice", json={"capture": True}))


def ship(all_client, order: dict, sku: str) -> None:
    item_id = item_of(order, sku)["item_id"]
    ok(all_client.post(f"/V1/order/{order['entity_id']}/ship", json={"items": [{"order_item_id": item_id, "qty": 1}]}))


def comments(admin, order_id: int) -> list[dict]:
    return ok(admin.get(f"/V1/orders/{order_id}/comments"))["items"]


def creditmemos(admin, order_id: int) -> list[dict]:
    return ok(admin.get("/V1/creditmemos", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "order_id",
        "searchCriteria[filter_groups][0][filters][0][value]": order_id}))["items"]


def records_of(admin, order_id: int) -> list[dict]:
    return ok(admin.get(f"{RECORDS}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "order_id",
        "searchCriteria[filter_groups][0][filters][0][value]": order_id}))["items"]
