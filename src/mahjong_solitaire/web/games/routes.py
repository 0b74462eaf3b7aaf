"""The reads every mode shares: the player's current game and a game by its id, of any
mode, answered as that mode's state (the page picks its view by ``mode``).

The two endpoints answer the union of the registered modes' states, so the application
builds their router from the modes it serves (:func:`any_mode_routes`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Union

from fastapi import APIRouter, Request

from ...core.codes import MAX_SEED
from ...modes import DEFAULT_MODE
from ...store import StoredGame
from ..http.errors import ErrorCode, error_responses
from .lifecycle import (
    FRESH,
    READ_RESPONSES,
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

__all__ = ["any_mode_routes", "welcome_deal"]


def welcome_deal(request: Request) -> StoredGame:
    """A random deal of the default mode, not stored (what a visitor without a game sees:
    a normal Turtle deal): one dealt ahead (:mod:`.welcome`), else one dealt now."""
    stock: WelcomeDeals = request.app.state.welcome_deals
    code = stock.take() or DEFAULT_MODE.welcome_code(secrets.randbelow(MAX_SEED + 1))
    fresh = fresh_game(f"{FRESH}{code}")
    assert fresh is not None
    return fresh


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
        loaded = load_stored(stored or welcome_deal(request))
        return answer(request, loaded, loaded.view.state_model)

    @router.get(
        "/games/{game_id}",
        response_model=any_state,
        summary="A game's state",
        responses=READ_RESPONSES,
    )
    def get_game(request: Request, game_id: str, cookie: PlayerCookie = None) -> Any:
        """A stored game of any mode, or the fresh deal of a ``new:<code>`` id (at version
        0)."""
        loaded = load(request, game_reader(request, cookie, game_id), game_id)
        return answer(request, loaded, loaded.view.state_model)

    return router
