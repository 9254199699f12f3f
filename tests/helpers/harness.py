"""The test harness: a real ``vdcommerce serve`` process on a fresh database, driven over HTTP.

``VDC_TEST_DB=sqlite`` (default) or ``VDC_TEST_DB=postgresql`` (the local server on 127.0.0.1:5432;
a fresh database per server, dropped afterwards). Under pytest-xdist each worker has its own servers,
databases, var dirs (under its own pytest temp dir) and ports.
"""
from __future__ import annotations

import os
import random
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import sqlalchemy as sa

# Every server, consumer and CLI command of the suite is a new Python process importing the whole
# package: with bytecode caching off in the environment each of them compiles every module again
# (a sixth of a command's start-up). The suite writes and reads the usual __pycache__ folders
# (git ignores them), for its own processes and for the test modules pytest rewrites.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent / "vdcommerce"
PG_ADMIN_URL = os.environ.get("VDC_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
ADMIN_USER, ADMIN_PASSWORD = "admin", "Admin-Passw0rd"


# Servers (and the SMTP server of the mail tests) listen on ports below the kernel's usual ephemeral range
# (32768-60999), so no client socket can take one; each pytest-xdist worker draws from its own residue
# class, so two workers of one run never pick the same port between probe and bind.
WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
WORKERS = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))


def free_port() -> int:
    """A port free on 127.0.0.1 now, in 20000-32767 and of this xdist worker's residue class."""
    while True:
        port = random.randrange(20000 + WORKER, 32768, WORKERS)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port


BASE_ENV = {"VDC_PASSWORD_HASH_TIME_COST": "1", "VDC_PASSWORD_HASH_MEMORY_KIB": "8192",
            "VDC_ENV": "development", "VDC_EXTRA_PACKAGES": "tests.testmodule",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def run_cli(env: dict, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    res = subprocess.run([str(BIN), *args], env=env, capture_output=True, text=True, cwd=ROOT)
    if check and res.returncode != 0:
        raise AssertionError(f"vdcommerce {' '.join(args)} failed:\n{res.stdout}\n{res.stderr}")
    return res


class Database:
    """A fresh database for one test run (or one test that needs its own), empty until a ``Server`` fills
    it: the first server of a test process migrates a template database and adds the test admin, and
    every later one starts from a copy of it (``db upgrade`` and ``admin create`` once per process)."""

    _template: Database | None = None

    def __init__(self, tmp: Path):
        self.kind = os.environ.get("VDC_TEST_DB", "sqlite")
        self.tmp = tmp
        if self.kind == "postgresql":
            self.name = "vdc_test_" + secrets.token_hex(6)
            self._admin(f'CREATE DATABASE "{self.name}"')
            self.url = PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + self.name
        else:
            self.path = tmp / "test.db"
            self.url = f"sqlite:///{self.path}"
        self._engine = sa.create_engine(self.url)
        self.untouched = True  # nothing has used it yet: a Server may fill it from the template

    @property
    def engine(self) -> sa.Engine:
        self.untouched = False
        return self._engine

    @staticmethod
    def _admin(statement: str) -> None:
        admin = sa.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.exec_driver_sql(statement)
        admin.dispose()

    def fill(self) -> None:
        """Migrated, with the test admin: copied from this process's template (built on first use)."""
        template = Database._template
        if template is None:
            import atexit
            import tempfile
            template = Database(Path(tempfile.mkdtemp(prefix="vdc-template-")))
            env = {**os.environ, **BASE_ENV, "VDC_DATABASE_URL": template.url, "VDC_SECRET_KEY": "template",
                   "VDC_VAR_DIR": str(template.tmp / "var")}
            run_cli(env, "db", "upgrade")
            run_cli(env, "admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD)
            template._engine.dispose()
            atexit.register(template.drop)
            Database._template = template
        self._engine.dispose()
        if self.kind == "postgresql":
            self._admin(f'DROP DATABASE "{self.name}"')
            self._admin(f'CREATE DATABASE "{self.name}" TEMPLATE "{template.name}"')
        else:
            import sqlite3
            source, target = sqlite3.connect(template.path), sqlite3.connect(self.path)
            try:
                source.backup(target)
            finally:
                source.close()
                target.close()
        self.untouched = False

    def drop(self) -> None:
        self._engine.dispose()
        if self.kind == "postgresql":
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


class Server:
    """``vdcommerce serve`` in its own process, plus the CLI against the same database."""

    def __init__(self, tmp: Path, db: Database, workers: int = 1, extra_env: dict | None = None):
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "VDC_DATABASE_URL": db.url, "VDC_SECRET_KEY": "test-" + secrets.token_hex(8),
                    "VDC_VAR_DIR": str(tmp / "var"), "VDC_CONFIG_CACHE_SECONDS": "0",
                    **BASE_ENV,
                    "VDC_CRON_TICK_SECONDS": "0",  # the scheduler is off unless a test turns it on (extra_env)
                    **(extra_env or {})}
        self.log = tmp / f"server-{self.port}.log"
        if db.untouched:
            db.fill()
        else:  # a database a test prepared itself
            self.cli("db", "upgrade")
            self.cli("admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD)
        self.workers = workers
        self.proc = None
        self.start()

    def cli(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return run_cli(self.env, *args, check=check)

    def start(self) -> None:
        self.proc = subprocess.Popen([str(BIN), "serve", "--port", str(self.port), "--workers", str(self.workers)],
                                     env=self.env, stdout=open(self.log, "ab"), stderr=subprocess.STDOUT,
                                     cwd=ROOT, start_new_session=True)
        deadline = time.monotonic() + 60  # a 2-core machine running the suite in parallel is slow to start 4 workers
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited:\n{self.log.read_text()}")
            try:
                httpx.get(self.url + "/rest/V1/", timeout=0.5)
                return
            except httpx.TransportError:
                time.sleep(0.1)
        self.stop()  # not left running when its start fails
        raise RuntimeError(f"server did not start:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
                self.proc.wait()

    def client(self, token: str | None = None, store: str | None = "default") -> httpx.Client:
        """An httpx client whose paths start after ``/rest/<store>``; ``store=None`` for plain ``/rest``."""
        base = self.url + "/rest" + (f"/{store}" if store else "")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=base, headers=headers, timeout=30)

    def token(self, username: str = ADMIN_USER, password: str = ADMIN_PASSWORD) -> str:
        r = httpx.post(self.url + "/rest/V1/integration/admin/token", json={"username": username, "password": password})
        assert r.status_code == 200, r.text
        return r.json()

    def customer_token(self, email: str, password: str) -> str:
        r = httpx.post(self.url + "/rest/V1/integration/customer/token", json={"username": email, "password": password})
        assert r.status_code == 200, r.text
        return r.json()

    def config(self, path: str, value: str, *scope: str) -> None:
        """A setting at the default scope written straight into the database; with scope options
        (``--scope websites --code base``) through ``vdcommerce config set``, which resolves the code."""
        if scope:
            self.cli("config", "set", path, value, *scope)
        else:
            set_config(self.db.engine, path, value)


@contextmanager
def serving(tmp: Path, config: dict[str, str] | None = None, **server: object) -> Iterator[Server]:
    """A server on a database of its own for the block (``Server``'s keyword arguments: ``workers``,
    ``extra_env``), with ``config`` written before the first request; stopped and dropped afterwards."""
    db = Database(tmp)
    try:
        srv = Server(tmp, db, **server)  # type: ignore[arg-type]
        try:
            for path, value in (config or {}).items():
                set_config(db.engine, path, value)
            yield srv
        finally:
            srv.stop()
    finally:
        db.drop()


@contextmanager
def scratch_engine(kind: str, tmp: Path, prefix: str) -> Iterator[sa.Engine]:
    """An empty database of ``kind`` (``sqlite`` or ``postgresql``) for a test that makes its own tables
    (no server, no migrations), dropped afterwards."""
    if kind == "sqlite":
        engine = sa.create_engine(f"sqlite:///{tmp / (prefix + '.db')}")
        try:
            yield engine
        finally:
            engine.dispose()
        return
    name = f"{prefix}_{secrets.token_hex(6)}"
    Database._admin(f'CREATE DATABASE "{name}"')
    engine = sa.create_engine(PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name)
    try:
        yield engine
    finally:
        engine.dispose()
        Database._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_fixture(name: str, scope: str = "module", config: dict[str, str] | None = None, **server: object):
    """A pytest fixture of a server of its own, shared by the tests of a module (or package): for tests
    that change what every cart sees, so that no other test meets it. ``srv = server_fixture("giftcard")``."""
    import pytest

    @pytest.fixture(scope=scope)  # type: ignore[call-overload]
    def fixture(tmp_path_factory):
        with serving(tmp_path_factory.mktemp(name), config, **server) as srv:
            yield srv
    return fixture


def set_config(engine: sa.Engine, path: str, value: str | None, scope: str = "default", scope_id: int = 0) -> None:
    """A setting written straight into the configuration table (None removes it): the test servers read
    their configuration afresh on every request (``VDC_CONFIG_CACHE_SECONDS=0``), so this is what
    ``Server.config`` does without a CLI process per change."""
    key = {"p": path, "s": scope, "i": scope_id}
    with engine.begin() as c:
        c.execute(sa.text("DELETE FROM core_config_data WHERE scope = :s AND scope_id = :i AND path = :p"), key)
        if value is not None:
            c.execute(sa.text("INSERT INTO core_config_data (scope, scope_id, path, value) VALUES (:s, :i, :p, :v)"),
                      {**key, "v": value})
