"""The aids of rules §5.9–§5.11 that every mode offers, as the steps its routes take (each
mode's routes module declares the endpoints: ``GET …/{id}/solution``, ``POST …/{id}/solve``,
``POST …/{id}/restart``, ``POST …/{id}/undo-to-winnable``):

* :func:`solution`: the solver's winning plan from the current position, or the word that
  the position is lost (and how far back the last winnable one is).  It reads only: the
  plan found is kept with the game in this process (:mod:`.live_games`) for the demo's next
  step, nothing is written.
* :func:`demo_step`: one step of the solution demo, recorded as ``"solve i,j"`` (the game
  is marked ``solution_shown``: off the leaderboards and the daily board).
* :func:`restart`: the same deal from the start as a new game (the old one is abandoned, as
  starting any new game abandons it).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request

from ...core.game import SOLVE, TileGame
from ...core.layout import Layout
from ...core.moves import Move
from ...store import StoredGame
from ..http.errors import ApiError, ErrorCode
from .lifecycle import (
    FRESH,
    Caller,
    GameAt,
    acting_player,
    answer,
    check_current,
    game_reader,
    load,
    load_stored,
    store_of,
)
from .live_games import live_games
from .models import DemoStep, SolutionAnswer, SolveStep, Verdict
from .view import AnswerT, GameView

__all__ = ["demo_step", "restart", "restarted", "solution", "wanted_pair"]


def _pair(move: Move | None) -> tuple[int, int] | None:
    return None if move is None else (move.a, move.b)


def solution(
    request: Request, cookie: str | None, game_id: str, view: GameView[Any, Any]
) -> SolutionAnswer:
    """The solver's plan from the position of ``game_id`` (a game of ``view``'s mode); 409
    ``aid_refused`` in a challenge, whose rule set refuses the solution (rules §13)."""
    loaded = load(request, game_reader(request, cookie, game_id), game_id, view)
    game = loaded.game
    refusal = None if game.referee is None else game.referee.refusal(SOLVE)
    if refusal is not None:
        raise ApiError(ErrorCode.AID_REFUSED, refusal)
    found = game.solution()
    way = None
    if found.lost and not game.is_paused:
        way = game.steps_to_winnable()
    live_games(request).keep(loaded.stored, game)
    verdict: Verdict = (
        "winnable" if found.moves is not None else "lost" if found.lost else "unknown"
    )
    return SolutionAnswer(
        version=loaded.stored.version,
        winnability=verdict,
        plan=[(move.a, move.b) for move in found.moves or ()],
        last_winnable=way,
    )


def wanted_pair(body: SolveStep | None) -> Move | None:
    """The pair a demo step's body asks for (``None``: the plan's next pair); 422
    ``bad_body`` for two positions that are not a pair."""
    if body is None or body.move is None:
        return None
    a, b = body.move
    if a == b or min(a, b) < 0:
        raise ApiError(ErrorCode.BAD_BODY, f"{list(body.move)} is not a pair of positions")
    return Move(a, b)


def demo_step(game: TileGame, wanted: Move | None) -> tuple[Move, DemoStep]:
    """Play one step of the solution demo on ``game``: ``wanted`` when it keeps a winning
    plan, else the plan's next pair; the pair played and the answer's ``demo``."""
    played, following = game.solve_step(wanted)
    return played, DemoStep(move=(played.a, played.b), next=_pair(following))


def restarted(request: Request, player_id: str, stored: StoredGame) -> StoredGame:
    """A new game of ``stored``'s deal (its code, or its imported layout and seed), counted
    for the same daily challenge and stage, under the same challenge's rule set, a test
    play again for a test play; the player's
    open game is abandoned (a test play deleted)."""
    # a test play's code names a draft that is stored nowhere but in the game: it is
    # dealt again from the game's positions (by the current version, as it was dealt)
    by_layout = stored.code is None or stored.test_play
    layout = None
    if by_layout:
        positions = [(x, y, z) for x, y, z in stored.layout_positions or ()]
        layout = Layout.from_positions(positions, name=stored.layout_name)
    return store_of(request).create_game(
        player_id,
        mode=stored.mode,
        code=None if by_layout else stored.code,
        layout=layout,
        seed=stored.seed if by_layout else None,
        difficulty=stored.difficulty if by_layout else None,
        daily=stored.daily,
        stage=stored.stage,
        test_play=stored.test_play,
        challenge=stored.challenge,
    )


def restart(
    caller: Caller, target: GameAt, view: GameView[Any, Any], into: type[AnswerT]
) -> AnswerT:
    """Restart ``target`` (a game of ``view``'s mode) as a new game, answered as ``into``.
    A deal nobody played yet is at its start already."""
    request = caller.request
    if target.id.startswith(FRESH):
        return answer(request, load(request, "", target.id, view), into)
    player_id = acting_player(request, caller.response, caller.cookie)
    stored = store_of(request).get_game(player_id, target.id)
    load_stored(stored, view)  # 409 wrong_mode for a game of another mode
    check_current(stored, target.version)
    return answer(request, load_stored(restarted(request, player_id, stored), view), into)
