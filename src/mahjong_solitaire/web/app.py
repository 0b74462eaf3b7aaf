"""The web application: the JSON API, its error answers, and the page's static files.

    >>> from mahjong_solitaire.store import Store
    >>> app = create_app(Store("sqlite://"))
    >>> app.title, app.state.local_player
    ('Mahjong Solitaire', False)

Errors are answered as ``{"error": "<code>", "message": "<what the player reads, in the
request's language>", "detail": "<the specifics, in English>"}`` (:mod:`.errors`): 400 a bad
code, layout, date or name, 404 an unknown game, 409 an action the game does not allow now or
a stale version, 422 a body that is not what the endpoint takes, 503 a database that cannot
be reached.  Before any handler runs,
:mod:`.security` refuses a host the server does not serve (421), a state-changing request
from another site (403) or with a body of the wrong type (415), and a body over the size
limit (413).

``/docs`` is Swagger UI, served from the ``fastapi-offline`` package (nothing loads from
another host):

    >>> from fastapi.testclient import TestClient
    >>> docs = TestClient(app).get("/docs")
    >>> "/docs-assets/swagger-ui-bundle.js" in docs.text, "sha256-" in docs.headers[
    ...     "content-security-policy"]
    (True, True)
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from .. import __version__
from ..store import Store
from .games.registry import web_modes
from .games.routes import any_mode_routes
from .http.delivery import CompressionMiddleware, PageFiles
from .http.errors import (
    DATABASE_FAILURES,
    ApiError,
    ErrorCode,
    code_of,
    error_answer,
    message_key_of,
)
from .http.language import LanguageMiddleware, request_language
from .http.security import (
    BodyLimitMiddleware,
    CrossSiteMiddleware,
    HostCheckMiddleware,
    SecurityHeadersMiddleware,
    inline_script_policy,
    security_headers,
)
from .pwa.service_worker import serve_service_worker
from .routes import daily, editor, history, i18n, layouts, players

__all__ = ["STATIC", "create_app"]

#: The page: index.html, css/ and js/ (served at ``/`` and ``/static/``).
STATIC = Path(__file__).resolve().parent / "static"

#: Where ``/docs`` finds Swagger UI: the files the ``fastapi-offline`` package ships (served
#: at ``/docs-assets/``), not a CDN.
DOCS_ASSETS = ("fastapi_offline", "static")

#: What the server's log is told about errors answered 503 or 500.
log = logging.getLogger(__name__)


def _validation_message(error: RequestValidationError) -> str:
    problems = []
    for item in error.errors()[:3]:
        if item.get("type") == "json_invalid":
            return "the request body is not valid JSON"
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        problems.append(
            f"{where}: {item.get('msg', 'invalid')}" if where else str(item.get("msg", "invalid"))
        )
    return "bad request body: " + "; ".join(problems)


class _TakingTurns:
    """A store whose calls take turns on a lock, for SQLite.

    SQLite has one writer at a time (the store begins its transactions ``IMMEDIATE``), and a
    thread that finds the database busy sleeps in SQLite's busy handler, in steps of up to
    100 ms.  The request threads of one process queue on a lock instead, which hands over at
    once.  (Several processes on one database are PostgreSQL's job.)
    """

    def __init__(self, store: Store) -> None:
        self._store = store
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._store, name)
        if not callable(attribute):
            return attribute

        def in_turn(*args: Any, **kwargs: Any) -> Any:
            with self._lock:
                return attribute(*args, **kwargs)

        return in_turn


def _serving(store: Store) -> Store | _TakingTurns:
    return _TakingTurns(store) if store.engine.dialect.name == "sqlite" else store


def _engine_error(request: Request, error: Exception) -> JSONResponse:
    """The answer to an exception of the engine, the store or the database."""
    code = code_of(error)
    if code is ErrorCode.UNAVAILABLE:
        # the driver's words name the host, the file or the driver: for the log only
        log.warning(
            "database unavailable for %s %s: %s",
            request.method,
            request.url.path,
            " ".join(str(error).split())[:500],
        )
        detail = "the database cannot be reached just now; try again in a moment"
    elif code is ErrorCode.SERVER_ERROR:
        detail = "internal server error"
    else:
        detail = str(error)
    return error_answer(code, detail, request_language(request), message_key_of(error))


def _answer_errors(app: FastAPI) -> None:
    """Every error becomes the error object (:mod:`.errors`): refusals of the routes, the
    engine's and the store's errors, a body that cannot be read, a database that cannot
    be reached (503), and, should anything else escape, a 500 without a trace."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return error_answer(error.code, error.detail, request_language(request), error.message_key)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, error: RequestValidationError) -> JSONResponse:
        return error_answer(
            ErrorCode.BAD_BODY, _validation_message(error), request_language(request)
        )

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        if error.status_code in (404, 405):
            code = ErrorCode.NOT_FOUND if error.status_code == 404 else ErrorCode.METHOD_NOT_ALLOWED
            return error_answer(code, str(error.detail), request_language(request))
        # FastAPI's own 400: a body it could not parse (not UTF-8, …), before validation
        return error_answer(
            ErrorCode.BAD_BODY,
            "the request body cannot be read as JSON (is it UTF-8?)",
            request_language(request),
        )

    for kind in (ValueError, *DATABASE_FAILURES):
        app.add_exception_handler(kind, _engine_error)

    @app.exception_handler(Exception)
    async def server_error(request: Request, error: Exception) -> JSONResponse:
        # answered by Starlette's ServerErrorMiddleware, outside every middleware of ours
        # (a failure of the database met by a middleware lands here too): the security
        # headers are set here
        answer = _engine_error(request, error)
        answer.headers.update(security_headers())
        return answer


def _exact_openapi(app: FastAPI) -> None:
    """The schema lists per operation exactly the errors of its ``error_responses``:
    FastAPI's own 422 answer (its validation error object, which this API never sends:
    a bad body is the error object's ``bad_body``) is left out where a route did not
    declare ``bad_body``."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = generate()
            for item in schema["paths"].values():
                for operation in item.values():
                    answer = operation.get("responses", {}).get("422", {})
                    if answer and "examples" not in answer["content"]["application/json"]:
                        del operation["responses"]["422"]
            for name in ("HTTPValidationError", "ValidationError"):
                schema.get("components", {}).get("schemas", {}).pop(name, None)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def create_app(
    store: Store | None = None,
    *,
    local_player: bool = False,
    allowed_hosts: Sequence[str] | None = None,
) -> FastAPI:
    """The application on ``store`` (default: ``Store()``, i.e. ``$DATABASE_URL`` or the
    local SQLite file).

    ``local_player``: a visitor without a cookie is the installation's one local player
    (``mahjong-solitaire play`` on loopback), so the history survives a lost cookie; otherwise
    each new visitor gets a new anonymous player.

    ``allowed_hosts``: the host names served (Starlette's patterns, e.g. ``"*.example.org"``);
    ``None`` serves any (tests, or a server whose proxy checks the host).  ``play`` always
    gives them: :data:`.security.LOCAL_HOSTS` on loopback.
    """
    app = FastAPI(
        title="Mahjong Solitaire",
        version=__version__,
        description="Mahjong Solitaire played in the browser: the engine decides "
        "every move; games are stored, never only in memory.",
        docs_url=None,
        redoc_url=None,
    )
    app.state.store = _serving(store if store is not None else Store())
    app.state.local_player = local_player
    modes = web_modes()  # every registered mode's routes, found through its Mode
    for mode in modes:
        app.include_router(mode.router)
    app.include_router(any_mode_routes([mode.view for mode in modes]))
    for routes in (players, daily, layouts, editor, i18n, history):
        app.include_router(routes.router)
    app.add_middleware(LanguageMiddleware)
    # added last is outermost: the host, then the cross-site checks, then the body limit;
    # every answer, refusals included, gets the security headers
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(CrossSiteMiddleware)
    if allowed_hosts is not None:
        app.add_middleware(HostCheckMiddleware, allowed_hosts=allowed_hosts)
    app.add_middleware(SecurityHeadersMiddleware)
    # outermost: every answer, refusals included, goes compressed (.delivery)
    app.add_middleware(CompressionMiddleware)

    _answer_errors(app)
    _exact_openapi(app)

    @app.get("/docs", include_in_schema=False)
    def docs(request: Request) -> HTMLResponse:
        # FastAPI's self-hosted docs recipe; the page starts Swagger UI with an inline
        # script, which its own policy allows by hash (the game page's stays strict)
        root = request.scope.get("root_path", "")
        page = get_swagger_ui_html(
            openapi_url=f"{root}{app.openapi_url}",
            title=f"{app.title} - API",
            swagger_js_url=f"{root}/docs-assets/swagger-ui-bundle.js",
            swagger_css_url=f"{root}/docs-assets/swagger-ui.css",
            swagger_favicon_url=f"{root}/static/favicon.svg",
            swagger_ui_parameters={"validatorUrl": None},
        )  # no badge from swagger.io
        page.headers["Content-Security-Policy"] = inline_script_policy(bytes(page.body))
        return page

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    serve_service_worker(app, STATIC)
    app.mount("/static", PageFiles(directory=STATIC, check_dir=False), name="static")
    app.mount("/docs-assets", StaticFiles(packages=[DOCS_ASSETS]), name="docs-assets")
    return app
