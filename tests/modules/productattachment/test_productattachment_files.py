"""Managing files: upload, create, edit per store view, read, list, delete, and their errors."""
from tests.helpers import unique
from tests.helpers.store import store_view

from . import BASE, PDF, b64, create, error, upload

REQUIRED = '"%fieldName" is required. Enter and try again.'


def test_upload_then_create_reads_back_the_file(admin_all, admin):
    tmp = upload(admin_all, PDF, "Assembly Guide.pdf")
    assert tmp == "assembly_guide.pdf" or tmp.startswith("assembly_guide_")
    name = unique("guide-")
    r = admin_all.post(f"{BASE}/filemanage", json={"file": {
        "attachment_type": 0, "file_name": name, "label": "Assembly guide (PDF)", "customer_groups": ["0", "1"],
        "visible": True, "include_in_order": False, "attachment_products": ["5", "6"], "attachment_categories": [],
        "tmp_file": tmp}})
    assert r.status_code == 200, r.text
    f = r.json()
    file_id = f["file_id"]
    assert f == {"file_id": file_id, "attachment_type": 0, "file_path": f["file_path"], "file_extension": "pdf",
                 "mime_type": "application/pdf", "file_size": len(PDF), "file_name": name,
                 "label": "Assembly guide (PDF)", "customer_groups": ["0", "1"], "visible": True,
                 "include_in_order": False, "icon_url": "", "frontend_url": f["frontend_url"],
                 "url_hash": f["url_hash"], "attachment_products": ["5", "6"], "attachment_categories": [],
                 "downloads": 0}
    assert f["file_path"].startswith("a/s/assembly_guide") and f["file_path"].endswith(".pdf")
    assert len(f["url_hash"]) == 32 and int(f["url_hash"], 16) >= 0
    assert admin_all.get(f"{BASE}/filemanage/{file_id}").json() == f
    assert admin.get(f"{BASE}/filemanage/{file_id}").json() == f
    # the upload was used up
    r = admin_all.post(f"{BASE}/filemanage", json={"file": {"file_name": "x", "label": "x", "tmp_file": tmp}})
    assert r.status_code == 400 and r.json() == error('The uploaded file "%1" was not found.', [tmp])


def test_create_defaults_and_replacing_the_file(admin_all, guest):
    f = create(admin_all, None, label="No file yet")
    assert {k: f.get(k) for k in ("attachment_type", "visible", "include_in_order", "customer_groups",
                                  "attachment_products", "attachment_categories", "file_path", "frontend_url")} == \
        {"attachment_type": 0, "visible": True, "include_in_order": False, "customer_groups": [],
         "attachment_products": [], "attachment_categories": [], "file_path": None, "frontend_url": None}
    r = admin_all.put(f"{BASE}/filemanage/{f['file_id']}", json={"file": {"tmp_file": upload(admin_all, b"one", "a.txt")}})
    assert r.status_code == 200, r.text
    assert r.json()["file_extension"] == "txt" and r.json()["mime_type"] == "text/plain"
    r = admin_all.put(f"{BASE}/filemanage/{f['file_id']}", json={"file": {"tmp_file": upload(admin_all, b"second", "b.csv")}})
    assert r.json()["file_size"] == 6 and r.json()["file_extension"] == "csv"
    d = guest.get(f"{BASE}/download", params={"fileId": f["file_id"]}).json()
    assert d == {"base64_encoded_data": b64(b"second"), "name_with_extension": f["file_name"] + ".csv"}


def test_a_store_view_value_overrides_the_default_for_that_store_only(server, admin_all, admin_token):
    store_view(server, "de")
    f = create(admin_all, label="Assembly guide", customer_groups=["1"], attachment_products=["5"])
    fid = f["file_id"]
    with server.client(admin_token, store="de") as de:
        r = de.put(f"{BASE}/filemanage/{fid}", json={"file": {"label": "Montageanleitung", "customer_groups": ["2"],
                                                             "attachment_products": []}})
        assert r.status_code == 200, r.text
        assert (r.json()["label"], r.json()["customer_groups"], r.json()["attachment_products"]) == \
            ("Montageanleitung", ["2"], [])
        # an empty label in a view is its own business; the default stays required
        assert de.put(f"{BASE}/filemanage/{fid}", json={"file": {"file_name": ""}}).status_code == 200
        assert de.get(f"{BASE}/filemanage/{fid}").json()["file_name"] == ""
    default = admin_all.get(f"{BASE}/filemanage/{fid}").json()
    assert (default["label"], default["customer_groups"], default["attachment_products"], default["file_name"]) == \
        ("Assembly guide", ["1"], ["5"], f["file_name"])
    with server.client(admin_token) as default_view:  # /rest/default: another store view, the defaults
        assert default_view.get(f"{BASE}/filemanage/{fid}").json()["label"] == "Assembly guide"
    with server.client(admin_token, store="de") as de:
        # null goes back to the default for label and groups; lists sent as null are kept
        r = de.put(f"{BASE}/filemanage/{fid}", json={"file": {"label": None, "customer_groups": None,
                                                             "attachment_products": None, "file_name": None}})
        assert r.status_code == 200, r.text
        assert (r.json()["label"], r.json()["customer_groups"], r.json()["attachment_products"]) == \
            ("Assembly guide", ["1"], [])
        # the default scope changes what the view falls back to
        assert admin_all.put(f"{BASE}/filemanage/{fid}", json={"file": {"label": "Guide"}}).status_code == 200
        assert de.get(f"{BASE}/filemanage/{fid}").json()["label"] == "Guide"
    # in the default scope, null keeps groups and lists
    r = admin_all.put(f"{BASE}/filemanage/{fid}", json={"file": {"customer_groups": None, "attachment_products": None}})
    assert (r.json()["customer_groups"], r.json()["attachment_products"]) == (["1"], ["5"])
    r = admin_all.put(f"{BASE}/filemanage/{fid}", json={"file": {"attachment_products": [], "customer_groups": []}})
    assert (r.json()["customer_groups"], r.json()["attachment_products"]) == ([], [])


def test_put_path_wins_and_round_trip(admin_all):
    a = create(admin_all)
    b = create(admin_all)
    r = admin_all.put(f"{BASE}/filemanage/{a['file_id']}", json={"file": {**b, "file_id": b["file_id"], "label": "A"}})
    assert r.status_code == 200, r.text
    assert r.json()["file_id"] == a["file_id"] and r.json()["label"] == "A"
    # the system keys sent back are ignored
    assert r.json()["url_hash"] == a["url_hash"] and r.json()["file_path"] == a["file_path"]
    assert admin_all.get(f"{BASE}/filemanage/{b['file_id']}").json()["label"] == "Manual"


def test_delete(admin_all, guest):
    f = create(admin_all)
    assert admin_all.delete(f"{BASE}/filemanage/{f['file_id']}").json() is True
    for r in (admin_all.get(f"{BASE}/filemanage/{f['file_id']}"), admin_all.delete(f"{BASE}/filemanage/{f['file_id']}"),
              admin_all.put(f"{BASE}/filemanage/{f['file_id']}", json={"file": {"label": "x"}}),
              guest.get(f"{BASE}/download", params={"fileId": f["file_id"]})):
        assert r.status_code == 404
        assert r.json() == error("No such entity with %fieldName = %fieldValue",
                                 {"fieldName": "fileId", "fieldValue": f["file_id"]})


def test_list(admin_all, server, admin_token):
    ext = "x" + unique("")[-6:]
    a = create(admin_all, b"aa", f"one.{ext}", attachment_products=["71", "72"], customer_groups=["1", "2"])
    b = create(admin_all, b"bbb", f"two.{ext}", attachment_products=["72"], visible=False)
    c = create(admin_all, b"c", f"three.{ext}", attachment_categories=["73"])

    def search(client=admin_all, **q):
        params = {}
        for g, group in enumerate(q.get("groups", [])):
            for i, (field, value, cond) in enumerate(group):
                key = f"searchCriteria[filter_groups][{g}][filters][{i}]"
                params.update({f"{key}[field]": field, f"{key}[value]": value})
                if cond:
                    params[f"{key}[condition_type]"] = cond
        params.update(q.get("extra", {}))
        r = client.get(f"{BASE}/filemanage/files", params=params)
        assert r.status_code == 200, r.text
        return r.json()

    res = search(groups=[[("file_extension", ext, None)]])
    assert res["total_count"] == 3 and [i["file_id"] for i in res["items"]] == [a["file_id"], b["file_id"], c["file_id"]]
    assert res["items"][0] == admin_all.get(f"{BASE}/filemanage/{a['file_id']}").json()
    assert "search_criteria" in res
    # aliases, OR inside a group, AND between groups
    assert search(groups=[[("extension", ext, None)], [("size", 2, None), ("size", 3, None)]])["total_count"] == 2
    assert [i["file_id"] for i in search(groups=[[("extension", ext, None)], [("attachment_products", "72", None)]])["items"]] == \
        [a["file_id"], b["file_id"]]
    assert [i["file_id"] for i in search(groups=[[("extension", ext, None)], [("product_ids", "71", "finset")]])["items"]] == \
        [a["file_id"]]
    assert [i["file_id"] for i in search(groups=[[("extension", ext, None)], [("category_ids", "73", "eq")]])["items"]] == \
        [c["file_id"]]
    assert [i["file_id"] for i in search(groups=[[("extension", ext, None)], [("is_visible", "0", None)]])["items"]] == \
        [b["file_id"]]
    assert [i["file_id"] for i in search(groups=[[("extension", ext, None)], [("customer_groups", "2", "finset")]])["items"]] == \
        [a["file_id"]]
    page = search(groups=[[("extension", ext, None)]], extra={"searchCriteria[sortOrders][0][field]": "file_size",
                                                                "searchCriteria[sortOrders][0][direction]": "DESC",
                                                                "searchCriteria[pageSize]": 2,
                                                                "searchCriteria[currentPage]": 1})
    assert page["total_count"] == 3 and [i["file_id"] for i in page["items"]] == [b["file_id"], a["file_id"]]
    # the list is in the URL's scope
    store_view(server, "de")
    with server.client(admin_token, store="de") as de:
        assert de.put(f"{BASE}/filemanage/{c['file_id']}", json={"file": {"label": "Dritte"}}).status_code == 200
        assert [i["label"] for i in search(de, groups=[[("label", "Dritte", None)]])["items"]] == ["Dritte"]
    assert search(groups=[[("label", "Dritte", None)]])["total_count"] == 0
    # the literal route wins over the file id
    r = admin_all.get(f"{BASE}/filemanage/files", params={"searchCriteria[pageSize]": 1})
    assert r.status_code == 200 and len(r.json()["items"]) == 1


def test_save_errors(admin_all):
    cases = [
        ({}, "Label is required field.", None),
        ({"label": "  "}, "Label is required field.", None),
        ({"label": "L"}, "Filename is required field.", None),
        ({"label": "L", "file_name": "f", "attachment_type": 3},
         'Invalid value of "%value" provided for the %fieldName field.', {"value": 3, "fieldName": "attachment_type"}),
        ({"label": "L", "file_name": "f", "tmp_file": "nope.pdf"}, 'The uploaded file "%1" was not found.', ["nope.pdf"]),
        ({"label": "L", "file_name": "f", "tmp_file": "../x.pdf"}, 'The uploaded file "%1" was not found.', ["../x.pdf"]),
    ]
    for body, message, parameters in cases:
        r = admin_all.post(f"{BASE}/filemanage", json={"file": body})
        assert r.status_code == 400, (body, r.text)
        assert r.json() == error(message, parameters), body
    r = admin_all.post(f"{BASE}/filemanage", json={"file": {"label": "L", "file_name": "f", "colour": "red"}})
    assert r.status_code == 400
    assert r.json() == error('Property "%1" does not have accessor method "%2" in class "%3".',
                             ["Colour", "getColour", "Vendor\\ProductAttachmentApi\\Api\\Data\\BackendFileInterface"])
    r = admin_all.post(f"{BASE}/filemanage", json={})
    assert r.status_code == 400 and r.json() == error(REQUIRED, {"fieldName": "file"})
    r = admin_all.post(f"{BASE}/filemanage", json={"file": {"label": "L", "file_name": "f", "attachment_products": ["a"]}})
    assert r.status_code == 400
    # in the default scope label and name stay required on edits
    f = create(admin_all)
    for body, message in [({"label": ""}, "Label is required field."), ({"file_name": None}, "Filename is required field.")]:
        r = admin_all.put(f"{BASE}/filemanage/{f['file_id']}", json={"file": body})
        assert r.status_code == 400 and r.json() == error(message)
    for path in ("filemanage/0", "filemanage/-5"):
        assert admin_all.get(f"{BASE}/{path}").status_code == 404
        assert admin_all.put(f"{BASE}/{path}", json={"file": {"label": "x"}}).status_code == 404
        assert admin_all.delete(f"{BASE}/{path}").status_code == 404
    r = admin_all.get(f"{BASE}/filemanage/abc")
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "abc", "type": "int"}


def test_upload_errors(admin_all):
    def up(content):
        return admin_all.post(f"{BASE}/filemanage/uploadFile", json={"fileContent": content} if content is not None else {})

    for content in ({"base64_encoded_data": "", "name_with_extension": "a.pdf"},
                    {"base64_encoded_data": "@@not base64@@", "name_with_extension": "a.pdf"},
                    {"name_with_extension": "a.pdf"}):
        r = up(content)
        assert r.status_code == 400 and r.json() == error("Base64Decode File Error"), content
    r = up({"base64_encoded_data": b64(b"x"), "name_with_extension": "noextension"})
    assert r.status_code == 400 and r.json() == error("Disallowed file type.")
    r = up(None)
    assert r.status_code == 400 and r.json() == error(REQUIRED, {"fieldName": "fileContent"})
    content_class = "Vendor\\ProductAttachmentApi\\Api\\Data\\FileContentInterface"
    r = up({"base64_encoded_data": b64(b"x"), "name_with_extension": "a.pdf", "temporary_name": "a.pdf"})
    assert r.status_code == 400, r.text
    r = up({"base64_encoded_data": b64(b"x"), "name_with_extension": "a.pdf", "other": 1})
    assert r.status_code == 400
    assert r.json() == error('Property "%1" does not have accessor method "%2" in class "%3".',
                             ["Other", "getOther", content_class])
    # an empty temporary name is ignored
    r = up({"base64_encoded_data": b64(b"x"), "name_with_extension": "a.pdf", "temporary_name": ""})
    assert r.status_code == 200 and set(r.json()) == {"temporary_name"}


def test_uploads_never_attached_expire(server, admin_all):
    earlier = upload(admin_all, b"earlier", "earlier.txt")
    server.config("vendor_product_attachment/upload/lifetime_hours", "0")
    try:
        expired = upload(admin_all, b"old", "old.txt")
        out = server.cli("cron", "run", "--job", "vendor_product_attachment_expire_uploads").stdout
        assert "vendor_product_attachment_expire_uploads" in out or "job run" in out, out
    finally:
        server.config("vendor_product_attachment/upload/lifetime_hours", "24")
    for name in (earlier, expired):
        r = admin_all.post(f"{BASE}/filemanage", json={"file": {"file_name": "f", "label": "L", "tmp_file": name}})
        assert r.status_code == 400 and r.json() == error('The uploaded file "%1" was not found.', [name])
    # with the lifetime back at 24 hours, a fresh upload stays
    fresh = upload(admin_all, b"new", "new.txt")
    server.cli("cron", "run", "--job", "vendor_product_attachment_expire_uploads")
    create_body = {"file": {"file_name": "f", "label": "L", "tmp_file": fresh}}
    assert admin_all.post(f"{BASE}/filemanage", json=create_body).status_code == 200
