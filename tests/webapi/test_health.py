"""/health/live, /health/ready and /metrics, against a server of their own (the readiness tests
take its database away)."""
from __future__ import annotations

import time

import httpx
import pytest
import sqlalchemy as sa
from prometheus_client.parser import text_string_to_metric_families

from tests.helpers.harness import PG_ADMIN_URL, Database, Server, free_port


@pytest.fixture(scope="module")
def own(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("health")
    db = Database(tmp)
    srv = Server(tmp, db, extra_env={"VDC_QUEUE_CONSUMERS": "0"})  # async operations stay queued
    yield srv
    srv.stop()
    db.drop()


def samples(server, name: str) -> list:
    text = httpx.get(server.url + "/metrics").text
    return [s for family in text_string_to_metric_families(text) for s in family.samples if s.name == name]


def value(server, name: str, **labels: str) -> float:
    found = [s.value for s in samples(server, name) if all(s.labels.get(k) == v for k, v in labels.items())]
    return sum(found)


def test_live_and_ready(server):
    live = httpx.get(server.url + "/health/live")
    assert live.status_code == 200 and live.json() == {"status": "ok"}
    ready = httpx.get(server.url + "/health/ready")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ok", "checks": {"database": "ok", "migrations": "ok", "queue": "ok"},
                            "scheduler": {"last_tick": None, "stalled": False, "overdue": []}}  # never ran here
    assert ready.headers["cache-control"] == "no-store"


def test_ready_is_unhealthy_while_the_migrations_are_behind(own):
    with own.db.engine.begin() as c:
        heads = [r[0] for r in c.exec_driver_sql("SELECT version_num FROM alembic_version")]
        c.exec_driver_sql("DELETE FROM alembic_version")
    try:
        r = httpx.get(own.url + "/health/ready")
        assert r.status_code == 503
        assert r.json()["status"] == "unavailable"
        assert r.json()["checks"]["migrations"].startswith("not current")
        assert r.json()["checks"]["database"] == "ok"
    finally:
        with own.db.engine.begin() as c:
            for head in heads:
                c.exec_driver_sql("INSERT INTO alembic_version (version_num) VALUES (?)" if own.db.kind == "sqlite"
                                  else "INSERT INTO alembic_version (version_num) VALUES (%s)", (head,))
    assert httpx.get(own.url + "/health/ready").status_code == 200


def test_ready_is_unhealthy_while_the_database_is_stopped(own):
    if own.db.kind != "postgresql":
        pytest.skip("an embedded SQLite database cannot be stopped apart from the server (run with VDC_TEST_DB=postgresql)")
    assert httpx.get(own.url + "/health/ready").status_code == 200
    admin = sa.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    own.db.engine.dispose()
    try:
        with admin.connect() as c:  # the database stops taking connections and drops the ones it has
            c.exec_driver_sql(f'ALTER DATABASE "{own.db.name}" ALLOW_CONNECTIONS false')
            c.exec_driver_sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                              (own.db.name,))
        r = httpx.get(own.url + "/health/ready", timeout=30)
        assert r.status_code == 503
        assert r.json() == {"status": "unavailable",
                            "checks": {"database": "unreachable", "migrations": "unreachable", "queue": "unreachable"},
                            "scheduler": {"last_tick": None, "stalled": False, "overdue": []}}  # nothing known
        assert httpx.get(own.url + "/health/live").status_code == 200  # the process itself is fine
    finally:
        with admin.connect() as c:
            c.exec_driver_sql(f'ALTER DATABASE "{own.db.name}" ALLOW_CONNECTIONS true')
        admin.dispose()
    deadline = time.monotonic() + 10
    while httpx.get(own.url + "/health/ready").status_code != 200:
        assert time.monotonic() < deadline, "the server did not become ready again"
        time.sleep(0.2)


def test_metrics_count_requests_by_route_template(server, admin):
    route = "/V1/vendor_faq/question/:questionId"
    before = value(server, "vdcommerce_http_requests_total", route=route, method="DELETE", status="404")
    for question_id in (999_001, 999_002, 999_003):  # three raw paths, one template
        assert admin.delete(f"/V1/vendor_faq/question/{question_id}").status_code == 404
    after = value(server, "vdcommerce_http_requests_total", route=route, method="DELETE", status="404")
    assert after - before == 3
    latency = value(server, "vdcommerce_http_request_duration_seconds_count", route=route, method="DELETE")
    assert latency >= 3
    # a path that matches no route is counted under one label, never under the raw path
    httpx.get(server.url + "/rest/V1/no/such/route/12345")
    routes = {s.labels["route"] for s in samples(server, "vdcommerce_http_requests_total")}
    assert "unmatched" in routes and not any("12345" in r for r in routes)


def test_metrics_report_the_queue_and_the_outbox(own):
    assert value(own, "vdcommerce_database_up") == 1
    for name in ("vdcommerce_queue_failed_operations", "vdcommerce_outbox_messages"):
        assert samples(own, name), name
    depth = value(own, "vdcommerce_queue_depth")
    with own.client(own.token()) as admin:
        r = admin.post("/async/bulk/V1/vendor_faq/question", json=[{"question": {"title": "one"}},
                                                                    {"question": {"title": "two"}}])
        assert r.status_code == 202, r.text
    assert value(own, "vdcommerce_queue_depth") == depth + 2  # no consumer runs beside this server
    time.sleep(1.1)
    assert value(own, "vdcommerce_queue_oldest_age_seconds") >= 1
    r = httpx.get(own.url + "/metrics")
    assert r.headers["content-type"].startswith("text/plain")


def test_metrics_count_the_statements_requests_run(own):
    """Both the SQLAlchemy statements and those of the driver fast path (the token lookup, a record by
    id) are counted; a scrape's own statements show in the next scrape, the same number every time."""
    name = "vdcommerce_db_statements_total"
    with own.client(own.token()) as admin:
        r = admin.post("/V1/vendor_faq/question", json={"question": {"title": "Counted?", "stores": "1"}})
        assert r.status_code == 200, r.text
        question_id = r.json()["question_id"]
        reads = [value(own, name) for _ in range(4)]
        scrape = reads[1] - reads[0]
        assert scrape >= 1 and [b - a for a, b in zip(reads, reads[1:])] == [scrape] * 3
        assert httpx.get(own.url + "/health/live").status_code == 200  # no database work
        after_live = value(own, name)
        assert after_live - reads[-1] == scrape
        counts = []
        for _ in range(3):
            before = value(own, name)
            assert admin.get(f"/V1/vendor_faq/question?questionId={question_id}").status_code == 200
            counts.append(value(own, name) - before - scrape)
        assert counts[0] >= 2 and counts == [counts[0]] * 3, counts  # the token and the question at least
        before = value(own, name)
        for _ in range(5):
            assert admin.get(f"/V1/vendor_faq/question?questionId={question_id}").status_code == 200
        assert value(own, name) - before - scrape == 5 * counts[0]


def test_ready_is_unhealthy_while_the_broker_is_unreachable(tmp_path):
    closed = free_port()  # nothing listens there
    db = Database(tmp_path)
    srv = Server(tmp_path, db, extra_env={"VDC_QUEUE_BACKEND": "amqp", "VDC_QUEUE_CONSUMERS": "0",
                                          "VDC_AMQP_URL": f"amqp://guest:guest@127.0.0.1:{closed}/%2F"})
    try:
        r = httpx.get(srv.url + "/health/ready")
        assert r.status_code == 503
        checks = r.json()["checks"]
        assert checks["database"] == "ok" and checks["migrations"] == "ok"
        assert checks["queue"].startswith("unreachable")
    finally:
        srv.stop()
        db.drop()


def test_metrics_sum_every_worker(tmp_path):
    db = Database(tmp_path)
    srv = Server(tmp_path, db, workers=2, extra_env={"VDC_QUEUE_CONSUMERS": "0"})
    counts = tmp_path / "var" / "metrics"
    try:
        sent = 0
        while sent < 40 or (len(list(counts.glob("counter_*.db"))) < 2 and sent < 400):
            # a new connection each time, so that both workers get some
            assert httpx.get(srv.url + "/health/live").status_code == 200
            sent += 1
            if sent >= 40:
                time.sleep(0.02)  # a worker writes its file when it adds its first counts (half a second on)
        assert len(list(counts.glob("counter_*.db"))) == 2  # one file per worker process
        # each worker adds its counts within half a second of its last request; the scrape sums them
        deadline = time.monotonic() + 10
        while value(srv, "vdcommerce_http_requests_total", route="/health/live") != sent and time.monotonic() < deadline:
            time.sleep(0.1)
        assert value(srv, "vdcommerce_http_requests_total", route="/health/live") == sent
    finally:
        srv.stop()
        db.drop()


def test_a_list_reads_the_link_sets_of_its_page_in_one_statement(own):
    """A question has three link sets (store views, categories, tags): a list reads them for its whole
    page in one statement, as a get by id does for its record; a full page adds the count."""
    name = "vdcommerce_db_statements_total"
    with own.client(own.token()) as admin:
        r = admin.post("/V1/vendor_faq/category", json={"category": {"title": "Counted category"}})
        assert r.status_code == 200, r.text
        category_id = r.json()["category_id"]
        ids = []
        for i in range(3):
            r = admin.post("/V1/vendor_faq/question", json={"question": {
                "title": f"Linked {i}?", "stores": "1", "categories": str(category_id),
                "tags": [{"title": f"tag {i}"}, {"title": "shared"}]}})
            assert r.status_code == 200, r.text
            ids.append(r.json()["question_id"])
        reads = [value(own, name) for _ in range(3)]
        scrape = reads[1] - reads[0]

        def statements(path: str, **params) -> tuple[int, dict]:
            before = value(own, name)
            r = admin.get(path, params=params)
            assert r.status_code == 200, r.text
            return value(own, name) - before - scrape, r.json()

        one, _ = statements("/V1/vendor_faq/question", questionId=ids[0])
        criteria = {"searchCriteria[filter_groups][0][filters][0][field]": "title",
                    "searchCriteria[filter_groups][0][filters][0][value]": "Linked %",
                    "searchCriteria[filter_groups][0][filters][0][condition_type]": "like",
                    "searchCriteria[sort_orders][0][field]": "question_id",
                    "searchCriteria[sort_orders][0][direction]": "ASC"}
        full, page = statements("/V1/vendor_faq/question/all", **criteria, **{"searchCriteria[pageSize]": 2})
        assert page["total_count"] == 3 and [q["question_id"] for q in page["items"]] == ids[:2]
        assert [(q["stores"], q["categories"], sorted(t["title"] for t in q["tags"])) for q in page["items"]] == [
            ("1", str(category_id), ["shared", f"tag {i}"]) for i in range(2)]
        assert full == one + 1  # the page, the count and the link sets against the record and its link sets
        partial, page = statements("/V1/vendor_faq/question/all", **criteria, **{"searchCriteria[pageSize]": 10})
        assert page["total_count"] == 3 and [q["question_id"] for q in page["items"]] == ids
        assert partial == one  # the page tells the count
