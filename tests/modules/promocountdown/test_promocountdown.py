"""Promo Countdown over HTTP: the seconds left of a promotion by the server's clock in the store's
timezone, for guests and signed-in callers, and the input errors.

Expectations are computed from the same clock window as the call (the time read before and after it),
so the tests never depend on how long a request takes."""
import datetime as dt
import time
from zoneinfo import ZoneInfo

from tests.helpers import new_customer
from tests.helpers.harness import set_config
from tests.helpers.quote import error

PATH = "/V1/promo-countdown/service/date/difference"
DAY = 86400


def offset(zone: str, at: float) -> int:
    return int(dt.datetime.fromtimestamp(at, ZoneInfo(zone)).utcoffset().total_seconds())


def ask(client, start, end):
    before = time.time()
    r = client.post(PATH, json={"start": start, "end": end})
    after = time.time()
    assert r.status_code == 200, r.text
    return r.json(), before, after


def left_between(answer, end, before, after, shift=0):
    """The answer lies between what was left at the two ends of the call's window."""
    assert isinstance(answer, int) and not isinstance(answer, bool), answer
    assert end - (int(after) + shift) <= answer <= end - (int(before) + shift), (answer, before, after, shift)


def test_running_promotions_count_down_and_others_are_zero(guest, server):
    now = int(time.time())
    start, end = now - 3 * DAY, now + 4 * DAY
    answer, before, after = ask(guest, start, end)
    left_between(answer, end, before, after)
    assert 4 * DAY - 5 <= answer <= 4 * DAY

    # not begun yet (2037, within the platform's 32-bit integers), long over
    assert ask(guest, 2114380800, 2114985600)[0] == 0
    assert ask(guest, 1577836800, 1578441600)[0] == 0
    # the end has come, or it never came after the start
    assert ask(guest, now - 2 * DAY, now - DAY)[0] == 0
    assert ask(guest, now - DAY, now - DAY)[0] == 0

    # numeric strings are integers
    r = guest.post(PATH, json={"start": str(start), "end": str(end)})
    assert r.status_code == 200 and 0 < r.json() <= 4 * DAY
    # under /rest/all and /rest without a store code, as for a signed-in customer (the token is accepted)
    _, token = new_customer(server)
    with server.client(store="all") as every, server.client(store=None) as plain, \
            server.client(token) as customer:
        for client in (every, plain, customer):
            answer, before, after = ask(client, start, end)
            left_between(answer, end, before, after)


def test_the_store_timezone_moves_now(guest, sql):
    try:
        # five hours and a half ahead of UTC all year round: an hour and a half less is left
        set_config(sql, "general/locale/timezone", "Asia/Kolkata", "stores", 1)
        now = int(time.time())
        end = now + DAY
        answer, before, after = ask(guest, now - DAY, end)
        left_between(answer, end, before, after, shift=19800)

        # behind UTC (daylight saving time respected): a promotion that began an hour ago by the UTC
        # clock has not begun yet in the store's time, one that ended an hour ago is still running there
        zone = "America/Los_Angeles"
        set_config(sql, "general/locale/timezone", zone, "stores", 1)
        now = int(time.time())
        shift = offset(zone, now)
        assert shift <= -7 * 3600
        assert ask(guest, now - 3600, now + DAY)[0] == 0
        answer, before, after = ask(guest, now - DAY, now - 3600)
        left_between(answer, now - 3600, before, after, shift=offset(zone, after))
        assert answer > 5 * 3600
        end = now + 2 * DAY
        answer, before, after = ask(guest, now - 2 * DAY, end)
        left_between(answer, end, before, after, shift=offset(zone, after))

        # an unknown zone counts as UTC
        set_config(sql, "general/locale/timezone", "Mars/Olympus_Mons", "stores", 1)
        answer, before, after = ask(guest, now - DAY, end)
        left_between(answer, end, before, after)
    finally:
        set_config(sql, "general/locale/timezone", None, "stores", 1)


def test_missing_and_wrong_input(guest):
    error(guest.post(PATH, json={"end": 1625702400}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "start"})
    error(guest.post(PATH, json={"start": 1625097600}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "end"})
    r = guest.post(PATH, json={})
    error(r, 400, "One or more input exceptions have occurred.")
    assert [e["parameters"] for e in r.json()["errors"]] == [{"fieldName": "start"}, {"fieldName": "end"}]
    error(guest.post(PATH, json={"start": "tomorrow", "end": 1625702400}), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "tomorrow", "type": "int"})
    r = guest.post(PATH, json={"start": 1625097600, "end": {"at": 1}})
    assert r.status_code == 400 and r.json()["parameters"]["type"] == "int", r.text
    r = guest.post(PATH, content=b"not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text


def test_demo_loads_nothing_and_the_route_answers(own_server):
    own_server.cli("demo", "load", "promocountdown")
    now = int(time.time())
    with own_server.client() as guest:
        answer, before, after = ask(guest, now - DAY, now + DAY)
        left_between(answer, now + DAY, before, after)
