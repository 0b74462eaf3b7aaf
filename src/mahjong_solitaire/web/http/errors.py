"""Every error the web API can answer: :class:`ErrorCode`, the one table of them (each
code's status, meaning and message key together), the error object, and the engine and
store exceptions that lead to each code.

An error answer is ``{"error": code, "message": ..., "detail": ...}`` (:class:`ErrorBody`):
``error`` is an :class:`ErrorCode` (its value is what goes over the wire, and it carries
its HTTP status), ``message`` is for the player in the request's language (the catalogue
:data:`..i18n.errors.ERROR_MESSAGES`, by the code's message key), ``detail`` the specifics
in English.

    >>> code = ErrorCode.STALE_VERSION
    >>> code.value, code.status, code.meaning, code.message_key
    ('stale_version', 409, 'the version is not the stored one', 'stale_version')
    >>> ErrorCode("unavailable").status, ErrorCode.BAD_BODY.message_key
    (503, 'bad_request')

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

import math
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
from ...core.game import AidRefused, GameError
from ...core.layout import LayoutError
from ...core.moves import IllegalMoveError
from ...i18n import error_message
from ...store import (
    GameInPlayError,
    GameNotFoundError,
    ReplayNotFoundError,
    StaleWriteError,
    StoreError,
)

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
    "error_codes_for_page",
    "error_responses",
    "error_text",
    "is_database_failure",
    "message_key_of",
]


class ErrorCode(StrEnum):
    """An error of the API, the one table of them: each member is its wire value (the
    ``error`` of the error object), its HTTP :attr:`status`, its :attr:`meaning` (the
    OpenAPI description) and its :attr:`message_key` (its message in
    :data:`..i18n.errors.ERROR_MESSAGES`: its own value unless it names another)."""

    status: int
    meaning: str
    message_key: str

    def __new__(
        cls, value: str, status: int, meaning: str, message_key: str | None = None
    ) -> ErrorCode:
        member = str.__new__(cls, value)
        member._value_ = value
        member.status = status
        member.meaning = meaning
        member.message_key = message_key or value
        return member

    # a refused value
    BAD_REQUEST = "bad_request", 400, "a refused value, or no readable Host header"
    BAD_CODE = "bad_code", 400, "a malformed game code"
    BAD_LAYOUT = "bad_layout", 400, "an unknown layout, or a layout file that cannot be read"
    BAD_DATE = "bad_date", 400, "a date that is not YYYY-MM-DD"
    BAD_HISTORY = (
        "bad_history",
        400,
        "a history file that cannot be read or does not match its moves",
    )
    FUTURE_DATE = "future_date", 400, "a daily challenge after today"
    # refused before any route runs (hosts.py, cross_site.py, body_limit.py)
    CROSS_SITE = "cross_site", 403, "a state-changing request sent by another site"
    UNKNOWN_HOST = "unknown_host", 421, "a Host the server does not answer to"
    TOO_LARGE = "too_large", 413, "a body over the size limit"
    UNSUPPORTED_MEDIA_TYPE = (
        "unsupported_media_type",
        415,
        "a body that is not application/json",
    )
    # nothing there
    UNKNOWN_GAME = "unknown_game", 404, "no such game for this player"
    UNKNOWN_LAYOUT = "unknown_layout", 404, "no such layout of this player's"
    UNKNOWN_REPLAY = "unknown_replay", 404, "no replay has this link (yet)"
    UNKNOWN_LANGUAGE = "unknown_language", 404, "no catalogue for that language"
    NOT_FOUND = "not_found", 404, "nothing at this path"
    METHOD_NOT_ALLOWED = (
        "method_not_allowed",
        405,
        "the path does not take this method",
        "bad_request",
    )
    # not now
    ILLEGAL_ACTION = "illegal_action", 409, "the game does not allow it now"
    AID_REFUSED = "aid_refused", 409, "the game's challenge does not allow this aid (rules §13)"
    NO_SHUFFLE = (
        "no_shuffle",
        409,
        "no shuffle can clear the remaining positions (proven)",
    )
    SHUFFLE_NOT_FOUND = (
        "shuffle_not_found",
        409,
        "no solvable shuffle found yet; a longer search may find one",
    )
    STALE_VERSION = "stale_version", 409, "the version is not the stored one"
    GAME_OVER = "game_over", 409, "the game was abandoned for a newer one"
    GAME_IN_PLAY = "game_in_play", 409, "a game still in play: it has no review or replay yet"
    STAGE_LOCKED = "stage_locked", 409, "a stage beyond the player's next one"
    WRONG_MODE = "wrong_mode", 409, "a game of the other mode"
    TOO_MANY_LAYOUTS = (
        "too_many_layouts",
        409,
        "the player keeps as many imported layouts as one may",
    )
    # more than a fair share (.quotas, ..games.jobs)
    TOO_MANY_REQUESTS = (
        "too_many_requests",
        429,
        "the client is over its limit or already has a heavy request running; "
        "Retry-After says when to try again",
    )
    # not what the route takes
    BAD_BODY = (
        "bad_body",
        422,
        "a body, query or path value that is not what the route takes",
        "bad_request",
    )
    # the server's side
    CORRUPT_GAME = "corrupt_game", 500, "the stored game cannot be rebuilt"
    SERVER_ERROR = "server_error", 500, "anything unexpected"
    UNAVAILABLE = "unavailable", 503, "the database cannot be reached"
    BUSY = (
        "busy",
        503,
        "the server's queue of heavy work is full; Retry-After says when to try again",
    )

    def __repr__(self) -> str:
        return f"<ErrorCode.{self.name}: {self.value!r}>"


def error_codes_for_page() -> dict[str, str]:
    """Every code by its member's name, for the page's table of them.

    >>> error_codes_for_page()["STALE_VERSION"]
    'stale_version'
    """
    return {member.name: member.value for member in ErrorCode}


#: What every request may be refused before a route runs: an unknown ``Host`` (421, or
#: 400 without a readable one) and a body over the size limit (413).
GATE = (ErrorCode.UNKNOWN_HOST, ErrorCode.BAD_REQUEST, ErrorCode.TOO_LARGE)
#: What a state-changing request (POST, PUT, DELETE) may be refused besides: sent by
#: another site (403) or with a body that is not JSON (415).
WRITE_GATE = (ErrorCode.CROSS_SITE, ErrorCode.UNSUPPORTED_MEDIA_TYPE)


#: The message key of each code's value (a key that is no code's value is its own).
_MESSAGE_KEYS = {code.value: code.message_key for code in ErrorCode}


def error_text(key: str, lang: str) -> str:
    """What the player reads for an error code (its :attr:`~ErrorCode.message_key`'s
    message) or a message key, in ``lang``.

    >>> error_text("cross_site", "pt")
    'O jogo recusou um pedido enviado por outro site.'
    >>> error_text("bad_body", "en") == error_text("bad_request", "en")
    True
    """
    return error_message(_MESSAGE_KEYS.get(key, key), lang)


class ErrorBody(BaseModel):
    """Every error answer."""

    error: ErrorCode = Field(description="the code, for programs")
    message: str = Field(description="what the player reads, in the request's language")
    detail: str = Field(description="the specifics, in English")


class ApiError(Exception):
    """A request the API refuses with ``code``; ``detail`` says why, in English,
    ``message_key`` names another message than the code's own (``bad_connect_code``), and
    ``retry_after`` (seconds) becomes the ``Retry-After`` header of a 429 or 503.

    >>> ApiError(ErrorCode.BUSY, "the queue is full", retry_after=2.2).retry_after
    3
    """

    def __init__(
        self,
        code: ErrorCode,
        detail: str,
        *,
        message_key: str | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.message_key = message_key
        #: whole seconds, at least 1 (the header takes no fractions)
        self.retry_after = None if retry_after is None else max(1, math.ceil(retry_after))


def error_answer(
    code: ErrorCode,
    detail: str,
    lang: str,
    message_key: str | None = None,
    *,
    retry_after: int | None = None,
) -> JSONResponse:
    """The error object, with the status of ``code`` (and ``Retry-After`` when given).

    >>> error_answer(ErrorCode.BUSY, "full", "en", retry_after=3).headers["retry-after"]
    '3'
    """
    body = {
        "error": code.value,
        "message": error_message(message_key or code.message_key, lang),
        "detail": detail,
    }
    headers = None if retry_after is None else {"Retry-After": str(retry_after)}
    return JSONResponse(body, status_code=code.status, headers=headers)


# -- exceptions of the engine and the store --------------------------------------------

#: Engine and store errors and their codes; the first match wins.
ENGINE_ERRORS: tuple[tuple[type[Exception], ErrorCode], ...] = (
    (GameNotFoundError, ErrorCode.UNKNOWN_GAME),
    (StaleWriteError, ErrorCode.STALE_VERSION),
    (GameInPlayError, ErrorCode.GAME_IN_PLAY),
    (ReplayNotFoundError, ErrorCode.UNKNOWN_REPLAY),
    (CodeError, ErrorCode.BAD_CODE),
    (LayoutError, ErrorCode.BAD_LAYOUT),
    (ShuffleError, ErrorCode.NO_SHUFFLE),
    (ShuffleNotFoundError, ErrorCode.SHUFFLE_NOT_FOUND),
    (IllegalMoveError, ErrorCode.ILLEGAL_ACTION),
    (AidRefused, ErrorCode.AID_REFUSED),
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
            "description": "; ".join(f"`{code.value}`: {code.meaning}" for code in listed),
            "content": {
                "application/json": {
                    "examples": {
                        code.value: {
                            "summary": code.meaning,
                            "value": {
                                "error": code.value,
                                "message": error_message(code.message_key, "en"),
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
