"""The player's history in the web game: the same file as ``mahjong-solitaire export``
and ``import`` (:mod:`..store.history`, version 3; versions 1 and 2 are still read).

* ``GET /api/history``: the player's history file, as a download (``Content-Disposition:
  attachment``); nothing is written, and a visitor without a player gets a file of no games;
* ``POST /api/history``: a history file (multipart, field ``file``, at most
  :data:`MAX_HISTORY_BYTES`) whose games are added to the player's, with the command
  line's checks: every game's deal is rebuilt and its moves replayed, and a file with any
  fault is refused whole (400 ``bad_history``, the fault named) with nothing changed;
* ``GET /api/history/games``: the list the Statistics page shows, each with its Review:
  the player's games of one mode that are over or stuck (won, stuck, abandoned, lost),
  practice copies marked, the latest first, a page at a time (``limit``, at most
  :data:`MAX_PAGE`; ``before``: the last game of the page before).  Nothing is written.

    >>> sorted({(route.path, *route.methods) for route in router.routes})
    [('/api/history', 'GET'), ('/api/history', 'POST'), ('/api/history/games', 'GET')]
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from ...core.game import GameStatus
from ...modes import DEFAULT_MODE
from ...store.history import export_document
from ...store.records import Player
from ...store.reviews import PlayedGame
from ..games.lifecycle import PlayerCookie, acting_player, reading_player, store_of
from ..games.models import ModeName
from ..http.errors import ApiError, ErrorCode, error_responses
from ..http.uploads import FILE_UPLOAD_BODY, UploadLimit, uploaded_file

__all__ = [
    "HISTORY_PATH",
    "HISTORY_UPLOAD",
    "MAX_HISTORY_BYTES",
    "MAX_PAGE",
    "HistoryImport",
    "PlayedGames",
    "download_name",
    "router",
]

#: Where the history is read and written.
HISTORY_PATH = "/api/history"
#: The largest history file taken (some thousands of games).
MAX_HISTORY_BYTES = 8 * 1024 * 1024
#: The most games one page of ``GET /api/history/games`` lists, and how many by default.
MAX_PAGE = 50
PAGE = 20
#: How large a history upload may be.
HISTORY_UPLOAD = UploadLimit(
    file_bytes=MAX_HISTORY_BYTES, what="history file", message_key="history_too_large"
)

router = APIRouter(prefix="/api", tags=["history"])


class HistoryImport(BaseModel):
    """What an imported history file added."""

    imported: int = Field(description="the games of the file that were new to the player")
    present: int = Field(description="the games of the file the player already had")


class PlayedEntry(BaseModel):
    """One game of the player's history list."""

    game_id: str
    mode: str
    status: GameStatus = Field(description="won, stuck, abandoned or lost")
    layout: str = Field(description="the layout's name, or a Connect grid's")
    difficulty: str
    code: str | None
    daily: str | None = Field(description="the daily challenge's date, if it was one")
    challenge: str | None = Field(description="the rule set it was played under, if any")
    practice: bool = Field(description="a practice copy (Try from here), counted apart")
    solution_shown: bool
    ended_at: str = Field(description="when it ended: finished, or a stuck game's last save")
    time: float = Field(description="the seconds played")

    @classmethod
    def of(cls, game: PlayedGame) -> PlayedEntry:
        return cls(
            game_id=game.game_id,
            mode=game.mode,
            status=game.status,
            layout=game.layout_name,
            difficulty=game.difficulty,
            code=game.code,
            daily=None if game.daily is None else game.daily.isoformat(),
            challenge=game.challenge,
            practice=game.practice,
            solution_shown=game.solution_shown,
            ended_at=game.ended_at.isoformat(),
            time=round(game.elapsed, 3),
        )


class PlayedGames(BaseModel):
    """A page of the player's games that are over or stuck, the latest first."""

    games: list[PlayedEntry]
    more: bool = Field(description="whether older games follow (ask with ``before``)")


def download_name(moment: datetime) -> str:
    """The file name the download suggests.

    >>> download_name(datetime(2026, 12, 1, 10, 5, tzinfo=UTC))
    'mahjong-solitaire-history-2026-12-01.json'
    """
    return f"mahjong-solitaire-history-{moment.date().isoformat()}.json"


def _history_text(request: Request, player_id: str | None) -> str:
    if player_id is None:
        nobody = Player(id="", display_name=None, created_at=datetime.now(UTC))
        document = export_document(nobody, [])
    else:
        document = store_of(request).export_history(player_id)
    # as the command line writes it
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


@router.get(
    "/history",
    summary="Download the player's history file",
    response_class=JSONResponse,
    responses={
        200: {
            "description": "the history file (``mahjong-solitaire/history``, version 3), "
            "as an attachment",
            "content": {"application/json": {"schema": {"type": "object"}}},
        },
        **error_responses(ErrorCode.UNAVAILABLE),
    },
)
def download_history(request: Request, cookie: PlayerCookie = None) -> Response:
    """The file ``mahjong-solitaire export`` writes, every game of the player with its
    moves.  Nothing is written: a visitor without a player gets a file of no games."""
    text = _history_text(request, reading_player(request, cookie))
    return Response(
        text,
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{download_name(datetime.now(UTC))}"',
            "Cache-Control": "no-store",
        },
    )


@router.get(
    "/history/games",
    response_model=PlayedGames,
    summary="A page of the player's finished and stuck games",
    responses=error_responses(ErrorCode.BAD_BODY, ErrorCode.UNKNOWN_GAME, ErrorCode.UNAVAILABLE),
)
def played_games(
    request: Request,
    cookie: PlayerCookie = None,
    mode: Annotated[ModeName, Query(description="the mode whose games are listed")] = (
        DEFAULT_MODE.name
    ),
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="how many games")] = PAGE,
    before: Annotated[
        str | None,
        Query(min_length=1, max_length=64, description="the last game of the page before"),
    ] = None,
) -> PlayedGames:
    """The player's games of ``mode`` (classic by default) that are over or stuck (won,
    stuck, abandoned, lost; practice copies too, marked), the latest ended first: at most
    ``limit`` (1 to :data:`MAX_PAGE`, 20 by default), and only those that ended before the
    game ``before`` when given (the last of the page before; 404 ``unknown_game`` when it
    is not the player's).  ``more`` says whether older games follow.  Each has a review
    (``GET /api/games/{id}/review``).  Nothing is written: without a player, no games."""
    player_id = reading_player(request, cookie)
    if player_id is None:
        return PlayedGames(games=[], more=False)
    found = store_of(request).reviewable_games(player_id, mode, limit + 1, before)
    return PlayedGames(
        games=[PlayedEntry.of(game) for game in found[:limit]], more=len(found) > limit
    )


def _import(request: Request, response: Response, cookie: str | None, data: bytes) -> HistoryImport:
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ApiError(ErrorCode.BAD_HISTORY, "the file is not UTF-8 text") from None
    except ValueError as error:  # not parseable, or a number with too many digits
        raise ApiError(ErrorCode.BAD_HISTORY, f"the file is not JSON ({error})") from None
    except RecursionError:
        raise ApiError(ErrorCode.BAD_HISTORY, "the file nests too deeply to be read") from None
    player_id = acting_player(request, response, cookie)
    try:
        added = store_of(request).import_history(player_id, document)
    except ValueError as error:  # the store's StoreError, as the command line catches it
        raise ApiError(ErrorCode.BAD_HISTORY, f"{error}; nothing was imported") from None
    total = len(document["games"])
    return HistoryImport(imported=added, present=total - added)


@router.post(
    "/history",
    summary="Import a history file",
    response_model=HistoryImport,
    # a cross-site upload is refused (403); the media type is this route's own
    # check (400 for anything but multipart/form-data), not 415
    responses=error_responses(
        ErrorCode.BAD_HISTORY,
        ErrorCode.UNAVAILABLE,
        ErrorCode.CROSS_SITE,
        ErrorCode.TOO_MANY_REQUESTS,
    ),
    openapi_extra=FILE_UPLOAD_BODY,
)
async def upload_history(
    request: Request, response: Response, cookie: PlayerCookie = None
) -> HistoryImport:
    """A history file as ``mahjong-solitaire export`` writes it (versions 1 to 3), in the
    field ``file``.  Its games are added to the player's: ``imported`` counts the new ones,
    ``present`` the ones the player already had (same start and deal).  The checks are the
    command line's: every game's deal is rebuilt and its moves replayed, and the status,
    the aid counts and the time must agree with them.  A file that is not JSON, not a
    history file, of a newer version, or with any game at fault is refused whole (400
    ``bad_history``, the first fault in ``detail``) and nothing changes; a file over
    :data:`MAX_HISTORY_BYTES` is refused (413) before it is read.  An unfinished game comes
    back paused (or abandoned when the player already has an open game); an imported win
    is ranked only when humanly possible and never on the shared daily board."""
    data, _ = await uploaded_file(request, HISTORY_UPLOAD)
    return await run_in_threadpool(_import, request, response, cookie, data)
