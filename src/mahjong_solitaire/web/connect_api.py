"""The Connect mode's JSON API under ``/api/connect`` (rules §9; contract: ``docs/web-api.md``).

Connect games are stored like classic ones (their ``CN1-…`` code and action log, mode
``connect``) and every request follows the classic path of :mod:`.api`: read the stored
game, replay it (here with :class:`~mahjong_solitaire.connect.ConnectGame`), act, save it
with the version it was read at, answer the full state (:mod:`.connect_state`).

    >>> sorted({route.path for route in router.routes})[:3]
    ['/api/connect/games', '/api/connect/games/{game_id}', '/api/connect/games/{game_id}/hint']

A tap that removes a pair answers what the page animates: the connecting ``path`` (corner
points, through the ring outside the grid when needed) and the tiles that ``slid``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import Field, StrictInt, StrictStr

from ..classic.game import Game
from ..connect import ConnectCode, ConnectGame, stage
from ..core.codes import MAX_SEED
from ..core.game import GameError
from ..store import StoredGame
from .api import (
    _ERRORS,
    MODE_ANSWERS,
    ApiError,
    PlayerCookie,
    Tap,
    _act,
    _action_endpoint,
    _Body,
    _hint,
    _known_player,
    _now,
    _player,
    _reader,
    _run,
    _store,
    _win_rank,
    _with_cookies,
)
from .connect_state import (
    LISTED_STAGES,
    ConnectState,
    StagesList,
    connect_state,
    path_points,
    rebuild_connect,
    slid_tiles,
    stage_info,
    tile_ids,
)
from .live_games import live_games

__all__ = ["MODE", "NewConnectGame", "router"]

#: The mode Connect games are stored under (their statistics and leaderboard are their own).
MODE = "connect"

router = APIRouter(prefix="/api/connect", tags=["connect"], responses=_ERRORS)


class NewConnectGame(_Body):
    """``{"stage": n}`` (a new deal of stage ``n``), ``{"code": "CN1-…"}`` (that deal),
    both (that deal, counted for stage ``n``: it must be a deal of that stage), or ``{}``
    (the player's next stage)."""

    stage: StrictInt | None = Field(None, examples=[2])
    code: StrictStr | None = Field(None, examples=["CN1-1206B-AAAAAAP"])


# -- games -----------------------------------------------------------------------------


def _load(request: Request, player_id: str, game_id: str) -> tuple[StoredGame, ConnectGame]:
    stored = _store(request).get_game(player_id, game_id)
    if stored.mode != MODE:
        raise ApiError(409, "wrong_mode", f"this is a {stored.mode} game: play it with "
                       f"/api/games/{game_id}")
    try:
        game = live_games(request).game(stored, _now(), rebuild_connect)
    except (GameError, ValueError) as error:
        raise ApiError(500, "corrupt_game", f"the saved game cannot be rebuilt: {error}"
                       ) from None
    return stored, game


def _answer(request: Request, stored: StoredGame, game: ConnectGame, response: Response,
            **extra: Any) -> JSONResponse:
    state = connect_state(stored, game, rank=_win_rank(request, stored, game))
    state.update(extra)
    live_games(request).keep(stored, game)  # answered: the game may serve the next request
    return _with_cookies(state, response)


def _answer_stored(request: Request, stored: StoredGame, response: Response) -> JSONResponse:
    """The state of a stored Connect game (for ``GET /api/game`` and ``/api/games/{id}``)."""
    _, game = _load(request, stored.player_id, stored.id)
    return _answer(request, stored, game, response)


MODE_ANSWERS[MODE] = _answer_stored


def _act_connect(request: Request, cookie: str | None, game_id: str, version: int | None,
                 action: Callable[[ConnectGame], dict[str, Any]]) -> JSONResponse:
    def on_game(game: Game) -> dict[str, Any]:
        assert isinstance(game, ConnectGame)
        return action(game)

    response = Response()
    stored, game, extra = _act(request, _known_player(cookie), game_id, version, on_game,
                               load=_load, mode=MODE)  # type: ignore[arg-type]
    assert isinstance(game, ConnectGame)
    return _answer(request, stored, game, response, **extra)


def _stage_code(number: int) -> str:
    """A new deal of stage ``number``: a random seed (the code names the deal)."""
    found = stage(number)
    seed = secrets.randbelow(MAX_SEED + 1)
    return str(ConnectCode(found.shape, found.rule, seed, found.difficulty))


def _check_unlocked(request: Request, player_id: str, number: int) -> None:
    stage(number)  # ValueError (400) for a stage that does not exist
    unlocked = _store(request).stage_progress(player_id, MODE).next_stage
    if number > unlocked:
        raise ApiError(409, "stage_locked", f"stage {number} is locked: clear stage "
                       f"{unlocked} first")


@router.post("/games", response_model=ConnectState, summary="Start a Connect game")
def create_game(request: Request, response: Response, body: NewConnectGame,
                cookie: PlayerCookie = None) -> JSONResponse:
    """The player's unfinished game (of any mode) is abandoned.  A stage beyond the
    player's next one is locked (409 ``stage_locked``)."""
    player_id = _player(request, response, cookie)
    number = body.stage
    if body.code is not None:
        code = ConnectCode.parse(body.code)
        if number is not None:
            wanted = stage(number)
            if (code.shape, code.rule, code.difficulty) != (wanted.shape, wanted.rule,
                                                             wanted.difficulty):
                raise ApiError(400, "bad_code", f"{code} is not a deal of stage {number}")
        text = str(code)
    else:
        if number is None:
            number = _store(request).stage_progress(player_id, MODE).next_stage
        text = _stage_code(number)
    if number is not None:
        _check_unlocked(request, player_id, number)
    stored = _store(request).create_game(player_id, mode=MODE, code=text, stage=number)
    _, game = _load(request, player_id, stored.id)
    return _answer(request, stored, game, response)


@router.get("/games/{game_id}", response_model=ConnectState, summary="A Connect game's state")
def get_game(request: Request, response: Response, game_id: str,
             cookie: PlayerCookie = None) -> JSONResponse:
    stored, game = _load(request, _known_player(cookie), game_id)
    return _answer(request, stored, game, response)


@router.post("/games/{game_id}/tap", response_model=ConnectState, summary="Tap a tile")
def tap(request: Request, game_id: str, body: Tap, cookie: PlayerCookie = None
        ) -> JSONResponse:
    """``position`` is a cell number ``y * width + x``.  Any tile can be selected; a second
    tile that matches and connects removes the pair, then the stage's rule slides the
    rest.  The answer adds ``event``: ``outcome`` (``selected``, ``deselected``,
    ``reselected`` (a tile that does not match or connect: the selection moves) or
    ``matched``), ``position``, ``move`` (the removed cells), ``path`` (the link's corner
    points ``[x, y]``, ring cells included) and ``slid`` (``{"id", "from", "to"}`` per tile
    that changed cells)."""

    def action(game: ConnectGame) -> dict[str, Any]:
        before = tile_ids(game)
        result = game.tap(body.position)
        event: dict[str, Any] = {"outcome": result.outcome.value, "position": body.position,
                                 "move": None, "path": None, "slid": []}
        if result.move is not None:
            event.update(move=[result.move.a, result.move.b],
                         path=path_points(game.last_path),
                         slid=slid_tiles(game.board.shape, before, tile_ids(game)))
        return {"event": event}

    return _act_connect(request, cookie, game_id, body.version, action)


def _simple(name: str, summary: str, doc: str,
            action: Callable[[ConnectGame], dict[str, Any]]) -> None:
    _action_endpoint(router, ConnectState, _act_connect, name, summary, doc, action,
                     prefix="connect_")


_simple("hint", "Show a connectable pair", "The answer adds ``hint``: two cells ``[a, b]`` "
        "(``null`` when stuck), preferring a pair on a known winning line.  Counted in the "
        "statistics.", _hint)
_simple("undo", "Undo the last pair (or shuffle)", "The grid is restored exactly as it was "
        "before the pair and its slide.  409 when there is nothing to undo.",
        _run(ConnectGame.undo))
_simple("redo", "Redo what was undone", "409 when there is nothing to redo.",
        _run(ConnectGame.redo))
_simple("shuffle", "New faces, solvable again", "The tiles keep their cells.",
        _run(ConnectGame.shuffle))
_simple("pause", "Pause: stop the clock, hide the tiles", "Pausing a paused game changes "
        "nothing.", _run(ConnectGame.pause))
_simple("resume", "Resume a paused game", "Resuming a running game changes nothing.",
        _run(ConnectGame.resume))


# -- stages ----------------------------------------------------------------------------


@router.get("/stages", response_model=StagesList, summary="The Connect stages")
def stages(request: Request, response: Response, cookie: PlayerCookie = None
           ) -> JSONResponse:
    """Each stage's grid, sliding rule and difficulty, whether the player cleared it (with
    the best time) and whether it is still locked (beyond the next stage to play)."""
    progress = _store(request).stage_progress(_reader(request, cookie) or "", MODE)
    last = max(LISTED_STAGES, progress.next_stage)
    listed = [{**stage_info(n), "cleared": n in progress.best_times,
               "locked": n > progress.next_stage,
               "best_time": (round(progress.best_times[n], 3) if n in progress.best_times
                             else None)}
              for n in range(1, last + 1)]
    return _with_cookies({"next": progress.next_stage, "stages": listed}, response)
