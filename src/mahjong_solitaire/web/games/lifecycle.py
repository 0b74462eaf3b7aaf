"""The life of a game request, shared by every router: who the player is, which game at
which version, through which mode, the action, the save, the answer.

1. **The player** comes from the ``mj_player`` cookie.  A read never writes
   (:func:`reading_player`: without a cookie there is no player, and nothing is created);
   an action creates the player when needed and sets the cookie (:func:`acting_player`).
2. **The game** is loaded (:func:`load`) from the store, or, for the id ``new:<code>``, is
   the unsaved deal of that code at version 0 (:func:`fresh_game`), which the first action
   stores.  It is the one this process kept at that version (:mod:`.live_games`), or it is
   rebuilt through its mode: the stored game's ``mode`` names its
   :class:`~.view.GameView` (:func:`.registry.view_of`), whose game class replays the action
   log on the stored deal (:meth:`~mahjong_solitaire.store.StoredGame.deal`).  A route of one
   mode refuses a game of another (409 ``wrong_mode``); a log that cannot be replayed is 500
   ``corrupt_game``.
3. **The action** (:func:`act`) is refused when the request's ``version`` is not the
   stored one (409 ``stale_version``) or the game was abandoned (409 ``game_over``); it is
   performed by the engine, and saved only when it changed something, with the version it
   was read at (the store refuses a write if another request saved first).  Nothing is
   acknowledged before the store committed it, and a refused action saves nothing.
4. **The answer** (:func:`answer`) is the full state, drawn by the mode's view as the
   route's response model, with the fields the action adds (a hint's ``hint``).  A tap
   answers only what changed, built as a plain dict (:mod:`.taps`).

An endpoint names its request with :data:`CallerDep` (who asks, and the answer its cookie
goes on) and hands :func:`perform` the game, the view and the action:

    >>> fresh_game("new:mj1-l00-aaaaabl").code, fresh_game("g1") is None
    ('MJ1-L00-AAAAABL', True)
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Body, Cookie, Depends, Request, Response
from pydantic import BaseModel

from ...core.assistance import assisted
from ...core.game import GameError, GameStatus, TileGame
from ...modes import mode_of_code
from ...store import Progress, StaleWriteError, Store, StoredGame, StoreError, deal_source
from ..http.clients import PLAYER_COOKIE
from ..http.errors import ApiError, ErrorCode, error_responses
from ..http.quotas import admit_new_player
from .live_games import LiveGames, live_games, resume_as_stored
from .models import Hinted, Versioned
from .registry import view_of
from .view import AnswerT, GameT, GameView

__all__ = [
    "ACTION_ERRORS",
    "ACTION_RESPONSES",
    "COOKIE",
    "FRESH",
    "READ_ERRORS",
    "READ_RESPONSES",
    "Action",
    "Caller",
    "CallerDep",
    "GameAt",
    "Loaded",
    "PlayerCookie",
    "VersionBody",
    "acted",
    "acting_player",
    "answer",
    "calling",
    "check_current",
    "fresh_game",
    "game_reader",
    "hinting",
    "known_player",
    "load",
    "load_stored",
    "now",
    "perform",
    "reading_player",
    "rebuild",
    "settle_current",
    "settled",
    "store_of",
    "win_rank",
]

#: The player cookie: an anonymous id, created with the player's first action.
COOKIE = PLAYER_COOKIE
#: The id of a deal shown but not stored yet: ``new:`` and its code.
FRESH = "new:"
_COOKIE_AGE = 5 * 365 * 24 * 3600

PlayerCookie = Annotated[str | None, Cookie(alias=COOKIE)]

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
    ErrorCode.AID_REFUSED,  # a challenge's rule set refuses the aid (rules §13)
    ErrorCode.TOO_MANY_REQUESTS,  # the first action on a fresh deal stores a game
)
#: The OpenAPI answers of a read of a game, and of an action on one.
READ_RESPONSES = error_responses(*READ_ERRORS)
ACTION_RESPONSES = error_responses(*ACTION_ERRORS, write=True)


def now() -> datetime:
    """The server's clock (UTC): the games' clocks run on it."""
    return datetime.now(UTC)


# -- the player ------------------------------------------------------------------------


def store_of(request: Request) -> Store:
    """The application's store."""
    store: Store = request.app.state.store
    return store


@dataclass(frozen=True, slots=True)
class Caller:
    """Who sends a request that changes something: the request, its player cookie, and the
    response the cookie of a new player goes on."""

    request: Request
    response: Response
    cookie: str | None


async def caller(request: Request, response: Response, cookie: PlayerCookie = None) -> Caller:
    """The :class:`Caller` of a request (a FastAPI dependency: :data:`CallerDep`).  It is a
    coroutine because it does no work: FastAPI runs a plain function's dependency in a
    worker thread, a hand-over each way on every action."""
    return Caller(request, response, cookie)


#: An endpoint's parameter for its :class:`Caller`.
CallerDep = Annotated[Caller, Depends(caller)]
#: The body of an action without arguments: the optional ``{"version": n}``.
VersionBody = Annotated[Versioned | None, Body()]


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
    needed: for requests that change something (see :func:`_player_or_admitted`)."""
    player_id = _player_or_admitted(request, cookie) or store_of(request).player(None).id
    if player_id != cookie:
        _set_cookie(request, response, player_id)
    return player_id


def _player_or_admitted(request: Request, cookie: str | None) -> str | None:
    """The id of the player of a request that changes something, if it is known: the
    cookie's, or the installation's local player.  ``None`` when a new one is to be
    created, once it counts against the address's quota (429 ``too_many_requests`` before
    anything is written: a client that drops or invents its cookie still meets its
    address's limit)."""
    store = store_of(request)
    if cookie is None and request.app.state.local_player:
        return store.local_player().id
    found = None if cookie is None else store.find_player(cookie)
    if found is None:
        admit_new_player(request)
        return None
    return found.id


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
class GameAt:
    """The game an action names: its id (or ``new:<code>``) and the version the player saw
    (``None``: the latest)."""

    id: str
    version: int | None = None

    @classmethod
    def of(cls, game_id: str, body: Versioned | None) -> GameAt:
        """The game ``game_id`` at the version a body gives (none: the latest)."""
        return cls(game_id, None if body is None else body.version)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game as a request finds it: the stored record, the engine's game rebuilt from it,
    and the view of its mode."""

    stored: StoredGame
    game: TileGame
    view: GameView[Any, Any]


def fresh_game(game_id: str, at: datetime | None = None) -> StoredGame | None:
    """The deal of a ``new:<code>`` id as an unsaved game at version 0 (its mode is its
    code's); ``None`` for the id of a stored game.  :class:`~...core.codes.CodeError` (400
    ``bad_code``) for a bad code."""
    if not game_id.startswith(FRESH):
        return None
    text = game_id[len(FRESH) :]
    mode = mode_of_code(text)
    source = deal_source(text, None, None, None, mode)  # a challenge's name kept apart
    code = mode.parse(text)
    return StoredGame.starting(
        id=f"{FRESH}{code}", player_id="", source=source, at=at or now(), version=0
    )


def rebuild(stored: StoredGame, at: datetime, view: GameView[Any, Any] | None = None) -> TileGame:
    """The game of a stored record at ``at``: its actions replayed on its deal by its
    mode's game class (``view``'s, default its own mode's), its clock, its pause and its
    selection (the first tap of a pair may have been served by another process), and the
    referee of its challenge (rules §13), attached after the replay."""
    view = view or view_of(stored.mode)
    game = view.mode.game.replay(
        stored.deal(), stored.actions, clock=lambda: 0.0, elapsed=stored.elapsed_now(at)
    )
    resume_as_stored(game, stored)
    game.referee = stored.referee(game.deal)
    return game


def load_stored(
    stored: StoredGame, view: GameView[Any, Any] | None = None, live: LiveGames | None = None
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


def load(
    request: Request, player_id: str, game_id: str, view: GameView[Any, Any] | None = None
) -> Loaded:
    """The player's game ``game_id`` (or the fresh deal of a ``new:`` id), rebuilt; see
    :func:`load_stored`."""
    stored = fresh_game(game_id) or store_of(request).get_game(player_id, game_id)
    return load_stored(stored, view, live_games(request))


#: An action on a game of one mode: performs it through the engine, and returns what it
#: adds to the answer (a tap's :class:`~.models.Tapped`), or ``None``.
Action = Callable[[GameT], BaseModel | None]


def hinting(game: TileGame) -> Hinted:
    """The hint action: its answer adds ``hint``, a playable pair (``None`` when stuck)."""
    move = game.hint()
    return Hinted(hint=(move.a, move.b) if move is not None else None)


def calling(method: str) -> Callable[[TileGame], None]:
    """The action calling the game's ``method`` (``"undo"``…), adding nothing to the
    answer."""

    def action(game: TileGame) -> None:
        getattr(game, method)()

    return action


def check_current(stored: StoredGame, version: int | None) -> None:
    """Refuse an action on ``stored`` decided on another ``version`` than the stored one
    (409 ``stale_version``; ``None``: any) or on a game replaced by a newer one (409
    ``game_over``)."""
    if version is not None and version != stored.version:
        raise ApiError(
            ErrorCode.STALE_VERSION,
            f"this game was changed in another window "
            f"(version {stored.version}, not {version}); reload it",
        )
    if stored.status is GameStatus.ABANDONED:
        raise ApiError(ErrorCode.GAME_OVER, "this game was replaced by a newer one")


def _first_action(
    caller: Caller, fresh: StoredGame, view: GameView[GameT, Any], action: Action[GameT]
) -> tuple[Loaded, BaseModel | None]:
    """The first action on a fresh deal, which stores it: performed on the unsaved deal,
    then the player (when new; its cookie set on the response), the game and that action
    stored in one transaction (:meth:`~...store.Store.create_game` with ``progress``),
    unless the player started a game meanwhile (409 ``game_over``: the page shows that).
    An action the game refuses (or a route of the other mode, 409 ``wrong_mode``) stores
    no player and no game; one that changes nothing stores the game at its start, as
    ``POST /api/games`` would."""
    game = load_stored(fresh, view).game
    before = (len(game.actions), game.selection, game.status)
    added = action(view.game_of(game))
    changed = (len(game.actions), game.selection, game.status) != before
    request = caller.request
    try:
        stored = store_of(request).create_game(
            _player_or_admitted(request, caller.cookie),
            mode=fresh.mode,
            code=fresh.code,
            replace=False,
            challenge=fresh.challenge,
            progress=Progress.of(game) if changed else None,
        )
    except StaleWriteError:
        raise ApiError(
            ErrorCode.GAME_OVER, "a game was started in another window; it is the current one"
        ) from None
    if stored.player_id != caller.cookie:
        _set_cookie(request, caller.response, stored.player_id)
    return Loaded(stored, game, view), added


def _act(
    request: Request,
    player_id: str,
    target: GameAt,
    view: GameView[GameT, Any],
    action: Action[GameT],
) -> tuple[Loaded, BaseModel | None]:
    """Perform ``action`` on the stored game and save it; the game after it and what the
    action adds to the answer.  Nothing is saved when the action raises or changes
    nothing.  A game this process kept is acted on without reading it first: the save
    checks its version (:meth:`.live_games.LiveGames.act`)."""

    def loaded() -> tuple[StoredGame, TileGame]:
        found = load(request, player_id, target.id, view)
        return found.stored, found.game

    def step(stored: StoredGame, game: TileGame) -> tuple[StoredGame, TileGame, BaseModel | None]:
        check_current(stored, target.version)
        if settled(request, player_id, stored, game) is not stored:
            raise GameError(f"the game is over: {game.status.value} ({_reason(game)})")
        before = (len(game.actions), game.selection, game.status)
        added = action(view.game_of(game))
        if (len(game.actions), game.selection, game.status) == before:
            return stored, game, added
        saved = store_of(request).save_game(
            player_id, stored.id, version=stored.version, progress=Progress.of(game)
        )
        return saved, game, added

    stored, game, added = live_games(request).act(
        player_id, target.id, target.version, view.mode.name, now(), load=loaded, step=step
    )
    return Loaded(stored, game, view), added


def _reason(game: TileGame) -> str:
    ruled = game.ruled_outcome
    return "the board is cleared" if ruled is None else str(ruled[1] or ruled[0].value)


def settled(request: Request, player_id: str, stored: StoredGame, game: TileGame) -> StoredGame:
    """``stored`` as saved with the end its challenge's rules gave it since its last save
    (rules §13: the clock ran out between two requests), so the store records the loss and
    stops the clock; ``stored`` itself when nothing ended it.  A read writes nothing: the
    next action on the game, or the next new game of its player, saves it."""
    if not stored.status.is_open or stored.challenge is None or not game.is_over:
        return stored
    return store_of(request).save_game(
        player_id, stored.id, version=stored.version, progress=Progress.of(game)
    )


def settle_current(request: Request, player_id: str) -> None:
    """Save the end of the player's open game if its challenge's rules ended it
    (:func:`settled`): what a new game does first, so that a race the clock lost is
    recorded as lost, not abandoned."""
    current = store_of(request).current_game(player_id)
    if current is None or current.challenge is None:
        return
    # another request saved it meanwhile, or it cannot be rebuilt: it is left as it is
    with suppress(GameError, ValueError, StoreError):
        settled(request, player_id, current, rebuild(current, now()))


def win_rank(request: Request, loaded: Loaded) -> int | None:
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
    request: Request, loaded: Loaded, into: type[AnswerT], adding: BaseModel | None = None
) -> AnswerT:
    """The state of a loaded game as ``into`` (its view's state model, or an answer that
    adds ``adding``'s fields to it)."""
    state = loaded.view.answer(loaded.stored, loaded.game, win_rank(request, loaded), into, adding)
    live_games(request).keep(loaded.stored, loaded.game)  # answered: it may serve the next
    return state


def perform(
    caller: Caller,
    target: GameAt,
    view: GameView[GameT, Any],
    action: Action[GameT],
    into: type[AnswerT],
) -> AnswerT:
    """An action request from start to end: the player, the game, the action, the save,
    the answer (as ``into``)."""
    loaded, added = acted(caller, target, view, action)
    return answer(caller.request, loaded, into, added)


def acted(
    caller: Caller, target: GameAt, view: GameView[GameT, Any], action: Action[GameT]
) -> tuple[Loaded, BaseModel | None]:
    """An action request up to its answer: the player, the game, the action, the save (so
    acknowledged once this returns); the game after it and what the action adds.  The
    caller answers, and puts the game back for the next request
    (:meth:`.live_games.LiveGames.keep`), as :func:`answer` does (a tap: :mod:`.taps`)."""
    fresh = fresh_game(target.id)
    if fresh is not None:
        return _first_action(caller, fresh, view, action)
    player_id = known_player(caller.request, caller.cookie)
    return _act(caller.request, player_id, target, view, action)
