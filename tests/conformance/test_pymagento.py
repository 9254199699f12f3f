"""The platform's Python client, pymagento, runs unchanged against the live service (platform.md 10.1)."""
import json

import pytest
from magento import Magento
from magento.exceptions import MagentoException
from magento.queries import make_search_query

from tests.helpers import new_customer, unique


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


def test_get_under_scope_all_is_refused_as_the_platform_does(server, admin_token):
    client = Magento(token=admin_token, base_url=server.url, max_retries=None)  # its default scope: all
    with pytest.raises(MagentoException) as err:
        client.get_json_api("/V1/vendor_faq/question/all", {"searchCriteria": ""}, none_on_404=False)
    assert str(err.value) == "Cannot perform GET operation with store code 'all'"
    # writes under `all` are allowed
    created = client.post_json_api("/V1/vendor_faq/tag", json={"tag": {"title": unique("all-")}})
    assert created["tag_id"] > 0


def test_customers_search_and_get(server, client):
    customer, _ = new_customer(server, firstname=unique("Pym"))
    found = list(client.get_customers(query=make_search_query([[("email", customer["email"], "eq")]])))
    assert [c["id"] for c in found] == [customer["id"]]
    assert client.get_customer(customer["id"])["email"] == customer["email"]
    with pytest.raises(MagentoException) as err:
        client.get_customer(987654321)
    assert str(err.value) == "No such entity with customerId = 987654321"
