"""The reads every mode shares: the player's current game and a game by its id, of any
mode, answered as that mode's state (the page picks its view by ``mode``).

The two endpoints answer the union of the registered modes' states, so the application
builds their router from the modes it serves (:func:`any_mode_routes`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Union

from fastapi import APIRouter, Request, Response

from ...core.codes import MAX_SEED
from ...modes import DEFAULT_MODE
from ...store import StoredGame
from ..http.errors import ErrorCode, error_responses
from .lifecycle import (
    FRESH,
    READ_RESPONSES,
    Loaded,
    PlayerCookie,
    answer,
    fresh_game,
    game_reader,
    load,
    load_stored,
    reading_player,
    store_of,
)
from .view import GameView
from .welcome import WelcomeDeals

__all__ = ["any_mode_routes", "state_answer", "welcome_deal"]


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
