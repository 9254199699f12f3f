"""Exceptions to HTTP: status mapping and the platform error body."""
from __future__ import annotations

import logging
import secrets
import traceback
from typing import Any

from ..framework.exceptions import (AuthenticationException, AuthorizationException, InputException, Parameters,
                                    LocalizedException, NoSuchEntityException, TooManyRequestsException,
                                    ValidatorException)

log = logging.getLogger("vdcommerce.webapi")


class WebapiException(LocalizedException):
    """An error of the web API layer itself (routing, processors, headers), with its own status."""

    def __init__(self, message: str, parameters: Parameters = None, status: int = 400, code: int = 0,
                 retry_after: int | None = None):
        super().__init__(message, parameters, code)
        self.status = status
        self.retry_after = retry_after


def not_found_route() -> WebapiException:
    return WebapiException("Request does not match any route.", status=404)


def cannot_process() -> WebapiException:
    return WebapiException("Specified request cannot be processed.", status=400)


def status_of(exc: LocalizedException) -> int:
    if isinstance(exc, WebapiException):
        return exc.status
    if isinstance(exc, NoSuchEntityException):
        return 404
    if isinstance(exc, (AuthenticationException, AuthorizationException)):
        return 401
    if isinstance(exc, TooManyRequestsException):
        return 429
    return 400


def _entry(exc: LocalizedException) -> dict[str, Any]:
    body: dict[str, Any] = {"message": exc.message}
    if exc.parameters:
        body["parameters"] = exc.parameters
    return body


def error_body(exc: LocalizedException) -> dict[str, Any]:
    if isinstance(exc, InputException) and exc.errors:
        if len(exc.errors) == 1:
            return error_body(exc.errors[0])
        body = _entry(exc)
        body["errors"] = [_entry(e) for e in exc.errors]
    elif isinstance(exc, ValidatorException) and exc.errors:  # the headline stays, with every entry
        body = _entry(exc)
        body["errors"] = [_entry(e) for e in exc.errors]
    else:
        body = _entry(exc)
    if exc.code:
        body["code"] = exc.code
    return body


def internal_error(exc: BaseException, debug: bool = False, report: str | None = None) -> tuple[int, dict[str, Any]]:
    """An unexpected failure: a report id for the client (the request's id, when there is one), the
    traceback in the log."""
    report = report or secrets.token_hex(8)
    log.error("Report ID: webapi-%s\n%s", report, "".join(traceback.format_exception(exc)))
    body: dict[str, Any] = {"message": f"Internal Error. Details are available in Magento log file. Report ID: webapi-{report}"}
    if debug:
        body["trace"] = "".join(traceback.format_exception(exc))
    return 500, body


#: the answers of a request its database limits ended (``VDC_DB_STATEMENT_TIMEOUT``, ``VDC_DB_LOCK_TIMEOUT``)
TOO_LONG_MESSAGE = "The request took longer than %seconds seconds and was stopped; nothing of it was saved."
LOCKED_MESSAGE = "The database was busy with other requests; nothing of this one was saved. Try again."


def error_response(exc: LocalizedException) -> tuple[int, bytes, list[tuple[bytes, bytes]]]:
    """The answer to an exception of the families: its status, the platform's error body and, when the
    exception says how long to wait, ``Retry-After``."""
    import orjson

    from .request import JSON_HEADERS
    headers = JSON_HEADERS
    if exc.retry_after is not None:
        headers = [*JSON_HEADERS, (b"retry-after", str(exc.retry_after).encode())]
    return status_of(exc), orjson.dumps(error_body(exc)), headers


def out_of_time(kind: str, seconds: float, report: str | None = None) -> tuple[int, bytes, list[tuple[bytes, bytes]]]:
    """503 in the platform's error body, with ``Retry-After``: the request ran into a database limit
    (``too_long``: its statement; ``locked``: a lock it waited for) and was rolled back."""
    log.warning("request %s ended by the database's %s limit", report or "-",
                "lock wait" if kind == "locked" else "statement")
    if kind == "locked":
        return error_response(WebapiException(LOCKED_MESSAGE, status=503, retry_after=1))
    return error_response(WebapiException(TOO_LONG_MESSAGE, {"seconds": f"{seconds:g}"}, status=503, retry_after=1))
