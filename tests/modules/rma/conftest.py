"""Fixtures of the RMA tests: customers with shipped orders, under the suite's shared server."""
import pytest

from tests.helpers import new_customer, ok
from tests.helpers.sales import create, new_product


@pytest.fixture
def all_client(server, admin_token):
    """The admin under /rest/all: the admin store's scope."""
    with server.client(admin_token, "all") as c:
        yield c


@pytest.fixture
def shopper(server):
    """A customer and a client with their token."""
    customer, token = new_customer(server)
    with server.client(token) as c:
        yield customer, c


def shipped_order(all_client, customer, lines=((2, 30),), ship=True, invoice=True):
    """An order of the customer's for new products (``lines``: (qty, price) each), invoiced and shipped:
    status ``complete``. Answers the order and its SKUs."""
    skus = [new_product(all_client, qty=100, price=price) for _, price in lines]
    order = create(all_client, [(sku, qty, price) for sku, (qty, price) in zip(skus, lines)], shipping=5,
                   customer_id=customer["id"], email=customer["email"], customer_firstname=customer["firstname"],
                   customer_lastname=customer["lastname"])
    oid = order["entity_id"]
    if invoice:
        ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))
    if ship:
        ok(all_client.post(f"/V1/order/{oid}/ship", json={}))
    return ok(all_client.get(f"/V1/orders/{oid}")), skus
