"""The web application: the JSON API, its error answers, and the page's static files.

    >>> from mahjong_solitaire.store import Store
    >>> app = create_app(Store("sqlite://"))
    >>> app.title, app.state.local_player
    ('Mahjong Solitaire', False)

Errors are answered as ``{"error": "<code>", "message": "<what the player reads, in the
request's language>", "detail": "<the specifics, in English>"}`` (:mod:`.http.errors`, by
the handlers of :mod:`.http.error_handlers`): 400 a bad code, layout, date or name, 404 an
unknown game, 409 an action the game does not allow now or a stale version, 422 a body that
is not what the endpoint takes, 503 a database that cannot be reached.  Before any handler
runs, the middleware of :mod:`.http` refuses a host the server does not serve (421,
:mod:`.http.hosts`), a state-changing request from another site (403) or with a body of the
wrong type (415, :mod:`.http.cross_site`), and a body over the size limit (413,
:mod:`.http.body_limit`); :mod:`.http.headers` sets the security headers on every answer.

``/docs`` is Swagger UI, served from the ``fastapi-offline`` package (nothing loads from
another host):

    >>> from fastapi.testclient import TestClient
    >>> docs = TestClient(app).get("/docs")
    >>> "/docs-assets/swagger-ui-bundle.js" in docs.text, "sha256-" in docs.headers[
    ...     "content-security-policy"]
    (True, True)
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import __version__
from ..i18n import language_tag
from ..store import Store
from .games.jobs import DEFAULT_WORKERS, EngineJobs, shutdown_pool
from .games.registry import web_modes
from .games.routes import any_mode_routes
from .games.welcome import WelcomeDeals
from .http.access_log import AccessLogMiddleware, LogFormat
from .http.body_limit import BodyLimitMiddleware
from .http.cross_site import CrossSiteMiddleware
from .http.delivery import CompressionMiddleware, PageFiles
from .http.error_handlers import answer_errors
from .http.headers import SecurityHeadersMiddleware, inline_script_policy
from .http.hosts import HostCheckMiddleware
from .http.language import LanguageMiddleware, current_language
from .http.openapi import exact_answers
from .http.quotas import Quotas, install_quotas
from .http.uploads import UploadLimit
from .metrics import MetricsMiddleware, leave_the_sums, metrics_access, serve_metrics
from .pwa.page import GUIDE_COOKIE, STYLESHEET, page_css, page_html
from .pwa.service_worker import serve_service_worker
from .routes import challenges, daily, editor, health, history, i18n, layouts, players, reviews
from .upkeep import pruning_lifespan

__all__ = ["STATIC", "UPLOADS", "create_app"]

#: The page: index.html, css/ and js/ (served at ``/`` and ``/static/``).
STATIC = Path(__file__).resolve().parent / "static"

#: The endpoints taking a file upload (``multipart/form-data``) instead of JSON, with their
#: limits: the layout upload and the history import.
UPLOADS: Mapping[str, UploadLimit] = {
    layouts.UPLOAD_PATH: layouts.LAYOUT_UPLOAD,
    history.HISTORY_PATH: history.HISTORY_UPLOAD,
}

#: Where ``/docs`` finds Swagger UI: the files the ``fastapi-offline`` package ships (served
#: at ``/docs-assets/``), not a CDN.
DOCS_ASSETS = ("fastapi_offline", "static")


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


def _exact_openapi(app: FastAPI) -> None:
    """The schema lists per operation exactly what it can answer (:mod:`.http.openapi`)."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = exact_answers(generate())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _lifespan(prune_after: timedelta | None) -> Callable[[FastAPI], Any]:
    """The application's lifespan: the daily pruning (:mod:`.upkeep`) runs while it does,
    and the engine's worker processes (started on first use) end with it, after the
    welcome deals stop asking them for more (:mod:`.games.welcome`); so do a worker's
    gauges in the metrics of several workers (:mod:`.metrics`)."""
    pruning = pruning_lifespan(prune_after)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            if app.state.deal_ahead:
                app.state.welcome_deals.start()
            async with pruning(app):
                yield
        finally:
            app.state.welcome_deals.stop()
            shutdown_pool()
            leave_the_sums()  # a worker's gauges leave the metrics' sums (.metrics)

    return lifespan


def create_app(
    store: Store | None = None,
    *,
    local_player: bool = False,
    allowed_hosts: Sequence[str] | None = None,
    prune_after: timedelta | None = None,
    access_log: LogFormat | None = None,
    quotas: Quotas | None = None,
    engine_workers: int | None = None,
    metrics_token: str | None = None,
    deal_ahead: bool = False,
) -> FastAPI:
    """The application on ``store`` (default: ``Store()``, i.e. ``$DATABASE_URL`` or the
    local SQLite file).

    ``local_player``: a visitor without a cookie is the installation's one local player
    (``mahjong-solitaire play`` on loopback), so the history survives a lost cookie; otherwise
    each new visitor gets a new anonymous player.

    ``allowed_hosts``: the host names served (Starlette's patterns, e.g. ``"*.example.org"``);
    ``None`` serves any (tests, or a server whose proxy checks the host).  ``play`` always
    gives them: :data:`.http.hosts.LOCAL_HOSTS` on loopback.

    ``prune_after``: the players inactive that long who never won are pruned once a day
    while the app runs (:mod:`.upkeep`); ``None``, and always with ``local_player``, never.
    ``access_log``: one line per request to :data:`.http.access_log.ACCESS_LOG`, as
    ``"text"`` or ``"json"`` (None: no access log).
    ``quotas``: how fast a client may create players, games, layouts, test plays and
    history imports (default :data:`.http.quotas.DEFAULT_RATES`); local mode has none.
    ``engine_workers``: how many worker processes run heavy engine work
    (:mod:`.games.jobs`; default :data:`~.games.jobs.DEFAULT_WORKERS`).  The local player's
    server runs it in its request threads instead: one player has no one to share with.
    ``metrics_token``: ``GET /metrics`` (:mod:`.metrics`) answers only the requests that
    carry it as ``Authorization: Bearer``; without it, a server for several players serves
    no metrics, and the local player's answers loopback.
    ``deal_ahead``: the stock of welcome deals (:mod:`.games.welcome`) is filled as the
    application starts, not at the first visit (``play`` on a server for many players;
    tests start no pool they do not ask for).
    """
    app = FastAPI(
        title="Mahjong Solitaire",
        version=__version__,
        description="Mahjong Solitaire played in the browser: the engine decides "
        "every move; games are stored, never only in memory.",
        docs_url=None,
        redoc_url=None,
        lifespan=_lifespan(None if local_player else prune_after),
    )
    app.state.store = _serving(store if store is not None else Store())
    app.state.local_player = local_player
    app.state.engine_jobs = EngineJobs(
        engine_workers if engine_workers is not None else DEFAULT_WORKERS, inline=local_player
    )
    app.state.welcome_deals = WelcomeDeals(app.state.engine_jobs)
    app.state.deal_ahead = deal_ahead and not local_player
    modes = web_modes()  # every registered mode's routes, found through its Mode
    for mode in modes:
        app.include_router(mode.router)
    app.include_router(any_mode_routes([mode.view for mode in modes]))
    for routes in (players, daily, layouts, editor, challenges, i18n, history, reviews, health):
        app.include_router(routes.router)
    metrics = metrics_access(local_player=local_player, token=metrics_token)
    if metrics is not None:
        serve_metrics(app, metrics)
    # innermost: 429
    install_quotas(
        app, None if local_player else quotas or Quotas(), [mode.view.path for mode in modes]
    )
    app.add_middleware(LanguageMiddleware)
    # added last is outermost: the host, then the cross-site checks, then the body limit;
    # every answer, refusals included, gets the security headers
    app.add_middleware(BodyLimitMiddleware, uploads=UPLOADS)
    app.add_middleware(CrossSiteMiddleware, upload_paths=UPLOADS)
    if allowed_hosts is not None:
        app.add_middleware(HostCheckMiddleware, allowed_hosts=allowed_hosts)
    app.add_middleware(SecurityHeadersMiddleware)
    # every answer, refusals included, goes compressed (.delivery)
    app.add_middleware(CompressionMiddleware)
    if access_log is not None:
        # outermost: every request is logged, refusals included, with its request id
        app.add_middleware(AccessLogMiddleware, log_format=access_log)
    if metrics is not None:
        # outermost too: every request is counted, refusals included
        app.add_middleware(MetricsMiddleware)

    answer_errors(app)
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
    @app.get("/replay/{token}", include_in_schema=False)  # a replay link: the page reads it
    def index(request: Request) -> Response:
        # the page in the request's language (.pwa.page), revalidated before each use; a
        # first visit (no guide seen, no shared code to play) gets the guide's first step
        lang = current_language()
        guide = GUIDE_COOKIE not in request.cookies and "code" not in request.query_params
        page = page_html(STATIC, lang, guide).encode()
        tag = f'"{hashlib.sha256(page).hexdigest()[:32]}"'
        headers = {
            "Cache-Control": "no-cache",
            "ETag": tag,
            "Content-Language": language_tag(lang),
            "Vary": "Accept-Language, Cookie",
        }
        if tag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        return HTMLResponse(page, headers=headers)

    @app.get(STYLESHEET, include_in_schema=False)
    def stylesheet(request: Request) -> Response:
        # the page's stylesheets as one (.pwa.page), revalidated like the page's files
        css = page_css(STATIC)
        tag = f'"{hashlib.sha256(css).hexdigest()[:32]}"'
        headers = {"Cache-Control": "no-cache", "ETag": tag}
        if tag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        return Response(css, media_type="text/css; charset=utf-8", headers=headers)

    serve_service_worker(app, STATIC)
    app.mount("/static", PageFiles(directory=STATIC, check_dir=False), name="static")
    app.mount("/docs-assets", StaticFiles(packages=[DOCS_ASSETS]), name="docs-assets")
    return app
