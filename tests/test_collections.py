"""`vdcommerce collections run`: the Postman collections with the shared environment file."""
from __future__ import annotations

import json
import re
import subprocess

from tests.helpers.harness import ADMIN_PASSWORD, BIN, ROOT

ENVIRONMENT = ROOT / "collections" / "vdcommerce.postman_environment.json"


def test_the_environment_defines_every_variable_the_collections_do_not_set_themselves():
    defined = {v["key"] for v in json.loads(ENVIRONMENT.read_text())["values"]}
    for collection in sorted((ROOT / "collections").glob("*.postman_collection.json")):
        text = collection.read_text()
        used = set(re.findall(r"\{\{([a-z_]+)\}\}", text))
        own = {v["key"] for v in json.loads(text).get("variable", [])}
        set_by_scripts = set(re.findall(r"""\.set\(\\?["']([a-z_]+)""", text))
        assert used - defined - own - set_by_scripts == set(), collection.name


def test_run_named_collections_against_the_live_server(server):
    """Two collections by name, one after the other (each collection on its own is run by
    tests/conformance/test_newman.py; without names the command runs them all the same way)."""
    r = server.cli("collections", "run", "faq", "label", "--base-url", server.url + "/rest/default",
                   "--admin-password", ADMIN_PASSWORD, check=False)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert r.stdout.count("== ") == 2 and r.stdout.strip().endswith("2 collection(s) passed.")


def test_a_wrong_password_fails_the_run(server):
    r = server.cli("collections", "run", "faq", "--base-url", server.url + "/rest/default", "--admin-password", "nope",
                   check=False)
    assert r.returncode == 1 and "collection(s) failed: faq" in r.stderr


def test_unknown_collections_and_a_missing_password_are_messages(server, tmp_path):
    r = server.cli("collections", "run", "nosuch", "--admin-password", "x", check=False)
    assert r.returncode == 2 and "no collection nosuch" in r.stderr
    env = {**server.env, "VDC_VAR_DIR": str(tmp_path)}
    env.pop("ADMIN_PASSWORD", None)
    r = subprocess.run([str(BIN), "collections", "run"], env=env, capture_output=True, text=True)
    assert r.returncode == 1 and "No admin password" in r.stderr
