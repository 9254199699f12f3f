"""Resource-or-owner routes: ``self`` together with an admin resource lets an admin granted the resource,
or the customer who owns the record the path names, call the route (the test module's fee routes on
``:cartId`` and ``:orderId``); everyone else gets the ACL refusal naming the admin resource."""
from pathlib import Path

import pytest

from tests.helpers import limited_admin, new_customer
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information
from vdcommerce.webapi.acl import Acl
from vdcommerce.webapi.declarations import DeclarationError, Package, load_packages, read_acl
from vdcommerce.webapi.routing import build_route_table

DENIED = "The consumer isn't authorized to access %resources."
FEE = {"resources": "Vendor_Testmodule::fee"}
BILLING = {k: v for k, v in ADDRESS.items() if k != "region_code"}


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=10, qty=1000)


def fee(client, cart, amount=2):
    return client.put(f"/V1/vdtest/carts/{cart}/fee", json={"amount": amount, "label": "Packing"})


def test_the_owner_and_granted_admins_may_call_others_may_not(server, admin, guest, tee):
    _, alice_token = new_customer(server)
    _, bob_token = new_customer(server)
    with server.client(alice_token) as alice, server.client(bob_token) as bob:
        alice_cart = alice.post("/V1/carts/mine").json()
        add(alice, "/V1/carts/mine", tee["sku"], 1)
        bob.post("/V1/carts/mine")
        masked = guest_cart(guest)
        guest_cart_id = guest.get(f"/V1/guest-carts/{masked}").json()["id"]

        r = fee(alice, alice_cart)
        assert r.status_code == 200 and r.json()["grand_total"] == 12
        # another customer, a guest cart, an unknown or malformed id: the same refusal, nothing to probe
        for cart in (alice_cart, guest_cart_id, 99999999, "abc", 2**40):
            error(fee(bob, cart, 50), 401, DENIED, FEE)
        error(fee(alice, guest_cart_id), 401, DENIED, FEE)
        error(fee(alice, 99999999), 401, DENIED, FEE)
        error(fee(guest, alice_cart, 50), 401, DENIED, FEE)
        assert alice.get("/V1/carts/mine/totals").json()["grand_total"] == 12

        # admins: full access, or granted the resource; not one granted something else
        assert fee(admin, alice_cart, 3).json()["grand_total"] == 13
        with server.client(limited_admin(server, "Vendor_Testmodule::fee")) as granted:
            assert fee(granted, guest_cart_id, 1).status_code == 200
        with server.client(limited_admin(server, "Vendor_Testmodule::thing")) as other:
            error(fee(other, alice_cart), 401, DENIED, FEE)
        # an admin on a cart that does not exist gets the service's own answer
        error(fee(admin, 99999999), 404, "No such entity with %fieldName = %fieldValue",
              {"fieldName": "cartId", "fieldValue": "99999999"})

        # the owned record of an order route is the order
        shipping_information(alice, "/V1/carts/mine")
        r = alice.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                                    "billingAddress": BILLING})
        assert r.status_code == 200, r.text
        order_id = r.json()
        assert alice.get(f"/V1/vdtest/orders/{order_id}/fee").json() == 3
        assert admin.get(f"/V1/vdtest/orders/{order_id}/fee").json() == 3
        error(bob.get(f"/V1/vdtest/orders/{order_id}/fee"), 401, DENIED, FEE)
        error(guest.get(f"/V1/vdtest/orders/{order_id}/fee"), 401, DENIED, FEE)
        # a placed cart is no longer active: its owner may not change it any more
        error(fee(alice, alice_cart), 401, DENIED, FEE)


def test_the_schema_shows_the_route_to_customers(server):
    _, token = new_customer(server)
    with server.client(token) as me:
        paths = me.get("/schema").json()["paths"]
    assert "/V1/vdtest/carts/{cartId}/fee" in paths
    with server.client() as anonymous:
        assert "/V1/vdtest/carts/{cartId}/fee" not in anonymous.get("/schema").json()["paths"]


def test_a_route_without_an_owned_parameter_stops_start_up(tmp_path: Path):
    root = tmp_path / "ownerless"
    (root / "etc").mkdir(parents=True)
    (root / "etc" / "webapi.xml").write_text(
        '<routes><route url="/V1/vdtest/things/:thingId/fee" method="PUT">'
        '<service class="Vendor\\Testmodule\\Api\\CartFeeManagementInterface" method="set"/>'
        '<resources><resource ref="Magento_Cart::manage"/><resource ref="self"/></resources></route></routes>')
    packages = [p for p in load_packages() if p.name.startswith("vdcommerce.platform.")]
    packages.append(Package("vdcommerce.modules.ownerless", root))
    import tests.testmodule.quote  # noqa: F401 - registers the service class the route names
    with pytest.raises(DeclarationError, match="one path parameter naming the owned record"):
        build_route_table(packages, Acl(read_acl(packages)))
