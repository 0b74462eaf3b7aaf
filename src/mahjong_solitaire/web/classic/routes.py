"""The classic game's JSON API under ``/api``, and the player's name and boards (contract:
``docs/web-api.md``; schema at ``/openapi.json``).

Every game request follows :mod:`.lifecycle`: the player, the game at its version rebuilt
through its mode, the action, the save, the answer.  ``GET /api/game`` and
``GET /api/games/{id}`` answer a game of any mode (the page picks its view by ``mode``); the
actions here take classic games only (409 ``wrong_mode``; Connect's are in
:mod:`.connect_api`).

A read never writes: without a player cookie, ``GET /api/game`` answers a fresh deal that
is not stored (its id is ``new:<code>``), and the first action on it creates the player and
the game (a crawler that only reads leaves no rows behind).

    >>> sorted({route.path for route in router.routes})[:3]
    ['/api/daily-board', '/api/game', '/api/games']
"""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from ...classic.codes import GameCode, daily_code
from ...classic.game import Game
from ...classic.mode import CLASSIC
from ...core.codes import MAX_SEED
from ...core.difficulty import Difficulty
from ...core.layout import Layout, LayoutError
from ...layouts import builtin_layout
from ...modes import DEFAULT_MODE
from ...store import StoredGame
from ..games.aid_models import FinishAnswer, SolveAnswer
from ..games.aids import aid_routes
from ..games.lifecycle import (
    ACTION_ERRORS,
    FRESH,
    READ_ERRORS,
    PlayerCookie,
    acting_player,
    action_route,
    answer,
    calling,
    clock_routes,
    fresh_game,
    game_reader,
    hinting,
    load,
    load_stored,
    now,
    perform,
    reading_player,
    store_of,
    view_of,
)
from ..games.live_games import live_games, uncached
from ..games.models import (
    AnyGameState,
    DailyBoard,
    GameState,
    HintAnswer,
    Leaderboard,
    ModeName,
    NewGame,
    PlayerInfo,
    PlayerName,
    StatisticsAnswer,
    Tap,
    TapAnswer,
    TapEvent,
    Win,
    WinnabilityAnswer,
)
from ..http.errors import ApiError, ErrorCode, error_responses
from ..routes.daily import challenge_date
from ..routes.shared_layouts import layout_of_code
from .view import verdict

__all__ = ["router"]

router = APIRouter(prefix="/api")
VIEW = view_of(CLASSIC.name)

#: The ``?mode=`` of the boards: a mode's name, the default mode when omitted.
ModeQuery = Annotated[ModeName, Query(description="the mode whose games count")]
#: The leaderboard's filters: a layout's name (as the entries name it) and a difficulty.
LayoutQuery = Annotated[
    str | None, Query(min_length=1, max_length=64, description="only wins on this layout")
]
DifficultyQuery = Annotated[Difficulty | None, Query(description="only wins at this difficulty")]
#: The boards' ``?all=true``: every ranked win, assisted wins and later attempts included
#: (rules §12.3); the fair board by default.
AllQuery = Annotated[
    bool, Query(alias="all", description="every ranked win, not only the fair ones")
]
#: How many of the latest wins the statistics' chart shows.
CHART_WINS = 50


# -- games -----------------------------------------------------------------------------


def _fresh_deal() -> StoredGame:
    """A random normal Turtle deal, not stored (what a visitor without a game sees)."""
    code = GameCode(
        builtin_layout("turtle").number or 0, secrets.randbelow(MAX_SEED + 1), Difficulty.NORMAL
    )
    fresh = fresh_game(f"{FRESH}{code}")
    assert fresh is not None
    return fresh


def _layout(request: Request, player_id: str, name: str) -> Layout:
    """A built-in layout, or one the player imported."""
    try:
        return builtin_layout(name)
    except LayoutError:
        known = {layout.name: layout for layout in store_of(request).imported_layouts(player_id)}
        if name in known:
            return known[name]
        raise


def _new_game(request: Request, player_id: str, body: NewGame) -> StoredGame:
    store = store_of(request)
    chosen = sum((body.layout is not None, body.code is not None, body.daily is not False))
    if chosen > 1:
        raise ApiError(ErrorCode.BAD_BODY, "give one of layout, code or daily, not several")
    if body.shared_layout is not None and body.code is None:
        raise ApiError(ErrorCode.BAD_BODY, "shared_layout goes with the code that names it")
    if body.code is not None:
        code = GameCode.parse(body.code)
        if code.layout_hash is not None:  # an imported layout, by its content
            layout = layout_of_code(request, player_id, code, body.shared_layout)
            return store.create_game(
                player_id, layout=layout, seed=code.seed, difficulty=code.difficulty.value
            )
        return store.create_game(
            player_id, code=str(code), seed=code.seed, difficulty=code.difficulty.value
        )
    if body.daily is not False:
        today = now().date()
        day = today if body.daily is True else challenge_date(str(body.daily), today)
        code = daily_code(day)
        return store.create_game(
            player_id, code=str(code), seed=code.seed, difficulty=code.difficulty.value, daily=day
        )
    difficulty = Difficulty.parse(body.difficulty)
    layout = _layout(request, player_id, body.layout or "turtle")
    seed = secrets.randbelow(MAX_SEED + 1)
    if layout.number is not None:
        code = GameCode(layout.number, seed, difficulty)
        return store.create_game(player_id, code=str(code), seed=seed, difficulty=difficulty.value)
    return store.create_game(player_id, layout=layout, seed=seed, difficulty=difficulty.value)


@router.get(
    "/game",
    response_model=AnyGameState,
    summary="The current game",
    responses=error_responses(ErrorCode.CORRUPT_GAME, ErrorCode.UNAVAILABLE),
)
def current_game(request: Request, cookie: PlayerCookie = None) -> AnyGameState:
    """The player's unfinished game, of any mode; when there is none (or no player yet), a
    random normal Turtle deal that is not stored: its id is ``new:<code>``, and the first
    action on it stores the player and the game.  Nothing is written."""
    player_id = reading_player(request, cookie)
    stored = None if player_id is None else store_of(request).current_game(player_id)
    return answer(request, load_stored(stored or _fresh_deal()))


@router.post(
    "/games",
    response_model=GameState,
    summary="Start a game",
    responses=error_responses(
        ErrorCode.BAD_BODY,
        ErrorCode.BAD_CODE,
        ErrorCode.BAD_DATE,
        ErrorCode.BAD_LAYOUT,
        ErrorCode.UNKNOWN_LAYOUT,
        ErrorCode.TOO_MANY_LAYOUTS,
        ErrorCode.CORRUPT_GAME,
        ErrorCode.FUTURE_DATE,
        ErrorCode.UNAVAILABLE,
        write=True,
    ),
)
def create_game(
    request: Request, response: Response, body: NewGame, cookie: PlayerCookie = None
) -> GameState:
    """``{"layout": "turtle", "difficulty": "normal"}`` (a random deal),
    ``{"code": "MJ1-L00-AAAAABL"}`` (that deal), ``{"daily": true}`` (today's challenge) or
    ``{"daily": "2026-11-20"}`` (that day's challenge: 400 ``bad_date`` / ``future_date``
    for a malformed or later date).  A code naming an imported layout by its hash
    (``MJ2-H…``) deals on the player's layout of that hash, else on the ``shared_layout``
    sent along (kept as the player's; 404 ``unknown_layout`` without it).  The player's
    unfinished game is abandoned."""
    player_id = acting_player(request, response, cookie)
    return answer(request, load_stored(_new_game(request, player_id, body), VIEW))


@router.get(
    "/games/{game_id}",
    response_model=AnyGameState,
    summary="A game's state",
    responses=error_responses(*READ_ERRORS),
)
def get_game(request: Request, game_id: str, cookie: PlayerCookie = None) -> AnyGameState:
    """A stored game of any mode, or the fresh deal of a ``new:<code>`` id (at version 0)."""
    player_id = game_reader(request, cookie, game_id)
    return answer(request, load(request, player_id, game_id))


@router.post(
    "/games/{game_id}/tap",
    response_model=TapAnswer,
    summary="Tap a tile",
    responses=error_responses(*ACTION_ERRORS, write=True),
)
def tap(
    request: Request, response: Response, game_id: str, body: Tap, cookie: PlayerCookie = None
) -> TapAnswer:
    """The selection rules of rules §3.1.  The answer adds ``event``: the outcome
    (``selected``, ``deselected``, ``reselected``, ``matched`` or ``blocked``), the position
    and the removed pair (``move``) when two tiles matched."""

    def action(game: Game) -> dict[str, object]:
        result = game.tap(body.position)
        move = (result.move.a, result.move.b) if result.move is not None else None
        return {"event": TapEvent(outcome=result.outcome.value, position=body.position, move=move)}

    return perform(request, response, cookie, game_id, body.version, VIEW, action, TapAnswer)


action_route(
    router,
    VIEW,
    "hint",
    hinting,
    into=HintAnswer,
    summary="Show a playable pair",
    doc="The answer adds ``hint``: a playable pair ``[a, b]`` (``null`` when "
    "stuck).  Counted in the statistics.",
)
action_route(
    router,
    VIEW,
    "undo",
    calling("undo"),
    summary="Undo the last pair (or shuffle)",
    doc="409 when there is nothing to undo.",
)


def patient_shuffle(game: Game) -> dict[str, object]:
    """The shuffle whose exact search may run longer (rules §6.2)."""
    game.shuffle(patient=True)
    return {}


action_route(
    router,
    VIEW,
    "shuffle",
    calling("shuffle"),
    summary="New faces, solvable again",
    doc="409 ``no_shuffle`` when the remaining positions are proven unclearable by any "
    "shuffle; 409 ``shuffle_not_found`` when the search ran out before finding one (then "
    "``shuffle-longer`` searches longer).",
    errors=(ErrorCode.NO_SHUFFLE, ErrorCode.SHUFFLE_NOT_FOUND),
)
action_route(
    router,
    VIEW,
    "shuffle-longer",
    patient_shuffle,
    summary="A shuffle that searches longer",
    doc="The shuffle again, letting the exact search examine many more positions (after a "
    "``shuffle_not_found``); the same answers as ``shuffle``.",
    errors=(ErrorCode.NO_SHUFFLE, ErrorCode.SHUFFLE_NOT_FOUND),
)
clock_routes(router, VIEW)
action_route(
    router,
    VIEW,
    "undo-to-winnable",
    uncached(calling("undo_to_winnable")),
    summary="Undo back to the last winnable position",
    doc="Undoes back to the last position the solver "
    "proves winnable (the No moves dialog's offer), recorded as one ``back n`` (its "
    "undos count as undos).  409 when the solver cannot find it within its budget.",
)
aid_routes(router, VIEW, solve_into=SolveAnswer, way_back=False)


def _finishing(game: Game) -> dict[str, object]:
    return {"finished": [(move.a, move.b) for move in game.finish()]}


action_route(
    router,
    VIEW,
    "finish",
    _finishing,
    into=FinishAnswer,
    summary="Clear the rest when no choice matters",
    doc="Rules §5.10: when ``finishable`` (every group of more than two tiles left is "
    "all free, and the rest can be played out), removes every remaining pair, recorded "
    "as one ``finish``; the game is won.  The answer adds ``finished``: the pairs in the "
    "order they went.  409 ``illegal_action`` when a choice still matters.",
)


@router.get(
    "/games/{game_id}/winnability",
    response_model=WinnabilityAnswer,
    summary="Is the position still winnable?",
    responses=error_responses(*READ_ERRORS),
)
def get_winnability(
    request: Request, game_id: str, cookie: PlayerCookie = None, last_winnable: bool = True
) -> WinnabilityAnswer:
    """The solver's verdict on the current position within a small budget (tens of
    milliseconds): ``winnable`` and ``lost`` are proved, ``unknown`` means the budget ran
    out.  ``last_winnable``: how many undos lead back to the last winnable position when
    this one is lost; ``?last_winnable=false`` leaves it null and answers sooner (the page's
    chip shows only the verdict).  Read-only: the page asks after each move, without
    holding up play."""
    player_id = game_reader(request, cookie, game_id)
    loaded = load(request, player_id, game_id, VIEW)
    assert isinstance(loaded.game, Game)
    winnability, way_back = verdict(loaded.game, undo=last_winnable)
    live_games(request).keep(loaded.stored, loaded.game)
    return WinnabilityAnswer(
        version=loaded.stored.version, winnability=winnability, last_winnable=way_back
    )


# -- the player and the boards ---------------------------------------------------------


@router.get(
    "/leaderboard",
    response_model=Leaderboard,
    summary="The player's 10 fastest wins",
    responses=error_responses(ErrorCode.BAD_BODY, ErrorCode.UNAVAILABLE),
)
def leaderboard(
    request: Request,
    cookie: PlayerCookie = None,
    mode: ModeQuery = DEFAULT_MODE.name,
    layout: LayoutQuery = None,
    difficulty: DifficultyQuery = None,
    show_all: AllQuery = False,
) -> Leaderboard:
    """``mode``: the wins of that mode's games (default: classic); ``layout`` (a layout's
    name, as the entries give it) and ``difficulty`` keep only the wins on that layout and
    at that difficulty.  Wins faster than a human are not listed.  Assisted wins (a hint,
    a shown solution, the way back) are listed only with ``all=true``; ``all`` in the answer
    says which board it is.  Without a player, no entries (and nothing is written)."""
    player_id = reading_player(request, cookie)
    if player_id is None:
        return Leaderboard(entries=[], all=show_all)
    entries = store_of(request).leaderboard(
        player_id,
        limit=10,
        mode=mode,
        layout=layout,
        difficulty=None if difficulty is None else difficulty.value,
        show_all=show_all,
    )
    return Leaderboard.model_validate(
        {"entries": [entry.to_json() for entry in entries], "all": show_all}
    )


@router.get(
    "/statistics",
    response_model=StatisticsAnswer,
    summary="The player's statistics",
    responses=error_responses(ErrorCode.BAD_BODY, ErrorCode.UNAVAILABLE),
)
def statistics(
    request: Request, cookie: PlayerCookie = None, mode: ModeQuery = DEFAULT_MODE.name
) -> StatisticsAnswer:
    """The games of one ``mode`` (classic by default).  Adds ``wins``: the latest 50
    ranked winning times, oldest first, with their dates, layouts, difficulties and whether
    they were assisted, for the page's chart.  Nothing is written: a visitor without a
    player reads the figures of no games."""
    player_id = reading_player(request, cookie) or ""
    store = store_of(request)
    wins = [
        Win.model_validate(found.to_json())
        for found in store.latest_wins(player_id, limit=CHART_WINS, mode=mode)
    ]
    return StatisticsAnswer.model_validate(
        {**store.statistics(player_id, mode=mode).to_json(), "mode": mode, "wins": wins}
    )


@router.get(
    "/daily-board",
    response_model=DailyBoard,
    summary="A day's daily challenge across all players",
    responses=error_responses(
        ErrorCode.BAD_BODY, ErrorCode.BAD_DATE, ErrorCode.FUTURE_DATE, ErrorCode.UNAVAILABLE
    ),
)
def daily_board(
    request: Request,
    day: Annotated[str | None, Query(alias="date", examples=["2026-11-29"])] = None,
    cookie: PlayerCookie = None,
    show_all: AllQuery = False,
) -> DailyBoard:
    """``date`` is a UTC calendar date ``YYYY-MM-DD`` (default: today; a later date is
    refused, 400 ``future_date``).  The fair board (default): each player's first finished
    attempt at the day's deal, if it is an unassisted win.  ``all=true``: every ranked win
    of the day, later attempts and assisted wins included (``first``, ``assisted`` mark
    them).  Wins faster than a human or with the solution shown are never listed;
    ``mine`` marks the asking player's entries."""
    today = now().date()
    when = today if day is None else challenge_date(day, today)
    entries = store_of(request).daily_board(when, limit=10, viewer=cookie, show_all=show_all)
    return DailyBoard.model_validate(
        {
            "date": when.isoformat(),
            "code": str(daily_code(when)),
            "all": show_all,
            "entries": [entry.to_json() for entry in entries],
        }
    )


@router.get(
    "/player",
    response_model=PlayerInfo,
    summary="The player's display name",
    responses=error_responses(ErrorCode.UNAVAILABLE),
)
def get_player(request: Request, cookie: PlayerCookie = None) -> PlayerInfo:
    """Nothing is written: without a player, no name."""
    player_id = reading_player(request, cookie)
    found = None if player_id is None else store_of(request).find_player(player_id)
    return PlayerInfo(name=None if found is None else found.display_name)


@router.put(
    "/player",
    response_model=PlayerInfo,
    summary="Set the player's display name",
    responses=error_responses(ErrorCode.BAD_BODY, ErrorCode.UNAVAILABLE, write=True),
)
def set_player(
    request: Request, response: Response, body: PlayerName, cookie: PlayerCookie = None
) -> PlayerInfo:
    """1 to 32 characters after trimming spaces (400 ``bad_request`` otherwise)."""
    player_id = acting_player(request, response, cookie)
    return PlayerInfo(name=store_of(request).set_display_name(player_id, body.name).display_name)
