"""Practice copies through the web (issue 28, "Try from here"): a new game's body with
``from_game`` and ``at`` (:class:`~.models.FromGame`) starts a copy of the player's game
``from_game`` (over or stuck: won, stuck, abandoned, lost) at the position after its first
``at`` actions, as the player's open game.  The copy itself is the store's
(:mod:`...store.reviews`): the original's deal and first actions, plain play, never
ranked.

Each mode's route for a new game asks :func:`practice_game` first, so a copy is started
where a game of the original's mode is (``POST /api/games`` for a classic game,
``POST /api/connect/games`` for a Connect one: another mode's is 409 ``wrong_mode``).
Refused: the copy's fields with any other field of a new game, or one without the other
(400 ``bad_request``); a game not the player's (404 ``unknown_game``); one still in play
(409 ``game_in_play``, as its review is); an ``at`` outside ``0`` to the number of its
actions (400 ``bad_request``).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request

from ...store import StoredGame
from ...store.reviews import practice_copy
from ..http.errors import ApiError, ErrorCode
from .lifecycle import FRESH, store_of
from .models import FromGame
from .registry import view_of
from .view import GameView

__all__ = ["PRACTICE_ERRORS", "practice_game"]

#: What a new game's route may answer besides its own refusals, for a practice copy.
PRACTICE_ERRORS = (ErrorCode.UNKNOWN_GAME, ErrorCode.GAME_IN_PLAY, ErrorCode.WRONG_MODE)
#: The fields of a practice copy in a new game's body.
_FIELDS = frozenset(FromGame.model_fields)


def practice_game(
    request: Request, player_id: str, body: FromGame, view: GameView[Any, Any]
) -> StoredGame | None:
    """The practice copy ``body`` asks for, started as the player's open game; ``None``
    when ``body`` asks for none (neither ``from_game`` nor ``at``)."""
    if body.from_game is None and body.at is None:
        return None
    if body.from_game is None or body.at is None:
        raise ApiError(ErrorCode.BAD_REQUEST, "a practice copy takes from_game and at, both")
    others = body.model_fields_set - _FIELDS
    if others:
        raise ApiError(
            ErrorCode.BAD_REQUEST,
            f"a practice copy takes from_game and at only, not {', '.join(sorted(others))}",
        )
    if body.from_game.startswith(FRESH):
        raise ApiError(ErrorCode.UNKNOWN_GAME, "a deal not played yet has no practice copy")
    store = store_of(request)
    original = store.get_game(player_id, body.from_game)
    if view_of(original.mode) is not view:
        raise ApiError(
            ErrorCode.WRONG_MODE,
            f"this is a {original.mode} game: start its copy at {view_of(original.mode).path}",
        )
    return store.create_game(
        player_id, mode=original.mode, practice=practice_copy(original, body.at)
    )
