"""The routes every mode shares.

- The reads: the player's current game and a game by its id, of any mode, answered as that
  mode's state (the page picks its view by ``mode``).  The two endpoints answer the union of
  the registered modes' states, so the application builds their router from the modes it
  serves (:func:`any_mode_routes`).
- The actions every mode answers alike, each with its own state (:func:`add_shared_actions`):
  hint, undo, redo, shuffle, pause, resume, undo-to-winnable and restart, under the mode's
  path.  A mode's routes module adds them to its router with its own descriptions where its
  rules differ, and writes the rest (the new game, the tap, the solution demo...) itself.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from inspect import cleandoc
from typing import Any, Union

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from ...core.codes import MAX_SEED
from ...modes import DEFAULT_MODE
from ...store import StoredGame
from ..http.errors import ErrorCode, error_responses
from .aids import restart
from .lifecycle import (
    ACTION_RESPONSES,
    FRESH,
    READ_RESPONSES,
    Caller,
    CallerDep,
    GameAt,
    Loaded,
    PlayerCookie,
    VersionBody,
    answer,
    calling,
    fresh_game,
    game_reader,
    hinting,
    load,
    load_stored,
    perform,
    reading_player,
    store_of,
)
from .live_games import uncached
from .models import GameFrame
from .view import GameView
from .welcome import WelcomeDeals

__all__ = [
    "SHARED_ACTION_DESCRIPTIONS",
    "add_shared_actions",
    "any_mode_routes",
    "state_answer",
    "welcome_deal",
]

#: The descriptions of the shared actions where the modes' rules agree; a mode gives its own
#: for ``hint``, ``shuffle``, ``undo-to-winnable`` and ``restart``, and may replace these.
SHARED_ACTION_DESCRIPTIONS: Mapping[str, str] = {
    "undo": "409 when there is nothing to undo.",
    "redo": "409 when there is nothing to redo.",
    "pause": "Pausing a paused game changes nothing.",
    "resume": "Resuming a running game changes nothing.",
}


def welcome_deal(request: Request) -> StoredGame:
    """A random deal of the default mode, not stored (what a visitor without a game sees:
    a normal Turtle deal): one dealt ahead (:mod:`.welcome`), else one dealt now."""
    stock: WelcomeDeals = request.app.state.welcome_deals
    code = stock.take() or DEFAULT_MODE.welcome_code(secrets.randbelow(MAX_SEED + 1))
    fresh = fresh_game(f"{FRESH}{code}")
    assert fresh is not None
    return fresh


def state_answer(request: Request, loaded: Loaded) -> Response:
    """The state of ``loaded`` as its view draws it, serialised by pydantic's own JSON
    encoder: the route declares the union of the states (``response_model``, the schema
    the tests check the answers against), and FastAPI's pass on the way out would validate
    the state drawn once more against that union, then encode it again (4 ms of a first
    visit's 10)."""
    state = answer(request, loaded, loaded.view.state_model)
    return Response(state.model_dump_json(by_alias=True), media_type="application/json")


def any_mode_routes(views: Sequence[GameView[Any, Any]]) -> APIRouter:
    """The reads of a game of any of ``views``' modes, answered as the union of their
    states."""
    router = APIRouter(prefix="/api", tags=["games"])
    any_state: Any = Union[tuple(view.state_model for view in views)]  # noqa: UP007

    @router.get(
        "/game",
        response_model=any_state,
        summary="The current game",
        responses=error_responses(ErrorCode.CORRUPT_GAME, ErrorCode.UNAVAILABLE),
    )
    def current_game(request: Request, cookie: PlayerCookie = None) -> Any:
        """The player's unfinished game, of any mode; when there is none (or no player
        yet), a random normal Turtle deal that is not stored: its id is ``new:<code>``, and
        the first action on it stores the player and the game.  Nothing is written."""
        player_id = reading_player(request, cookie)
        stored = None if player_id is None else store_of(request).current_game(player_id)
        return state_answer(request, load_stored(stored or welcome_deal(request)))

    @router.get(
        "/games/{game_id}",
        response_model=any_state,
        summary="A game's state",
        responses=READ_RESPONSES,
    )
    def get_game(request: Request, game_id: str, cookie: PlayerCookie = None) -> Any:
        """A stored game of any mode, or the fresh deal of a ``new:<code>`` id (at version
        0)."""
        return state_answer(request, load(request, game_reader(request, cookie, game_id), game_id))

    return router


#: How a shared action runs: from the request's caller, the game and version it names, the
#: mode's view and what it answers.
_Run = Callable[[Caller, GameAt, GameView[Any, Any], type[GameFrame]], Any]


def _acting(action: Callable[[Any], BaseModel | None]) -> _Run:
    def run(caller: Caller, at: GameAt, view: GameView[Any, Any], into: type[GameFrame]) -> Any:
        return perform(caller, at, view, action, into)

    return run


#: Each shared action: its path under ``/games/{game_id}/`` (also the key of its
#: description), its summary, and how it runs.
_SHARED_ACTIONS: tuple[tuple[str, str, _Run], ...] = (
    ("hint", "Show a playable pair", _acting(hinting)),
    ("undo", "Undo the last pair (or shuffle)", _acting(calling("undo"))),
    ("redo", "Redo what was undone", _acting(calling("redo"))),
    ("shuffle", "New faces, solvable again", _acting(calling("shuffle"))),
    ("pause", "Pause: stop the clock, hide the tiles", _acting(calling("pause"))),
    ("resume", "Resume a paused game", _acting(calling("resume"))),
    (
        "undo-to-winnable",
        "Undo back to the last winnable position",
        # the solver it runs leaves a plan that a replay of the log would not have
        _acting(uncached(calling("undo_to_winnable"))),
    ),
    ("restart", "Restart this deal", restart),
)


def add_shared_actions(
    router: APIRouter,
    view: GameView[Any, Any],
    *,
    hint_answer: type[GameFrame],
    described: Mapping[str, str],
    shuffle_responses: dict[int | str, dict[str, Any]] = ACTION_RESPONSES,
    summaries: Mapping[str, str] | None = None,
) -> None:
    """Add the actions every mode shares to ``router`` (a mode's, under its path), each
    answering ``view``'s state, the hint ``hint_answer``.  ``described`` gives the mode's
    description of an action, over :data:`SHARED_ACTION_DESCRIPTIONS`; ``summaries``
    replaces an action's summary.

        >>> from mahjong_solitaire.web.classic.routes import router
        >>> sorted(r.name for r in router.routes if r.name.startswith(("un", "re")))
        ['redo', 'restart_game', 'resume', 'undo', 'undo_to_winnable']
    """
    texts = {**SHARED_ACTION_DESCRIPTIONS, **described}
    titles = dict(summaries or {})
    for path, summary, run in _SHARED_ACTIONS:
        into = hint_answer if path == "hint" else view.state_model
        router.add_api_route(
            f"/games/{{game_id}}/{path}",
            _endpoint(run, view, into),
            methods=["POST"],
            name="restart_game" if path == "restart" else path.replace("-", "_"),
            response_model=into,
            summary=titles.get(path, summary),
            description=cleandoc(texts[path]),
            responses=shuffle_responses if path == "shuffle" else ACTION_RESPONSES,
        )


def _endpoint(run: _Run, view: GameView[Any, Any], into: type[GameFrame]) -> Callable[..., Any]:
    def endpoint(caller: CallerDep, game_id: str, body: VersionBody = None) -> Any:
        return run(caller, GameAt.of(game_id, body), view, into)

    return endpoint
