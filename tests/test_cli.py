"""The `vdcommerce` command's defects an integrator met: each one, through the real command."""
from __future__ import annotations

import os
import subprocess
from importlib.metadata import version
from pathlib import Path

import httpx
import pytest

from tests.helpers import unique
from tests.helpers.harness import BIN


def run(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN), *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)


def bare_env() -> dict:
    """The environment of someone who set nothing."""
    return {k: v for k, v in os.environ.items() if not k.startswith("VDC_")}


def sign_in(server, username: str, password: str) -> httpx.Response:
    return httpx.post(server.url + "/rest/V1/integration/admin/token", json={"username": username, "password": password})


def test_version():
    r = run("--version")
    assert r.returncode == 0
    assert r.stdout.strip() == f"vdcommerce, version {version('vdcommerce')}"


@pytest.mark.parametrize("password, message", [
    ("Ab1de", "Your password must be at least 7 characters."),
    ("abcdefgh", "Your password must include both numeric and alphabetic characters."),
    ("12345678", "Your password must include both numeric and alphabetic characters."),
])
def test_admin_passwords_follow_the_platform_rules(server, password, message):
    username = unique("weak")
    r = server.cli("admin", "create", "--username", username, "--password", password, check=False)
    assert r.returncode == 1 and message in r.stderr
    assert sign_in(server, username, password).status_code == 401  # nobody was created


def test_unknown_acl_resources_are_refused(server):
    r = server.cli("admin", "create", "--username", unique("acl"), "--password", "Good-Passw0rd",
                   "--resources", "Vendor_Faq::question,Vendor_Faq::nosuch", check=False)
    assert r.returncode == 2 and "unknown ACL resource id(s): Vendor_Faq::nosuch" in r.stderr
    r = server.cli("integration", "create", "--name", unique("int"), "--resources", "Magento_Nope::x", check=False)
    assert r.returncode == 2 and "unknown ACL resource id(s): Magento_Nope::x" in r.stderr
    ok = server.cli("admin", "create", "--username", unique("acl"), "--password", "Good-Passw0rd",
                    "--resources", "Vendor_Faq::question")
    assert "created" in ok.stdout


def test_unknown_config_paths_are_refused(server):
    r = server.cli("config", "set", "webapi/validation/no_such_field", "1", check=False)
    assert r.returncode == 2 and "unknown configuration path webapi/validation/no_such_field" in r.stderr
    assert "webapi/validation/input_limit_enabled" in r.stderr  # the known ones of that section
    assert server.cli("config", "get", "no/such/path", check=False).returncode == 2
    # a declared path without a default is known
    server.cli("config", "set", "webapi/sync/default_input_array_size_limit", "50")
    assert server.cli("config", "get", "webapi/sync/default_input_array_size_limit").stdout.strip() == "50"
    server.cli("config", "set", "webapi/sync/default_input_array_size_limit", "")


def test_admin_unlock_after_failed_sign_ins(server):
    username, password = unique("locked"), "Lock-Passw0rd"
    server.cli("admin", "create", "--username", username, "--password", password)
    for _ in range(6):
        assert sign_in(server, username, "wrong-1").status_code == 401
    assert sign_in(server, username, password).status_code == 401  # locked: the right password fails too
    r = server.cli("admin", "unlock", username)
    assert r.stdout.strip() == f"Admin user {username} unlocked."
    assert sign_in(server, username, password).status_code == 200
    assert server.cli("admin", "unlock", username).stdout.strip() == f"Admin user {username} was not locked."
    missing = server.cli("admin", "unlock", unique("nobody"), check=False)
    assert missing.returncode == 1 and "No admin user named" in missing.stderr


def test_admin_password(server):
    username, old = unique("pw"), "Old-Passw0rd"
    server.cli("admin", "create", "--username", username, "--password", old)
    token = sign_in(server, username, old).json()
    weak = server.cli("admin", "password", username, "--password", "short", check=False)
    assert weak.returncode == 1 and "at least 7 characters" in weak.stderr
    r = server.cli("admin", "password", username, "--password", "New-Passw0rd")
    assert "changed" in r.stdout
    assert sign_in(server, username, old).status_code == 401
    assert sign_in(server, username, "New-Passw0rd").status_code == 200
    with server.client(token) as c:  # the tokens of the old password are revoked
        assert c.get("/V1/vendor_faq/question/all", params={"searchCriteria[pageSize]": 1}).status_code == 401


def test_outside_a_checkout_a_message_and_no_empty_database(tmp_path):
    r = run("admin", "create", "--username", "x", "--password", "Good-Passw0rd", env=bare_env(), cwd=tmp_path)
    assert r.returncode == 1
    assert "Run `vdcommerce db upgrade`" in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.splitlines()) <= 2
    assert not (tmp_path / "var").exists()  # no empty database left behind


def test_the_var_directory_is_found_from_a_subdirectory(tmp_path):
    assert run("db", "upgrade", env=bare_env(), cwd=tmp_path).returncode == 0
    below = tmp_path / "a" / "b"
    below.mkdir(parents=True)
    r = run("admin", "create", "--username", "deep", "--password", "Good-Passw0rd", env=bare_env(), cwd=below)
    assert r.returncode == 0, r.stderr
    assert not (below / "var").exists()
    again = run("admin", "create", "--username", "deep", "--password", "Good-Passw0rd", env=bare_env(), cwd=tmp_path)
    assert "already exists" in again.stderr  # the same database


def test_an_unreachable_database_is_a_message(tmp_path):
    env = {**bare_env(), "VDC_DATABASE_URL": "postgresql+psycopg://postgres@127.0.0.1:5432/vdc_no_such_database"}
    r = run("admin", "unlock", "admin", env=env, cwd=tmp_path)
    assert r.returncode == 1
    assert "The database is not reachable or not set up" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("args, env_port, message", [
    (["--port", "80000"], None, "80000 is not in the range 1<=x<=65535"),
    (["--port", "0"], None, "0 is not in the range 1<=x<=65535"),
    ([], "70000", "70000 is not a port (1-65535)"),
    (["--workers", "0"], None, "0 is not in the range"),
])
def test_serve_validates_ports(tmp_path, args, env_port, message):
    env = bare_env()
    if env_port:
        env["VDC_PORT"] = env_port
    r = run("serve", *args, env=env, cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr
