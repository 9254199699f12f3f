"""``vdcommerce scaffold module``: the module it writes migrates cleanly and passes its own tests."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.harness import ROOT

pytestmark = pytest.mark.long_file(160)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

BIN = Path(sys.executable).parent / "vdcommerce"
SKIP = shutil.ignore_patterns(".git", ".venv", "node_modules", "var", "__pycache__", "*.db*", ".pytest_cache")


def test_a_scaffolded_module_passes_its_generated_tests(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(ROOT, project, ignore=SKIP, symlinks=True)
    os.symlink(ROOT / "node_modules", project / "node_modules")
    env = {**os.environ, "PYTHONPATH": str(project), "VDC_VAR_DIR": str(tmp_path / "var"),
           "VDC_DATABASE_URL": f"sqlite:///{tmp_path / 'check.db'}"}
    env.pop("PYTEST_XDIST_WORKER", None)

    res = subprocess.run([str(BIN), "scaffold", "module", "demo_thing"], cwd=project, env=env,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "wrote vdcommerce/modules/demo_thing/service.py" in res.stdout
    again = subprocess.run([str(BIN), "scaffold", "module", "demo_thing"], cwd=project, env=env,
                           capture_output=True, text=True)
    assert again.returncode != 0 and "exists already" in again.stderr
    bad = subprocess.run([str(BIN), "scaffold", "module", "Demo-Thing"], cwd=project, env=env,
                         capture_output=True, text=True)
    assert bad.returncode != 0 and "is not a module name" in bad.stderr

    # the generated code passes the strict type check modules are held to
    res = subprocess.run([sys.executable, "-m", "mypy", "vdcommerce/modules/demo_thing"], cwd=project, env=env,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr

    # the generated migration creates exactly the generated table
    for command in (["db", "upgrade"], ["db", "check"]):
        res = subprocess.run([str(BIN), *command], cwd=project, env=env, capture_output=True, text=True)
        assert res.returncode == 0, res.stdout + res.stderr

    # its tests, its collection and the docs checks pass against a server running the copy
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests/modules/demo_thing", "tests/test_docs.py",
                          "tests/conformance/test_newman.py::test_collection[demo_thing]"],
                         cwd=project, env={**env, "VDC_DATABASE_URL": ""}, capture_output=True, text=True,
                         timeout=600)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    assert " passed" in res.stdout and "failed" not in res.stdout
