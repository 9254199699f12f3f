"""Product images over HTTP: the media gallery routes, the files they store and the media URL that
serves them."""
import base64

import httpx

from tests.helpers import new_customer, unique
from tests.helpers.media import content, image, media_dir, stored_files
from tests.helpers.queue import wait_for
from tests.helpers.quote import error, product

ENTRY_NOT_FOUND = "No image with the provided ID was found. Verify the ID and try again."


def add_image(admin, sku: str, data: bytes, name: str = "tee.png", mime: str = "image/png", **entry) -> int:
    r = admin.post(f"/V1/products/{sku}/media", json={"entry": {
        "media_type": "image", "label": "Front", "disabled": False, "types": ["image"],
        "content": content(data, name, mime), **entry}})
    assert r.status_code == 200, r.text
    assert isinstance(r.json(), int)
    return r.json()


def media_url(server, file: str) -> str:
    return f"{server.url}/media/catalog/product{file}"


def test_upload_then_read_and_serve(server, admin_token, admin):
    sku = product(server, admin_token)["sku"]
    png = image("PNG", "blue", (7, 5))
    entry_id = add_image(admin, sku, png, name="front.png", label="Front view", position=3,
                         types=["image", "small_image", "thumbnail"])
    listed = admin.get(f"/V1/products/{sku}/media").json()
    assert listed == [{"id": entry_id, "media_type": "image", "label": "Front view", "position": 3,
                       "disabled": False, "types": ["image", "small_image", "thumbnail"], "file": "/f/r/front.png"}]
    assert admin.get(f"/V1/products/{sku}/media/{entry_id}").json() == listed[0]
    served = httpx.get(media_url(server, "/f/r/front.png"))
    assert served.status_code == 200
    assert served.content == png
    assert served.headers["content-type"] == "image/png"
    assert served.headers["x-content-type-options"] == "nosniff"
    assert (media_dir(server) / "catalog/product/f/r/front.png").read_bytes() == png


def test_jpeg_without_extension_gets_one_and_names_stay_unique(server, admin_token, admin):
    sku = product(server, admin_token)["sku"]
    jpeg = image("JPEG", "green")
    first = add_image(admin, sku, jpeg, name="Café Tee", mime="image/jpg", types=[])
    second = add_image(admin, sku, image("JPEG", "white"), name="café tee.JPG", mime="image/jpeg", types=[])
    files = {e["id"]: e["file"] for e in admin.get(f"/V1/products/{sku}/media").json()}
    assert files == {first: "/c/a/cafe_tee.jpg", second: "/c/a/cafe_tee_1.jpg"}
    assert httpx.get(media_url(server, "/c/a/cafe_tee.jpg")).content == jpeg
    assert httpx.get(media_url(server, "/c/a/cafe_tee.jpg")).headers["content-type"] == "image/jpeg"


def test_roles_belong_to_one_image_and_positions_follow(server, admin_token, admin):
    sku = product(server, admin_token)["sku"]
    first = add_image(admin, sku, image(), name="a1.png", types=["image", "thumbnail"], position=None)
    second = add_image(admin, sku, image("GIF"), name="b1.gif", mime="image/gif", types=["image"], position=None)
    entries = {e["id"]: e for e in admin.get(f"/V1/products/{sku}/media").json()}
    assert entries[first]["types"] == ["thumbnail"] and entries[second]["types"] == ["image"]
    assert (entries[first]["position"], entries[second]["position"]) == (1, 2)
    error(admin.post(f"/V1/products/{sku}/media", json={"entry": {"types": ["poster"], "content": content(image())}}),
          400, 'Invalid value of "%value" provided for the %fieldName field.', {"value": "poster", "fieldName": "types"})
    error(admin.post(f"/V1/products/{sku}/media", json={"entry": {"label": "x" * 256, "content": content(image())}}),
          400, 'Invalid value of "%value" provided for the %fieldName field.', {"value": "x" * 256, "fieldName": "label"})
    # a null position keeps the stored one; a WebP is an image too
    r = admin.put(f"/V1/products/{sku}/media/{first}", json={"entry": {"position": None, "label": None}})
    assert r.status_code == 200, r.text
    assert admin.get(f"/V1/products/{sku}/media/{first}").json()["position"] == 1
    webp = image("WEBP")
    third = add_image(admin, sku, webp, name="c1", mime="image/webp", types=[])
    assert admin.get(f"/V1/products/{sku}/media/{third}").json()["file"] == "/c/1/c1.webp"
    served = httpx.get(media_url(server, "/c/1/c1.webp"))
    assert served.content == webp and served.headers["content-type"] == "image/webp"


def test_update_and_replace_then_delete(server, admin_token, admin):
    sku = product(server, admin_token)["sku"]
    entry_id = add_image(admin, sku, image(), name="side.png")
    r = admin.put(f"/V1/products/{sku}/media/{entry_id}",
                  json={"entry": {"id": 999999, "label": "Side", "disabled": True, "position": 7}})
    assert r.status_code == 200 and r.json() is True, r.text
    got = admin.get(f"/V1/products/{sku}/media/{entry_id}").json()
    assert (got["label"], got["disabled"], got["position"], got["file"]) == ("Side", True, 7, "/s/i/side.png")

    new = image("PNG", "yellow", (9, 9))
    r = admin.put(f"/V1/products/{sku}/media/{entry_id}", json={"entry": {"content": content(new, "side2.png")}})
    assert r.status_code == 200, r.text
    got = admin.get(f"/V1/products/{sku}/media/{entry_id}").json()
    assert got["file"] == "/s/i/side2.png" and got["label"] == "Side"
    assert httpx.get(media_url(server, "/s/i/side2.png")).content == new
    assert httpx.get(media_url(server, "/s/i/side.png")).status_code == 404  # the replaced file is gone

    error(admin.put(f"/V1/products/{sku}/media/999999", json={"entry": {"label": "x"}}), 404, ENTRY_NOT_FOUND)
    r = admin.delete(f"/V1/products/{sku}/media/{entry_id}")
    assert r.status_code == 200 and r.json() is True
    assert httpx.get(media_url(server, "/s/i/side2.png")).status_code == 404
    error(admin.get(f"/V1/products/{sku}/media/{entry_id}"), 404, "The image doesn't exist. Verify and try again.")
    error(admin.delete(f"/V1/products/{sku}/media/{entry_id}"), 404, ENTRY_NOT_FOUND)
    assert admin.get(f"/V1/products/{sku}/media").json() == []


def test_bad_uploads_are_400_and_store_nothing(server, admin_token, admin):
    sku = product(server, admin_token)["sku"]
    before = stored_files(media_dir(server))
    png = image()

    def post(body_content):
        return admin.post(f"/V1/products/{sku}/media", json={"entry": {"content": body_content}})

    bad_base64 = {**content(png), "base64_encoded_data": "not base64 at all!"}
    error(post(bad_base64), 400, "The image content must be valid base64 encoded data.")
    error(post({**content(png), "base64_encoded_data": ""}), 400, "The image content must be valid base64 encoded data.")
    # declared JPEG, really PNG; a text file declared as PNG; an SVG
    error(post(content(png, "tee.jpg", "image/jpeg")), 400, "The image MIME type is not valid or not supported.")
    error(post(content(b"just some text", "tee.png")), 400, "The image MIME type is not valid or not supported.")
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    error(post(content(svg, "tee.svg", "image/svg+xml")), 400, "The image MIME type is not valid or not supported.")
    # a name that climbs out of the folder, a hidden one, one whose extension the browser would run
    error(post(content(png, "../../../secret.png")), 400, "Provided image name contains forbidden characters.")
    error(post(content(png, "..\\evil.png")), 400, "Provided image name contains forbidden characters.")
    error(post(content(png, ".htaccess.png")), 400, "The image name may not start with a dot.")
    error(post(content(png, "page.html")), 400, 'The image name\'s extension "%1" does not match its type "%2".',
          ["html", "image/png"])
    error(post({**content(png), "name": None}), 400, '"%fieldName" is required. Enter and try again.')
    error(admin.post(f"/V1/products/{sku}/media", json={"entry": {"label": "x"}}), 400,
          "The image content is invalid. Verify the content and try again.")
    # larger than VDC_MEDIA_MAX_BYTES (4 MiB by default)
    big = base64.b64encode(png + b"\0" * (4 * 1024 * 1024)).decode()
    error(post({**content(png), "base64_encoded_data": big}), 400,
          "The image is too large: the largest accepted is %1 bytes.", [4 * 1024 * 1024])
    error(admin.post(f"/V1/products/{unique('no-')}/media", json={"entry": {"content": content(png)}}), 404,
          "The product that was requested doesn't exist. Verify the product and try again.")
    assert admin.get(f"/V1/products/{sku}/media").json() == []
    assert stored_files(media_dir(server)) == before


def test_only_catalog_admins(server, admin_token, guest):
    sku = product(server, admin_token)["sku"]
    _, token = new_customer(server)
    body = {"entry": {"content": content(image())}}
    for client in (guest, server.client(token)):
        error(client.post(f"/V1/products/{sku}/media", json=body), 401,
              "The consumer isn't authorized to access %resources.", {"resources": "Magento_Catalog::catalog"})
        error(client.get(f"/V1/products/{sku}/media"), 401,
              "The consumer isn't authorized to access %resources.", {"resources": "Magento_Catalog::catalog"})


def test_deleting_the_product_removes_its_images(server, admin_token, admin):
    sku = product(server, admin_token)["sku"]
    add_image(admin, sku, image(), name="gone.png")
    assert httpx.get(media_url(server, "/g/o/gone.png")).status_code == 200
    r = admin.delete(f"/V1/products/{sku}")
    assert r.status_code == 200, r.text
    assert httpx.get(media_url(server, "/g/o/gone.png")).status_code == 404
    assert not (media_dir(server) / "catalog/product/g/o/gone.png").exists()


def test_bulk_update_of_an_entry(server, admin_token, admin):
    """The PUT route is offered in bulk as the platform shows it: ``bySku/media/byEntryId``."""
    sku = product(server, admin_token)["sku"]
    entry_id = add_image(admin, sku, image(), name="bulk.png")
    r = admin.put("/async/bulk/V1/products/bySku/media/byEntryId",
                  json=[{"sku": sku, "entryId": entry_id, "entry": {"label": "From bulk"}}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert admin.get(f"/V1/products/{sku}/media/{entry_id}").json()["label"] == "From bulk"
