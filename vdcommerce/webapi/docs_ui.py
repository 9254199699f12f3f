"""Swagger UI at ``/swagger``, on the live schema, from the files of the ``swagger-ui-bundle`` package.

Nothing is fetched from another site: the page, its script and its style sheet are served by the
service itself (read into memory at start-up). The page has a token box, as the platform's has: an
admin, customer or integration token typed there is sent as ``Authorization: Bearer ...`` with the
schema request (so the page lists the operations that token may use) and with every "Try it out"
call. ``/swagger?store=<code>`` documents another store view's base path.
"""
from __future__ import annotations

import html
import re
from urllib.parse import parse_qs

import orjson
from swagger_ui_bundle import swagger_ui_path

Response = tuple[int, bytes, list[tuple[bytes, bytes]]]

_ASSETS = {  # file of the bundle -> content type
    "swagger-ui.css": b"text/css; charset=utf-8",
    "swagger-ui-bundle.js": b"application/javascript; charset=utf-8",
    "favicon-32x32.png": b"image/png",
    "favicon-16x16.png": b"image/png",
}
_STORE = re.compile(r"[a-z0-9_]{1,32}\Z")
_HTML = b"text/html; charset=utf-8"
_CACHE = b"public, max-age=86400"

_INIT_JS = """\
(function () {
  var box = document.getElementById("vdc-token");
  var store = document.body.getAttribute("data-store");
  box.value = sessionStorage.getItem("vdc-token") || "";
  function token() { return box.value.trim(); }
  function load() {
    window.ui = SwaggerUIBundle({
      url: "/rest/" + store + "/schema?services=all",
      dom_id: "#swagger-ui",
      deepLinking: true,
      filter: true,
      presets: [SwaggerUIBundle.presets.apis],
      requestInterceptor: function (req) {
        if (token()) { req.headers["Authorization"] = "Bearer " + token(); }
        return req;
      }
    });
  }
  document.getElementById("vdc-apply").addEventListener("click", function (e) {
    e.preventDefault();
    sessionStorage.setItem("vdc-token", token());
    load();
  });
  load();
})();
"""

_PAGE = """\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>vdcommerce REST API</title>
<link rel="stylesheet" href="/swagger/assets/swagger-ui.css">
<link rel="icon" type="image/png" href="/swagger/assets/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="/swagger/assets/favicon-16x16.png" sizes="16x16">
<style>
 #vdc-bar {{ display: flex; gap: .5em; align-items: center; padding: .7em 1.5em; background: #1b1b1b;
            color: #fff; font-family: sans-serif; }}
 #vdc-bar input {{ flex: 1; max-width: 40em; padding: .3em; }}
</style>
</head>
<body data-store="{store}">
<form id="vdc-bar">
 <strong>vdcommerce</strong> <label for="vdc-token">Bearer token</label>
 <input id="vdc-token" type="text" autocomplete="off" placeholder="an admin, customer or integration token">
 <button id="vdc-apply" type="submit">Apply</button>
</form>
<div id="swagger-ui"></div>
<script src="/swagger/assets/swagger-ui-bundle.js"></script>
<script src="/swagger/assets/vdcommerce.js"></script>
</body>
</html>
"""


class DocsUI:
    """The page and its files, read once."""

    def __init__(self) -> None:
        self.assets: dict[str, tuple[bytes, bytes]] = {
            name: ((swagger_ui_path / name).read_bytes(), kind) for name, kind in _ASSETS.items()}
        self.assets["vdcommerce.js"] = (_INIT_JS.encode(), _ASSETS["swagger-ui-bundle.js"])

    def handles(self, path: str) -> bool:
        return path == "/swagger" or path == "/swagger/" or path.startswith("/swagger/assets/")

    def answer(self, method: str, path: str, query_string: bytes) -> Response:
        if method not in ("GET", "HEAD"):
            return _text(405, "Method not allowed.")
        if path.startswith("/swagger/assets/"):
            found = self.assets.get(path[len("/swagger/assets/"):])
            if found is None:
                return _text(404, "Not found.")
            body, kind = found
            return 200, body, [(b"content-type", kind), (b"cache-control", _CACHE)]
        store = parse_qs(query_string.decode("latin-1")).get("store", ["default"])[0]
        if not _STORE.match(store):
            return _text(400, "Invalid store code.")
        page = _PAGE.format(store=html.escape(store)).encode()
        return 200, page, [(b"content-type", _HTML), (b"cache-control", b"no-cache")]


def _text(status: int, message: str) -> Response:
    return status, orjson.dumps({"message": message}), [(b"content-type", b"application/json; charset=utf-8")]
