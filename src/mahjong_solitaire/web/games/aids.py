"""The aids of rules §5.9–§5.11 on a mode's router, registered by :func:`aid_routes`
(the classic router in :mod:`.api`, Connect's in :mod:`.connect_api`):

* ``GET …/{id}/solution``: the solver's winning plan from the current position, or the
  word that the position is lost (and how far back the last winnable one is).  It reads
  only: the plan found is kept with the game in this process (:mod:`.live_games`) for the
  demo's next step, nothing is written.
* ``POST …/{id}/solve``: one step of the solution demo, recorded as ``"solve i,j"`` (the
  game is marked ``solution_shown``: off the leaderboards and the daily board).
* ``POST …/{id}/undo-to-winnable`` (modes other than classic, whose router has its own):
  back to the last winnable position, recorded as ``"back n"``.
* ``POST …/{id}/restart``: the same deal from the start as a new game (the old one is
  abandoned, as starting any new game abandons it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request, Response

from ...core.game import TileGame
from ...core.layout import Layout
from ...core.moves import Move
from ...store import StoredGame
from ..http.errors import ApiError, ErrorCode, error_responses
from .aid_models import DemoStep, SolutionAnswer, SolveStep
from .lifecycle import (
    ACTION_ERRORS,
    FRESH,
    READ_ERRORS,
    PlayerCookie,
    acting_player,
    action_route,
    answer,
    calling,
    game_reader,
    load,
    load_stored,
    perform,
    store_of,
)
from .live_games import live_games
from .models import GameFrame, Verdict, Versioned
from .view import GameView

__all__ = ["MatchEvent", "aid_routes", "restarted"]

#: A mode's extra answer to a demo step: called before the step with the game, it returns
#: what to add to the answer once the pair (its argument) is removed (Connect: the link
#: and the slide).
MatchEvent = Callable[[Any], Callable[[Move], Mapping[str, object]]]


def _pair(move: Move | None) -> tuple[int, int] | None:
    return None if move is None else (move.a, move.b)


def restarted(request: Request, player_id: str, stored: StoredGame) -> StoredGame:
    """A new game of ``stored``'s deal (its code, or its imported layout and seed), counted
    for the same daily challenge and stage; the player's open game is abandoned."""
    layout = None
    if stored.code is None:
        positions = [(x, y, z) for x, y, z in stored.layout_positions or ()]
        layout = Layout.from_positions(positions, name=stored.layout_name)
    return store_of(request).create_game(
        player_id,
        mode=stored.mode,
        code=stored.code,
        layout=layout,
        seed=None if stored.code is not None else stored.seed,
        difficulty=None if stored.code is not None else stored.difficulty,
        daily=stored.daily,
        stage=stored.stage,
    )


def aid_routes(
    router: APIRouter,
    view: GameView,
    *,
    solve_into: type[GameFrame],
    event: MatchEvent | None = None,
    way_back: bool = True,
) -> None:
    """Register the aids on ``router`` for ``view``'s games: the demo's steps answer
    ``solve_into`` (with ``event``'s fields); ``way_back``: also ``undo-to-winnable``."""
    name = view.mode.name

    def solution(request: Request, game_id: str, cookie: PlayerCookie = None) -> SolutionAnswer:
        player_id = game_reader(request, cookie, game_id)
        loaded = load(request, player_id, game_id, view)
        game: TileGame = loaded.game
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

    solution.__name__ = f"{name}_solution"
    solution.__doc__ = (
        "The solver's winning plan from the current position (rules §5.9), within a "
        "budget of about a second: ``winnable`` with ``plan``, ``lost`` (proven) with "
        "``last_winnable`` (undo steps back to the last winnable position, null when not "
        "found), or ``unknown``.  Nothing is written."
    )
    router.get(
        "/games/{game_id}/solution",
        response_model=SolutionAnswer,
        summary="The solution from the current position",
        responses=error_responses(*READ_ERRORS),
    )(solution)

    def solve(
        request: Request,
        response: Response,
        game_id: str,
        body: Annotated[SolveStep | None, Body()] = None,
        cookie: PlayerCookie = None,
    ) -> Any:
        version = body.version if body is not None else None
        wanted = None
        if body is not None and body.move is not None:
            a, b = body.move
            if a == b or min(a, b) < 0:
                raise ApiError(ErrorCode.BAD_BODY, f"{list(body.move)} is not a pair of positions")
            wanted = Move(a, b)

        def action(game: TileGame) -> dict[str, object]:
            after = event(game) if event is not None else None
            played, following = game.solve_step(wanted)
            extra: dict[str, object] = {
                "demo": DemoStep(move=(played.a, played.b), next=_pair(following))
            }
            if after is not None:
                extra.update(after(played))
            return extra

        return perform(request, response, cookie, game_id, version, view, action, solve_into)

    solve.__name__ = f"{name}_solve"
    solve.__doc__ = (
        "One step of the solution demo (rules §5.9): removes ``move`` (the pair the page "
        "highlighted) when it keeps a winning plan, else the plan's next pair, recorded "
        "as ``solve i,j``; the game is then marked ``solution_shown`` and never ranked.  "
        "The answer adds ``demo``: the pair removed and the next one to highlight.  409 "
        "``illegal_action`` when no winning plan is known from the position."
    )
    router.post(
        "/games/{game_id}/solve",
        response_model=solve_into,
        summary="One step of the solution demo",
        responses=error_responses(*ACTION_ERRORS, write=True),
    )(solve)

    if way_back:
        action_route(
            router,
            view,
            "undo-to-winnable",
            calling("undo_to_winnable"),
            summary="Undo back to the last winnable position",
            doc="Goes back to the last position the solver finds winnable, recorded as "
            "one ``back n`` (its undos count as undos).  409 when it cannot be found.",
        )

    def restart(
        request: Request,
        response: Response,
        game_id: str,
        body: Annotated[Versioned | None, Body()] = None,
        cookie: PlayerCookie = None,
    ) -> Any:
        if game_id.startswith(FRESH):  # a deal nobody played yet is at its start already
            return answer(request, load(request, "", game_id, view))
        player_id = acting_player(request, response, cookie)
        stored = store_of(request).get_game(player_id, game_id)
        load_stored(stored, view)  # 409 wrong_mode for a game of another mode
        if body is not None and body.version is not None and body.version != stored.version:
            raise ApiError(
                ErrorCode.STALE_VERSION,
                f"this game was changed in another window "
                f"(version {stored.version}, not {body.version}); reload it",
            )
        if stored.status == "abandoned":
            raise ApiError(ErrorCode.GAME_OVER, "this game was replaced by a newer one")
        return answer(request, load_stored(restarted(request, player_id, stored), view))

    restart.__name__ = f"{name}_restart"
    restart.__doc__ = (
        "The same deal from the start, as a new game (rules §5.11): same code (or "
        "imported layout and seed), same daily challenge and stage.  The game restarted "
        "is abandoned, as any new game abandons it, and counts as such in the statistics."
    )
    router.post(
        "/games/{game_id}/restart",
        response_model=view.state_model,
        summary="Restart this deal",
        responses=error_responses(*ACTION_ERRORS, write=True),
    )(restart)
