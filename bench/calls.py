"""What the scenario benchmarks (checkout, table rates, finder) share: a timed keep-alive client, the
statistics of its samples and the writing of a benchmark's own section of docs/performance.md."""
from __future__ import annotations

import statistics
import time

import httpx

from bench.run import PERFORMANCE_MD, BenchError


class Client:
    """One keep-alive connection; every call is timed (under ``label``, when given) and must answer 200."""

    def __init__(self, base: str, token: str | None = None, timeout: float = 120):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.Client(base_url=base, headers=headers, timeout=timeout)
        self.samples: dict[str, list[float]] = {}

    def call(self, label: str | None, method: str, path: str, body=None):
        t0 = time.perf_counter()
        r = self.http.request(method, path, json=body)
        elapsed = time.perf_counter() - t0
        if r.status_code != 200:
            raise BenchError(f"{method} {path}: {r.status_code} {r.text[:300]}")
        if label:
            self.samples.setdefault(label, []).append(elapsed * 1000)
        return r.json()


def stats(ms: list[float]) -> dict:
    """Count, p50, p95, p99 and mean of samples in milliseconds."""
    ms = sorted(ms)
    pick = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]  # noqa: E731
    return {"n": len(ms), "p50_ms": round(statistics.median(ms), 3), "p95_ms": round(pick(0.95), 3),
            "p99_ms": round(pick(0.99), 3), "mean_ms": round(statistics.fmean(ms), 3)}


def write_section(begin: str, end: str, section: str) -> None:
    """Replace the part of docs/performance.md between the markers (or append it the first time)."""
    text = PERFORMANCE_MD.read_text() if PERFORMANCE_MD.exists() else "# Performance\n"
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        text = head + section + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    PERFORMANCE_MD.write_text(text)
