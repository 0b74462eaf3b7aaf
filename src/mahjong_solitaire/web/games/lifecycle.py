"""The life of a game request, shared by every router: who the player is, which game at
which version, through which mode, the action, the save, the answer.

1. **The player** comes from the ``mj_player`` cookie.  A read never writes
   (:func:`reading_player`: without a cookie there is no player, and nothing is created);
   an action creates the player when needed and sets the cookie (:func:`acting_player`).
2. **The game** is loaded (:func:`load`) from the store, or, for the id ``new:<code>``, is
   the unsaved deal of that code at version 0 (:func:`fresh_game`), which the first action
   stores.  It is rebuilt through its mode: the stored game's ``mode`` names a
   :class:`~.view.GameView` (:data:`VIEWS`), whose :class:`~mahjong_solitaire.core.mode.Mode`
   deals the code and whose game class replays the action log.  A route of one mode
   refuses a game of another (409 ``wrong_mode``); a log that cannot be replayed is 500
   ``corrupt_game``.
3. **The action** (:func:`act`) is refused when the request's ``version`` is not the
   stored one (409 ``stale_version``) or the game was abandoned (409 ``game_over``); it is
   performed by the engine, and saved only when it changed something, with the version it
   was read at (the store refuses a write if another request saved first).  Nothing is
   acknowledged before the store committed it, and a refused action saves nothing.
4. **The answer** (:func:`answer`) is the full state, drawn by the mode's view as the
   route's response model.

:func:`action_route` registers an action (hint, undo, …) on a mode's router in one line.

    >>> sorted(VIEWS)
    ['classic', 'connect']
    >>> fresh_game("new:mj1-l00-aaaaabl").code, fresh_game("g1") is None
    ('MJ1-L00-AAAAABL', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Body, Cookie, Request, Response

from ...core.assistance import assisted
from ...core.game import GameError, GameStatus, TileGame
from ...modes import mode_named, mode_of_code
from ...store import StaleWriteError, Store, StoredGame
from ..classic.view import CLASSIC_VIEW
from ..connect.view import CONNECT_VIEW
from ..http.errors import ApiError, ErrorCode, error_responses
from .live_games import LiveGames, live_games
from .models import GameFrame, Versioned
from .view import GameView, StateT

__all__ = [
    "ACTION_ERRORS",
    "COOKIE",
    "FRESH",
    "READ_ERRORS",
    "VIEWS",
    "Action",
    "Loaded",
    "PlayerCookie",
    "act",
    "acting_player",
    "action_route",
    "answer",
    "calling",
    "clock_routes",
    "fresh_game",
    "game_reader",
    "hinting",
    "known_player",
    "load",
    "load_stored",
    "now",
    "perform",
    "reading_player",
    "store_of",
    "view_of",
]

#: The player cookie: an anonymous id, created with the player's first action.
COOKIE = "mj_player"
#: The id of a deal shown but not stored yet: ``new:`` and its code.
FRESH = "new:"
_COOKIE_AGE = 5 * 365 * 24 * 3600

PlayerCookie = Annotated[str | None, Cookie(alias=COOKIE)]

#: Each mode's view, by the mode's name: how its games are shown and where they are played.
VIEWS: dict[str, GameView] = {view.mode.name: view for view in (CLASSIC_VIEW, CONNECT_VIEW)}

#: What reading a game may answer besides its state.
READ_ERRORS = (
    ErrorCode.UNKNOWN_GAME,
    ErrorCode.BAD_CODE,
    ErrorCode.WRONG_MODE,
    ErrorCode.CORRUPT_GAME,
    ErrorCode.UNAVAILABLE,
)
#: What an action on a game may answer besides the state.
ACTION_ERRORS = (
    *READ_ERRORS,
    ErrorCode.BAD_BODY,
    ErrorCode.STALE_VERSION,
    ErrorCode.GAME_OVER,
    ErrorCode.ILLEGAL_ACTION,
)


def now() -> datetime:
    """The server's clock (UTC): the games' clocks run on it."""
    return datetime.now(UTC)


# -- the player ------------------------------------------------------------------------


def store_of(request: Request) -> Store:
    """The application's store."""
    return request.app.state.store


def _set_cookie(request: Request, response: Response, player_id: str) -> None:
    """The player cookie: out of the page's scripts' reach, not sent with other sites'
    requests, and only over HTTPS when the page came over HTTPS (directly, or through a
    proxy uvicorn trusts: ``play --forwarded-allow-ips``)."""
    response.set_cookie(
        COOKIE,
        player_id,
        max_age=_COOKIE_AGE,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )


def acting_player(request: Request, response: Response, cookie: str | None) -> str:
    """The id of this request's player, created (and its cookie set on ``response``) when
    needed: for requests that change something."""
    store = store_of(request)
    if cookie is None and request.app.state.local_player:
        player = store.local_player()
    else:
        player = store.player(cookie)
    if player.id != cookie:
        _set_cookie(request, response, player.id)
    return player.id


def reading_player(request: Request, cookie: str | None) -> str | None:
    """The id of this request's player if there is one, for reads: never creates one."""
    store = store_of(request)
    if cookie is None and request.app.state.local_player:
        player = store.find_local_player()
    else:
        player = store.find_player(cookie)
    return None if player is None else player.id


def known_player(request: Request, cookie: str | None) -> str:
    """The player whose stored game is asked for: the cookie's; without one, the
    installation's local player when there is one (``play`` on loopback: a second browser
    or tab has no cookie until it acts), else nobody (404 ``unknown_game``)."""
    if cookie is None:
        found = reading_player(request, None)
        if found is None:
            raise ApiError(
                ErrorCode.UNKNOWN_GAME, "there is no such game for this player (no player cookie)"
            )
        return found
    return cookie


def game_reader(request: Request, cookie: str | None, game_id: str) -> str:
    """The player a read of ``game_id`` is for: anyone may read the fresh deal of a
    ``new:<code>`` id (it belongs to no one yet); a stored game needs its player
    (:func:`known_player`)."""
    return "" if game_id.startswith(FRESH) else known_player(request, cookie)


# -- the game --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game as a request finds it: the stored record, the engine's game rebuilt from it,
    and the view of its mode."""

    stored: StoredGame
    game: TileGame
    view: GameView


def view_of(mode: str) -> GameView:
    """The view of the mode called ``mode``."""
    return VIEWS[mode_named(mode).name]


def fresh_game(game_id: str, at: datetime | None = None) -> StoredGame | None:
    """The deal of a ``new:<code>`` id as an unsaved game at version 0 (its mode is its
    code's); ``None`` for the id of a stored game.  :class:`~..core.codes.CodeError` (400
    ``bad_code``) for a bad code."""
    if not game_id.startswith(FRESH):
        return None
    text = game_id[len(FRESH) :]
    mode = mode_of_code(text)
    code = mode.parse(text)
    return StoredGame.starting(
        id=f"{FRESH}{code}",
        player_id="",
        mode=mode.name,
        code=str(code),
        layout_name=mode.ranking_name(mode.deal(str(code))),
        seed=code.seed,
        difficulty=code.difficulty.value,
        at=at or now(),
        version=0,
    )


def rebuild(stored: StoredGame, at: datetime, view: GameView | None = None) -> TileGame:
    """The game of a stored record at ``at``: its actions replayed on its deal by its
    mode's game class (``view``'s, default its own mode's), its clock, its pause and its
    selection (the first tap of a pair may have been served by another process)."""
    view = view or view_of(stored.mode)
    game = view.mode.game.replay(
        view.deal(stored), stored.actions, clock=lambda: 0.0, elapsed=stored.elapsed_now(at)
    )
    if stored.status == "paused":
        game.pause()
    selection = stored.selection
    if selection is not None and not game.is_paused and game.board.is_free(selection):
        game.selection = selection
    return game


def load_stored(
    stored: StoredGame, view: GameView | None = None, live: LiveGames | None = None
) -> Loaded:
    """A stored game rebuilt through its mode (or the one ``live`` kept at its version); 409
    ``wrong_mode`` when ``view`` (the route's) is not its mode's."""
    try:
        own = view_of(stored.mode)
    except ValueError:
        raise ApiError(
            ErrorCode.CORRUPT_GAME, f"the saved game has an unknown mode {stored.mode[:16]!r}"
        ) from None
    if view is not None and own is not view:
        raise ApiError(
            ErrorCode.WRONG_MODE,
            f"this is a {own.mode.name} game: play it with {own.path}/{stored.id}",
        )
    at = stored.started_at if stored.version == 0 else now()
    try:
        if live is None or stored.version == 0:
            game = rebuild(stored, at, own)
        else:
            game = live.game(stored, at, lambda record, when: rebuild(record, when, own))
    except (GameError, ValueError) as error:
        raise ApiError(
            ErrorCode.CORRUPT_GAME, f"the saved game cannot be rebuilt: {error}"
        ) from None
    return Loaded(stored, game, own)


def load(request: Request, player_id: str, game_id: str, view: GameView | None = None) -> Loaded:
    """The player's game ``game_id`` (or the fresh deal of a ``new:`` id), rebuilt; see
    :func:`load_stored`."""
    stored = fresh_game(game_id) or store_of(request).get_game(player_id, game_id)
    return load_stored(stored, view, live_games(request))


def _acting_on(
    request: Request,
    response: Response,
    cookie: str | None,
    game_id: str,
    version: int | None,
    view: GameView,
    action: Action,
) -> tuple[str, str, int | None]:
    """The player, game id and version ``action`` applies to.  The first action on a fresh
    deal stores it: the player (cookie set on ``response``) and the game are created now,
    unless the player started a game meanwhile (409 ``game_over``: the page shows that).
    That action is tried on an unsaved copy first: one the game refuses (or a route of the
    other mode, 409 ``wrong_mode``) stores no player and no game."""
    fresh = fresh_game(game_id)
    if fresh is None:
        return known_player(request, cookie), game_id, version
    action(load_stored(fresh, view).game)
    player_id = acting_player(request, response, cookie)
    try:
        stored = store_of(request).create_game(
            player_id, mode=fresh.mode, code=fresh.code, replace=False
        )
    except StaleWriteError:
        raise ApiError(
            ErrorCode.GAME_OVER, "a game was started in another window; it is the current one"
        ) from None
    return player_id, stored.id, None


#: An action on a game: performs it through the engine, and returns the fields it adds to
#: the answer (a tap's ``event``, a hint's ``hint``).
Action = Callable[[Any], Mapping[str, object]]


def hinting(game: TileGame) -> dict[str, object]:
    """The hint action: its answer adds ``hint``, a playable pair (``None`` when stuck)."""
    move = game.hint()
    return {"hint": (move.a, move.b) if move is not None else None}


def calling(method: str) -> Action:
    """The action calling the game's ``method`` (``"undo"``…), adding nothing to the
    answer."""

    def action(game: TileGame) -> dict[str, object]:
        getattr(game, method)()
        return {}

    return action


def act(
    request: Request,
    player_id: str,
    game_id: str,
    version: int | None,
    view: GameView,
    action: Action,
) -> tuple[Loaded, Mapping[str, object]]:
    """Perform ``action`` on the stored game and save it; the game after it and the
    action's extra answer fields.  Nothing is saved when the action raises or changes
    nothing.  A game this process kept is acted on without reading it first: the save
    checks its version (:meth:`.live_games.LiveGames.act`)."""

    def loaded() -> tuple[StoredGame, TileGame]:
        found = load(request, player_id, game_id, view)
        return found.stored, found.game

    def step(
        stored: StoredGame, game: TileGame
    ) -> tuple[StoredGame, TileGame, Mapping[str, object]]:
        return _step(request, player_id, stored, game, version, action)

    stored, game, extra = live_games(request).act(
        player_id, game_id, version, view.mode.name, now(), load=loaded, step=step
    )
    return Loaded(stored, game, view), extra


def _step(
    request: Request,
    player_id: str,
    stored: StoredGame,
    game: TileGame,
    version: int | None,
    action: Action,
) -> tuple[StoredGame, TileGame, Mapping[str, object]]:
    """Check ``version``, perform ``action`` on ``game`` (the state of ``stored``) and save
    it if it changed anything (the same ``stored`` comes back when nothing changed)."""
    if version is not None and version != stored.version:
        raise ApiError(
            ErrorCode.STALE_VERSION,
            f"this game was changed in another window "
            f"(version {stored.version}, not {version}); reload it",
        )
    if stored.status == "abandoned":
        raise ApiError(ErrorCode.GAME_OVER, "this game was replaced by a newer one")
    before = (len(game.actions), game.selection, game.status)
    extra = action(game)
    if (len(game.actions), game.selection, game.status) == before:
        return stored, game, extra
    status = game.status
    saved = store_of(request).save_game(
        player_id,
        stored.id,
        version=stored.version,
        actions=game.actions,
        elapsed=game.elapsed,
        running=status is GameStatus.PLAYING,  # a stuck board stops the clock (rules §7.3)
        status=status,
        hints=game.hints,
        undos=game.undos,
        shuffles=game.shuffles,
        selection=game.selection,
    )
    return saved, game, extra


def _win_rank(request: Request, loaded: Loaded) -> int | None:
    """A won game's place on the player's leaderboard of its mode (``None`` otherwise): the
    board of unassisted wins, or for an assisted win the board that lists it (``all``)."""
    if loaded.game.status is not GameStatus.WON:
        return None
    stored = loaded.stored
    board = store_of(request).leaderboard(
        stored.player_id, limit=10, mode=stored.mode, show_all=assisted(stored.actions)
    )
    return next((n for n, entry in enumerate(board, 1) if entry.game_id == stored.id), None)


def answer(
    request: Request, loaded: Loaded, into: type[StateT] | None = None, **extra: object
) -> StateT:
    """The state of a loaded game, as ``into`` (default: its view's state model)."""
    kind: Any = into or loaded.view.state_model
    state: StateT = loaded.view.state(
        loaded.stored, loaded.game, rank=_win_rank(request, loaded), into=kind, **extra
    )
    live_games(request).keep(loaded.stored, loaded.game)  # answered: it may serve the next
    return state


def perform(
    request: Request,
    response: Response,
    cookie: str | None,
    game_id: str,
    version: int | None,
    view: GameView,
    action: Action,
    into: type[StateT],
) -> StateT:
    """An action request from start to end: the player, the game, the action, the save,
    the answer (as ``into``)."""
    player_id, game_id, version = _acting_on(
        request, response, cookie, game_id, version, view, action
    )
    loaded, extra = act(request, player_id, game_id, version, view, action)
    return answer(request, loaded, into, **extra)


def action_route(
    router: APIRouter,
    view: GameView,
    name: str,
    action: Action,
    *,
    summary: str,
    doc: str,
    into: type[GameFrame] | None = None,
    errors: tuple[ErrorCode, ...] = (),
) -> None:
    """Register ``POST /games/{game_id}/<name>`` on ``router``: an action without
    arguments (hint, undo, …) taking the optional ``{"version": n}`` body, answered as
    ``into`` (default: the view's state model); ``errors``: what it may answer besides
    :data:`ACTION_ERRORS`."""
    model = into or view.state_model

    def endpoint(
        request: Request,
        response: Response,
        game_id: str,
        body: Annotated[Versioned | None, Body()] = None,
        cookie: PlayerCookie = None,
    ) -> Any:
        version = body.version if body is not None else None
        return perform(request, response, cookie, game_id, version, view, action, model)

    endpoint.__name__ = f"{view.mode.name}_{name.replace('-', '_')}"
    endpoint.__doc__ = doc
    router.post(
        f"/games/{{game_id}}/{name}",
        response_model=model,
        summary=summary,
        responses=error_responses(*ACTION_ERRORS, *errors, write=True),
    )(endpoint)


def clock_routes(router: APIRouter, view: GameView) -> None:
    """Register the actions every mode takes alike on ``router``: redo, pause and resume."""
    action_route(
        router,
        view,
        "redo",
        calling("redo"),
        summary="Redo what was undone",
        doc="409 when there is nothing to redo.",
    )
    action_route(
        router,
        view,
        "pause",
        calling("pause"),
        summary="Pause: stop the clock, hide the tiles",
        doc="Pausing a paused game changes nothing.",
    )
    action_route(
        router,
        view,
        "resume",
        calling("resume"),
        summary="Resume a paused game",
        doc="Resuming a running game changes nothing.",
    )
