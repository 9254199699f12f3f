"""What every benchmark script sets up around its measurements and must undo whatever happens: a temporary
directory, the environment of the processes it starts, the servers it started and the database it
created; and the admin token its calls use.

    ws = Workspace("vdc-bench-checkout-", kept="bench: logs and database kept in {tmp}")
    try:
        env = ws.env(f"sqlite:///{ws.tmp / 'bench.db'}", VDC_QUEUE_CONSUMERS="0")
        svc, floor = start_service_and_floor(env, ws.tmp, ws.servers)
        ...
    except BenchError:
        ws.keep = True
        return 1
    finally:
        ws.close()   # servers stopped, database dropped, directory removed unless kept
"""
from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import httpx

if TYPE_CHECKING:  # bench.run imports this module: nothing of it is needed before a call
    from bench.run import FreshDatabase, Server


class Workspace:
    """A run's temporary directory, the servers started in it (``servers``: add a server before starting
    it, as ``start_service_and_floor`` does) and its database (``database``, when the run made one)."""

    def __init__(self, prefix: str, kept: str = "", keep: bool = False):
        self.tmp = Path(tempfile.mkdtemp(prefix=prefix))
        self.servers: list[Server] = []
        self.database: FreshDatabase | None = None
        self.keep = keep  # keep the directory (logs, scripts, a SQLite database) at the end
        self.kept = kept  # printed when it is kept; ``{tmp}`` is the directory

    def env(self, database_url: str, **settings: str) -> dict[str, str]:
        """The environment of the run's processes: the caller's without any ``VDC_`` setting, then the
        database, a new secret key, production settings, a var directory in the workspace, unbuffered
        output, and ``settings`` (``VDC_...`` names) over them."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("VDC_")}
        env.update({"VDC_DATABASE_URL": database_url, "VDC_SECRET_KEY": secrets.token_urlsafe(48),
                    "VDC_ENV": "production", "VDC_VAR_DIR": str(self.tmp / "var"), "PYTHONUNBUFFERED": "1"})
        env.update(settings)
        return env

    def stop_servers(self) -> None:
        """Stop the servers started so far, the last started first."""
        stop_all(self.servers)

    def close(self) -> None:
        """Stop the servers, drop the database, then remove the directory unless it is kept (and say so)."""
        self.stop_servers()
        if self.database is not None:
            self.database.drop()
        if self.keep:
            if self.kept:
                print(self.kept.format(tmp=self.tmp), flush=True)
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)


def stop_all(servers: list[Server]) -> None:
    """Stop ``servers``, the last started first, and forget them."""
    for srv in reversed(servers):
        srv.stop()
    servers.clear()


def admin_token(base: str) -> str:
    """The bench admin's token from the service at ``base`` (``http://host:port``)."""
    from bench.run import ADMIN_PASSWORD, ADMIN_USER, BenchError

    r = httpx.post(base + "/rest/V1/integration/admin/token", json={"username": ADMIN_USER, "password": ADMIN_PASSWORD})
    token = r.json() if r.status_code == 200 else None
    if not isinstance(token, str) or not token:
        raise BenchError(f"admin token: {r.status_code} {r.text[:300]}")
    return token
