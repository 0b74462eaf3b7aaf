"""Every error the web API can answer: its code, its status, the player's message, and the
engine and store exceptions that lead to it.

An error answer is ``{"error": code, "message": ..., "detail": ...}`` (:class:`ErrorBody`):
``error`` is an :class:`ErrorCode` (its value is what goes over the wire, and it carries
its HTTP status), ``message`` is for the player in the request's language, ``detail`` the
specifics in English.

    >>> ErrorCode.STALE_VERSION.value, ErrorCode.STALE_VERSION.status
    ('stale_version', 409)
    >>> ErrorCode("unavailable").status
    503

A route declares the codes it can answer with :func:`error_responses`, which also adds the
refusals every request may get before any route runs (:data:`GATE`); the OpenAPI schema
then lists, per operation, exactly its answers:

    >>> sorted(error_responses(ErrorCode.UNKNOWN_GAME))[:3]
    ['400', '404', '413']

:func:`code_of` maps an exception raised by the engine or the store to its code; a
database that cannot be reached is ``503 unavailable``, whatever the driver said:

    >>> from mahjong_solitaire.core.codes import CodeError
    >>> code_of(CodeError("bad")), code_of(KeyError("x"))
    (<ErrorCode.BAD_CODE: 'bad_code'>, <ErrorCode.SERVER_ERROR: 'server_error'>)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.responses import JSONResponse

from ...connect import ConnectCodeError
from ...core.codes import CodeError
from ...core.faces import ShuffleError, ShuffleNotFoundError
from ...core.game import GameError
from ...core.layout import LayoutError
from ...core.moves import IllegalMoveError
from ...i18n import N_, error_message, translator
from ...store import GameNotFoundError, StaleWriteError, StoreError

__all__ = [
    "DATABASE_FAILURES",
    "ENGINE_ERRORS",
    "GATE",
    "WRITE_GATE",
    "ApiError",
    "ErrorBody",
    "ErrorCode",
    "code_of",
    "error_answer",
    "error_responses",
    "error_text",
    "is_database_failure",
    "message_key_of",
]


class ErrorCode(StrEnum):
    """An error of the API: the value is the wire's ``error``, :attr:`status` its status."""

    status: int

    def __new__(cls, value: str, status: int) -> ErrorCode:
        member = str.__new__(cls, value)
        member._value_ = value
        member.status = status
        return member

    # a refused value
    BAD_REQUEST = "bad_request", 400
    BAD_CODE = "bad_code", 400
    BAD_LAYOUT = "bad_layout", 400
    BAD_DATE = "bad_date", 400
    BAD_HISTORY = "bad_history", 400
    FUTURE_DATE = "future_date", 400
    # refused before any route runs (web/http/hosts.py, cross_site.py, body_limit.py)
    CROSS_SITE = "cross_site", 403
    UNKNOWN_HOST = "unknown_host", 421
    TOO_LARGE = "too_large", 413
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type", 415
    # nothing there
    UNKNOWN_GAME = "unknown_game", 404
    UNKNOWN_LAYOUT = "unknown_layout", 404
    UNKNOWN_LANGUAGE = "unknown_language", 404
    NOT_FOUND = "not_found", 404
    METHOD_NOT_ALLOWED = "method_not_allowed", 405
    # not now
    ILLEGAL_ACTION = "illegal_action", 409
    NO_SHUFFLE = "no_shuffle", 409
    SHUFFLE_NOT_FOUND = "shuffle_not_found", 409
    STALE_VERSION = "stale_version", 409
    GAME_OVER = "game_over", 409
    STAGE_LOCKED = "stage_locked", 409
    WRONG_MODE = "wrong_mode", 409
    TOO_MANY_LAYOUTS = "too_many_layouts", 409
    # not what the route takes
    BAD_BODY = "bad_body", 422
    # the server's side
    CORRUPT_GAME = "corrupt_game", 500
    SERVER_ERROR = "server_error", 500
    UNAVAILABLE = "unavailable", 503

    def __repr__(self) -> str:
        return f"<ErrorCode.{self.name}: {self.value!r}>"


#: What every request may be refused before a route runs: an unknown ``Host`` (421, or
#: 400 without a readable one) and a body over the size limit (413).
GATE = (ErrorCode.UNKNOWN_HOST, ErrorCode.BAD_REQUEST, ErrorCode.TOO_LARGE)
#: What a state-changing request (POST, PUT, DELETE) may be refused besides: sent by
#: another site (403) or with a body that is not JSON (415).
WRITE_GATE = (ErrorCode.CROSS_SITE, ErrorCode.UNSUPPORTED_MEDIA_TYPE)

#: The player's messages of the codes (and message keys) that only the web gives; the
#: others are :func:`..i18n.error_message`'s.
_MESSAGES = {
    "cross_site": N_("The game refused a request sent by another web site."),
    "body_too_large": N_("The request is larger than the game accepts."),
    "history_too_large": N_("The file is larger than a history file can be."),
    "unsupported_media_type": N_(
        "The game could not do that: the request is not in a form it takes."
    ),
    "unknown_host": N_("This server does not answer to that address."),
    "unavailable": N_("The game cannot reach its database just now. Try again in a moment."),
}

#: What each code means, for the OpenAPI descriptions.
_MEANINGS = {
    ErrorCode.BAD_REQUEST: "a refused value, or no readable Host header",
    ErrorCode.BAD_CODE: "a malformed game code",
    ErrorCode.BAD_LAYOUT: "an unknown layout, or a layout file that cannot be read",
    ErrorCode.BAD_DATE: "a date that is not YYYY-MM-DD",
    ErrorCode.BAD_HISTORY: "a history file that cannot be read or does not match its moves",
    ErrorCode.FUTURE_DATE: "a daily challenge after today",
    ErrorCode.CROSS_SITE: "a state-changing request sent by another site",
    ErrorCode.UNKNOWN_HOST: "a Host the server does not answer to",
    ErrorCode.TOO_LARGE: "a body over the size limit",
    ErrorCode.UNSUPPORTED_MEDIA_TYPE: "a body that is not application/json",
    ErrorCode.UNKNOWN_GAME: "no such game for this player",
    ErrorCode.UNKNOWN_LAYOUT: "no such layout of this player's",
    ErrorCode.UNKNOWN_LANGUAGE: "no catalogue for that language",
    ErrorCode.NOT_FOUND: "nothing at this path",
    ErrorCode.METHOD_NOT_ALLOWED: "the path does not take this method",
    ErrorCode.ILLEGAL_ACTION: "the game does not allow it now",
    ErrorCode.NO_SHUFFLE: "no shuffle can clear the remaining positions (proven)",
    ErrorCode.SHUFFLE_NOT_FOUND: "no solvable shuffle found yet; a longer search may find one",
    ErrorCode.STALE_VERSION: "the version is not the stored one",
    ErrorCode.GAME_OVER: "the game was abandoned for a newer one",
    ErrorCode.STAGE_LOCKED: "a stage beyond the player's next one",
    ErrorCode.WRONG_MODE: "a game of the other mode",
    ErrorCode.TOO_MANY_LAYOUTS: "the player keeps as many imported layouts as one may",
    ErrorCode.BAD_BODY: "a body, query or path value that is not what the route takes",
    ErrorCode.CORRUPT_GAME: "the stored game cannot be rebuilt",
    ErrorCode.SERVER_ERROR: "anything unexpected",
    ErrorCode.UNAVAILABLE: "the database cannot be reached",
}


def error_text(key: str, lang: str) -> str:
    """What the player reads for an error code or message key, in ``lang``.

    >>> error_text("cross_site", "pt")
    'O jogo recusou um pedido enviado por outro site.'
    """
    if key in _MESSAGES:
        return translator(lang)(_MESSAGES[key])
    return error_message(key, lang)


class ErrorBody(BaseModel):
    """Every error answer."""

    error: ErrorCode = Field(description="the code, for programs")
    message: str = Field(description="what the player reads, in the request's language")
    detail: str = Field(description="the specifics, in English")


class ApiError(Exception):
    """A request the API refuses with ``code``; ``detail`` says why, in English, and
    ``message_key`` names another message than the code's own (``bad_connect_code``)."""

    def __init__(self, code: ErrorCode, detail: str, *, message_key: str | None = None) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.message_key = message_key


def error_answer(
    code: ErrorCode, detail: str, lang: str, message_key: str | None = None
) -> JSONResponse:
    """The error object, with the status of ``code``."""
    body = {
        "error": code.value,
        "message": error_text(message_key or code.value, lang),
        "detail": detail,
    }
    return JSONResponse(body, status_code=code.status)


# -- exceptions of the engine and the store --------------------------------------------

#: Engine and store errors and their codes; the first match wins.
ENGINE_ERRORS: tuple[tuple[type[Exception], ErrorCode], ...] = (
    (GameNotFoundError, ErrorCode.UNKNOWN_GAME),
    (StaleWriteError, ErrorCode.STALE_VERSION),
    (CodeError, ErrorCode.BAD_CODE),
    (LayoutError, ErrorCode.BAD_LAYOUT),
    (ShuffleError, ErrorCode.NO_SHUFFLE),
    (ShuffleNotFoundError, ErrorCode.SHUFFLE_NOT_FOUND),
    (IllegalMoveError, ErrorCode.ILLEGAL_ACTION),
    (GameError, ErrorCode.ILLEGAL_ACTION),
    (StoreError, ErrorCode.BAD_REQUEST),
    (ValueError, ErrorCode.BAD_REQUEST),
)

#: What a database that cannot be reached raises: SQLAlchemy's wrapping of a lost or refused
#: connection (``OperationalError``, ``InterfaceError``), a pool that cannot hand out a
#: connection, and SQLite's own such errors where they escape unwrapped.  A driver's refusal
#: of the data itself (a ``DataError``, an ``IntegrityError``) is not an outage: the store
#: checks what it is asked for, and anything it misses is a bug (``server_error``), not
#: "try again later".
DATABASE_FAILURES = (
    OperationalError,
    InterfaceError,
    DisconnectionError,
    PoolTimeoutError,
    sqlite3.OperationalError,
    sqlite3.InterfaceError,
)


def _chain(error: BaseException) -> Iterable[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def is_database_failure(error: BaseException) -> bool:
    """Whether ``error`` is (or was raised while handling) a failure of the database: the
    store turns a failed connection into a :class:`~..store.StoreError`, which keeps the
    driver's error as its context."""
    return any(isinstance(link, DATABASE_FAILURES) for link in _chain(error))


def code_of(error: BaseException) -> ErrorCode:
    """The code answering ``error``: :data:`ENGINE_ERRORS`, ``unavailable`` for a failure
    of the database, ``server_error`` for anything else."""
    if isinstance(error, ApiError):
        return error.code
    if is_database_failure(error):
        return ErrorCode.UNAVAILABLE
    for kind, code in ENGINE_ERRORS:
        if isinstance(error, kind):
            return code
    return ErrorCode.SERVER_ERROR


def message_key_of(error: BaseException) -> str | None:
    """The message of an error whose code's own message would mislead: a bad Connect
    code shows the Connect form."""
    if isinstance(error, ApiError):
        return error.message_key
    return "bad_connect_code" if isinstance(error, ConnectCodeError) else None


# -- the OpenAPI answers of a route ----------------------------------------------------


def error_responses(*codes: ErrorCode, write: bool = False) -> dict[int | str, Any]:
    """FastAPI ``responses=`` for a route that answers ``codes``, plus :data:`GATE` (and
    :data:`WRITE_GATE` when it changes something): one entry per status, the shared
    :class:`ErrorBody` schema, and one example per code (named by the code)."""
    chosen = {*codes, *GATE, *(WRITE_GATE if write else ())}
    by_status: dict[int, list[ErrorCode]] = {}
    for code in sorted(chosen, key=lambda c: (c.status, c.value)):
        by_status.setdefault(code.status, []).append(code)
    return {
        str(status): {
            "model": ErrorBody,
            "description": "; ".join(f"`{code.value}`: {_MEANINGS[code]}" for code in listed),
            "content": {
                "application/json": {
                    "examples": {
                        code.value: {
                            "summary": _MEANINGS[code],
                            "value": {
                                "error": code.value,
                                "message": error_text(code.value, "en"),
                                "detail": "(the specifics, in English)",
                            },
                        }
                        for code in listed
                    }
                }
            },
        }
        for status, listed in sorted(by_status.items())
    }
