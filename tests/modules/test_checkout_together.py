"""Two checkout modules in one guest checkout: the one step checkout's delivery date, gift messages, gift
wrap and comment, and two order attributes, all carried to the one order, its totals to the cent."""
from tests.helpers import ok, unique
from tests.helpers.quote import ADDRESS, add, guest_cart, product, shipping_information

CHECKOUT = "/V1/vendor_checkout/guest-carts"
ATTRIBUTE = "/V1/vendor_orderattr/attribute"


def test_a_guest_checkout_with_delivery_gifts_wrap_comment_and_two_order_attributes(server, admin, admin_token, guest):
    server.config("vendor_checkout/gifts/gift_wrap_fee", "4.99")
    tee, bag = (product(server, admin_token, price=price)["sku"] for price in (19.99, 34))
    attributes = [ok(admin.post(ATTRIBUTE, json={"attribute": {
        "attribute_code": unique("oa_"), "frontend_label": label, "frontend_input": kind,
        "form_codes": ["vd_checkout"]}})) for label, kind in (("PO number", "text"), ("Gate code", "text"))]
    po, gate = (a["attribute_code"] for a in attributes)
    try:
        masked = guest_cart(guest)
        base = f"/V1/guest-carts/{masked}"
        add(guest, base, tee, 2)
        bag_item = add(guest, base, bag, 1)
        assert shipping_information(guest, base).status_code == 200
        mine = f"{CHECKOUT}/{masked}"
        assert ok(guest.post(f"{mine}/vdcheckoutFields", json={"cartId": masked, "fields": {
            "comment": "Leave it with the neighbour"}})) is True
        assert ok(guest.post(f"{mine}/delivery", json={"date": "2031-12-20", "time": 10})) is True
        assert ok(guest.post(f"{mine}/gift-message", json={"giftMessage": [
            {"item_id": bag_item["item_id"], "sender": "Ann", "recipient": "Bob", "message": "Enjoy"}]})) is True
        totals = ok(guest.post(f"{mine}/gift-wrap", json={"checked": True}))
        # 2 x 19.99 + 34 = 73.98; flat rate 5 per unit x 3 = 15; wrap 4.99
        assert (totals["subtotal"], totals["shipping_amount"], totals["grand_total"]) == (73.98, 15, 93.97)
        ok(guest.post("/V1/vendor_orderattr/guestCheckoutData", json={
            "vdCartId": masked, "checkoutFormCode": "vd_checkout", "shippingMethodCode": "flatrate_flatrate",
            "entityData": {"custom_attributes": [{"attribute_code": po, "value": "PO-7731"},
                                                  {"attribute_code": gate, "value": "4512"}]}}))

        order_id = ok(guest.post(f"{base}/payment-information", json={
            "email": unique("together-") + "@example.com", "paymentMethod": {"method": "checkmo"},
            "billingAddress": ADDRESS}))
        order = ok(admin.get(f"/V1/orders/{order_id}"))
        assert (order["subtotal"], order["shipping_amount"], order["grand_total"]) == (73.98, 15, 93.97)
        ext = order["extension_attributes"]
        assert ext["vendor_checkout_gift_wrap"] == 4.99
        assert ext["vendor_checkout_delivery"]["date"] == "2031-12-20" and ext["vendor_checkout_delivery"]["time"] == 10
        assert ext["vendor_checkout_gift_messages"] == [
            {"item_id": bag_item["item_id"], "sender": "Ann", "recipient": "Bob", "message": "Enjoy"}]
        assert {a["attribute_code"]: a["value"] for a in ext["vendor_order_attributes"]} == {po: "PO-7731",
                                                                                              gate: "4512"}
        comments = ok(admin.get(f"/V1/orders/{order_id}/comments"))["items"]
        assert [c["comment"] for c in comments] == ["Leave it with the neighbour"]
    finally:
        for a in attributes:
            admin.delete(f"{ATTRIBUTE}/{a['attribute_id']}")
