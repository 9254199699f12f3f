"""What the order archive tests share: orders made over HTTP, list reads, the archive's routes."""
from __future__ import annotations

import pytest

from tests.helpers import ok, unique
from tests.helpers.harness import set_config
from tests.helpers.sales import create

MOVE, RESTORE, DELETE, ARCHIVE = ("/V1/vendorMoveToArchive", "/V1/vendorMoveFromArchive",
                                  "/V1/vendorRemovePermanently", "/V1/vendor_orderarchive/orders")
EMPTY = {"order_ids": [], "invoice_ids": [], "creditmemo_ids": [], "shipment_ids": []}


def by(field, value, condition=None) -> dict:
    params = {"searchCriteria[filter_groups][0][filters][0][field]": field,
              "searchCriteria[filter_groups][0][filters][0][value]": str(value)}
    if condition:
        params["searchCriteria[filter_groups][0][filters][0][condition_type]"] = condition
    return params


def listed(client, path, field, value, condition=None) -> list[int]:
    found = ok(client.get(path, params=by(field, value, condition)))
    assert found["total_count"] == len(found["items"])
    return [i["entity_id"] for i in found["items"]]


@pytest.fixture
def all_client(server, admin_token):
    with server.client(admin_token, "all") as c:
        yield c


def order(all_client, **fields) -> int:
    return create(all_client, [(unique("TEE-"), 1, 45)], shipping=5, **fields)["entity_id"]


def documented_order(all_client, refund=True, **fields) -> tuple[int, dict[str, list[int]]]:
    """An order invoiced, shipped and (``refund``) refunded: its id and its documents' ids."""
    oid = order(all_client, **fields)
    docs = {"invoice_ids": [ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))],
            "shipment_ids": [ok(all_client.post(f"/V1/order/{oid}/ship", json={}))],
            "creditmemo_ids": [ok(all_client.post(f"/V1/order/{oid}/refund", json={}))] if refund else []}
    return oid, docs


def configure(sql, **values: str) -> None:
    """Set configuration paths in the default scope (``general__status`` for ``orderarchive/general/status``)
    straight in the database: the test server reads its configuration afresh on every request, and this
    spares a CLI process per path."""
    for key, value in values.items():
        set_config(sql, "orderarchive/" + key.replace("__", "/"), value)
