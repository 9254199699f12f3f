"""Media storage over HTTP: private files through a download route that checks who may read them,
uploads of a rolled-back request, the media URL's refusals, and ``vdcommerce media cleanup``
(the test module's routes show what no platform route does)."""
import base64
import http.client
import os
import time
from urllib.parse import urlsplit

import httpx

from tests.helpers import new_customer
from tests.helpers.media import content, image, media_dir, stored_files
from tests.helpers.quote import error, product

PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def upload_document(server, token: str, data: bytes, name: str) -> int:
    with server.client(token) as c:
        r = c.post("/V1/vdtest/documents", json={"document": {
            "base64_encoded_data": base64.b64encode(data).decode(), "name": name}})
    assert r.status_code == 200, r.text
    return r.json()


def test_private_file_is_downloaded_by_its_owner_only(server, guest):
    _, owner = new_customer(server)
    _, other = new_customer(server)
    doc = upload_document(server, owner, PDF, "Manuel d'utilisation.pdf")

    with server.client(owner) as c:
        r = c.get(f"/V1/vdtest/documents/{doc}")
    assert r.status_code == 200, r.text
    assert r.content == PDF
    assert r.headers["content-type"] == "application/pdf"
    assert r.headers["content-disposition"] == ('attachment; filename="manuel_d_utilisation.pdf"; '
                                               "filename*=UTF-8''manuel_d_utilisation.pdf")
    assert r.headers["cache-control"] == "private, no-store"

    with server.client(other) as c:
        error(c.get(f"/V1/vdtest/documents/{doc}"), 404, 'Document with specified ID "%1" not found.', [doc])
    error(guest.get(f"/V1/vdtest/documents/{doc}"), 401, "The consumer isn't authorized to access %resources.")
    # kept outside the public folder: the media URL does not reach it
    private = stored_files(media_dir(server, private=True))
    assert "vdtest/documents/manuel_d_utilisation.pdf" in private
    assert httpx.get(f"{server.url}/media/vdtest/documents/manuel_d_utilisation.pdf").status_code == 404


def test_document_rules(server):
    _, owner = new_customer(server)
    with server.client(owner) as c:
        def post(data: bytes, name: str):
            return c.post("/V1/vdtest/documents", json={"document": {
                "base64_encoded_data": base64.b64encode(data).decode(), "name": name}})
        error(post(PDF, "script.exe"), 400, "Disallowed file type.")
        error(post(PDF, "no-extension"), 400, "Disallowed file type.")
        error(post(PDF, "a/b.pdf"), 400, "Provided file name contains forbidden characters.")
        error(c.post("/V1/vdtest/documents", json={"document": {"base64_encoded_data": "@@@", "name": "x.pdf"}}),
              400, "The file content must be valid base64 encoded data.")
        first, second = upload_document(server, owner, PDF, "notes.txt"), upload_document(server, owner, b"2", "notes.txt")
        assert c.get(f"/V1/vdtest/documents/{first}").headers["content-type"] == "text/plain; charset=utf-8"
        assert c.get(f"/V1/vdtest/documents/{second}").content == b"2"
        assert c.get(f"/V1/vdtest/documents/{second}").headers["content-disposition"].startswith(
            'attachment; filename="notes_1.txt"')


def test_a_rolled_back_request_leaves_no_file(server, admin):
    before = stored_files(media_dir(server))
    r = admin.post("/V1/vdtest/media/failing", json={"content": content(image(), "rolled-back.png")})
    error(r, 400, 'Refused after storing "%1".', ["vdtest/rolled-back.png"])
    assert httpx.get(f"{server.url}/media/vdtest/rolled-back.png").status_code == 404
    assert stored_files(media_dir(server)) == before
    # the name was never taken: a later upload gets it
    r = admin.post("/V1/vdtest/media/failing", json={"content": content(image(), "rolled-back.png")})
    error(r, 400, 'Refused after storing "%1".', ["vdtest/rolled-back.png"])


def raw_get(server, path: str) -> int:
    """A GET whose path goes to the server exactly as written (no client normalisation)."""
    conn = http.client.HTTPConnection("127.0.0.1", urlsplit(server.url).port, timeout=10)
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def test_media_url_serves_files_only(server, admin_token, admin):
    sku = product(server, admin_token)["sku"]
    r = admin.post(f"/V1/products/{sku}/media", json={"entry": {"content": content(image(), "safe.png")}})
    assert r.status_code == 200, r.text
    assert httpx.get(f"{server.url}/media/catalog/product/s/a/safe.png").status_code == 200
    public = media_dir(server)
    outside = public.parent / "outside.txt"  # in the var dir, beside the media folder
    outside.write_text("not for the web")
    (public / "vdtest").mkdir(parents=True, exist_ok=True)
    link = public / "vdtest" / "link.txt"
    if not link.is_symlink():
        link.symlink_to(outside)
    assert outside.read_text() == link.read_text()
    for path in ("/media/../outside.txt", "/media/%2e%2e/outside.txt", "/media/..%2foutside.txt",
                 "/media/catalog/product/s/a/../../../../outside.txt", "/media/catalog/%2e%2e/%2e%2e/outside.txt",
                 "/media/vdtest/link.txt", "/media/.staging", "/media/catalog/",
                 "/media/catalog", "/media/", "/media/catalog/product/s/a/safe.png%00.txt",
                 "/media/catalog/product/s/a/missing.png", "/media/catalog//product/s/a/safe.png"):
        assert raw_get(server, path) == 404, path
    r = httpx.post(f"{server.url}/media/catalog/product/s/a/safe.png")
    assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD"
    head = httpx.head(f"{server.url}/media/catalog/product/s/a/safe.png")
    assert head.status_code == 200 and head.headers["content-type"] == "image/png" and head.content == b""
    link.unlink()


def test_cleanup_removes_files_no_record_refers_to(server, admin_token, admin):
    sku = product(server, admin_token)["sku"]
    png = image("PNG", "black")
    r = admin.post(f"/V1/products/{sku}/media", json={"entry": {"content": content(png, "kept.png")}})
    assert r.status_code == 200, r.text
    public = media_dir(server)
    orphan = public / "vdtest" / "orphan" / "left.png"
    orphan.parent.mkdir(parents=True, exist_ok=True)
    orphan.write_bytes(png)
    fresh = public / "vdtest" / "fresh.png"
    fresh.write_bytes(png)
    staged = public / ".staging" / "unfinished"
    staged.parent.mkdir(parents=True, exist_ok=True)
    staged.write_bytes(png)
    old = time.time() - 7200
    for path in (orphan, staged, public / "catalog/product/k/e/kept.png"):
        os.utime(path, (old, old))

    dry = server.cli("media", "cleanup", "--dry-run").stdout
    assert "public:vdtest/orphan/left.png" in dry and orphan.exists()
    out = server.cli("media", "cleanup").stdout
    assert "public:vdtest/orphan/left.png" in out and "public:.staging/unfinished" in out
    assert not orphan.exists() and not orphan.parent.exists() and not staged.exists()
    assert fresh.exists()  # younger than --older-than (a request may have just stored it)
    assert httpx.get(f"{server.url}/media/catalog/product/k/e/kept.png").content == png
    fresh.unlink()


def test_the_schema_shows_a_download_as_a_file(server):
    _, token = new_customer(server)
    with server.client(token) as c:
        swagger = c.get("/schema").json()
        openapi = c.get("/schema", params={"format": "openapi3"}).json()
    ok = swagger["paths"]["/V1/vdtest/documents/{documentId}"]["get"]["responses"]["200"]
    assert ok["schema"] == {"type": "string", "format": "binary"}
    ok3 = openapi["paths"]["/V1/vdtest/documents/{documentId}"]["get"]["responses"]["200"]
    assert ok3["content"] == {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}
