"""Schemathesis over the service's own published schema, for the tests/webapi/test_schemathesis*.py
files (one caller per file, so that parallel workers share them).

The schema is the one a client reads (``/rest/default/schema?services=all&format=openapi3``, fetched
with the caller's token, so it lists exactly the operations that caller may use). For each operation
schemathesis generates a small, fixed number of requests (``EXAMPLES``) from the operation's
parameters and body schema; generation is derandomised (the same requests on every run) and keeps no
example database. Two checks: no answer is a 5xx, and every answer conforms to the response schema
of its status. Every failure is collected, so that one run names them all.
"""
from __future__ import annotations

import os

import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

# per operation: enough to reach every operation's answers, small enough for CI; a longer fuzz run sets
# VDC_FUZZ_EXAMPLES (the generation stays derandomised: the same requests for the same number)
EXAMPLES = int(os.environ.get("VDC_FUZZ_EXAMPLES", "2"))
CHECKS = [not_a_server_error, response_schema_conformance]


def run_all(server, token: str | None, excluded: frozenset[tuple[str, str]]) -> tuple[int, int, list[str]]:
    """(operations, requests, failures) of one run over every operation the caller may use, but the
    ``excluded`` ones (method, path)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    schema = schemathesis.openapi.from_url(
        server.url + "/rest/default/schema?services=all&format=openapi3", headers=headers, timeout=60)
    failures: list[str] = []
    counts = [0, 0]
    with requests.Session() as session:
        for result in schema.get_all_operations():
            operation = result.ok()
            label = f"{operation.method.upper()} {operation.path}"
            if (operation.method.upper(), operation.path) in excluded:
                continue
            counts[0] += 1

            @given(case=operation.as_strategy())
            @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                      phases=[Phase.generate], suppress_health_check=list(HealthCheck))
            def check(case):
                counts[1] += 1
                response = case.call(session=session, headers=headers, timeout=60)
                try:
                    case.validate_response(response, checks=CHECKS)
                except BaseException as e:  # schemathesis's failure group is a BaseExceptionGroup
                    if not isinstance(e, Exception) and not isinstance(e, BaseExceptionGroup):
                        raise
                    failures.append(f"{label} -> {response.status_code}: {e}\n{response.text[:500]}")

            check()
    return counts[0], counts[1], failures


def assert_clean(server, token: str | None, minimum: int, check_path: str | None = None,
                 excluded: frozenset[tuple[str, str]] = frozenset()) -> None:
    """No failure over at least ``minimum`` operations; then ``check_path`` still answers 200 to the
    caller (its token was not lost half-way)."""
    operations, calls, failures = run_all(server, token, excluded)
    assert not failures, f"{len(failures)} failures:\n\n" + "\n\n".join(failures)
    assert operations >= minimum and calls >= operations, (operations, calls)
    if check_path is not None:
        with server.client(token) as c:
            assert c.get(check_path).status_code == 200
