"""The ASGI application: one request through the framework (docs/architecture.md).

    path -> store code -> processor -> method -> route -> caller -> ACL -> body -> binding
         -> service call (one transaction) -> serialisation -> ?fields= -> JSON

Everything that can be known before the first request (packages, ACL tree, route table, binding
plans, serialisers) is built in ``Application.__init__``; per request there is dictionary work,
one transaction and the service itself.
"""
from __future__ import annotations

import gc
import logging
import re
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable

import orjson

from ..framework import db
from ..framework.context import CUSTOMER, GUEST, Context
from ..framework.data import dump_value
from ..framework.exceptions import AuthorizationException, LocalizedException
from ..framework.files import FileResponse
from ..queue import end_with_serve
from ..settings import Settings, get_settings
from .acl import Acl
from .bulk import BulkProcessor
from .cors import Cors
from .declarations import load_packages, read_acl, read_config_defaults
from .docs_ui import DocsUI
from .errors import (WebapiException, cannot_process, error_response, internal_error, not_found_route,
                     out_of_time)
from .fields import filter_output
from .health import Health
from .logging import configure as configure_logging
from .logging import log_request, request_id
from .media import MediaFiles, file_response
from .metrics import Metrics
from .query import parse_query
from .request import (JSON_HEADERS, Response, Scope, accepts_json, client_address, decode_body, headers_of,
                      not_acceptable, scheme)
from .routing import Route, RouteTable, build_route_table

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from ..platform.config.service import ConfigState
    from .binding import MethodPlan

log = logging.getLogger("vdcommerce.webapi")

_VERSION = re.compile(r"V\d+\Z")
_METHODS = frozenset(("GET", "POST", "PUT", "DELETE"))


class Application:
    def __init__(self, settings: Settings | None = None) -> None:
        from ..platform.config.service import ConfigCache
        from ..platform.integration.auth import Authenticator

        self.settings = settings or get_settings()
        self.packages = load_packages()
        self.acl = Acl(read_acl(self.packages))
        self.routes: RouteTable = build_route_table(self.packages, self.acl)
        self.config = ConfigCache(read_config_defaults(self.packages), self.settings.config_cache_seconds)
        self.authenticator = Authenticator(self.settings)
        self.debug = self.settings.debug
        from .schema import SchemaProcessor
        self.schema = SchemaProcessor(self.routes, self.acl, self.authenticator, self.config, self.settings)
        self.bulk = BulkProcessor(self.routes, self.acl, self.authenticator, self.settings)
        self.docs_ui = DocsUI()
        self.health = Health(self.settings)
        self.metrics = Metrics() if self.settings.metrics else None
        self.cors = Cors(self.settings.cors_origins)
        self.media = MediaFiles(self.settings)

    # ------------------------------------------------------------------ ASGI

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[dict[str, Any]]],
                       send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] == "http":
            started = time.perf_counter()
            body = b""
            more = True
            too_big = False
            limit = self.settings.max_body_bytes
            while more:
                message = await receive()
                chunk = message.get("body", b"")
                if chunk and not too_big:
                    body += chunk
                    if len(body) > limit:
                        too_big, body = True, b""
                more = message.get("more_body", False)
            request_headers = headers_of(scope)  # kept in the scope for the rest of the request
            rid = scope["vdc.request_id"] = request_id(request_headers)
            status, payload, headers = self.respond(scope, request_headers, body, too_big)
            headers = [*headers, (b"x-request-id", rid.encode()), *self.cors.response_headers(request_headers)]
            if scope["method"] != "HEAD":  # a HEAD answer states its file's length itself
                headers.append((b"content-length", b"%d" % len(payload)))  # not chunked: the body is whole
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": payload})
            self.finished(scope, status, time.perf_counter() - started)
        elif scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return

    # ------------------------------------------------------------------ one request

    def respond(self, scope: Scope, headers: dict[str, str], body: bytes, too_big: bool) -> Response:
        """The pages beside the REST API (CORS preflight, /swagger, /health, /metrics), else the API."""
        path, method = scope["path"], scope["method"]
        if self.cors.enabled and self.cors.is_preflight(method, headers):
            scope["vdc.route"] = "preflight"
            return self.cors.preflight(headers)
        if self.docs_ui.handles(path):
            scope["vdc.route"] = "/swagger"
            return self.docs_ui.answer(method, path, scope.get("query_string", b""))
        if self.health.handles(path) and method == "GET":
            scope["vdc.route"] = path
            return self.health.answer(path)
        if path == "/metrics" and method == "GET" and self.metrics is not None:
            scope["vdc.route"] = path
            return self.metrics.answer()
        if self.media.handles(path):
            scope["vdc.route"] = self.media.prefix
            return self.media.answer(method, (scope.get("raw_path") or path.encode()).decode("latin-1"))
        return self.handle(scope, body, too_big)

    def finished(self, scope: Scope, status: int, seconds: float) -> None:
        """After the response: the request's log line and its metrics."""
        route = scope.get("vdc.route", "unmatched")
        client = scope.get("client")
        log_request(scope["vdc.request_id"], scope["method"], scope["path"], route, scope.get("vdc.caller"), status,
                    seconds, client[0] if client else "-")
        if self.metrics is not None:
            self.metrics.observe(route, scope["method"], status, seconds)

    def handle(self, scope: Scope, body: bytes, too_big: bool = False) -> Response:
        try:
            result = self.dispatch(scope, body, too_big)
            if isinstance(result, tuple):  # a processor that answers by itself (schema)
                answered: Response = result
                return answered
            return 200, orjson.dumps(result), JSON_HEADERS
        except LocalizedException as e:
            return error_response(e)
        except Exception as e:  # noqa: BLE001 - the one place that turns anything into a 500
            kind = db.out_of_time(e)
            if kind is not None:  # the database's limits ended the request: rolled back, the worker is free
                return out_of_time(kind, self.settings.db_statement_timeout, scope.get("vdc.request_id"))
            conflict = db.conflict_of(e)  # a unique or foreign key conflict a service did not foresee
            if conflict is not None:
                log.warning("%s %s: %s", scope["method"], scope.get("vdc.route"), e.args[0] if e.args else e)
                return error_response(conflict)
            status, payload = internal_error(e, self.debug, scope.get("vdc.request_id"))
            return status, orjson.dumps(payload), JSON_HEADERS

    def dispatch(self, scope: Scope, body: bytes, too_big: bool) -> Any:
        raw = scope.get("raw_path") or scope["path"].encode()
        segments = raw.decode("latin-1").split("/")
        # "", ["index.php",] "rest", ...
        start = 1
        if len(segments) > start and segments[start] == "index.php":
            start += 1
        if len(segments) <= start or segments[start] != "rest":
            raise not_found_route()
        segments = segments[start + 1:]
        method = scope["method"]
        if method not in _METHODS:
            raise WebapiException("Request method is invalid.")

        state = self.config.current()
        store_id, website_id, store_code = 1, 1, None
        if segments:
            first = segments[0]
            if first == "all":
                store_id, website_id, store_code = 0, 0, "all"
                segments = segments[1:]
            else:
                store = state.stores.get(first)
                if store is not None:
                    store_id, website_id = store
                    store_code = first
                    segments = segments[1:]
        if not segments:
            raise cannot_process()
        head = segments[0]
        if head == "schema" and len(segments) <= 2 and (len(segments) == 1 or segments[1] == ""):
            if method != "GET":
                raise cannot_process()
            scope["vdc.route"] = "/schema"
            return self.schema.answer(scope, store_code, headers_of(scope))
        if head == "async" and method == "GET" and segments[1:] in (["schema"], ["bulk", "schema"]):
            scope["vdc.route"] = "/async/schema"
            kind = "bulk" if segments[1] == "bulk" else "async"
            return self.schema.answer(scope, store_code, headers_of(scope), kind)
        if head == "async":
            scope["vdc.route"] = "/async"  # the async and bulk processors (webapi/bulk.py)
            return self.bulk.answer(scope, method, segments, body, too_big, state, store_id, website_id)
        if not _VERSION.match(head):
            raise cannot_process()
        if segments[-1] == "":  # one trailing slash is ignored
            segments = segments[:-1]
        if "" in segments:  # an empty inner segment matches nothing
            raise not_found_route()

        headers = headers_of(scope)
        accept = headers.get("accept")
        if accept and not accepts_json(accept):
            raise not_acceptable(accept)
        found = self.routes.match(method, segments)
        if found is None:
            raise not_found_route()
        route, path_values = found
        scope["vdc.route"] = route.url
        if route.decl.secure and scheme(scope, headers, self.settings.trusted_proxy) != "https":
            raise WebapiException("Operation allowed only in HTTPS")

        kept: LocalizedException | None = None
        with db.transaction(write=method != "GET") as conn:
            try:
                return self.call(conn, route, path_values, method, scope, headers, body, too_big, state,
                                 store_id, website_id)
            except LocalizedException as e:
                if not e.commit:
                    raise
                kept = e  # leave the block normally: the transaction commits
        raise kept

    def call(self, conn: Connection, route: Route, path_values: dict[str, str], method: str, scope: Scope,
             headers: dict[str, str], body: bytes, too_big: bool, state: ConfigState, store_id: int,
             website_id: int) -> Any:
        """Inside the request's transaction: caller, ACL, body, binding, the service, the output."""
        caller = self.authenticator.caller(conn, headers.get("authorization"), method, scope, headers, state)
        scope["vdc.caller"] = caller.user_type
        ctx = Context(conn, store_id, website_id, caller, state,
                      client_ip=client_address(scope, headers, self.settings.trusted_proxy))
        if not self.acl.allowed(caller, route.resources) or (
                caller.user_type == CUSTOMER and not route.owned_by_caller(ctx, path_values)) or (
                route.decl.guest_access and caller.user_type == GUEST and not state.flag(route.decl.guest_access)):
            raise AuthorizationException.for_resources(route.denied)
        data = None
        if method in ("POST", "PUT"):
            data = decode_body(body, headers.get("content-type"), too_big, self.settings.max_json_depth)
        query = parse_query(scope.get("query_string", b"").decode("latin-1"), self.settings.max_json_depth)
        limit = None
        if state.input_limits_enabled(store_id):
            limit = route.decl.input_array_limit or state.sync_array_limit(store_id)
        plan = route.plan
        out = run_service(plan, ctx, plan.bind(ctx, data, query, path_values, limit))
        if isinstance(out, FileResponse):  # a download answers with the file itself
            return file_response(out)
        fields = query.get("fields")
        if isinstance(fields, str) and fields:
            out = filter_output(out, fields)
        return out


def run_service(plan: MethodPlan, ctx: Context, args: dict[str, Any]) -> Any:
    """The service call and its output by the method's return type; the synchronous processor and the
    queue consumer (vdcommerce/queue/consumer.py) both run an operation through here."""
    result = getattr(plan.service_cls(ctx), plan.py_method)(**args)
    if isinstance(result, FileResponse):
        return result
    if result is None or plan.returns is None:
        return []  # void and null results travel as []
    out = dump_value(result, plan.returns)
    return [] if out is None or out == {} else out


def create_app() -> Application:
    """uvicorn factory: each worker process builds its own application."""
    end_with_serve()  # a worker of several: stops when serve is gone, even killed
    configure_logging(get_settings())
    db.use_limits(db.request_limits())  # the consumers and the CLI keep their own (framework/db.py)
    app = Application()
    app.bulk.start_publisher()
    # everything start-up built (packages, routes, plans, data object classes: about 180,000 objects)
    # lives as long as the worker: moved out of the garbage collector's sight, so that a full collection
    # (rare: when caches grow) scans only what requests left behind instead of stalling every waiting
    # request for the whole heap's scan (about 0.1 s of CPU on the benchmark machine)
    gc.collect()
    gc.freeze()
    return app
