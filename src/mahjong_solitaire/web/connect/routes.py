"""The Connect mode's JSON API under ``/api/connect`` (rules §9; contract: ``docs/web-api.md``).

Connect games are stored like classic ones (their ``CN1-…`` code and action log, under the
Connect mode's name) and every request follows the same :mod:`.lifecycle` as the classic
routes: the player, the game rebuilt through its mode (here as a
:class:`~mahjong_solitaire.connect.ConnectGame`), the action, the save, the full state
(:mod:`.connect_state`).

    >>> sorted({route.path for route in router.routes})[:3]
    ['/api/connect/games', '/api/connect/games/{game_id}', '/api/connect/games/{game_id}/hint']

A tap that removes a pair answers what the page animates: the connecting ``path`` (corner
points, through the ring outside the grid when needed) and the tiles that ``slid``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from fastapi import APIRouter, Request, Response

from ...connect import ConnectCode, ConnectGame, Slide, stage
from ...connect.mode import CONNECT
from ...connect.sizes import GRID_SIZES, parse_size, size_text
from ...core.codes import MAX_SEED
from ...core.difficulty import Difficulty
from ...core.moves import Move
from ..games.aid_models import ConnectSolveAnswer
from ..games.aids import aid_routes
from ..games.lifecycle import (
    ACTION_ERRORS,
    READ_ERRORS,
    PlayerCookie,
    acting_player,
    action_route,
    answer,
    calling,
    clock_routes,
    game_reader,
    hinting,
    load,
    load_stored,
    perform,
    reading_player,
    store_of,
    view_of,
)
from ..games.models import (
    ConnectEvent,
    ConnectHintAnswer,
    ConnectState,
    ConnectTapAnswer,
    NewConnectGame,
    StageInfo,
    StagesList,
    Tap,
)
from ..http.errors import ApiError, ErrorCode, error_responses
from .view import LISTED_STAGES, path_points, slid_tiles, stage_info, tile_ids

__all__ = ["router"]

router = APIRouter(prefix=f"/api/{CONNECT.name}", tags=[CONNECT.name])
VIEW = view_of(CONNECT.name)


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
        write=True,
    ),
)
def create_game(
    request: Request, response: Response, body: NewConnectGame, cookie: PlayerCookie = None
) -> ConnectState:
    """The player's unfinished game (of any mode) is abandoned.  A stage beyond the
    player's next one is locked (409 ``stage_locked``); a grid size no grid can have, an
    unknown rule or difficulty is 400 ``bad_request``."""
    player_id = acting_player(request, response, cookie)
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
    return answer(request, load_stored(stored, VIEW))


@router.get(
    "/games/{game_id}",
    response_model=ConnectState,
    summary="A Connect game's state",
    responses=error_responses(*READ_ERRORS),
)
def get_game(request: Request, game_id: str, cookie: PlayerCookie = None) -> ConnectState:
    return answer(request, load(request, game_reader(request, cookie, game_id), game_id, VIEW))


@router.post(
    "/games/{game_id}/tap",
    response_model=ConnectTapAnswer,
    summary="Tap a tile",
    responses=error_responses(*ACTION_ERRORS, write=True),
)
def tap(
    request: Request, response: Response, game_id: str, body: Tap, cookie: PlayerCookie = None
) -> ConnectTapAnswer:
    """``position`` is a cell number ``y * width + x``.  Any tile can be selected; a second
    tile that matches and connects removes the pair, then the stage's rule slides the
    rest.  The answer adds ``event``: ``outcome`` (``selected``, ``deselected``,
    ``reselected`` (a tile that does not match or connect: the selection moves) or
    ``matched``), ``position``, ``move`` (the removed cells), ``path`` (the link's corner
    points ``[x, y]``, ring cells included) and ``slid`` (``{"id", "from", "to"}`` per tile
    that changed cells)."""

    def action(game: ConnectGame) -> dict[str, object]:
        before = tile_ids(game)
        result = game.tap(body.position)
        event = ConnectEvent(
            outcome=result.outcome.value, position=body.position, move=None, path=None, slid=[]
        )
        if result.move is not None:
            event = ConnectEvent(
                outcome=result.outcome.value,
                position=body.position,
                move=(result.move.a, result.move.b),
                path=path_points(game.last_path),
                slid=slid_tiles(game.board.shape, before, tile_ids(game)),
            )
        return {"event": event}

    return perform(request, response, cookie, game_id, body.version, VIEW, action, ConnectTapAnswer)


action_route(
    router,
    VIEW,
    "hint",
    hinting,
    into=ConnectHintAnswer,
    summary="Show a connectable pair",
    doc="The answer adds ``hint``: two cells ``[a, b]`` (``null`` when stuck), "
    "preferring a pair on a known winning line.  Counted in the statistics.",
)
action_route(
    router,
    VIEW,
    "undo",
    calling("undo"),
    summary="Undo the last pair (or shuffle)",
    doc="The grid is restored exactly as it was before the pair and its slide.  "
    "409 when there is nothing to undo.",
)
action_route(
    router,
    VIEW,
    "shuffle",
    calling("shuffle"),
    summary="New faces, solvable again",
    doc="The tiles keep their cells.",
    errors=(ErrorCode.NO_SHUFFLE,),
)
clock_routes(router, VIEW)


def _demo_event(game: ConnectGame) -> Callable[[Move], dict[str, object]]:
    """A demo step's answer as a tap's match has it: the link and the slide."""
    before = tile_ids(game)

    def event(move: Move) -> dict[str, object]:
        return {
            "event": ConnectEvent(
                outcome="matched",
                position=move.b,
                move=(move.a, move.b),
                path=path_points(game.last_path),
                slid=slid_tiles(game.board.shape, before, tile_ids(game)),
            )
        }

    return event


aid_routes(router, VIEW, solve_into=ConnectSolveAnswer, event=_demo_event)


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
