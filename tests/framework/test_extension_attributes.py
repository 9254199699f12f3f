"""Extension attributes declared by a module (the test module's etc/extension_attributes.xml): typed
keys on the platform's cart, order and cart price rule, loaded and saved by the module's handlers,
shown in responses and in the schema, refused when nobody declared them."""
import httpx

from tests.helpers import new_customer, unique

ADDRESS = {"firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
           "postcode": "78701", "country_id": "US", "telephone": "5125550100", "email": "ext.buyer@example.com"}


def _product(server, admin_token: str) -> str:
    sku = unique("ext-")
    r = httpx.post(server.url + "/rest/all/V1/products", headers={"Authorization": f"Bearer {admin_token}"},
                   json={"product": {"sku": sku, "name": "Mug", "price": 8, "type_id": "simple",
                                     "extension_attributes": {"stock_item": {"qty": 50}}}})
    assert r.status_code == 200, r.text
    return sku


def test_a_cart_carries_a_declared_attribute_to_its_order(server, admin_token, admin):
    customer, token = new_customer(server)
    sku = _product(server, admin_token)
    with server.client(token) as me:
        me.post("/V1/carts/mine")
        assert me.post("/V1/carts/mine/items", json={"cartItem": {"sku": sku, "qty": 2}}).status_code == 200
        assert "vdtest_note" not in me.get("/V1/carts/mine").json().get("extension_attributes", {})

        r = me.put("/V1/carts/mine", json={"quote": {"extension_attributes": {"vdtest_note": "leave at the door"}}})
        assert r.status_code == 200, r.text
        cart = me.get("/V1/carts/mine").json()
        assert cart["extension_attributes"]["vdtest_note"] == "leave at the door"
        assert cart["extension_attributes"]["shipping_assignments"][0]["items"][0]["sku"] == sku

        # the admin's view of the same cart has it too
        assert admin.get(f"/V1/carts/{cart['id']}").json()["extension_attributes"]["vdtest_note"] == "leave at the door"

        r = me.post("/V1/carts/mine/shipping-information", json={"addressInformation": {
            "shipping_address": ADDRESS, "billing_address": ADDRESS,
            "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}})
        assert r.status_code == 200, r.text
        r = me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                                 "billingAddress": ADDRESS})
        assert r.status_code == 200, r.text
        order_id = r.json()

    order = admin.get(f"/V1/orders/{order_id}").json()
    assert order["extension_attributes"]["vdtest_note"] == "leave at the door"
    assert order["extension_attributes"]["shipping_assignments"][0]["items"][0]["sku"] == sku
    listed = admin.get("/V1/orders", params={"searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
                                             "searchCriteria[filter_groups][0][filters][0][value]": order_id}).json()
    assert listed["items"][0]["extension_attributes"]["vdtest_note"] == "leave at the door"


def test_clearing_and_refusing(server):
    _, token = new_customer(server)
    with server.client(token) as me:
        me.post("/V1/carts/mine")
        r = me.put("/V1/carts/mine", json={"quote": {"extensionAttributes": {"vdtestNote": "ring twice"}}})
        assert r.status_code == 200, r.text
        assert me.get("/V1/carts/mine").json()["extension_attributes"] == {"vdtest_note": "ring twice"}
        me.put("/V1/carts/mine", json={"quote": {"extension_attributes": {"vdtest_note": None}}})
        assert "extension_attributes" not in me.get("/V1/carts/mine").json()

        r = me.put("/V1/carts/mine", json={"quote": {"extension_attributes": {"vdtest_other": "x"}}})
        assert r.status_code == 400
        assert r.json() == {"message": 'Property "%1" does not have accessor method "%2" in class "%3".',
                            "parameters": ["VdtestOther", "getVdtestOther",
                                           "Magento\\Quote\\Api\\Data\\CartExtensionInterface"]}
        r = me.put("/V1/carts/mine", json={"quote": {"extension_attributes": {"vdtest_note": {"a": 1}}}})
        assert r.status_code == 400 and r.json()["parameters"]["type"] == "string"


def test_declared_attributes_are_in_the_schema(server, admin_token):
    r = httpx.get(server.url + "/rest/default/schema", params={"services": "all"},
                  headers={"Authorization": f"Bearer {admin_token}"})
    assert r.status_code == 200
    definitions = r.json()["definitions"]
    cart_ext = definitions["quote-data-cart-extension-interface"]["properties"]
    assert cart_ext["vdtest_note"]["type"] == "string" and "shipping_assignments" in cart_ext
    assert definitions["sales-data-order-extension-interface"]["properties"]["vdtest_note"]["type"] == "string"
    rule_ext = definitions["sales-rule-data-rule-extension-interface"]["properties"]
    assert rule_ext["vdtest_labels"] == {"type": "array", "items": {"type": "string"}}
    assert "vdtest_rule" in rule_ext


def _own(rule: dict) -> dict:
    """A rule's extension attributes without the setting Multiple Coupons answers for every rule."""
    return {k: v for k, v in rule["extension_attributes"].items() if k != "vdcoupons"}


def test_rule_keeps_declared_codes_and_refuses_others(admin):
    rule = {"name": unique("ext rule "), "website_ids": [1], "customer_group_ids": [0, 1], "is_active": False,
            "extension_attributes": {"vdtest_rule": {"sku": "24-UG06", "type": 0}, "vdtest_labels": ["a", "b"]}}
    r = admin.post("/V1/salesRules", json={"rule": rule})
    assert r.status_code == 200, r.text
    rule_id = r.json()["rule_id"]
    assert _own(r.json()) == {"vdtest_rule": {"sku": "24-UG06", "type": 0}, "vdtest_labels": ["a", "b"]}
    r = admin.post("/V1/salesRules", json={"rule": {**rule, "extension_attributes": {"anything": 1}}})
    assert r.status_code == 400
    assert r.json()["parameters"][2] == "Magento\\SalesRule\\Api\\Data\\RuleExtensionInterface"
    r = admin.put(f"/V1/salesRules/{rule_id}", json={"rule": {"extension_attributes": {"vdtest_labels": ["c"]}}})
    assert r.status_code == 200
    assert _own(admin.get(f"/V1/salesRules/{rule_id}").json()) == {
        "vdtest_rule": {"sku": "24-UG06", "type": 0}, "vdtest_labels": ["c"]}
