"""Product attachments over HTTP; uploads and files made through the routes, for every test here."""
import base64

from tests.helpers import unique

BASE = "/V1/vendor_product_attachment"
PDF = b"%PDF-1.4\n% a tiny test document\n"


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def upload(client, data: bytes = PDF, name: str = "manual.pdf") -> str:
    r = client.post(f"{BASE}/filemanage/uploadFile",
                    json={"fileContent": {"base64_encoded_data": b64(data), "name_with_extension": name}})
    assert r.status_code == 200, r.text
    return r.json()["temporary_name"]


def create(client, data: bytes | None = PDF, name: str = "manual.pdf", **fields) -> dict:
    """A file made with POST .../filemanage (uploaded first unless ``data`` is None)."""
    body = {"file_name": unique("doc-"), "label": "Manual", **fields}
    if data is not None:
        body["tmp_file"] = upload(client, data, name)
    r = client.post(f"{BASE}/filemanage", json={"file": body})
    assert r.status_code == 200, r.text
    return r.json()


def error(message: str, parameters=None) -> dict:
    body: dict = {"message": message}
    if parameters is not None:
        body["parameters"] = parameters
    return body
