"""Store views for tests: created once per server through ``vdcommerce store create``."""
from __future__ import annotations

import json


def scope_tree(server) -> dict:
    """``vdcommerce store list --json``: websites, groups and store views."""
    return json.loads(server.cli("store", "list", "--json").stdout)


def store_view(server, code: str = "de", name: str = "German Store View", group: str | None = None) -> int:
    """The id of the store view ``code``, created in ``group`` (default: the main website's) if the
    server has none yet."""
    for view in scope_tree(server)["stores"]:
        if view["code"] == code:
            return view["store_id"]
    server.cli("store", "create", "--code", code, "--name", name, *(("--group", group) if group else ()))
    return next(v["store_id"] for v in scope_tree(server)["stores"] if v["code"] == code)
