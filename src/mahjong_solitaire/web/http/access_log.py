"""One line of the access log per request, for an operator: the method, the route's
template (``/api/games/{game_id}/tap``, never the path with its ids), the status, the
duration and a request id, which the answer carries back as ``X-Request-Id``.

Nothing else is written: no cookie, no query, no body, no address and no database URL,
so the log holds nothing a player would not want kept (a test reads every line for
them).  ``log_format="json"`` writes the same fields as one JSON object a line.

    >>> from starlette.applications import Starlette
    >>> from starlette.responses import PlainTextResponse
    >>> from starlette.routing import Route
    >>> from starlette.testclient import TestClient
    >>> hello = Route("/hello/{name}", lambda request: PlainTextResponse("hi"))
    >>> app = AccessLogMiddleware(Starlette(routes=[hello]), log_format="json")
    >>> answer = TestClient(app).get("/hello/ana", headers={"X-Request-Id": "req-7"})
    >>> answer.headers["x-request-id"]
    'req-7'

A request id the client sends is kept when it is a short plain token (a proxy's or a load
balancer's id, so that their logs and ours meet), else a new one is made.  Uvicorn's own
access log stays off (``play`` turns it off): it writes the raw path.

Starlette has no access-log middleware, and uvicorn's log knows no route template or
request id: hence these few lines of ASGI.
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from typing import Literal, TextIO

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "ACCESS_LOG",
    "UNMATCHED",
    "AccessLogMiddleware",
    "LogFormat",
    "access_line",
    "log_requests_to",
    "route_template",
]

#: The logger the lines go to (``play`` sends it to standard error).
ACCESS_LOG = logging.getLogger("mahjong_solitaire.access")

LogFormat = Literal["text", "json"]

#: A client's request id is kept when it looks like one: letters, digits, ``-._:``.
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
#: What a request that no route matched is logged as: its path may be anything at all.
UNMATCHED = "(unmatched)"


def access_line(
    log_format: LogFormat, *, method: str, route: str, status: int, ms: float, request_id: str
) -> str:
    """One line of the log.

    >>> access_line("text", method="POST", route="/api/games/{game_id}/tap", status=200,
    ...             ms=3.14159, request_id="ab12")
    'POST /api/games/{game_id}/tap 200 3.1 ms id=ab12'
    >>> json.loads(access_line("json", method="GET", route="/healthz", status=200, ms=0.5,
    ...                        request_id="ab12"))["duration_ms"]
    0.5
    """
    if log_format == "json":
        fields = {
            "method": method,
            "route": route,
            "status": status,
            "duration_ms": round(ms, 1),
            "request_id": request_id,
        }
        return json.dumps(fields)
    return f"{method} {route} {status} {ms:.1f} ms id={request_id}"


def log_requests_to(stream: TextIO) -> None:
    """Send the access log's lines to ``stream`` (``play`` gives standard error), one per
    line as they are; once per process, however often it is called."""
    if any(getattr(handler, "_access_log", False) for handler in ACCESS_LOG.handlers):
        return
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(message)s"))
    handler._access_log = True  # type: ignore[attr-defined]
    ACCESS_LOG.addHandler(handler)
    ACCESS_LOG.setLevel(logging.INFO)
    ACCESS_LOG.propagate = False


def route_template(scope: Scope) -> str:
    """The template of the route that answered the request of ``scope``, as its router
    writes it (``/api/games/{game_id}/tap``), once the application has run; else
    :data:`UNMATCHED` (a request no route matched, or one a middleware refused first).
    The access log and the metrics (:mod:`..metrics`) name requests by it."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) and path else UNMATCHED


class AccessLogMiddleware:
    """Logs every request to :data:`ACCESS_LOG` once its answer has gone (or failed), and
    sends its request id back; outermost, so that refusals are logged too."""

    def __init__(
        self, app: ASGIApp, *, log_format: LogFormat = "text", logger: logging.Logger = ACCESS_LOG
    ) -> None:
        self.app = app
        self.log_format: LogFormat = log_format
        self.logger = logger

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        offered = Headers(scope=scope).get("x-request-id", "")
        request_id = offered if _REQUEST_ID.fullmatch(offered) else uuid.uuid4().hex
        status = 500  # what the client gets if the application fails before answering
        start = time.perf_counter()

        async def with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                MutableHeaders(scope=message)["X-Request-Id"] = request_id
            await send(message)

        try:
            await self.app(scope, receive, with_id)
        finally:
            ms = (time.perf_counter() - start) * 1000
            line = access_line(
                self.log_format,
                method=scope["method"],
                route=route_template(scope),
                status=status,
                ms=ms,
                request_id=request_id,
            )
            self.logger.info(line)
