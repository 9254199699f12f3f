"""pymagento's bulk calls and bulk status reads, unchanged, against the live service.

The operations run in the consumer that ``vdcommerce serve`` starts beside the web server.
"""
import json
import time

import pytest
from magento import Magento
from magento.exceptions import MagentoException
from magento.queries import make_search_query

from tests.helpers import unique


@pytest.fixture
def integration_token(server):
    return json.loads(server.cli("integration", "create", "--name", unique("pymb"), "--json").stdout)["access_token"]


@pytest.fixture(params=["admin", "integration"])
def client(request, server, admin_token, integration_token):
    token = admin_token if request.param == "admin" else integration_token
    # scope "default": its GET calls (the status reads) go to /rest/V1/..., as GET under "all" is refused
    return Magento(token=token, base_url=server.url, scope="default", max_retries=None)


def settled(client: Magento, bulk_uuid: str, timeout: float = 60) -> dict:
    """The bulk's short status once no operation is open any more."""
    deadline = time.monotonic() + timeout
    while True:
        status = client.get_bulk_status(bulk_uuid)
        if all(o["status"] != 4 for o in status["operations_list"]):
            return status
        assert time.monotonic() < deadline, status
        time.sleep(0.1)


def test_bulk_create_then_every_status_read(client):
    marker = unique("pymb")
    # its default scope is "all": bulk writes go to /rest/all/async/bulk/V1/...
    accepted = client.post_json_api("/V1/vendor_faq/question", async_bulk=True, scope="all",
                                    json=[{"question": {"title": f"{marker} {i}?", "email": "a@b.c"}} for i in range(3)])
    assert accepted["errors"] is False and [i["status"] for i in accepted["request_items"]] == ["accepted"] * 3
    uuid = accepted["bulk_uuid"]

    status = settled(client, uuid)
    assert status["bulk_id"] == uuid and status["operation_count"] == 3
    assert [o["status"] for o in status["operations_list"]] == [1, 1, 1]
    assert client.get_bulk_operation_status_count(uuid, 1) == 3
    assert client.get_bulk_operation_status_count(uuid, 4) == 0
    detailed = client.get_bulk_detailed_status(uuid)
    titles = [json.loads(o["result_serialized_data"])["title"] for o in detailed["operations_list"]]
    assert titles == [f"{marker} {i}?" for i in range(3)]
    # GET /V1/bulk, paged by pymagento until total_count
    operations = list(client.get_bulk_operations(query=make_search_query([[("bulk_uuid", uuid, "eq")]]), page_size=2))
    assert [o["id"] for o in operations] == [o["id"] for o in detailed["operations_list"]]
    assert client.get_bulk_status("0b9c8f7e-0000-4000-8000-000000000000", none_on_404=True) is None


def test_async_update_products_on_the_converted_path(client):
    sku = unique("PYMB-")
    client.save_product({"sku": sku, "name": "Before", "price": 10})
    # PUT /rest/default/async/bulk/V1/products/bySku with [{"product": {"sku": ..., "name": ...}}]
    accepted = client.async_update_products([{"sku": sku, "name": "After"}], scope="default")
    status = settled(client, accepted["bulk_uuid"])
    assert status["operations_list"][0]["status"] == 1, status
    assert client.get_product(sku)["name"] == "After"


def test_a_rejected_bulk_renders_its_message(client):
    with pytest.raises(MagentoException) as err:
        client.put_json_api("/V1/vendor_faq/question/byQuestionId", async_bulk=True, scope="all", throw=True,
                            json=[{"questionId": 1, "question": {"title": "ok"}}, {"question": {"title": "no id"}}])
    assert str(err.value) == "Error processing 1 element of input data"
    assert err.value.response.status_code == 400
