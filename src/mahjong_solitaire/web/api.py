"""The JSON API under ``/api`` (contract: ``docs/web-api.md``; schema at ``/openapi.json``).

Every game request follows one path: read the stored game, replay it with the engine,
perform the action, save it with the version it was read at (``save_game`` refuses a write
if another request saved first), and answer the full state.  Nothing is acknowledged before
the store committed it, and a refused action saves nothing.

A read never writes: without a player cookie, ``GET /api/game`` answers a fresh deal that
is not stored (its id is ``new:<code>``), and the first action on it creates the player and
the game (a crawler that only reads leaves no rows behind).

    >>> sorted({route.path for route in router.routes})[:3]
    ['/api/daily-board', '/api/game', '/api/games']
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Body, Cookie, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from ..classic.codes import GameCode, daily_code
from ..classic.game import Game
from ..core.codes import MAX_SEED
from ..core.difficulty import Difficulty
from ..core.game import GameError, GameStatus
from ..core.layout import Layout, LayoutError
from ..layouts import builtin_layout
from ..store import StaleWriteError, Store, StoredGame
from .live_games import live_games, uncached, winnability
from .state import GameState, game_state, rebuild

__all__ = ["COOKIE", "ApiError", "router"]

#: The player cookie: an anonymous id, created with the player's first action.
COOKIE = "mj_player"
#: The id of a deal shown but not stored yet: ``new:`` and its code.
FRESH = "new:"
_COOKIE_AGE = 5 * 365 * 24 * 3600


class ApiError(Exception):
    """A request the API refuses: answered as ``{"error": code, "message": ...}``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


# -- request bodies --------------------------------------------------------------------


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGame(_Body):
    """Exactly one of ``layout`` (with ``difficulty``), ``code`` or ``daily``."""

    layout: StrictStr | None = Field(None, examples=["turtle"])
    difficulty: StrictStr = Field("normal", examples=["normal"])
    code: StrictStr | None = Field(None, examples=["MJ1-L00-AAAAABL"])
    daily: StrictBool = False


class Versioned(_Body):
    """``version``: the version of the state the action was decided on; a stale one is
    refused (409).  Omitted, the action applies to the latest version."""

    version: StrictInt | None = None


class Tap(Versioned):
    position: StrictInt = Field(examples=[17])


class PlayerName(_Body):
    name: StrictStr = Field(examples=["Ana"])


class PlayerInfo(BaseModel):
    name: str | None


_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"description": text, "content": {"application/json": {"example": {
        "error": name, "message": "(in the player's language)", "detail": "(in English)"}}}}
    for code, name, text in [
        (400, "bad_request", "bad code, layout, date or name"),
        (404, "unknown_game", "no such game for this player"),
        (409, "illegal_action", "illegal action, finished game or stale version"),
        (422, "bad_body", "the body is not what the endpoint takes"),
    ]
}

router = APIRouter(prefix="/api", responses=_ERRORS)


# -- players ---------------------------------------------------------------------------


def _store(request: Request) -> Store:
    return request.app.state.store  # type: ignore[no-any-return]


def _set_cookie(request: Request, response: Response, player_id: str) -> None:
    """The player cookie: out of the page's scripts' reach, not sent with other sites'
    requests, and only over HTTPS when the page came over HTTPS (directly, or through a
    proxy uvicorn trusts: ``play --forwarded-allow-ips``)."""
    response.set_cookie(COOKIE, player_id, max_age=_COOKIE_AGE, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path="/")


def _player(request: Request, response: Response, cookie: str | None) -> str:
    """The id of this request's player, created (and its cookie set) when needed: for
    requests that change something."""
    store = _store(request)
    if cookie is None and request.app.state.local_player:
        player = store.local_player()
    else:
        player = store.player(cookie)
    if player.id != cookie:
        _set_cookie(request, response, player.id)
    return player.id


def _reader(request: Request, cookie: str | None) -> str | None:
    """The id of this request's player if there is one, for reads: never creates one."""
    store = _store(request)
    if cookie is None and request.app.state.local_player:
        player = store.find_local_player()
    else:
        player = store.find_player(cookie)
    return None if player is None else player.id


def _known_player(cookie: str | None) -> str:
    """The cookie's player for requests on one game: without a cookie there is none."""
    if cookie is None:
        raise ApiError(404, "unknown_game", "there is no such game for this player "
                       "(no player cookie)")
    return cookie


PlayerCookie = Annotated[str | None, Cookie(alias=COOKIE)]


# -- games -----------------------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC)


def _win_rank(request: Request, stored: StoredGame, game: Game) -> int | None:
    """A won game's place on the player's leaderboard of its mode (``None`` otherwise)."""
    if game.status is not GameStatus.WON:
        return None
    board = _store(request).leaderboard(stored.player_id, limit=10, mode=stored.mode)
    return next((n for n, entry in enumerate(board, 1) if entry.game_id == stored.id), None)


def _with_cookies(content: dict[str, Any], response: Response) -> JSONResponse:
    """``content`` as JSON, with the cookies set on ``response`` (a new player's id)."""
    answer = JSONResponse(content)
    for header, value in response.headers.items():
        if header == "set-cookie":
            answer.headers.append(header, value)
    return answer


def _verdict(game: Game, *, undo: bool = True) -> dict[str, Any]:
    """``winnability`` and ``last_winnable``: the solver's word on the position (a won
    game is winnable without asking); ``undo=False``: without looking for the way back."""
    if game.status is GameStatus.WON:
        return {"winnability": "winnable", "last_winnable": None}
    # kept per position, and leaves the game's hint plan alone
    verdict = winnability(game, undo=undo)
    return {"winnability": verdict.status.value, "last_winnable": verdict.undo or None}


def _winnability(game: Game) -> dict[str, Any]:
    """The solver's word in a state, asked only when the player is stuck (the No moves
    dialog offers the way back); during play the page asks ``/winnability`` itself, so a
    tap never waits for the solver."""
    return _verdict(game) if game.status is GameStatus.STUCK else {}


def _answer(request: Request, stored: StoredGame, game: Game, response: Response,
            **extra: Any) -> JSONResponse:
    state = game_state(stored, game, rank=_win_rank(request, stored, game),
                       **_winnability(game))
    state.update(extra)
    live_games(request).keep(stored, game)  # answered: the game may serve the next request
    return _with_cookies(state, response)


#: How the state of a stored game of another mode is answered (``GET /api/game`` and
#: ``GET /api/games/{id}``); each mode's router registers its own, e.g. ``"connect"``.
MODE_ANSWERS: dict[str, Callable[[Request, StoredGame, Response], JSONResponse]] = {}

#: The game modes with their own statistics and leaderboard.
Mode = Literal["classic", "connect"]


def _fresh(game_id: str, now: datetime | None = None) -> StoredGame | None:
    """The deal of a ``new:<code>`` id as an unsaved game at version 0; ``None`` for the id
    of a stored game."""
    if not game_id.startswith(FRESH):
        return None
    code = GameCode.parse(game_id[len(FRESH):])
    now = now or _now()
    return StoredGame(
        id=f"{FRESH}{code}", player_id="", mode="classic", code=str(code),
        layout_name=builtin_layout(code.layout_number).name, layout_positions=None,
        seed=code.seed, difficulty=code.difficulty.value, daily=None, stage=None,
        started_at=now, finished_at=None, actions=[], elapsed=0.0, running_since=now,
        status="playing", hints=0, undos=0, shuffles=0, version=0, selection=None)


def _fresh_deal() -> StoredGame:
    """A random normal Turtle deal, not stored (what a visitor without a game sees)."""
    code = GameCode(builtin_layout("turtle").number or 0, secrets.randbelow(MAX_SEED + 1),
                    Difficulty.NORMAL)
    fresh = _fresh(f"{FRESH}{code}")
    assert fresh is not None
    return fresh


def _reading(cookie: str | None, game_id: str) -> str:
    """The player whose game ``game_id`` is read: none is needed for a fresh deal."""
    return "" if game_id.startswith(FRESH) else _known_player(cookie)


def _acting(request: Request, response: Response, cookie: str | None, game_id: str,
            version: int | None) -> tuple[str, str, int | None]:
    """The player, game id and version an action applies to.  The first action on a fresh
    deal stores it: the player (cookie set on ``response``) and the game are created now,
    unless the player started a game meanwhile (409 ``game_over``: the page shows that)."""
    fresh = _fresh(game_id)
    if fresh is None:
        return _known_player(cookie), game_id, version
    player_id = _player(request, response, cookie)
    try:
        stored = _store(request).create_game(player_id, code=fresh.code, replace=False)
    except StaleWriteError:
        raise ApiError(409, "game_over", "a game was started in another window; it is the "
                       "current one") from None
    return player_id, stored.id, None


def _load(request: Request, player_id: str, game_id: str) -> tuple[StoredGame, Game]:
    fresh = _fresh(game_id)
    if fresh is not None:
        return fresh, rebuild(fresh, fresh.started_at)
    stored = _store(request).get_game(player_id, game_id)
    if stored.mode in MODE_ANSWERS:
        raise ApiError(409, "wrong_mode", f"this is a {stored.mode} game: play it with "
                       f"/api/{stored.mode}/games/{game_id}")
    try:
        game = live_games(request).game(stored, _now(), rebuild)
    except GameError as error:
        raise ApiError(500, "corrupt_game", f"the saved game cannot be rebuilt: {error}"
                       ) from None
    return stored, game


def _act(request: Request, player_id: str, game_id: str, version: int | None,
         action: Callable[[Game], dict[str, Any]], *,
         load: Callable[[Request, str, str], tuple[StoredGame, Game]] = _load,
         mode: str = "classic") -> tuple[StoredGame, Game, dict[str, Any]]:
    """Perform ``action`` on the stored game (read and rebuilt by ``load``) and save it;
    the action's extra answer fields.  A game this process kept is acted on without
    reading it first: the save checks its version (:meth:`.live_games.LiveGames.act`).

    Nothing is saved when the action raises or changes nothing.
    """
    return live_games(request).act(
        player_id, game_id, version, mode, _now(),
        load=lambda: load(request, player_id, game_id),
        step=lambda stored, game: _step(request, player_id, game_id, version, action,
                                        stored, game))


def _step(request: Request, player_id: str, game_id: str, version: int | None,
          action: Callable[[Game], dict[str, Any]], stored: StoredGame, game: Game
          ) -> tuple[StoredGame, Game, dict[str, Any]]:
    """Check ``version``, perform ``action`` on ``game`` (the state of ``stored``) and
    save it if it changed anything."""
    if version is not None and version != stored.version:
        raise ApiError(409, "stale_version",
                       f"this game was changed in another window (version {stored.version}, "
                       f"not {version}); reload it")
    if stored.status == "abandoned":
        raise ApiError(409, "game_over", "this game was replaced by a newer one")
    before = (len(game.actions), game.selection, game.status)
    extra = action(game)
    if (len(game.actions), game.selection, game.status) == before:
        return stored, game, extra
    status = game.status
    stored = _store(request).save_game(
        player_id, game_id, version=stored.version, actions=game.actions,
        elapsed=game.elapsed, running=status in (GameStatus.PLAYING, GameStatus.STUCK),
        status=status.value, hints=game.hints, undos=game.undos, shuffles=game.shuffles,
        selection=game.selection)
    return stored, game, extra


def _new_game(request: Request, player_id: str, body: NewGame) -> StoredGame:
    store = _store(request)
    chosen = sum((body.layout is not None, body.code is not None, body.daily))
    if chosen > 1:
        raise ApiError(422, "bad_body", "give one of layout, code or daily, not several")
    if body.code is not None:
        code = GameCode.parse(body.code)
        return store.create_game(player_id, code=str(code), seed=code.seed,
                                 difficulty=code.difficulty.value)
    if body.daily:
        today = _now().date()
        code = daily_code(today)
        return store.create_game(player_id, code=str(code), seed=code.seed,
                                 difficulty=code.difficulty.value, daily=today)
    difficulty = Difficulty.parse(body.difficulty)
    layout = _layout(request, player_id, body.layout or "turtle")
    seed = secrets.randbelow(MAX_SEED + 1)
    if layout.number is not None:
        code = GameCode(layout.number, seed, difficulty)
        return store.create_game(player_id, code=str(code), seed=seed,
                                 difficulty=difficulty.value)
    return store.create_game(player_id, layout=layout, seed=seed, difficulty=difficulty.value)


def _layout(request: Request, player_id: str, name: str) -> Layout:
    """A built-in layout, or one the player imported."""
    try:
        return builtin_layout(name)
    except LayoutError:
        known = {layout.name: layout for layout in _store(request).imported_layouts(player_id)}
        if name in known:
            return known[name]
        raise


@router.get("/game", response_model=GameState, summary="The current game")
def current_game(request: Request, response: Response, cookie: PlayerCookie = None
                 ) -> JSONResponse:
    """The player's unfinished game; when there is none (or no player yet), a random
    normal Turtle deal that is not stored: its id is ``new:<code>``, and the first action
    on it stores the player and the game.  Nothing is written."""
    player_id = _reader(request, cookie)
    stored = None if player_id is None else _store(request).current_game(player_id)
    if stored is None:
        stored = _fresh_deal()
        return _answer(request, stored, rebuild(stored, stored.started_at), response)
    if stored.mode in MODE_ANSWERS:
        return MODE_ANSWERS[stored.mode](request, stored, response)
    _, game = _load(request, player_id, stored.id)  # type: ignore[arg-type]
    return _answer(request, stored, game, response)


@router.post("/games", response_model=GameState, summary="Start a game")
def create_game(request: Request, response: Response, body: NewGame,
                cookie: PlayerCookie = None) -> JSONResponse:
    """``{"layout": "turtle", "difficulty": "normal"}`` (a random deal),
    ``{"code": "MJ1-L00-AAAAABL"}`` (that deal) or ``{"daily": true}`` (today's challenge).
    The player's unfinished game is abandoned."""
    player_id = _player(request, response, cookie)
    stored = _new_game(request, player_id, body)
    _, game = _load(request, player_id, stored.id)
    return _answer(request, stored, game, response)


@router.get("/games/{game_id}", response_model=GameState, summary="A game's state")
def get_game(request: Request, response: Response, game_id: str,
             cookie: PlayerCookie = None) -> JSONResponse:
    """A stored game, or the fresh deal of a ``new:<code>`` id (at version 0)."""
    player_id = _reading(cookie, game_id)
    if game_id.startswith(FRESH):
        stored, game = _load(request, player_id, game_id)
        return _answer(request, stored, game, response)
    stored = _store(request).get_game(player_id, game_id)
    if stored.mode in MODE_ANSWERS:
        return MODE_ANSWERS[stored.mode](request, stored, response)
    stored, game = _load(request, player_id, game_id)
    return _answer(request, stored, game, response)


@router.post("/games/{game_id}/tap", response_model=GameState, summary="Tap a tile")
def tap(request: Request, response: Response, game_id: str, body: Tap,
        cookie: PlayerCookie = None) -> JSONResponse:
    """The selection rules of rules §3.1.  The answer adds ``event``: the outcome
    (``selected``, ``deselected``, ``reselected``, ``matched`` or ``blocked``), the position
    and the removed pair (``move``) when two tiles matched."""

    def action(game: Game) -> dict[str, Any]:
        result = game.tap(body.position)
        move = [result.move.a, result.move.b] if result.move is not None else None
        return {"event": {"outcome": result.outcome.value, "position": body.position,
                          "move": move}}

    player_id, game_id, version = _acting(request, response, cookie, game_id, body.version)
    stored, game, extra = _act(request, player_id, game_id, version, action)
    return _answer(request, stored, game, response, **extra)


GameT = TypeVar("GameT", bound=Game)
#: How a mode's router performs an action on a game and answers:
#: ``perform(request, cookie, game_id, version, action)``.
Perform = Callable[[Request, str | None, str, int | None, Callable[[GameT], dict[str, Any]]],
                   JSONResponse]


def _action_endpoint(on: APIRouter, model: type[BaseModel], perform: Perform[GameT],
                     name: str, summary: str, doc: str,
                     action: Callable[[GameT], dict[str, Any]], *, prefix: str = "") -> None:
    """Register ``POST /games/{game_id}/<name>`` on router ``on``: an action without
    arguments (hint, undo, ...) taking the optional ``version`` body, in every mode."""
    def endpoint(request: Request, game_id: str,
                 body: Annotated[Versioned | None, Body()] = None,
                 cookie: PlayerCookie = None) -> JSONResponse:
        version = body.version if body is not None else None
        return perform(request, cookie, game_id, version, action)

    endpoint.__name__ = prefix + name.replace("-", "_")
    endpoint.__doc__ = doc
    on.post(f"/games/{{game_id}}/{name}", response_model=model, summary=summary)(endpoint)


def _hint(game: Game) -> dict[str, Any]:
    move = game.hint()
    return {"hint": [move.a, move.b] if move is not None else None}


def _run(method: Callable[[GameT], object]) -> Callable[[GameT], dict[str, Any]]:
    def action(game: GameT) -> dict[str, Any]:
        method(game)
        return {}

    return action


def _perform(request: Request, cookie: str | None, game_id: str, version: int | None,
             action: Callable[[Game], dict[str, Any]]) -> JSONResponse:
    response = Response()
    player_id, game_id, version = _acting(request, response, cookie, game_id, version)
    stored, game, extra = _act(request, player_id, game_id, version, action)
    return _answer(request, stored, game, response, **extra)


def _simple(name: str, summary: str, doc: str, action: Callable[[Game], dict[str, Any]]
            ) -> None:
    _action_endpoint(router, GameState, _perform, name, summary, doc, action)


_simple("hint", "Show a playable pair", "The answer adds ``hint``: a playable pair "
        "``[a, b]`` (``null`` when stuck).  Counted in the statistics.", _hint)
_simple("undo", "Undo the last pair (or shuffle)", "409 when there is nothing to undo.",
        _run(Game.undo))
_simple("redo", "Redo what was undone", "409 when there is nothing to redo.", _run(Game.redo))
_simple("shuffle", "New faces, solvable again", "409 when the remaining positions cannot be "
        "cleared by any shuffle.", _run(Game.shuffle))
_simple("undo-to-winnable", "Undo back to the last winnable position",
        "Undoes, one logged undo at a time, back to the last position the solver proves "
        "winnable (the No moves dialog's offer).  409 when the solver cannot find it within "
        "its budget.", uncached(_run(Game.undo_to_winnable)))
_simple("pause", "Pause: stop the clock, hide the tiles", "Pausing a paused game changes "
        "nothing.", _run(Game.pause))
_simple("resume", "Resume a paused game", "Resuming a running game changes nothing.",
        _run(Game.resume))


class WinnabilityAnswer(BaseModel):
    version: int
    winnability: Literal["winnable", "lost", "unknown"]
    last_winnable: int | None


@router.get("/games/{game_id}/winnability", response_model=WinnabilityAnswer,
            summary="Is the position still winnable?")
def get_winnability(request: Request, game_id: str, cookie: PlayerCookie = None,
                    last_winnable: bool = True) -> dict[str, Any]:
    """The solver's verdict on the current position within a small budget (tens of
    milliseconds): ``winnable`` and ``lost`` are proved, ``unknown`` means the budget ran
    out.  ``last_winnable``: how many undos lead back to the last winnable position when
    this one is lost; ``?last_winnable=false`` leaves it null and answers sooner (the page's
    chip shows only the verdict).  Read-only: the page asks after each move, without
    holding up play."""
    stored, game = _load(request, _reading(cookie, game_id), game_id)
    answer = {"version": stored.version, **_verdict(game, undo=last_winnable)}
    live_games(request).keep(stored, game)
    return answer


# -- the player, boards and layouts ----------------------------------------------------


def _jsonable(value: Any) -> Any:
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


@router.get("/leaderboard", summary="The player's 10 fastest wins")
def leaderboard(request: Request, response: Response, cookie: PlayerCookie = None,
                mode: Mode = "classic") -> dict[str, Any]:
    """``mode``: the wins of classic games (default) or of Connect games.  Wins faster than
    a human are not listed.  Without a player, no entries (and nothing is written)."""
    player_id = _reader(request, cookie)
    if player_id is None:
        return {"entries": []}
    return {"entries": _jsonable(_store(request).leaderboard(player_id, limit=10, mode=mode))}


@router.get("/statistics", summary="The player's statistics")
def statistics(request: Request, response: Response, cookie: PlayerCookie = None,
               mode: Mode = "classic") -> dict[str, Any]:
    """The games of one ``mode`` (classic by default, or Connect).  Adds ``wins``: every
    winning time with its date, for the page's chart.  Nothing is written: a visitor
    without a player reads the figures of no games."""
    player_id = _reader(request, cookie) or ""
    stats: dict[str, Any] = _jsonable(_store(request).statistics(player_id, mode=mode))
    stats["mode"] = mode
    wins = _store(request).leaderboard(player_id, limit=1000, mode=mode)
    stats["wins"] = sorted(({"date": entry["date"], "time": entry["time"],
                             "layout": entry["layout"]} for entry in _jsonable(wins)),
                           key=lambda win: win["date"] or "")
    return stats


@router.get("/daily-board", summary="A day's daily challenge across all players")
def daily_board(request: Request,
                day: Annotated[str | None, Query(alias="date", examples=["2026-11-29"])] = None,
                cookie: PlayerCookie = None) -> dict[str, Any]:
    """``date`` is a UTC calendar date ``YYYY-MM-DD`` (default: today; a later date is
    refused, 400 ``future_date``).  Each entry is one player's best ranked time (wins
    faster than a human are left out); ``mine`` marks the asking player's."""
    today = _now().date()
    if day is None:
        when = today
    else:
        try:
            when = date.fromisoformat(day)
        except ValueError:
            raise ApiError(400, "bad_date", f"{day[:40]!r} is not a date YYYY-MM-DD") from None
        if when > today:
            raise ApiError(400, "future_date", f"{when} is after today ({today}, UTC): its "
                           "challenge is not open yet")
    return {"date": when.isoformat(), "code": str(daily_code(when)),
            "entries": _jsonable(_store(request).daily_board(when, limit=10, viewer=cookie))}


@router.get("/player", response_model=PlayerInfo, summary="The player's display name")
def get_player(request: Request, response: Response, cookie: PlayerCookie = None
               ) -> dict[str, Any]:
    """Nothing is written: without a player, no name."""
    player_id = _reader(request, cookie)
    found = None if player_id is None else _store(request).find_player(player_id)
    return {"name": None if found is None else found.display_name}


@router.put("/player", response_model=PlayerInfo, summary="Set the player's display name")
def set_player(request: Request, response: Response, body: PlayerName,
               cookie: PlayerCookie = None) -> dict[str, Any]:
    """1 to 32 characters after trimming spaces (400 otherwise)."""
    player_id = _player(request, response, cookie)
    return {"name": _store(request).set_display_name(player_id, body.name).display_name}
