"""The Connect mode's JSON API under ``/api/connect`` (rules §9; contract: ``docs/web-api.md``).

Connect games are stored like classic ones (their ``CN2-…`` code and action log, under the
Connect mode's name) and every request follows the same :mod:`..games.lifecycle` as the
classic routes: the player, the game (here a :class:`~mahjong_solitaire.connect.ConnectGame`),
the action, the save, the full state (:mod:`.view`).

    >>> sorted({route.path for route in router.routes})[:3]
    ['/api/connect/games', '/api/connect/games/{game_id}', '/api/connect/games/{game_id}/hint']

A tap that removes a pair answers what the page animates: the connecting ``path`` (corner
points, through the ring outside the grid when needed) and the tiles that ``slid``.
"""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Body, Request, Response

from ...connect import ConnectCode, ConnectGame, Slide, stage
from ...connect.mode import CONNECT
from ...connect.sizes import GRID_SIZES, parse_size, size_text
from ...core.codes import MAX_SEED
from ...core.difficulty import Difficulty
from ...core.game import TapOutcome
from ...core.moves import Move
from ..games.aids import demo_step, solution, wanted_pair
from ..games.lifecycle import (
    ACTION_ERRORS,
    ACTION_RESPONSES,
    READ_RESPONSES,
    CallerDep,
    GameAt,
    PlayerCookie,
    acting_player,
    answer,
    game_reader,
    load,
    load_stored,
    perform,
    reading_player,
    store_of,
)
from ..games.models import SolutionAnswer, SolveStep, Tap
from ..games.practice import PRACTICE_ERRORS, practice_game
from ..games.routes import add_shared_actions
from ..games.taps import answer_tap
from ..http.errors import ApiError, ErrorCode, error_responses
from .models import (
    ConnectDemoed,
    ConnectEvent,
    ConnectHintAnswer,
    ConnectSolveAnswer,
    ConnectState,
    ConnectTapAnswer,
    ConnectTapped,
    NewConnectGame,
    StageInfo,
    StagesList,
)
from .view import LISTED_STAGES, VIEW, path_points, slid_tiles, stage_info, tile_ids

__all__ = ["VIEW", "router"]

router = APIRouter(prefix=f"/api/{CONNECT.name}", tags=[CONNECT.name])


# -- games -----------------------------------------------------------------------------


def _stage_code(number: int) -> str:
    """A new deal of stage ``number``: a random seed (the code names the deal)."""
    found = stage(number)
    seed = secrets.randbelow(MAX_SEED + 1)
    return str(ConnectCode(found.shape, found.rule, seed, found.difficulty))


def _chosen_grid_code(body: NewConnectGame) -> str:
    """A new deal on the grid, rule and difficulty the player chose (a random seed)."""
    shape = parse_size(body.size)
    rule = Slide.parse(body.slide or Slide.NONE.value)
    difficulty = Difficulty.parse(body.difficulty or Difficulty.NORMAL.value)
    seed = secrets.randbelow(MAX_SEED + 1)
    return str(ConnectCode(shape, rule, seed, difficulty))


def _check_unlocked(request: Request, player_id: str, number: int) -> None:
    stage(number)  # ValueError (400) for a stage that does not exist
    unlocked = store_of(request).stage_progress(player_id, CONNECT.name).next_stage
    if number > unlocked:
        raise ApiError(
            ErrorCode.STAGE_LOCKED, f"stage {number} is locked: clear stage {unlocked} first"
        )


@router.post(
    "/games",
    response_model=ConnectState,
    summary="Start a Connect game",
    responses=error_responses(
        ErrorCode.BAD_BODY,
        ErrorCode.BAD_REQUEST,
        ErrorCode.BAD_CODE,
        ErrorCode.STAGE_LOCKED,
        ErrorCode.CORRUPT_GAME,
        ErrorCode.UNAVAILABLE,
        ErrorCode.TOO_MANY_REQUESTS,
        *PRACTICE_ERRORS,
        write=True,
    ),
)
def create_game(
    request: Request, response: Response, body: NewConnectGame, cookie: PlayerCookie = None
) -> ConnectState:
    """The player's unfinished game (of any mode) is abandoned.  A stage beyond the
    player's next one is locked (409 ``stage_locked``); a grid size no grid can have, an
    unknown rule or difficulty is 400 ``bad_request``.  ``{"from_game": id, "at": k}``
    starts a practice copy of the player's Connect game that is over or stuck, after its
    first ``k`` actions (issue 28; never ranked)."""
    player_id = acting_player(request, response, cookie)
    practice = practice_game(request, player_id, body, VIEW)
    if practice is not None:
        return answer(request, load_stored(practice, VIEW), ConnectState)
    number = body.stage
    chosen = body.size is not None
    if not chosen and (body.slide is not None or body.difficulty is not None):
        raise ApiError(ErrorCode.BAD_REQUEST, "slide and difficulty go with a size")
    if chosen and (number is not None or body.code is not None):
        raise ApiError(ErrorCode.BAD_REQUEST, "give a size, a stage or a code, not several")
    if chosen:
        text = _chosen_grid_code(body)
    elif body.code is not None:
        code = ConnectCode.parse(body.code)
        if number is not None:
            wanted = stage(number)
            if (code.shape, code.rule, code.difficulty) != (
                wanted.shape,
                wanted.rule,
                wanted.difficulty,
            ):
                raise ApiError(
                    ErrorCode.BAD_CODE,
                    f"{code} is not a deal of stage {number}",
                    message_key="bad_connect_code",
                )
        text = str(code)
    else:
        if number is None:
            number = store_of(request).stage_progress(player_id, CONNECT.name).next_stage
        text = _stage_code(number)
    if number is not None:
        _check_unlocked(request, player_id, number)
    stored = store_of(request).create_game(player_id, mode=CONNECT.name, code=text, stage=number)
    return answer(request, load_stored(stored, VIEW), ConnectState)


@router.get(
    "/games/{game_id}",
    response_model=ConnectState,
    summary="A Connect game's state",
    responses=READ_RESPONSES,
)
def get_game(request: Request, game_id: str, cookie: PlayerCookie = None) -> ConnectState:
    loaded = load(request, game_reader(request, cookie, game_id), game_id, VIEW)
    return answer(request, loaded, ConnectState)


def _matched(game: ConnectGame, before: list[int | None], move: Move, at: int) -> ConnectEvent:
    """A pair's removal as the page animates it: the link and the tiles that slid."""
    return ConnectEvent(
        outcome=TapOutcome.MATCHED,
        position=at,
        move=(move.a, move.b),
        path=path_points(game.last_path),
        slid=slid_tiles(game.board.shape, before, tile_ids(game)),
    )


@router.post(
    "/games/{game_id}/tap",
    response_model=ConnectTapAnswer,
    summary="Tap a tile",
    responses=ACTION_RESPONSES,
)
def tap(caller: CallerDep, game_id: str, body: Tap) -> Response:
    """``position`` is a cell number ``y * width + x``.  Any tile can be selected; a second
    tile that matches and connects removes the pair, then the stage's rule slides the
    rest.  The answer adds ``event``: ``outcome`` (``selected``, ``deselected``,
    ``reselected`` (a tile that does not match or connect: the selection moves) or
    ``matched``), ``position``, ``move`` (the removed cells), ``path`` (the link's corner
    points ``[x, y]``, ring cells included) and ``slid`` (``{"id", "from", "to"}`` per tile
    that changed cells).  As a classic tap, it answers what changed (the frame, the
    counters, the event, a win's ``result``), not the grid's tiles."""

    def action(game: ConnectGame) -> ConnectTapped:
        before = tile_ids(game)
        result = game.tap(body.position)
        if result.move is not None:
            return ConnectTapped(event=_matched(game, before, result.move, body.position))
        event = ConnectEvent(
            outcome=result.outcome, position=body.position, move=None, path=None, slid=[]
        )
        return ConnectTapped(event=event)

    return answer_tap(caller, GameAt.of(game_id, body), VIEW, action)


# -- the aids (rules §5.9–§5.11) -------------------------------------------------------


add_shared_actions(
    router,
    VIEW,
    hint_answer=ConnectHintAnswer,
    shuffle_responses=error_responses(*ACTION_ERRORS, ErrorCode.NO_SHUFFLE, write=True),
    summaries={"hint": "Show a connectable pair"},
    described={
        "hint": """The answer adds ``hint``: two cells ``[a, b]`` (``null`` when stuck),
            preferring a pair on a known winning line.  Counted in the statistics.""",
        "undo": """The grid is restored exactly as it was before the pair and its slide.  409
            when there is nothing to undo.""",
        "redo": "The pair and its slide again.  409 when there is nothing to redo.",
        "shuffle": "The tiles keep their cells.",
        "undo-to-winnable": """Goes back to the last position the solver finds winnable,
            recorded as one ``back n`` (its undos count as undos).  409 when it cannot be
            found.""",
        "restart": """The same deal from the start, as a new game (rules §5.11), counted for
            the same stage.  The game restarted is abandoned, and counts as such in the
            statistics.""",
    },
)


@router.get(
    "/games/{game_id}/solution",
    response_model=SolutionAnswer,
    summary="The solution from the current position",
    responses=READ_RESPONSES,
)
def get_solution(request: Request, game_id: str, cookie: PlayerCookie = None) -> SolutionAnswer:
    """The solver's winning line from the current grid (rules §5.9): ``winnable`` with
    ``plan``, ``lost`` (proven) with ``last_winnable``, or ``unknown``.  Nothing is
    written."""
    return solution(request, cookie, game_id, VIEW)


@router.post(
    "/games/{game_id}/solve",
    response_model=ConnectSolveAnswer,
    summary="One step of the solution demo",
    responses=ACTION_RESPONSES,
)
def solve(
    caller: CallerDep, game_id: str, body: Annotated[SolveStep | None, Body()] = None
) -> ConnectSolveAnswer:
    """One step of the solution demo (rules §5.9), recorded as ``solve i,j``: the game is
    then marked ``solution_shown`` and never ranked.  The answer adds ``demo`` (the pair
    removed and the next one) and ``event``, the link and the slide as a tap's match has
    them.  409 ``illegal_action`` when no winning plan is known from the position."""
    wanted = wanted_pair(body)

    def action(game: ConnectGame) -> ConnectDemoed:
        before = tile_ids(game)
        played, demo = demo_step(game, wanted)
        return ConnectDemoed(demo=demo, event=_matched(game, before, played, played.b))

    return perform(caller, GameAt.of(game_id, body), VIEW, action, ConnectSolveAnswer)


# -- stages ----------------------------------------------------------------------------


@router.get(
    "/stages",
    response_model=StagesList,
    summary="The Connect stages",
    responses=error_responses(ErrorCode.UNAVAILABLE),
)
def stages(request: Request, cookie: PlayerCookie = None) -> StagesList:
    """Each stage's grid, sliding rule and difficulty, whether the player cleared it (with
    the best time) and whether it is still locked (beyond the next stage to play)."""
    progress = store_of(request).stage_progress(reading_player(request, cookie) or "", CONNECT.name)
    best = progress.best_times
    last = max(LISTED_STAGES, progress.next_stage)
    listed = [
        StageInfo(
            **stage_info(n).model_dump(),
            cleared=n in best,
            locked=n > progress.next_stage,
            best_time=round(best[n], 3) if n in best else None,
        )
        for n in range(1, last + 1)
    ]
    return StagesList(
        next=progress.next_stage,
        stages=listed,
        grid_sizes=[size_text(shape) for shape in GRID_SIZES],
        slide_rules=[rule.value for rule in Slide],
    )
