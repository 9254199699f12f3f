"""The README's test command installs what the suite needs itself, and CI only calls it.

`make -n` prints the recipes make would run without running them: the Swagger UI test's browser
(Debian's `chromium` and `chromium-driver`) is installed by the `browser` step before either database's
run, and `.ci/run` installs nothing of its own.
"""
from __future__ import annotations

import os
import subprocess

from tests.helpers.harness import ROOT


def dry_run(*targets: str) -> str:
    res = subprocess.run(["make", "-n", *targets], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "MAKEFLAGS": ""})
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_make_test_installs_the_browser_before_each_run():
    out = dry_run("test")
    install = "apt-get install -y -qq chromium chromium-driver"
    assert install in out and "command -v chromium" in out and "command -v chromedriver" in out
    assert out.index(install) < out.index("VDC_TEST_DB=sqlite") < out.index("VDC_TEST_DB=postgresql")


def test_ci_only_calls_the_readme_commands():
    ci = (ROOT / ".ci" / "run").read_text()
    commands = [line.strip() for line in ci.splitlines() if line.startswith("make ")]
    assert commands == ["make lint-imports", "make typecheck", "make test"]
    assert "apt-get" not in ci and "pip install" not in ci and "npm " not in ci
