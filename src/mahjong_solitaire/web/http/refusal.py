"""The answer of a middleware that refuses a request before any handler ran: the API's
error object (:func:`.errors.error_answer`), with the message in the request's language.

A middleware sends it as any ASGI answer::

    answer = refusal(scope, ErrorCode.CROSS_SITE, "a request from another site is refused")
    await answer(scope, receive, send)

    >>> import json
    >>> scope = {"type": "http", "headers": [(b"accept-language", b"it")]}
    >>> answer = refusal(scope, ErrorCode.UNKNOWN_HOST, "not this host")
    >>> body = json.loads(answer.body)
    >>> answer.status_code, body["error"], body["message"]
    (421, 'unknown_host', "Questo server non risponde a quell'indirizzo.")
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import Scope

from .errors import ErrorCode, error_answer
from .language import request_language

__all__ = ["refusal"]


def refusal(
    scope: Scope,
    code: ErrorCode,
    detail: str,
    message_key: str | None = None,
    *,
    retry_after: int | None = None,
) -> JSONResponse:
    """The API's error object for a request refused before any handler ran; the message is
    in the request's language (worked out here: no middleware has set it yet), and is the
    one of ``message_key`` when given, else the code's own; ``retry_after`` (seconds)
    becomes ``Retry-After``."""
    language = request_language(Request(scope))
    return error_answer(code, detail, language, message_key, retry_after=retry_after)
