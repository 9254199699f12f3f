"""The project's Postman collections, run by newman against the live service."""
import json
import subprocess

import pytest

from tests.helpers import unique
from tests.helpers.harness import ADMIN_PASSWORD, ADMIN_USER, ROOT

NEWMAN = ROOT / "node_modules" / ".bin" / "newman"
COLLECTIONS = sorted((ROOT / "collections").glob("*.postman_collection.json"))


def test_newman_is_installed():
    assert NEWMAN.exists(), "run `make test` (it installs newman with npm)"


@pytest.mark.parametrize("collection", COLLECTIONS, ids=lambda p: p.name.split(".")[0])
def test_collection(server, tmp_path, collection):
    env = {"name": "vdcommerce", "values": [
        {"key": "base_url", "value": server.url + "/rest/default"},
        {"key": "admin_user", "value": ADMIN_USER}, {"key": "admin_password", "value": ADMIN_PASSWORD},
        {"key": "customer_email", "value": f"{unique('nm')}@example.com"}, {"key": "customer_password", "value": "Newman-Secret-1"}]}
    env_file = tmp_path / "env.json"
    env_file.write_text(json.dumps(env))
    report = tmp_path / "report.json"
    res = subprocess.run([str(NEWMAN), "run", str(collection), "-e", str(env_file), "--reporters", "cli,json",
                          "--reporter-json-export", str(report), "--bail"], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    stats = json.loads(report.read_text())["run"]["stats"]
    assert stats["assertions"]["failed"] == 0 and stats["assertions"]["total"] >= 8
    assert stats["requests"]["failed"] == 0
