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

Whoever refuses a request for fairness (a quota, the queue of engine jobs) or answers a
failure of the database also tells the application's :class:`Observer`, which counts them
for an operator (the metrics of :mod:`..metrics` are one); an application without one
hears nothing:

    >>> from starlette.applications import Starlette
    >>> observer_of({"app": Starlette()}).refused("games")  # nobody listens: nothing happens
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import Scope

from .errors import ErrorCode, error_answer
from .language import request_language

__all__ = ["Observer", "observer_of", "refusal"]


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


class Observer:
    """What an application tells whoever watches it of the refusals and failures it
    answers (``create_app`` keeps one as ``app.state.observer`` when metrics are served).
    This one hears nothing; the metrics' (:mod:`..metrics`) counts."""

    def refused(self, reason: str) -> None:
        """A request refused for fairness: a quota's kind (``games``), or the engine
        jobs' ``engine-one-per-client`` or ``engine-queue-full``."""

    def database_failed(self) -> None:
        """A request answered ``503 unavailable``: the database could not be reached."""

    def engine_jobs(self, count: int) -> None:
        """The engine jobs of the process (running or waiting) are now ``count``."""


#: The observer of an application that has none.
_NOBODY = Observer()


def observer_of(scope: Scope) -> Observer:
    """The :class:`Observer` of the application serving the request of ``scope`` (one that
    hears nothing when it keeps none, or outside an application)."""
    state = getattr(scope.get("app"), "state", None)
    observer: Observer = getattr(state, "observer", _NOBODY)
    return observer
