"""What visitors list and download: the store view of the URL, their customer group, the scope."""
import base64

from tests.helpers import new_customer

from . import BASE, PDF, create, error


def customer_in_group(server, admin, group_id: int) -> str:
    """A customer token of a new customer moved into ``group_id`` by the admin."""
    customer, token = new_customer(server)
    r = admin.put(f"/V1/customers/{customer['id']}", json={"customer": {
        "id": customer["id"], "email": customer["email"], "firstname": "Jane", "lastname": "Doe",
        "website_id": 1, "group_id": group_id}})
    assert r.status_code == 200, r.text
    return token


def ids(r) -> list[int]:
    assert r.status_code == 200, r.text
    return [f["file_id"] for f in r.json()]


def test_a_file_for_one_group_is_listed_and_downloaded_by_that_group_only(server, admin_all, admin, guest):
    product = 900001
    data = b"%PDF-1.4 wholesale price list"
    wholesale_only = create(admin_all, data, "prices.pdf", customer_groups=["2"],
                            attachment_products=[str(product)], label="Prices")
    for_guests = create(admin_all, label="Guest manual", customer_groups=["0"], attachment_products=[str(product)])
    for_all = create(admin_all, label="Everyone", customer_groups=[], attachment_products=[str(product)])
    wholesale = customer_in_group(server, admin, 2)
    general = customer_in_group(server, admin, 1)

    q = {"productId": product}
    with server.client(wholesale) as c:
        assert ids(c.get(f"{BASE}/getByProductId", params=q)) == [wholesale_only["file_id"], for_all["file_id"]]
        r = c.get(f"{BASE}/download", params={"fileId": wholesale_only["file_id"], "productId": product})
        assert r.status_code == 200, r.text
        assert r.json() == {"base64_encoded_data": base64.b64encode(data).decode(),
                            "name_with_extension": wholesale_only["file_name"] + ".pdf"}
    with server.client(general) as c:
        assert ids(c.get(f"{BASE}/getByProductId", params=q)) == [for_all["file_id"]]
        r = c.get(f"{BASE}/download", params={"fileId": wholesale_only["file_id"], "productId": product})
        assert r.status_code == 400 and r.json() == error("File not found")
    # a guest is in group 0, whatever the query says
    assert ids(guest.get(f"{BASE}/getByProductId", params={**q, "vendorCustomerGroup": 2})) == \
        [for_guests["file_id"], for_all["file_id"]]
    r = guest.get(f"{BASE}/download", params={"fileId": wholesale_only["file_id"], "vendorCustomerGroup": 2})
    assert r.status_code == 400 and r.json() == error("File not found")
    assert guest.get(f"{BASE}/download", params={"fileId": for_guests["file_id"]}).status_code == 200
    # admins are not customers: group 0 too
    assert ids(admin.get(f"{BASE}/getByProductId", params=q)) == [for_guests["file_id"], for_all["file_id"]]
    # downloads are counted
    assert admin_all.get(f"{BASE}/filemanage/{wholesale_only['file_id']}").json()["downloads"] == 1
    assert admin_all.get(f"{BASE}/filemanage/{for_guests['file_id']}").json()["downloads"] == 1


def test_visitor_item_and_url(admin_all, guest):
    product = 900002
    f = create(admin_all, label="Assembly guide (PDF)", attachment_products=[str(product)])
    r = guest.get(f"{BASE}/getByProductId?productId={product}&extraUrlParams[utm_source]=app")
    assert r.status_code == 200, r.text
    (item,) = r.json()
    assert item == {"file_id": f["file_id"], "mime_type": "application/pdf", "file_size": len(PDF),
                    "file_name": f["file_name"], "label": "Assembly guide (PDF)", "icon_url": "",
                    "url": f["frontend_url"] + "&utm_source=app"}
    assert f["frontend_url"].endswith(f"/rest/V1/vendor_product_attachment/download?fileId={f['file_id']}")
    # a link: its URL as it is, parameters appended with "?" when it has no query
    link = create(admin_all, None, attachment_type=1, link="https://example.com/video",
                  attachment_products=[str(product)], label="Video")
    r = guest.get(f"{BASE}/getByProductId?productId={product}&extraUrlParams[a]=1&extraUrlParams[b]=x y")
    assert [i["url"] for i in r.json()] == [f["frontend_url"] + "&a=1&b=x+y", "https://example.com/video?a=1&b=x+y"]
    # a link has nothing to download
    r = guest.get(f"{BASE}/download", params={"fileId": link["file_id"]})
    assert r.status_code == 400 and r.json() == error("File not found")


def test_visibility_in_order_flag_and_store_view(server, admin_all, guest, admin_token):
    from tests.helpers.store import store_view
    store_view(server, "de")
    category = 900003
    shown = create(admin_all, attachment_categories=[str(category)], include_in_order=True)
    hidden = create(admin_all, attachment_categories=[str(category)], visible=False)
    not_in_order = create(admin_all, attachment_categories=[str(category)])
    q = {"categoryId": category}
    assert ids(guest.get(f"{BASE}/getByCategoryId", params=q)) == [shown["file_id"], not_in_order["file_id"]]
    assert ids(guest.get(f"{BASE}/getByCategoryId", params={**q, "includeInOrderOnly": "true"})) == [shown["file_id"]]
    r = guest.get(f"{BASE}/download", params={"fileId": hidden["file_id"]})
    assert r.status_code == 400 and r.json() == error("File not found")
    # the German view hides one file and shows the hidden one; the default view is unchanged
    with server.client(admin_token, store="de") as de_admin:
        assert de_admin.put(f"{BASE}/filemanage/{shown['file_id']}", json={"file": {"visible": False}}).status_code == 200
        r = de_admin.put(f"{BASE}/filemanage/{hidden['file_id']}", json={"file": {"visible": True, "label": "Sichtbar"}})
        assert r.status_code == 200, r.text
    with server.client(store="de") as de_guest:
        rows = de_guest.get(f"{BASE}/getByCategoryId", params=q).json()
        assert [(i["file_id"], i["label"]) for i in rows] == [(hidden["file_id"], "Sichtbar"),
                                                               (not_in_order["file_id"], "Manual")]
        assert de_guest.get(f"{BASE}/download", params={"fileId": shown["file_id"]}).status_code == 400
        assert de_guest.get(f"{BASE}/download", params={"fileId": hidden["file_id"]}).status_code == 200
    assert ids(guest.get(f"{BASE}/getByCategoryId", params=q)) == [shown["file_id"], not_in_order["file_id"]]


def test_by_file_ids_and_download_scope(admin_all, guest):
    a = create(admin_all, attachment_products=["11", "12"], attachment_categories=["21"])
    b = create(admin_all, customer_groups=["3"])
    r = guest.get(f"{BASE}/getByFileIds?fileIds[]={b['file_id']}&fileIds[]={a['file_id']}&fileIds[]=999999")
    assert ids(r) == [a["file_id"]]
    assert guest.get(f"{BASE}/getByFileIds?fileIds[]=999999").json() == []
    assert guest.get(f"{BASE}/getByProductId", params={"productId": 999998}).json() == []
    for params, status in [({"productId": 12}, 200), ({"productId": 13}, 400), ({"categoryId": 21}, 200),
                           ({"categoryId": 22}, 400), ({"productId": 11, "categoryId": 21}, 200),
                           ({"productId": 0, "categoryId": 0}, 200)]:
        r = guest.get(f"{BASE}/download", params={"fileId": a["file_id"], **params})
        assert r.status_code == status, (params, r.text)
        if status == 400:
            assert r.json() == error("File not found")
    # a file record without an uploaded file has nothing to send
    empty = create(admin_all, None)
    r = guest.get(f"{BASE}/download", params={"fileId": empty["file_id"]})
    assert r.status_code == 400 and r.json() == error("File not found")


def test_visitor_errors(guest):
    for path, field in [("getByProductId", "productId"), ("getByCategoryId", "categoryId"),
                        ("getByFileIds", "fileIds"), ("download", "fileId")]:
        r = guest.get(f"{BASE}/{path}")
        assert r.status_code == 400
        assert r.json() == error('"%fieldName" is required. Enter and try again.', {"fieldName": field})
    for path, field in [("getByProductId", "productId"), ("getByCategoryId", "categoryId"), ("download", "fileId")]:
        r = guest.get(f"{BASE}/{path}", params={field: "x"})
        assert r.status_code == 400
        assert r.json() == error('The "%value" value\'s type is invalid. The "%type" type was expected. '
                                 'Verify and try again.', {"value": "x", "type": "int"})
    for file_id in (987654, 0, -1):
        r = guest.get(f"{BASE}/download", params={"fileId": file_id})
        assert r.status_code == 404
        assert r.json() == error("No such entity with %fieldName = %fieldValue",
                                 {"fieldName": "fileId", "fieldValue": file_id})
    r = guest.get(f"{BASE}/getByProductId", params={"productId": 99999999999})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "99999999999", "type": "int"}
    assert guest.get(f"{BASE}/getByFileIds?fileIds[]=99999999999&fileIds[]=abc").json() == []
