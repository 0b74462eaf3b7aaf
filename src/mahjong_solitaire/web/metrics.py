"""``GET /metrics``: what an operator's Prometheus scrapes, in its text format, through the
official ``prometheus-client``:

==========================================  =========  =======================================
``mahjong_http_requests_total``             counter    by ``method``, ``route`` (its template,
                                                       never the path with its ids) and
                                                       ``status``
``mahjong_http_request_duration_seconds``   histogram  by ``method`` and ``route``
``mahjong_games_in_progress``               gauge      unfinished games of all players (one
                                                       ``COUNT`` per scrape)
``mahjong_refusals_total``                  counter    fair-share refusals by ``reason``: a
                                                       quota's kind (``games``…, 429),
                                                       ``engine-one-per-client`` (429),
                                                       ``engine-queue-full`` (503)
``mahjong_engine_jobs``                     gauge      heavy engine jobs running or waiting
``mahjong_database_errors_total``           counter    answers ``503 unavailable``, and
                                                       scrapes that could not count the games
``mahjong_worker_requests``                 gauge      requests served by each server process
                                                       (by ``pid`` with several workers)
==========================================  =========  =======================================

A request refused by a middleware before any route matched (a quota's 429, a 421 or 403)
is counted under the route ``(unmatched)``, as the access log writes it.

**Who may read it** (:class:`MetricsAccess`, ``SECURITY.md``): the local player's server
answers on loopback only; a server for several players serves no metrics unless it is
given a token (``play --metrics-token TOKEN`` or ``$MAHJONG_METRICS_TOKEN``), and then
only to ``Authorization: Bearer TOKEN``.  Everyone else gets ``404 not_found``, the answer
of a path nothing serves.  The route writes nothing, counts against no quota, sets no
cookie and is not in the OpenAPI schema.

**Several workers** (``play --workers N``): ``play`` gives every worker one folder in
``$PROMETHEUS_MULTIPROC_DIR`` (:data:`MULTIPROCESS_ENV`) before they start, so that the
client keeps each process's values in files there and one scrape, whichever worker
answers it, adds them all up; a worker whose application stops marks itself dead
(:func:`leave_the_sums`: its gauges leave the sums, its counts stay).

    >>> from fastapi.testclient import TestClient
    >>> from mahjong_solitaire.store import Store
    >>> from mahjong_solitaire.web import create_app
    >>> app = create_app(Store("sqlite://"), metrics_token="s3cret-token-of-16")
    >>> client = TestClient(app)
    >>> client.get("/metrics").status_code
    404
    >>> scrape = client.get("/metrics", headers={"Authorization": "Bearer s3cret-token-of-16"})
    >>> scrape.status_code, 'route="/metrics",status="404"' in scrape.text
    (200, True)
"""

from __future__ import annotations

import functools
import hmac
import ipaddress
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from fastapi import FastAPI, Request
from fastapi.responses import Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from prometheus_client.registry import Collector
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .http.access_log import route_template
from .http.errors import is_database_failure
from .http.refusal import Observer

__all__ = [
    "METRICS_PATH",
    "MULTIPROCESS_ENV",
    "MetricsAccess",
    "MetricsMiddleware",
    "leave_the_sums",
    "metrics_access",
    "serve_metrics",
]

METRICS_PATH = "/metrics"

#: Where the client of several processes keeps their values (prometheus-client's name):
#: ``play --workers N`` sets it to a folder of its own before the workers start.
MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"

#: The methods counted by name; any other is counted as ``other`` (a client chooses the
#: method: it must not make the series without end).
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

# no ``*_created`` series beside each counter: the server's start is in the logs
disable_created_metrics()  # type: ignore[no-untyped-call]

# ``registry=None``: each application's scrape registers them in its own registry
# (several applications in one process, as in the tests, share the counts)
REQUESTS = Counter(
    "mahjong_http_requests",
    "HTTP requests answered, by method, route template and status",
    ["method", "route", "status"],
    registry=None,
)
LATENCY = Histogram(
    "mahjong_http_request_duration_seconds",
    "Time from a request's arrival to the end of its answer, by method and route template",
    ["method", "route"],
    registry=None,
)
REFUSALS = Counter(
    "mahjong_refusals",
    "Requests refused for fair share: a quota's kind (429), engine-one-per-client (429), "
    "engine-queue-full (503)",
    ["reason"],
    registry=None,
)
ENGINE_JOBS = Gauge(
    "mahjong_engine_jobs",
    "Heavy engine jobs running or waiting for a worker process",
    multiprocess_mode="livesum",
    registry=None,
)
DATABASE_ERRORS = Counter(
    "mahjong_database_errors",
    "Requests answered 503 unavailable because the database could not be reached, and "
    "scrapes that could not count the games in progress",
    registry=None,
)
WORKER_REQUESTS = Gauge(
    "mahjong_worker_requests",
    "Requests served by this server process since it started",
    multiprocess_mode="liveall",
    registry=None,
)
_OWN_METRICS = (REQUESTS, LATENCY, REFUSALS, ENGINE_JOBS, DATABASE_ERRORS, WORKER_REQUESTS)

GAMES_IN_PROGRESS = "mahjong_games_in_progress"


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class MetricsAccess:
    """Who may read ``/metrics``: with a ``token``, only a request carrying
    ``Authorization: Bearer <token>`` (compared in constant time); with ``loopback_only``,
    only a client on a loopback address.

    >>> MetricsAccess(token="abc").bearer("Bearer abc"), MetricsAccess(token="abc").bearer("abc")
    (True, False)
    """

    token: str | None = field(default=None, repr=False)  # never in a log or traceback
    loopback_only: bool = False

    def bearer(self, authorization: str) -> bool:
        """Whether an ``Authorization`` header carries the token (always, without one)."""
        if self.token is None:
            return True
        scheme, _, credentials = authorization.strip().partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(
            credentials.strip().encode(), self.token.encode()
        )

    def allows(self, request: Request) -> bool:
        """Whether ``request`` may read the metrics."""
        host = request.client.host if request.client is not None else ""
        if self.loopback_only and not _is_loopback(host):
            return False
        return self.bearer(request.headers.get("authorization", ""))


def metrics_access(*, local_player: bool, token: str | None) -> MetricsAccess | None:
    """Who may read the metrics of a server: the local player's, loopback (and the token's
    bearer, when one is given); a server for several players, the token's bearer, and
    nobody without a token (``None``: no metrics at all).

    >>> metrics_access(local_player=False, token=None) is None
    True
    >>> metrics_access(local_player=True, token=None)
    MetricsAccess(loopback_only=True)
    >>> metrics_access(local_player=False, token="s3cret")  # the token stays out of a repr
    MetricsAccess(loopback_only=False)
    """
    if token is None and not local_player:
        return None
    return MetricsAccess(token=token, loopback_only=local_player)


class _Counting(Observer):
    """The application's observer while it serves metrics: refusals and failures counted."""

    def refused(self, reason: str) -> None:
        REFUSALS.labels(reason).inc()

    def database_failed(self) -> None:
        DATABASE_ERRORS.inc()

    def engine_jobs(self, count: int) -> None:
        ENGINE_JOBS.set(count)


class _GamesInProgress(Collector):
    """The unfinished games, counted by the database at each scrape (one ``COUNT``); left
    out of a scrape, and counted as a database error, while the database cannot answer."""

    def __init__(self, app: FastAPI) -> None:
        self._app = app

    def describe(self) -> Iterable[Metric]:
        return [GaugeMetricFamily(GAMES_IN_PROGRESS, self._documentation)]

    _documentation = "Unfinished games (playing, paused or stuck) of all players"

    def collect(self) -> Iterator[Metric]:
        try:
            count = self._app.state.store.games_in_progress()
        except Exception as error:
            if not is_database_failure(error):
                raise
            DATABASE_ERRORS.inc()
            return
        yield GaugeMetricFamily(GAMES_IN_PROGRESS, self._documentation, value=count)


@functools.lru_cache(maxsize=2048)
def _series(method: str, route: str, status: int) -> tuple[Counter, Histogram]:
    """The count and the latency of a request's series, found once (``labels`` looks a
    series up under a lock at every call)."""
    return REQUESTS.labels(method, route, str(status)), LATENCY.labels(method, route)


class MetricsMiddleware:
    """Counts every request once its answer has gone (or failed): its method, route
    template and status, and how long it took; outermost, so that refusals count too."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 500  # what the client gets if the application fails before answering
        start = time.perf_counter()

        async def noting(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, noting)
        finally:
            method = scope["method"] if scope["method"] in _METHODS else "other"
            count, latency = _series(method, route_template(scope), status)
            count.inc()
            latency.observe(time.perf_counter() - start)
            WORKER_REQUESTS.inc()


def _registry(app: FastAPI) -> CollectorRegistry:
    """What a scrape of ``app`` reads: this process's metrics, or with several workers
    (:data:`MULTIPROCESS_ENV`) every worker's files, and the games in progress."""
    registry = CollectorRegistry()
    folder = os.environ.get(MULTIPROCESS_ENV)
    if folder:
        MultiProcessCollector(registry, path=folder)  # type: ignore[no-untyped-call]
    else:
        for metric in _OWN_METRICS:
            registry.register(metric)
    registry.register(_GamesInProgress(app))
    return registry


def leave_the_sums(pid: int | None = None) -> None:
    """With several workers, take process ``pid``'s gauges out of the sums (its counters
    stay counted): this process's, called as its application stops (not at exit: uvicorn's
    worker ends itself by the signal it was stopped with, which runs no exit handler); or
    a worker's that died or was killed, called by the supervisor (``cli/supervisor.py``)."""
    folder = os.environ.get(MULTIPROCESS_ENV)
    if folder:
        mark_process_dead(os.getpid() if pid is None else pid, folder)  # type: ignore[no-untyped-call]


def serve_metrics(app: FastAPI, access: MetricsAccess) -> None:
    """Serve ``GET /metrics`` on ``app`` to the requests ``access`` allows (404 to the
    others), and count its refusals and failures; the application adds
    :class:`MetricsMiddleware` outermost to count its requests."""
    app.state.observer = _Counting()
    registry = _registry(app)

    def metrics(request: Request) -> Response:
        if not access.allows(request):
            raise HTTPException(404)  # as a path nothing serves: the metrics are not said
        if request.method not in ("GET", "HEAD"):
            raise HTTPException(405, headers={"Allow": "GET, HEAD"})
        return Response(
            generate_latest(registry),
            media_type=CONTENT_TYPE_LATEST,
            headers={"Cache-Control": "no-store"},
        )

    async def every_method(scope: Scope, receive: Receive, send: Send) -> None:
        scope["route"] = route  # named as FastAPI's routes name theirs (route_template)
        response = await run_in_threadpool(metrics, Request(scope, receive))
        await response(scope, receive, send)

    # an ASGI application, which a route serves for every method, so that a refusal is
    # the 404 of a path nothing serves whatever the method (a route of some methods
    # answers the others 405 before the check could run)
    route = Route(METRICS_PATH, _Asgi(every_method), include_in_schema=False)
    app.router.routes.append(route)


class _Asgi:
    """An ASGI callable that is not a function, which Starlette's routes serve for every
    method (a function endpoint they serve for GET and HEAD only)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)
