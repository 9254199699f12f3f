"""The platform's Python client, pymagento, runs unchanged against the live service."""
import json

import pytest
from magento import Magento
from magento.exceptions import MagentoException
from magento.queries import make_search_query

from tests.helpers import unique
from tests.helpers.sales import order_body


@pytest.fixture
def integration_token(server):
    creds = json.loads(server.cli("integration", "create", "--name", unique("pym"), "--json").stdout)
    return creds["access_token"]


@pytest.fixture(params=["admin", "integration"])
def client(request, server, admin_token, integration_token):
    token = admin_token if request.param == "admin" else integration_token
    # scope "default" makes pymagento leave the store segment out (/rest/V1/...)
    return Magento(token=token, base_url=server.url, scope="default", max_retries=None)


def test_create_page_and_render_errors_on_a_module_list_route(client):
    marker = unique("pm")
    for i in range(5):
        created = client.post_json_api("/V1/vendor_faq/question",
                                       json={"question": {"title": f"{marker} question {i}", "email": "a@b.c"}})
        assert created["question_id"] > 0 and created["title"] == f"{marker} question {i}"
    query = make_search_query([[("title", f"{marker}%", "like")]], sort_orders=[("question_id", "ASC")])
    items = list(client.get_paginated("/V1/vendor_faq/question/all", query=query, page_size=2))
    assert [q["title"] for q in items] == [f"{marker} question {i}" for i in range(5)]
    # its own `fields` helper wraps the names in items[...]
    slim = list(client.get_paginated("/V1/vendor_faq/question/all", query=query, page_size=2, fields="question_id,title"))
    assert all(set(q) == {"question_id", "title"} for q in slim) and len(slim) == 5

    # a 404: pymagento formats the message with the positional parameters
    with pytest.raises(MagentoException) as err:
        client.get_json_api("/V1/vendor_faq/question", {"questionId": 987654321}, none_on_404=False)
    assert str(err.value) == 'Question with specified ID "987654321" not found.'
    assert client.get_json_api("/V1/vendor_faq/question", {"questionId": 987654321}) is None  # none_on_404

    # a named-parameter error
    with pytest.raises(MagentoException) as err:
        client.post_json_api("/V1/vendor_faq/question", json={})
    assert str(err.value) == '"question" is required. Enter and try again.'


def test_its_default_scope_all_lists_orders_products_invoices_categories_and_store_configs(server, admin_token, monkeypatch):
    """pymagento sends every call under `all` unless told otherwise: the admin store's (global) scope."""
    monkeypatch.delenv("PYMAGENTO_SCOPE", raising=False)
    client = Magento(token=admin_token, base_url=server.url, max_retries=None)
    assert client.scope == "all"
    marker = unique("PYA-")
    sku = client.post_json_api("/V1/products", json={"product": {
        "sku": marker, "name": f"Tee {marker}", "price": 12.5, "attribute_set_id": 4, "type_id": "simple",
        "extension_attributes": {"stock_item": {"qty": 10, "is_in_stock": True}}}})["sku"]
    email = f"{marker.lower()}@example.com"
    order = client.post_json_api("/V1/orders", json=order_body([(sku, 2, 12.5)], email=email))

    products = list(client.get_products(query=make_search_query([[("sku", marker, "eq")]])))
    assert [(p["sku"], p["price"]) for p in products] == [(marker, 12.5)]
    orders = list(client.get_orders(query=make_search_query([[("customer_email", email, "eq")]])))
    assert [(o["entity_id"], o["store_id"], o["grand_total"]) for o in orders] == [(order["entity_id"], 1, 35)]
    configs = client.get_store_configs()
    assert configs[0]["code"] == "default" and configs[0]["base_currency_code"] == "USD"
    assert [c["code"] for c in client.get_store_configs(["default"])] == ["default"]
    assert client.get_store_views()[0]["code"] == "admin" and client.get_websites()[1]["code"] == "base"
    assert client.get_current_store_group_id(scope="base") == 1  # pymagento walks groups, then websites
    # writes under `all` work as ever
    created = client.post_json_api("/V1/vendor_faq/tag", json={"tag": {"title": unique("all-")}})
    assert created["tag_id"] > 0

    # invoices and categories under `all` too
    invoice_id = int(client.create_order_invoice(order["entity_id"], notify=False))
    invoices = list(client.get_order_invoices(order["entity_id"]))
    assert [(i["entity_id"], i["order_id"], i["grand_total"]) for i in invoices] == [(invoice_id, order["entity_id"], 35)]
    category = client.create_category({"name": f"Shirts {marker}", "parent_id": 2, "is_active": True})
    client.add_product_to_category(category["id"], {"sku": sku, "position": 1})
    found = list(client.get_categories(query=make_search_query([[("name", f"Shirts {marker}", "eq")]])))
    assert [(c["id"], c["parent_id"]) for c in found] == [(category["id"], 2)]
    assert [p["sku"] for p in client.get_category_products(category["id"])] == [sku]
