"""The demo data `vdcommerce demo load` adds: two methods whose rates show in a guest estimate."""
from tests.helpers import ok
from tests.helpers.quote import add, guest_cart

ADDRESS = {"country_id": "US", "region_id": 12, "postcode": "90001", "city": "Los Angeles"}


def test_demo_data(own_server):
    own_server.cli("demo", "load", "shippingtablerates")
    with own_server.client(own_server.token(), store="all") as admin:
        methods = ok(admin.get("/V1/vendor_shippingtablerates/methods", params={"searchCriteria[pageSize]": 10}))
        assert [m["name"] for m in methods["items"]] == ["Standard ({day} days, {name})", "Express ({day} day, {name})"]
        options = ok(admin.get("/V1/products/attributes/vd_shipping_type/options"))
        assert [o["label"] for o in options] == [" ", "Bulky"]
    with own_server.client() as guest:
        masked = guest_cart(guest)
        base = f"/V1/guest-carts/{masked}"
        add(guest, base, "MS-TEE-M", 2)   # worth 90, 0.6 kg
        rates = ok(guest.post(f"{base}/estimate-shipping-methods", json={"address": ADDRESS}))
        assert [(r["method_title"], r["amount"]) for r in rates if r["carrier_code"] == "vdstrates"] == [
            ("Standard (3 days, Ground)", 10.3), ("Express (1 day, Air)", 19)]
