"""The layout editor's routes (rules §8.3; contract in ``docs/web-api.md``): check a draft
as it is drawn, write it as a layout file, and test-play it.  Saving a draft goes through
the import of :mod:`.layouts_api` (the page uploads the GNOME file it exported), so a saved
layout is an imported layout in every way.

Checking and exporting store nothing and need no player; a test play is a game of the
player's while it is open (it abandons the unfinished one, as any new game does, and the page
asks first), on positions that are not stored as a layout: the game carries them, as a game
on an imported layout does.  It is stored as a test play: deleted when it ends (won, or
abandoned by a newer game, its restart included) and never counted in the statistics, the
leaderboards or the history export.

    >>> sorted(route.path for route in router.routes)
    ['/api/layout-checks', '/api/layout-files', '/api/test-plays']
"""

from __future__ import annotations

import secrets

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from ...classic.draft import check_draft, dealing_problem
from ...core.codes import MAX_SEED
from ...core.difficulty import Difficulty
from ...core.layout import MAX_POSITIONS, Layout, LayoutError
from ...layouts import export_layout
from ...layouts.files import slug
from ..classic.models import GameState
from ..classic.view import VIEW
from ..games.budgets import LAYOUT_CHECK, TEST_PLAY
from ..games.jobs import JOB_ERRORS, engine_jobs
from ..games.lifecycle import PlayerCookie, acting_player, answer, load_stored, store_of
from ..http.errors import ApiError, ErrorCode, error_responses
from .editor_models import Draft, DraftCheckAnswer, DraftFile, DraftGame

__all__ = ["draft_layout", "router"]

router = APIRouter(prefix="/api", tags=["layout editor"])

#: The media type and file name ending of each format.
_FILE_TYPES = {"kmahjongg": ("text/plain", "layout"), "gnome": ("application/xml", "map")}
#: Why a test play is refused, by the problem of its deal.
_NOT_DEALT = {
    "unclearable": "no order of removals clears every tile of it",
    "unknown": "no order of removals was found within the test play's budget of work, nor "
    "was one proven impossible: simplify the draft",
}


def draft_layout(draft: Draft, title: str) -> Layout:
    """The draft as a layout moved to the grid's corner (its leftmost column and top row at
    0), named after ``title``; 400 ``bad_layout`` for positions that are not a layout.

    >>> layout = draft_layout(Draft(positions=[(4, 6, 0), (6, 6, 0)]), " Little Hill ")
    >>> layout.positions, layout.name, layout.title
    (((0, 0, 0), (2, 0, 0)), 'little-hill', 'Little Hill')
    """
    positions = draft.positions
    if not positions:
        raise ApiError(ErrorCode.BAD_LAYOUT, "the draft has no tiles")
    left = min(x for x, _, _ in positions)
    top = min(y for _, y, _ in positions)
    title = title.strip() or "Untitled"
    try:
        return Layout.from_positions(
            [(x - left, y - top, z) for x, y, z in positions], name=slug(title), title=title
        )
    except LayoutError as error:
        raise ApiError(ErrorCode.BAD_LAYOUT, str(error)) from None


@router.post(
    "/layout-checks",
    response_model=DraftCheckAnswer,
    summary="Check a layout being drawn",
    responses=error_responses(ErrorCode.BAD_BODY, ErrorCode.BAD_LAYOUT, *JOB_ERRORS, write=True),
)
async def check_layout(request: Request, draft: Draft) -> DraftCheckAnswer:
    """How many tiles the draft has, which are free, and whether a game can be dealt on it
    (else why not: ``unknown`` when the check's budget ran out before an order was found
    or proven impossible).  Stores nothing and needs no player.  Two tiles that overlap on
    a layer are 400 ``bad_layout``.  The check is heavy work (a worker process's, one at a
    time per client: 429 ``too_many_requests``, 503 ``busy``)."""
    try:
        checked = await engine_jobs(request).run(
            request, check_draft, draft.positions, budget=LAYOUT_CHECK.search()
        )
    except LayoutError as error:
        raise ApiError(ErrorCode.BAD_LAYOUT, str(error)) from None
    return DraftCheckAnswer(
        tile_count=checked.tiles,
        free=list(checked.free),
        clearable=checked.clearable,
        problem=checked.problem,
        max_tiles=MAX_POSITIONS,
    )


@router.post(
    "/layout-files",
    response_class=Response,
    summary="Write a layout being drawn as a file",
    responses={
        200: {
            "description": "the file, as an attachment named after the title",
            "content": {"text/plain": {}, "application/xml": {}},
        },
        **error_responses(ErrorCode.BAD_BODY, ErrorCode.BAD_LAYOUT, write=True),
    },
)
def layout_file(body: DraftFile) -> Response:
    """The draft (moved to the grid's corner) as a KMahjongg ``.layout`` or GNOME Mahjongg
    ``.map`` file, the same writers as ``mahjong-solitaire layouts export``.  Stores
    nothing; a draft that cannot be cleared is written all the same (the file is the
    player's), but an odd count or an empty draft is 400 ``bad_layout``."""
    layout = draft_layout(body, body.title)
    media_type, ending = _FILE_TYPES[body.format]
    return Response(
        export_layout(layout, body.format),
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{layout.name}.{ending}"'},
    )


@router.post(
    "/test-plays",
    response_model=GameState,
    summary="Test-play a layout being drawn",
    responses=error_responses(
        ErrorCode.BAD_BODY,
        ErrorCode.BAD_LAYOUT,
        ErrorCode.BAD_REQUEST,
        ErrorCode.CORRUPT_GAME,
        ErrorCode.UNAVAILABLE,
        *JOB_ERRORS,
        write=True,
    ),
)
async def play_draft(
    request: Request, response: Response, body: DraftGame, cookie: PlayerCookie = None
) -> GameState:
    """A random deal on the draft, stored as the player's new game (the unfinished one is
    abandoned), a test play: deleted when it ends, never counted.  The game carries the
    draft's positions, like a game on an imported layout; the draft itself is not stored.
    400 ``bad_layout`` for a draft on which no game can be dealt, or none within the test
    play's budget.  The deal's search is heavy work, as in ``POST /api/layout-checks``."""
    layout = draft_layout(body, body.title)
    difficulty = Difficulty.parse(body.difficulty)
    seed = secrets.randbelow(MAX_SEED + 1)
    problem = await engine_jobs(request).run(
        request, dealing_problem, layout, seed, difficulty, budget=TEST_PLAY.search()
    )
    if problem is not None:
        raise ApiError(ErrorCode.BAD_LAYOUT, _NOT_DEALT[problem])
    return await run_in_threadpool(_test_play, request, response, cookie, layout, seed, difficulty)


def _test_play(
    request: Request,
    response: Response,
    cookie: str | None,
    layout: Layout,
    seed: int,
    difficulty: Difficulty,
) -> GameState:
    """The test play's game, stored and answered (in a request thread: the database)."""
    player_id = acting_player(request, response, cookie)
    stored = store_of(request).create_game(
        player_id, layout=layout, seed=seed, difficulty=difficulty.value, test_play=True
    )
    return answer(request, load_stored(stored, VIEW), GameState)
