"""The order in which pytest-xdist hands out test files (``--dist loadfile``): the longest first.

Each worker asks for the next whole file when it is done with its own, so a long file handed out last
keeps one worker busy while the other has nothing left. xdist's own order is by number of tests, which
puts a file of one long test (generated requests over the whole schema, a scaffolded module) at the
very end. Here the files are ordered by the seconds they took in the previous run on the same
database (pytest's cache, ``.pytest_cache``); a file without a figure yet (a new one, or a fresh
clone) is estimated from its number of tests, or from its module's own estimate,
``pytestmark = pytest.mark.long_file(seconds)``. A run of part of a file records that part's seconds;
the next full run corrects it. Only the order changes: every file still runs whole on one worker,
with its own fixtures.
"""
from __future__ import annotations

import os
from collections import defaultdict

import pytest

CACHE_KEY = "vdcommerce/file-seconds-" + os.environ.get("VDC_TEST_DB", "sqlite")
LONG_FILE_SECONDS = 60.0  # the estimate of a file marked long_file without seconds that has no figure yet
SECONDS_PER_TEST = 1.0    # the estimate of any other file that has no figure yet


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "long_file(seconds): the file takes about that long on a busy machine: "
                                       "hand it out early (tests/helpers/order.py)")
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False  # the order of the collection below is the order handed out
    config._vdc_seconds = _Seconds()  # type: ignore[attr-defined]
    config.pluginmanager.register(config._vdc_seconds, "vdc-file-seconds")  # type: ignore[attr-defined]


def _file(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    cache = getattr(config, "cache", None)  # none under -p no:cacheprovider
    known: dict[str, float] = cache.get(CACHE_KEY, {}) if cache is not None else {}
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(_file(item.nodeid), []).append(item)

    def cost(name: str) -> float:
        if name in known:
            return known[name]
        group = files[name]
        marks = [m for item in group for m in item.iter_markers("long_file")]
        if marks:
            return float(marks[0].args[0]) if marks[0].args else LONG_FILE_SECONDS
        return SECONDS_PER_TEST * len(group)

    # the same order on every worker (xdist checks that all collected the same list): ties by name
    ordered = sorted(files, key=lambda name: (-cost(name), name))
    items[:] = [item for name in ordered for item in files[name]]


class _Seconds:
    """Each file's seconds (set-up, call and tear-down of its tests) as the reports arrive: on the
    controller these are every worker's reports."""

    def __init__(self) -> None:
        self.by_file: dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.by_file[_file(report.nodeid)] += report.duration


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    cache = getattr(config, "cache", None)
    if cache is None or hasattr(config, "workerinput"):  # only the controller (or a plain run) writes
        return
    seen: dict[str, float] = config._vdc_seconds.by_file  # type: ignore[attr-defined]
    if not seen:
        return
    known: dict[str, float] = cache.get(CACHE_KEY, {})
    known.update({name: round(seconds, 2) for name, seconds in seen.items()})
    cache.set(CACHE_KEY, known)
