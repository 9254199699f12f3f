"""The asynchronous and bulk processors: ``/async/V1/...`` and ``/async/bulk/V1/...``.

Built once at start-up from the route table: every synchronous POST, PUT and DELETE route is offered,
async on its own path and bulk on its converted path (each ``:param`` segment becomes the literal
``by<Param>``), with its queue topic. A route open to guests (``anonymous``) or to customers (``self``)
is offered to admins and integrations only, as the platform does (its own example is
``POST /async/bulk/V1/customers``); its admin resources, where it has any, are checked as usual.

A request is checked as its synchronous call would be (route, caller, ACL: 401 before anything is
accepted), then every element is bound with the route's compiled plan, all of them before anything
is stored: a failing element makes the whole request a 400 naming it (8.4). Then, in the request's
transaction, one bulk with one operation per element (its input map, serialised) and, with the
database queue, one message per operation; with AMQP the messages go out after the commit (a
broker that cannot take them: the bulk is removed again and the answer is a 503). The answer
is the 202 of 8.3. The operations run later in a consumer (vdcommerce/queue/consumer.py).
"""
from __future__ import annotations

import hashlib
import logging
import os
import queue
import re
import signal
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any

import orjson

from ..framework import db
from ..framework.context import ADMIN, INTEGRATION, Caller, Context
from ..framework.data import camel, snake
from ..framework.exceptions import AuthorizationException, InputException, LocalizedException
from ..platform.asyncoperations import operations
from ..platform.asyncoperations.api import AsyncResponseInterface, ItemStatusInterface
from ..queue import backend as make_backend
from ..queue import topic_name
from ..settings import Settings
from .acl import ANONYMOUS, SELF, Acl
from .errors import WebapiException, cannot_process, error_body, error_response, not_found_route
from .query import parse_query
from .request import JSON_HEADERS, Response, Scope, accepts_json, decode_body, headers_of, not_acceptable, scheme
from .routing import Route, RouteTable

if TYPE_CHECKING:
    from ..queue import Backend
    from ..platform.config.service import ConfigState
    from ..platform.integration.auth import Authenticator

log = logging.getLogger("vdcommerce.queue")
#: the answer (503) when the broker cannot take a request's messages
QUEUE_UNAVAILABLE = "The message queue is not available now. Nothing was accepted; try again later."
_VERSION = re.compile(r"V\d+\Z")
ASYNC_LIMIT_PATH = "webapi/async/default_input_array_size_limit"
DEFAULT_ASYNC_LIMIT = 5000  # Complex_array_limit for async and bulk


def offered(route: Route) -> bool:
    """POST, PUT and DELETE routes."""
    return route.method != "GET"


def async_allowed(acl: Acl, caller: Caller, resources: tuple[str, ...]) -> bool:
    """An admin route's own check; a route with ``anonymous`` or ``self`` takes an admin or an
    integration, granted the route's admin resources where it names any."""
    if not any(r in (ANONYMOUS, SELF) for r in resources):
        return acl.allowed(caller, resources)
    if caller.user_type not in (ADMIN, INTEGRATION):
        return False
    admin_resources = tuple(r for r in resources if r not in (ANONYMOUS, SELF))
    return acl.allowed(caller, admin_resources)


def topic_of(route: Route) -> str:
    return topic_name(route.decl.interface, route.decl.service_method, route.method)


def route_key(route: Route) -> str:
    """How an operation names its route: ``PUT /V1/vendor_faq/question/:questionId``."""
    return f"{route.method} {route.url}"


def bulk_segment(segment: str) -> str:
    """``:sku`` -> ``bysku`` (matched lower-cased, like every literal segment)."""
    return ("by" + segment[1:]).lower() if segment.startswith(":") else segment


class ElementFailed(Exception):
    """A bulk element failed binding: the request is answered 400 naming it."""

    def __init__(self, index: int, error: LocalizedException):
        self.index, self.error = index, error

    def body(self) -> dict[str, Any]:
        inner = self.error.errors if isinstance(self.error, InputException) and self.error.errors else [self.error]
        return {"message": "Error processing %key element of input data", "parameters": {"key": self.index},
                "errors": [error_body(e) for e in inner]}


class BulkProcessor:
    def __init__(self, routes: RouteTable, acl: Acl, authenticator: Authenticator, settings: Settings) -> None:
        self.all_routes, self.acl, self.authenticator, self.settings = routes, acl, authenticator, settings
        self.routes: list[Route] = [r for r in routes if offered(r)]
        self.topic = {id(r): topic_of(r) for r in self.routes}
        self.topics: list[str] = sorted(set(self.topic.values()))
        # converted path -> route; where two routes convert to one path, the one with fewer
        # parameters (the more literal) keeps it
        self.bulk_routes: dict[tuple[str, tuple[str, ...]], Route] = {}
        for r in sorted(self.routes, key=lambda r: len(r.params), reverse=True):
            self.bulk_routes[(r.method, tuple(bulk_segment(s) for s in r.segments))] = r
        self.backend = make_backend(settings, self.topics)
        self._publisher: _Publisher | None = None  # AMQP: the thread that talks to the broker
        self._stuck: Future[None] | None = None  # a publish a request stopped waiting for
        self.die_after_commit = "async.after_commit" in {p.strip() for p in settings.fault_points.split(",")}

    def array_limit(self, route: Route, state: ConfigState, store_id: int) -> int | None:
        """The longest list of objects an element may hold, when input limits are on."""
        if not state.input_limits_enabled(store_id):
            return None
        return (route.decl.input_array_limit or int(state.number(ASYNC_LIMIT_PATH, store_id, 0))
                or DEFAULT_ASYNC_LIMIT)

    # ------------------------------------------------------------------ one request

    def answer(self, scope: Scope, method: str, segments: list[str], body: bytes, too_big: bool, state: ConfigState,
               store_id: int, website_id: int) -> Response:
        if method == "GET":  # never offered
            raise cannot_process()
        is_bulk = len(segments) > 1 and segments[1] == "bulk"
        rest = segments[2:] if is_bulk else segments[1:]
        if not rest or not _VERSION.match(rest[0]):
            raise cannot_process()
        if rest[-1] == "":  # one trailing slash is ignored
            rest = rest[:-1]
        if "" in rest:
            raise not_found_route()
        headers = headers_of(scope)
        accept = headers.get("accept")
        if accept and not accepts_json(accept):
            raise not_acceptable(accept)
        path_values: dict[str, str] = {}
        if is_bulk:
            route = self.bulk_routes.get((method, tuple(s.lower() for s in rest)))
        else:
            found = self.all_routes.match(method, rest)
            route = None
            if found is not None and id(found[0]) in self.topic:
                route, path_values = found
        if route is None:
            raise not_found_route()
        if route.decl.secure and scheme(scope, headers, self.settings.trusted_proxy) != "https":
            raise WebapiException("Operation allowed only in HTTPS")

        outbox: list[int] = []
        try:
            with db.transaction() as conn:
                caller = self.authenticator.caller(conn, headers.get("authorization"), method, scope, headers,
                                                       state)
                if not async_allowed(self.acl, caller, route.resources):
                    raise AuthorizationException.for_resources(
                        [r for r in route.resources if r != SELF] or list(route.resources))
                ctx = Context(conn, store_id, website_id, caller, state)
                limit = self.array_limit(route, state, store_id)
                settings = self.settings
                if is_bulk:
                    elements = decode_body(body, headers.get("content-type"), too_big, settings.max_json_depth, True)
                    if limit is not None and len(elements) > limit:
                        raise InputException('Maximum items of type "%type" is %max', {"type": "array", "max": limit})
                    inputs = [self._element(ctx, route, i, e, limit) for i, e in enumerate(elements)]
                else:
                    data = {}
                    if method in ("POST", "PUT"):
                        data = decode_body(body, headers.get("content-type"), too_big, settings.max_json_depth)
                    inp = {**data, **parse_query(scope.get("query_string", b"").decode("latin-1"),
                                                         settings.max_json_depth), **path_values}
                    route.plan.bind(ctx, inp, {}, path_values, limit)
                    inputs = [inp]
                topic = self.topic[id(route)]
                scheduled = operations.schedule(conn, caller, store_id, website_id, topic, route_key(route),
                                                inputs)
                bodies = [orjson.dumps({"operation_id": i}) for i in scheduled.operation_ids]
                if self.backend.transactional:
                    self.backend.publish(conn, topic, bodies)
                else:  # the outbox: if this process dies before the publish, the relay publishes them
                    outbox = operations.to_outbox(conn, scheduled.bulk_uuid, topic, bodies)
        except ElementFailed as e:
            return 400, orjson.dumps(e.body()), JSON_HEADERS
        if self.die_after_commit:
            os.kill(os.getpid(), signal.SIGKILL)  # the fault point the tests arm (VDC_FAULT_POINTS)
        if not self.backend.transactional:
            failed = self._publish_after_commit(topic, bodies, scheduled.bulk_uuid)
            if failed is not None:
                return failed
            try:
                with db.transaction() as conn:
                    operations.mark_published(conn, outbox)
            except Exception:  # noqa: BLE001 - the broker has them: the relay may publish them again, harmlessly
                log.exception("async: cannot mark the messages of bulk %s published", scheduled.bulk_uuid)
        answer = AsyncResponseInterface.of(
            bulk_uuid=scheduled.bulk_uuid, errors=False,
            request_items=[ItemStatusInterface.of(id=i, data_hash=hashlib.sha256(s.encode()).hexdigest(),
                                                  status="accepted")
                           for i, s in enumerate(scheduled.serialized)])
        return 202, orjson.dumps(answer.dump()), JSON_HEADERS

    @staticmethod
    def _element(ctx: Context, route: Route, index: int, element: Any, limit: int | None) -> dict[str, Any]:
        """One bulk element bound as its synchronous call would be; its input map, with the path
        values written under the parameter names, is what the operation stores.

        Each path parameter comes from the element's top level (``{"sku": ..., "product": {...}}``); the
        one a PUT writes into its data object may instead be that object's own identifier
        (``{"product": {"sku": ...}}``, as clients send to ``PUT /async/bulk/V1/products/bySku``), and
        any may be the field of that name of a data object (``{"productLink": {"category_id": ...}}``,
        as clients send to ``POST /async/bulk/V1/categories/byCategoryId/products``)."""
        try:
            if not isinstance(element, dict):
                raise WebapiException("The request body must be a JSON object.")
            inp = dict(element)
            plan = route.plan
            path_values = {}
            missing = []
            for name in plan.path_params:
                value = inp.get(name, inp.get(snake(name)))
                if value is None and plan.put_target is not None and name == plan.path_params[-1]:
                    param, id_field = plan.put_target
                    obj = inp.get(param.wire, inp.get(param.name))
                    if isinstance(obj, dict):
                        value = obj.get(id_field, obj.get(camel(id_field)))
                if value is None:
                    value = _object_field(plan, inp, snake(name))
                if value is None:
                    missing.append(InputException.required(name))
                path_values[name] = inp[name] = value
            if missing:
                raise InputException.aggregate(missing)
            plan.bind(ctx, inp, {}, path_values, limit)
            return inp
        except LocalizedException as e:
            raise ElementFailed(index, e) from None

    def start_publisher(self) -> None:
        """A web worker's start: with a broker (AMQP), the publisher thread opens its connection and
        declares the queues now, not in the first async request."""
        if not self.backend.transactional and self._publisher is None:
            self._publisher = _Publisher(self.backend)

    def _publish_after_commit(self, topic: str, bodies: list[bytes], bulk_uuid: str) -> Response | None:
        """The broker is told after the commit, so a consumer always finds the operations it is sent.

        If the broker cannot be reached (down, restarting), the bulk and its operations are removed
        again and the answer is a 503: nothing of the request was accepted, nothing of it stays or
        runs, and the client may send it again.

        The publish runs in the worker's one publisher thread and the request waits for it at most
        ``VDC_AMQP_PUBLISH_TIMEOUT`` seconds: a broker that accepts the connection and never answers
        does not hold the worker. Past that the operations are marked rejected (status 5: the publish
        may still go through later, and the consumer skips messages that name rejected operations) and
        the answer is a 503, and so is every async request while that publish still hangs (the
        publisher's heartbeat ends it once the broker stays silent)."""
        self.start_publisher()
        assert self._publisher is not None
        try:
            if self._stuck is not None and not self._stuck.done():
                raise FutureTimeout  # the last publish still hangs: answer at once, queue nothing behind it
            publishing = self._publisher.submit(topic, bodies)
            try:
                publishing.result(timeout=self.settings.amqp_publish_timeout)
            except FutureTimeout:
                self._stuck = publishing
                raise
            return None
        except FutureTimeout:
            error = WebapiException("The message broker did not answer in time; the request was not queued. "
                                    "Try again.", status=503, retry_after=1)
            with db.transaction() as conn:
                operations.reject_open(conn, bulk_uuid, error.message)
            return error_response(error)
        except Exception:  # noqa: BLE001 - the client must learn that its request was not queued
            log.exception("async: cannot publish bulk %s; it is discarded", bulk_uuid)
            with db.transaction() as conn:
                operations.discard(conn, bulk_uuid)
            raise WebapiException(QUEUE_UNAVAILABLE, status=503) from None


class _Publisher:
    """The one thread of a worker that talks to the broker (a daemon: one stuck on a silent broker never
    holds the process open at shutdown). It first prepares the backend (the connection, the queues)."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self._jobs: queue.SimpleQueue[tuple[Future[None], str, list[bytes]]] = queue.SimpleQueue()
        threading.Thread(target=self._run, name="amqp-publish", daemon=True).start()

    def submit(self, topic: str, bodies: list[bytes]) -> Future[None]:
        future: Future[None] = Future()
        self._jobs.put((future, topic, bodies))
        return future

    def _run(self) -> None:
        try:
            self._backend.prepare()
        except Exception as e:  # noqa: BLE001 - the first publish tries again, and answers for it
            log.warning("queue: cannot prepare the broker at start-up (%r); the first publish tries again", e)
        while True:
            future, topic, bodies = self._jobs.get()
            if future.set_running_or_notify_cancel():
                try:
                    self._backend.publish(None, topic, bodies)
                except BaseException as e:  # noqa: BLE001 - handed to the waiting request
                    future.set_exception(e)
                else:
                    future.set_result(None)


def _object_field(plan: Any, inp: dict[str, Any], field: str) -> Any:
    """The value of ``field`` in the element's data object that has such a field, if it sent one."""
    for param in plan.params:
        if param.spec.kind == "object" and field in param.spec.object_class().fields():
            obj = inp.get(param.wire, inp.get(param.name))
            if isinstance(obj, dict):
                value = obj.get(field, obj.get(camel(field)))
                if value is not None:
                    return value
    return None
