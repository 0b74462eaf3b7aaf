"""Every error a request meets becomes the API's error object (:mod:`.errors`):
:func:`answer_errors` installs the exception handlers on an application::

    app = FastAPI()
    answer_errors(app)

* an :class:`~.errors.ApiError` a route raised: its code, detail and message;
* a body, query or path value that is not what the route takes: 422 ``bad_body``;
* a path or a method nothing serves: 404 ``not_found``, 405 ``method_not_allowed`` with
  ``Allow``: every method the path takes, whichever of its routes raised the 405;
* an error of the engine or the store: its code (:func:`~.errors.code_of`);
* a database that cannot be reached: 503 ``unavailable``, the driver's words in the log
  only;
* anything else: 500 ``server_error``, without a trace.

    >>> from fastapi import FastAPI
    >>> from fastapi.testclient import TestClient
    >>> app = FastAPI()
    >>> answer_errors(app)
    >>> TestClient(app).get("/nowhere").json()["error"]
    'not_found'
    >>> @app.get("/here")
    ... def here() -> None: ...
    >>> @app.put("/here")
    ... def put_here() -> None: ...
    >>> TestClient(app).delete("/here").headers["allow"]
    'GET, PUT'
"""

from __future__ import annotations

import logging
import re

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from .errors import DATABASE_FAILURES, ApiError, ErrorCode, code_of, error_answer, message_key_of
from .headers import security_headers
from .language import request_language
from .refusal import observer_of

__all__ = ["answer_errors"]

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


def _engine_error(request: Request, error: Exception) -> JSONResponse:
    """The answer to an exception of the engine, the store or the database."""
    code = code_of(error)
    if code is ErrorCode.UNAVAILABLE:
        observer_of(request.scope).database_failed()
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


def _allowed_methods(request: Request, error: HTTPException) -> str:
    """The ``Allow`` of a 405: what Starlette named (the methods of the first route that
    matched the path) and every method the OpenAPI document lists at that path (a path of
    several routes, ``GET`` and ``PUT /api/player``); ``GET, HEAD`` at a mount of static
    files, whose 405 names none."""
    methods = {m.strip() for m in (error.headers or {}).get("Allow", "").split(",") if m.strip()}
    path = request.scope["path"].removeprefix(request.scope.get("root_path", "")) or "/"
    for template, operations in request.app.openapi().get("paths", {}).items():
        if re.fullmatch(re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)), path):
            methods.update(method.upper() for method in operations)
    return ", ".join(sorted(methods or {"GET", "HEAD"}))


def answer_errors(app: FastAPI) -> None:
    """Every error becomes the error object (:mod:`.errors`): refusals of the routes, the
    engine's and the store's errors, a body that cannot be read, a database that cannot
    be reached (503), and, should anything else escape, a 500 without a trace."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return error_answer(
            error.code,
            error.detail,
            request_language(request),
            error.message_key,
            retry_after=error.retry_after,
        )

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, error: RequestValidationError) -> JSONResponse:
        return error_answer(
            ErrorCode.BAD_BODY, _validation_message(error), request_language(request)
        )

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        language = request_language(request)
        if error.status_code == 404:
            return error_answer(ErrorCode.NOT_FOUND, str(error.detail), language)
        if error.status_code == 405:
            answer = error_answer(ErrorCode.METHOD_NOT_ALLOWED, str(error.detail), language)
            answer.headers["Allow"] = _allowed_methods(request, error)
            return answer
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
