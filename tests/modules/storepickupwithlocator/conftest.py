"""Fixtures of the store pickup tests: settings restored and locations deleted after each test."""
from __future__ import annotations

import pytest

from tests.helpers import ok, unique
from tests.helpers.harness import set_config
from tests.helpers.quote import product

from .support import LOCATIONS, week


@pytest.fixture
def config(sql):
    """Write settings for one test; each one written is removed again afterwards."""
    written: set[str] = set()

    def write(path: str, value: str | None) -> None:
        written.add(path)
        set_config(sql, path, value)
    yield write
    for path in written:
        set_config(sql, path, None)


@pytest.fixture
def location(admin):
    """Create locations for one test (open every day 08:00-20:00, break 12:00-13:00, by default);
    deleted afterwards when still there."""
    made: list[int] = []

    def create(**fields) -> dict:
        body = {"name": unique("Pickup "), "schedule": week(), **fields}
        created = ok(admin.post(LOCATIONS, json={"location": body}))
        made.append(created["id"])
        return created
    yield create
    for location_id in made:
        admin.delete(f"{LOCATIONS}/{location_id}")


@pytest.fixture(scope="module")
def sku(server, admin_token) -> str:
    return product(server, admin_token, price=20)["sku"]
