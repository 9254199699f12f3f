"""Processes the fault tests and the soak start and watch: a RabbitMQ node of their own, and the child
processes of a server (its consumers, its workers)."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import httpx

from tests.helpers import unique
from tests.helpers.harness import free_port

RABBITMQ_BIN = Path("/usr/lib/rabbitmq/bin")


def ended(pid: int) -> bool:
    """Gone, or a zombie nobody reaped yet."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def children(pid: int, marker: str) -> list[int]:
    """The live child processes of ``pid`` whose command line holds ``marker`` (not a multiprocessing
    resource tracker)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z" and marker in cmdline and "resource_tracker" not in cmdline:
            found.append(int(entry))
    return sorted(found)


class Broker:
    """A RabbitMQ node of the caller's own: node name, AMQP and distribution ports, data, logs and the
    Erlang cookie (through HOME) all under ``tmp``, so that restarting it never touches the machine's
    shared broker."""

    def __init__(self, tmp: Path, name: str = "vdctest"):
        self.tmp = tmp
        self.port = free_port()
        self.node = f"{name}{self.port}@localhost"
        home = tmp / "home"
        home.mkdir(parents=True)
        (tmp / "enabled_plugins").write_text("[].")
        self.env = {**os.environ, "HOME": str(home), "RABBITMQ_NODENAME": self.node,
                    "RABBITMQ_NODE_PORT": str(self.port), "RABBITMQ_DIST_PORT": str(free_port()),
                    "RABBITMQ_MNESIA_BASE": str(tmp / "mnesia"), "RABBITMQ_LOG_BASE": str(tmp / "log"),
                    "RABBITMQ_CONFIG_FILE": str(tmp / "none"), "RABBITMQ_ADVANCED_CONFIG_FILE": str(tmp / "none"),
                    "RABBITMQ_ENABLED_PLUGINS_FILE": str(tmp / "enabled_plugins"),
                    "RABBITMQ_PID_FILE": str(tmp / "pid")}
        self.url = f"amqp://guest:guest@127.0.0.1:{self.port}/%2F"
        self.out = open(tmp / "rabbitmq.out", "ab")
        self.proc = subprocess.Popen([str(RABBITMQ_BIN / "rabbitmq-server")], env=self.env, stdout=self.out,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_up()

    def wait_up(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the RabbitMQ node exited (see {self.tmp / 'rabbitmq.out'})")
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the RabbitMQ node did not start") from None
                time.sleep(0.2)

    def ctl(self, *args: str) -> None:
        subprocess.run([str(RABBITMQ_BIN / "rabbitmqctl"), "-n", self.node, *args], env=self.env, check=True,
                       capture_output=True, timeout=120)

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                self.ctl("stop")
                self.proc.wait(30)
            except (subprocess.SubprocessError, OSError):
                pass
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.out.close()


class WriteLoad:
    """Clients posting writes in a loop until a kill cuts them off, for the durability probes: the titles
    answered with ``status`` (``acked``: title -> the answer's JSON, in answer order) and those whose
    request got no answer (``unanswered``)."""

    def __init__(self, url: str, token: str, path: str, body, status: int, prefix: str, clients: int = 4):
        self.url, self.token, self.path, self.body, self.status, self.prefix = url, token, path, body, status, prefix
        self.acked: dict[str, object] = {}
        self.unanswered: list[str] = []
        self.stop = threading.Event()
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._write) for _ in range(clients)]

    def _write(self) -> None:
        with httpx.Client(base_url=self.url + "/rest/default", headers={"Authorization": f"Bearer {self.token}"},
                          timeout=30) as c:
            while not self.stop.is_set():
                title = unique(self.prefix)
                try:
                    r = c.post(self.path, json=self.body(title))
                except httpx.TransportError:
                    with self._lock:
                        self.unanswered.append(title)
                    return
                assert r.status_code == self.status, r.text
                with self._lock:
                    self.acked[title] = r.json()

    def start(self) -> None:
        for t in self._threads:
            t.start()

    def join(self, timeout: float = 30) -> None:
        for t in self._threads:
            t.join(timeout)
