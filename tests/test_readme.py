"""The README's examples, run as printed against a fresh `vdcommerce serve --init`.

Every ```console block of README.md is a shell session: a line starting with `$ ` is a command
(continued on the next line after a trailing backslash), the lines after it are what it prints, and
`...` stands for anything. The blocks run in order in one bash process from the server's
directory (so `var/admin-credentials.json` is the one `serve --init` wrote), with the README's
`http://127.0.0.1:8080` pointed at the test's server. The ```sh block at the top (`make serve`,
`make test`) is what CI itself runs.
"""
from __future__ import annotations

import os
import re
import subprocess
import time

import httpx
import pytest

from tests.helpers.harness import BIN, ROOT, Database, free_port

README = ROOT / "README.md"
README_URL = "http://127.0.0.1:8080"
SEPARATOR = "\x1e-- next command --\x1e"


def console_blocks(text: str) -> list[list[tuple[str, str]]]:
    blocks = []
    for body in re.findall(r"^```console\n(.*?)^```", text, re.S | re.M):
        steps: list[tuple[str, list[str]]] = []
        continued = False
        for line in body.splitlines():
            if continued:
                steps[-1] = (steps[-1][0] + "\n" + line, steps[-1][1])
                continued = line.endswith("\\")
            elif line.startswith("$ "):
                steps.append((line[2:], []))
                continued = line.endswith("\\")
            else:
                assert steps, f"output before any command: {line}"
                steps[-1][1].append(line)
        blocks.append([(command, "\n".join(out)) for command, out in steps])
    return blocks


def matches(expected: str, actual: str) -> bool:
    pattern = ".*?".join(re.escape(part) for part in expected.strip().split("..."))
    return re.fullmatch(pattern, actual.strip(), re.S) is not None


def test_the_parser_reads_commands_and_outputs():
    blocks = console_blocks("```console\n$ a \\\n  b\nout 1\nout 2\n$ c\n```\n")
    assert blocks == [[("a \\\n  b", "out 1\nout 2"), ("c", "")]]
    assert matches('{"id":...,"x":1}', '{"id":42,"x":1}') and not matches('{"id":...,"x":1}', '{"id":42,"x":2}')


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """`serve --init` in a directory of its own, as `make serve` runs it in a checkout."""
    tmp = tmp_path_factory.mktemp("readme")
    db = Database(tmp)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("VDC_")}
    env.update({"VDC_VAR_DIR": str(tmp / "var"), "VDC_PASSWORD_HASH_TIME_COST": "1",
                "VDC_PASSWORD_HASH_MEMORY_KIB": "8192", "VDC_CONFIG_CACHE_SECONDS": "0"})
    if db.kind == "postgresql":
        env["VDC_DATABASE_URL"] = db.url
    log = tmp / "serve.log"
    proc = subprocess.Popen([str(BIN), "serve", "--init", "--port", str(port)], env=env, cwd=tmp,
                            stdout=open(log, "ab"), stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    while True:
        assert proc.poll() is None, log.read_text()
        assert time.monotonic() < deadline, log.read_text()
        try:
            if httpx.get(url + "/health/ready", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    yield tmp, url
    os.killpg(proc.pid, 15)
    proc.wait(20)
    db.drop()


def test_every_console_block_prints_what_the_readme_says(fresh):
    tmp, url = fresh
    steps = [step for block in console_blocks(README.read_text()) for step in block]
    assert len(steps) >= 15
    script = "".join(f"{command.replace(README_URL, url)}\nprintf '\\n{SEPARATOR}\\n'\n" for command, _ in steps)
    res = subprocess.run(["bash", "-c", script], cwd=tmp, capture_output=True, text=True, timeout=300,
                         env={k: v for k, v in os.environ.items() if not k.startswith("VDC_")})
    outputs = res.stdout.split(f"\n{SEPARATOR}\n")
    assert len(outputs) == len(steps) + 1, res.stdout + res.stderr
    for (command, expected), actual in zip(steps, outputs):
        expected = expected.replace(README_URL, url)
        assert matches(expected, actual), f"$ {command}\nREADME says:\n{expected}\nprinted:\n{actual}\n{res.stderr}"
