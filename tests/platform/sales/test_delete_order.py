"""The services modules use to report and delete an order's documents: ``order_documents`` and
``delete_order`` (the order archive's permanent deletion), run on the test server's database."""
import pytest
import sqlalchemy as sa

from tests.helpers import ok, unique
from tests.helpers.quote import ADDRESS, add, guest_cart, product, shipping_information
from tests.helpers.sales import create

from vdcommerce.framework.context import Context
from vdcommerce.framework.db import make_engine
from vdcommerce.platform.sales.service import delete_order, order_documents


@pytest.fixture
def sql(server):
    """The server's database as the service itself opens it (on SQLite: foreign keys on, so an order's
    rows go with it; a plain engine would leave them behind for the next order with its reused id)."""
    engine = make_engine(server.db.url)
    yield engine
    engine.dispose()


def test_documents_of_orders_and_deleting_an_order(admin, all_client, sql):
    first, second = (create(all_client, [(unique("TEE-"), 2, 45)], shipping=5)["entity_id"] for _ in range(2))
    invoice = ok(all_client.post(f"/V1/order/{first}/invoice", json={}))
    shipment = ok(all_client.post(f"/V1/order/{first}/ship", json={}))
    creditmemo = ok(all_client.post(f"/V1/order/{first}/refund", json={}))
    with sql.begin() as conn:
        ctx = Context(conn, store_id=0)
        assert order_documents(ctx, [first, second]) == {
            "invoice": [invoice], "shipment": [shipment], "creditmemo": [creditmemo]}
        assert order_documents(ctx, []) == {"invoice": [], "shipment": [], "creditmemo": []}
        assert delete_order(ctx, first) == {"invoice": [invoice], "shipment": [shipment], "creditmemo": [creditmemo]}
        assert delete_order(ctx, first) is None
    assert admin.get(f"/V1/orders/{first}").status_code == 404
    assert admin.get(f"/V1/invoices/{invoice}").status_code == 404
    assert admin.get(f"/V1/shipment/{shipment}").status_code == 404
    assert admin.get(f"/V1/creditmemo/{creditmemo}").status_code == 404
    assert ok(admin.get(f"/V1/orders/{second}"))["entity_id"] == second


def test_deleting_a_placed_order_deletes_its_cart(server, admin_token, admin, guest, sql):
    sku = product(server, admin_token)["sku"]
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, sku, 1, quote_id=masked)
    assert shipping_information(guest, base).status_code == 200
    order_id = ok(guest.post(f"{base}/payment-information", json={
        "email": "cart.buyer@example.com", "paymentMethod": {"method": "checkmo"},
        "billingAddress": {k: v for k, v in ADDRESS.items() if k != "region_code"}}))
    quote_id = ok(admin.get(f"/V1/orders/{order_id}"))["quote_id"]
    with sql.begin() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM quote WHERE id = :q"), {"q": quote_id}).scalar() == 1
        assert delete_order(Context(conn, store_id=0), order_id) == {"invoice": [], "shipment": [], "creditmemo": []}
        assert conn.execute(sa.text("SELECT count(*) FROM quote WHERE id = :q"), {"q": quote_id}).scalar() == 0
    assert admin.get(f"/V1/orders/{order_id}").status_code == 404
