"""The web application: the JSON API, its error answers, and the page's static files.

    >>> from mahjong_solitaire.store import Store
    >>> app = create_app(Store("sqlite://"))
    >>> app.title, app.state.local_player
    ('Mahjong Solitaire', False)

Errors are answered as ``{"error": "<code>", "message": "<what the player reads, in the
request's language>", "detail": "<the specifics, in English>"}``: 400 a bad code, layout,
date or name, 404 an unknown game, 409 an action the game does not allow now or a stale
version, 422 a body that is not what the endpoint takes.  Before any handler runs,
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
from ..connect import ConnectCodeError
from ..core.codes import CodeError
from ..core.faces import ShuffleError
from ..core.game import GameError
from ..core.layout import LayoutError
from ..core.moves import IllegalMoveError
from ..i18n import error_message
from ..store import GameNotFoundError, StaleWriteError, Store, StoreError
from .api import ApiError, router
from .connect_api import router as connect_router
from .i18n_api import router as i18n_router
from .language import LanguageMiddleware, current_language
from .layouts_api import router as layouts_router
from .security import (
    BodyLimitMiddleware,
    CrossSiteMiddleware,
    HostCheckMiddleware,
    SecurityHeadersMiddleware,
    inline_script_policy,
    security_headers,
)

__all__ = ["STATIC", "create_app"]

#: The page: index.html, css/ and js/ (served at ``/`` and ``/static/``).
STATIC = Path(__file__).resolve().parent / "static"

#: Where ``/docs`` finds Swagger UI: the files the ``fastapi-offline`` package ships (served
#: at ``/docs-assets/``), not a CDN.
DOCS_ASSETS = ("fastapi_offline", "static")

#: Engine and store errors and the answer each gets; the first match wins.
_ERROR_ANSWERS: tuple[tuple[type[Exception], int, str], ...] = (
    (GameNotFoundError, 404, "unknown_game"),
    (StaleWriteError, 409, "stale_version"),
    (CodeError, 400, "bad_code"),
    (LayoutError, 400, "bad_layout"),
    (ShuffleError, 409, "no_shuffle"),
    (IllegalMoveError, 409, "illegal_action"),
    (GameError, 409, "illegal_action"),
    (StoreError, 400, "bad_request"),
    (ValueError, 400, "bad_request"),
)


def _error(request: Request, status: int, code: str, detail: str,
           message_key: str | None = None) -> JSONResponse:
    """The error answer: ``code`` for programs, the player's message (that of ``code``
    unless ``message_key`` names another), the English ``detail``."""
    message = error_message(message_key or code, current_language())
    return JSONResponse({"error": code, "message": message, "detail": detail},
                        status_code=status)


def _validation_message(error: RequestValidationError) -> str:
    problems = []
    for item in error.errors()[:3]:
        if item.get("type") == "json_invalid":
            return "the request body is not valid JSON"
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        problems.append(f"{where}: {item.get('msg', 'invalid')}" if where
                        else str(item.get("msg", "invalid")))
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


def create_app(store: Store | None = None, *, local_player: bool = False,
               allowed_hosts: Sequence[str] | None = None) -> FastAPI:
    """The application on ``store`` (default: ``Store()``, i.e. ``$DATABASE_URL`` or the
    local SQLite file).

    ``local_player``: a visitor without a cookie is the installation's one local player
    (``mahjong-solitaire play`` on loopback), so the history survives a lost cookie; otherwise
    each new visitor gets a new anonymous player.

    ``allowed_hosts``: the host names served (Starlette's patterns, e.g. ``"*.example.org"``);
    ``None`` serves any (tests, or a server whose proxy checks the host).  ``play`` always
    gives them: :data:`.security.LOCAL_HOSTS` on loopback.
    """
    app = FastAPI(title="Mahjong Solitaire", version=__version__,
                  description="Mahjong Solitaire played in the browser: the engine decides "
                              "every move; games are stored, never only in memory.",
                  docs_url=None, redoc_url=None)
    app.state.store = _serving(store if store is not None else Store())
    app.state.local_player = local_player
    app.include_router(router)
    app.include_router(connect_router)
    app.include_router(layouts_router)
    app.include_router(i18n_router)
    app.add_middleware(LanguageMiddleware)
    # added last is outermost: the host, then the cross-site checks, then the body limit;
    # every answer, refusals included, gets the security headers
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(CrossSiteMiddleware)
    if allowed_hosts is not None:
        app.add_middleware(HostCheckMiddleware, allowed_hosts=allowed_hosts)
    app.add_middleware(SecurityHeadersMiddleware)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return _error(request, error.status, error.code, error.message)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, error: RequestValidationError) -> JSONResponse:
        return _error(request, 422, "bad_body", _validation_message(error))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return _error(request, error.status_code, code, str(error.detail))

    @app.exception_handler(ValueError)
    async def refused(request: Request, error: ValueError) -> JSONResponse:
        for kind, status, code in _ERROR_ANSWERS:
            if isinstance(error, kind):
                # a bad Connect code is a bad_code whose message shows the Connect form
                key = "bad_connect_code" if isinstance(error, ConnectCodeError) else None
                return _error(request, status, code, str(error), key)
        raise error  # pragma: no cover - ValueError is the last entry

    @app.exception_handler(Exception)
    async def server_error(request: Request, error: Exception) -> JSONResponse:
        # answered by Starlette's ServerErrorMiddleware, outside every middleware of ours:
        # the security headers are set here
        answer = _error(request, 500, "server_error", "internal server error")
        answer.headers.update(security_headers())
        return answer

    @app.get("/docs", include_in_schema=False)
    def docs(request: Request) -> HTMLResponse:
        # FastAPI's self-hosted docs recipe; the page starts Swagger UI with an inline
        # script, which its own policy allows by hash (the game page's stays strict)
        root = request.scope.get("root_path", "")
        page = get_swagger_ui_html(
            openapi_url=f"{root}{app.openapi_url}", title=f"{app.title} - API",
            swagger_js_url=f"{root}/docs-assets/swagger-ui-bundle.js",
            swagger_css_url=f"{root}/docs-assets/swagger-ui.css",
            swagger_favicon_url=f"{root}/static/favicon.svg",
            swagger_ui_parameters={"validatorUrl": None})  # no badge from swagger.io
        page.headers["Content-Security-Policy"] = inline_script_policy(bytes(page.body))
        return page

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    app.mount("/docs-assets", StaticFiles(packages=[DOCS_ASSETS]), name="docs-assets")
    return app
