"""Servers with a chosen queue backend and no consumer of their own, plus consumer processes the tests
start and kill (``vdcommerce queue consume``).

Each queue server has its own random AMQP prefix for its queues and exchange, so xdist workers (and
concurrent runs) never share a queue, and removes them when it stops.

On SQLite the database queue is tested; on PostgreSQL (``VDC_TEST_DB=postgresql``) both the AMQP
backend (the local RabbitMQ on 127.0.0.1:5672, guest/guest) and the database queue.
"""
from __future__ import annotations

import os
import secrets
import signal
import subprocess
import time

import httpx
import pika

from tests.helpers.harness import BIN, ROOT, Database, Server

BACKENDS = ["amqp", "db"] if os.environ.get("VDC_TEST_DB", "sqlite") == "postgresql" else ["db"]
AMQP_URL = os.environ.get("VDC_TEST_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/%2F")


class Consumer:
    """One ``vdcommerce queue consume`` process on a server's database and queue."""

    def __init__(self, server: Server, *args: str):
        self.log = server.log.with_name(f"consumer-{secrets.token_hex(3)}.log")
        self.proc = subprocess.Popen([str(BIN), "queue", "consume", *args], env=server.env, cwd=ROOT,
                                     stdout=open(self.log, "ab"), stderr=subprocess.STDOUT, start_new_session=True)

    def kill(self) -> None:
        """SIGKILL: no chance to finish anything."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def wait(self, timeout: float = 60) -> int:
        return self.proc.wait(timeout)


class QueueServer(Server):
    """A server with ``backend`` and ``VDC_QUEUE_CONSUMERS=0``; ``consumer()`` starts consumers."""

    def __init__(self, tmp, db: Database, backend: str, extra_env: dict[str, str] | None = None):
        self.backend = backend
        self.prefix = f"vdc-test-{secrets.token_hex(4)}."
        self.consumers: list[Consumer] = []
        super().__init__(tmp, db, extra_env={"VDC_QUEUE_BACKEND": backend, "VDC_QUEUE_CONSUMERS": "0",
                                             "VDC_AMQP_URL": AMQP_URL, "VDC_AMQP_PREFIX": self.prefix,
                                             "VDC_QUEUE_POLL_SECONDS": "0.05", **(extra_env or {})})

    def consumer(self, *args: str) -> Consumer:
        c = Consumer(self, *args)
        self.consumers.append(c)
        return c

    def stop_consumers(self) -> None:
        while self.consumers:
            self.consumers.pop().stop()

    def stop(self) -> None:
        self.stop_consumers()
        super().stop()
        if self.backend == "amqp":  # leave the broker as it was
            topics = self.cli("queue", "topics").stdout.split()
            connection = pika.BlockingConnection(pika.URLParameters(AMQP_URL))
            channel = connection.channel()
            for topic in topics:
                channel.queue_delete(self.prefix + topic)
            channel.exchange_delete(self.prefix + "magento")
            connection.close()


def wait_for(bulk_uuid: str, client: httpx.Client, count: int, status: int = 1, timeout: float = 120) -> None:
    """Until ``count`` operations of the bulk have ``status``."""
    deadline = time.monotonic() + timeout
    while True:
        n = client.get(f"/V1/bulk/{bulk_uuid}/operation-status/{status}").json()
        if n == count:
            return
        assert time.monotonic() < deadline, f"{n} of {count} operations reached status {status}"
        time.sleep(0.05)
