"""Layouts and stages in the web game: the layout list with previews, layout file uploads,
and the classic stage progression with the player's progress.

* ``GET /api/layouts``: the built-in layouts by number, then the imported ones, each with
  its positions, a ``preview`` URL and a ``difficulty_hint``;
* ``GET /api/layouts/{name}/preview.svg``: the picture of :func:`..layouts.preview_svg`;
* ``POST /api/layouts``: a KMahjongg ``.layout`` or GNOME ``.map`` file (multipart, field
  ``file``, at most 1 MiB) kept in the database as the player's own (at most
  :data:`~..store.MAX_LAYOUTS_PER_PLAYER` each), then playable with
  ``POST /api/games {"layout": name}``;
* ``GET /api/generated-layouts?family=rings&tiles=144&seed=12``: a layout made from a
  seed (rules §8.4), then playable with ``POST /api/games {"layout": name}`` (its stable
  name, ``rings-144-12``) or by a code ``MJ2-G12R144-…``; no row is stored for it;
* ``DELETE /api/layouts/{name}``: delete one of the player's imported layouts (the games
  played on it keep their positions and stay playable);
* ``GET /api/stages`` and ``POST /api/stages/{n}``: the stages of :mod:`..stages`.

An imported layout is its importer's: listed, previewed, dealt and deleted by that player
only (a game on it carries its own positions, so it is shown to whoever plays it).

    >>> sorted({route.path for route in router.routes})[:3]
    ['/api/generated-layouts', '/api/layouts', '/api/layouts/{name}']

The preview URL carries a fingerprint of the layout, so a browser may keep it for good:

    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> preview_url(builtin_layout("turtle")).startswith("/api/layouts/turtle/preview.svg?v=")
    True
"""

from __future__ import annotations

import hashlib
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response
from starlette.concurrency import run_in_threadpool

from ...classic.codes import GameCode
from ...classic.generated import GeneratedSpec, generated_layout, generated_named
from ...classic.playable import playable_maps
from ...classic.stages import DIFFICULTY_ORDER, STAGE_ORDER, Stage, stage, stages
from ...core.difficulty import Difficulty
from ...core.layout import Layout, LayoutError
from ...layouts import builtin_layout, builtin_layouts, preview_svg
from ...layouts.files import MAX_FILE_BYTES, LayoutMaps, read_layout_maps
from ...layouts.reading import LayoutFileError
from ...store import LayoutLimitError, LayoutNotFoundError
from ..classic.models import GameState
from ..classic.view import VIEW, layout_details, layout_info
from ..games.budgets import LAYOUT_IMPORT
from ..games.jobs import JOB_ERRORS, engine_jobs
from ..games.lifecycle import (
    PlayerCookie,
    acting_player,
    answer,
    load_stored,
    reading_player,
    store_of,
)
from ..http.errors import ApiError, ErrorCode, error_responses
from ..http.uploads import FILE_UPLOAD_BODY, UploadLimit, uploaded_file
from .layout_models import (
    ClassicStages,
    FamilyName,
    GeneratedLayout,
    GeneratedTiles,
    ImportedLayouts,
    LayoutEntry,
    LayoutSeed,
    RefusedLayout,
    StageEntry,
    StageLayout,
)

__all__ = [
    "LAYOUT_UPLOAD",
    "MAX_UPLOAD_BYTES",
    "UPLOAD_PATH",
    "difficulty_hint",
    "layout_entry",
    "preview_url",
    "router",
]

#: How large a layout upload may be.
#: The path of the layout upload, which takes a file instead of JSON.
UPLOAD_PATH = "/api/layouts"
LAYOUT_UPLOAD = UploadLimit(file_bytes=MAX_FILE_BYTES, what="layout file")
#: A whole upload (the file plus the multipart framing) is refused beyond this size,
#: before the rest of it is read.
MAX_UPLOAD_BYTES = LAYOUT_UPLOAD.upload_bytes

#: The hints, from the most forgiving third of :data:`..stages.DIFFICULTY_ORDER` to the most
#: demanding.
HINTS = ("gentle", "moderate", "demanding")

router = APIRouter(prefix="/api", tags=["layouts and stages"])


# -- layouts ---------------------------------------------------------------------------


def difficulty_hint(layout: Layout) -> str | None:
    """How demanding a built-in layout's deals are (its third of the difficulty order);
    ``None`` for an imported layout.

    >>> difficulty_hint(builtin_layout("towers")), difficulty_hint(builtin_layout("pagoda"))
    ('gentle', 'demanding')
    """
    if layout.number is None or layout.name not in DIFFICULTY_ORDER:
        return None
    rank = DIFFICULTY_ORDER.index(layout.name)
    return HINTS[rank * len(HINTS) // len(DIFFICULTY_ORDER)]


def _fingerprint(layout: Layout) -> str:
    text = repr((layout.title, layout.positions))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def preview_url(layout: Layout) -> str:
    """Where the layout's preview is served, with its fingerprint."""
    return f"/api/layouts/{layout.name}/preview.svg?v={_fingerprint(layout)}"


def layout_entry(layout: Layout) -> LayoutEntry:
    """One layout of ``GET /api/layouts``.

    >>> entry = layout_entry(builtin_layout("pyramid"))
    >>> entry.number, entry.tiles, entry.difficulty_hint, entry.imported
    (1, 144, 'demanding', False)
    """
    return LayoutEntry(
        **layout_details(layout).model_dump(),
        preview=preview_url(layout),
        difficulty_hint=difficulty_hint(layout),  # type: ignore[arg-type]
        imported=layout.number is None,
    )


def _unknown_layout(name: str) -> ApiError:
    return ApiError(ErrorCode.UNKNOWN_LAYOUT, f"there is no layout {name[:64]!r} of yours")


def _find_layout(request: Request, player_id: str | None, name: str) -> Layout:
    try:
        return builtin_layout(name)
    except LayoutError:
        pass
    generated = generated_named(name)
    if generated is not None:
        return generated
    if player_id is None:
        raise _unknown_layout(name)
    try:
        return store_of(request).imported_layout(name, player_id)
    except LayoutNotFoundError:
        raise _unknown_layout(name) from None


@router.get(
    "/layouts",
    response_model=list[LayoutEntry],
    summary="Layouts to play",
    responses=error_responses(ErrorCode.UNAVAILABLE),
)
def layouts(request: Request, cookie: PlayerCookie = None) -> list[LayoutEntry]:
    """The built-in layouts by number, then the ones the player imported, with their
    positions, the URL of their preview and (built-in layouts) a difficulty hint:
    ``gentle``, ``moderate`` or ``demanding``."""
    player_id = reading_player(request, cookie)
    found = [*builtin_layouts(), *store_of(request).imported_layouts(player_id)]
    return [layout_entry(layout) for layout in found]


@router.get(
    "/generated-layouts",
    response_model=GeneratedLayout,
    summary="A layout made from a seed",
    responses=error_responses(ErrorCode.BAD_BODY, ErrorCode.BAD_LAYOUT),
)
def generated(
    family: FamilyName, tiles: GeneratedTiles = 144, seed: LayoutSeed = 0
) -> GeneratedLayout:
    """The layout of a shape family, a number of tiles (even, 72 to 288) and a seed: the
    same on every server, symmetric as its family is, of at least 3 layers, and cleared by
    a removal order found for it (rules §8.4).  ``code`` deals it (seed 0, normal); a
    random deal on it is ``POST /api/games {"layout": name}``.  Nothing is written."""
    try:
        layout = generated_layout(GeneratedSpec(seed, family, tiles))
    except LayoutError as error:
        raise ApiError(ErrorCode.BAD_LAYOUT, str(error)) from None
    return GeneratedLayout(
        **layout_entry(layout).model_dump(),
        family=family,
        seed=seed,
        code=str(GameCode.of(layout, 0, Difficulty.NORMAL)),
    )


@router.get(
    "/layouts/{name}/preview.svg",
    summary="A layout's preview picture",
    response_class=Response,
    responses={
        200: {"content": {"image/svg+xml": {}}},
        **error_responses(ErrorCode.UNKNOWN_LAYOUT, ErrorCode.UNAVAILABLE),
    },
)
def layout_preview(
    request: Request, name: str, v: str | None = None, cookie: PlayerCookie = None
) -> Response:
    """An SVG of the layout seen from above, higher layers darker (an imported layout's
    for its owner only).  With the fingerprint of the list's ``preview`` URL (``v``) it may
    be cached for good (privately for an imported layout); ``ETag`` otherwise."""
    layout = _find_layout(request, reading_player(request, cookie), name)
    tag = _fingerprint(layout)
    scope = "public" if layout.number is not None else "private"
    cache = f"{scope}, max-age=31536000, immutable" if v == tag else "no-cache"
    headers = {"ETag": f'"{tag}"', "Cache-Control": cache}
    if request.headers.get("if-none-match", "").strip() in (f'"{tag}"', f'W/"{tag}"'):
        return Response(status_code=304, headers=headers)
    return Response(preview_svg(layout), media_type="image/svg+xml", headers=headers)


def _store(
    request: Request, response: Response, cookie: str | None, found: LayoutMaps, filename: str
) -> list[Layout]:
    """The playable layouts of the file, stored as the player's (in a request thread: the
    database).  A file with none to store is refused whole; the limit may stop a file of
    several maps part way."""
    if not found.layouts:
        reasons = "; ".join(f"{refused.title!r}: {refused.reason}" for refused in found.refused)
        raise LayoutFileError(f"{filename}: nothing was imported: {reasons}")
    player_id = acting_player(request, response, cookie)
    store = store_of(request)
    try:
        return [
            store.imported_layout(store.save_layout(layout, player_id=player_id), player_id)
            for layout in found.layouts
        ]
    except LayoutLimitError as error:
        raise ApiError(ErrorCode.TOO_MANY_LAYOUTS, str(error)) from None


@router.post(
    "/layouts",
    status_code=201,
    summary="Import a layout file",
    response_model=ImportedLayouts,
    # a cross-site upload is refused (403); the media type is this route's own
    # check (400 for anything but multipart/form-data), not 415
    responses=error_responses(
        ErrorCode.BAD_LAYOUT,
        ErrorCode.TOO_MANY_LAYOUTS,
        ErrorCode.UNAVAILABLE,
        ErrorCode.CROSS_SITE,
        *JOB_ERRORS,
    ),
    openapi_extra=FILE_UPLOAD_BODY,
)
async def upload_layout(
    request: Request, response: Response, cookie: PlayerCookie = None
) -> ImportedLayouts:
    """A KMahjongg ``.layout`` (v1.0 or v1.1) or GNOME Mahjongg ``.map`` file in the field
    ``file``.  Answers ``{"layouts": [...], "refused": [{"title", "reason"}, ...]}``: the
    stored layouts as ``GET /api/layouts`` lists them (a GNOME file may hold several maps;
    a layout already imported keeps its name) and the maps refused, each on its own, as
    GNOME Mahjongg skips a bad map (no tiles, an odd count, overlaps, a bad element, or
    positions no game can clear).  A file that cannot be read, or none of whose maps can be
    stored, is refused (400 ``bad_layout``) with the parser's messages, naming the line or
    element, and nothing is stored; a file over the size limit is refused (413) before it
    is read.  The layouts are the player's own; a player keeps at most
    :data:`~..store.MAX_LAYOUTS_PER_PLAYER` (409 ``too_many_layouts`` beyond).  Every map
    is checked before the first is stored; the search for a deal on each is heavy work (a
    worker process's, one at a time per client: 429 ``too_many_requests``, 503 ``busy``)."""
    with engine_jobs(request).place(request) as place:  # before the file is read
        data, filename = await uploaded_file(request, LAYOUT_UPLOAD)
        maps = await run_in_threadpool(read_layout_maps, data, filename)
        found = await place.run(playable_maps, maps, LAYOUT_IMPORT.upload())
    stored = await run_in_threadpool(_store, request, response, cookie, found, filename)
    return ImportedLayouts(
        layouts=[layout_entry(layout) for layout in stored],
        refused=[RefusedLayout(title=item.title, reason=item.reason) for item in found.refused],
    )


@router.delete(
    "/layouts/{name}",
    status_code=204,
    response_class=Response,
    summary="Delete an imported layout",
    responses=error_responses(ErrorCode.UNKNOWN_LAYOUT, ErrorCode.UNAVAILABLE, write=True),
)
def delete_layout(request: Request, name: str, cookie: PlayerCookie = None) -> Response:
    """Delete one of the player's imported layouts (404 ``unknown_layout`` for a built-in
    layout, another player's or an unknown one).  The games played on it keep their own
    copy of its positions: they stay playable and in the statistics."""
    player_id = reading_player(request, cookie)
    if player_id is None:
        raise _unknown_layout(name)
    try:
        store_of(request).delete_layout(name, player_id)
    except LayoutNotFoundError:
        raise _unknown_layout(name) from None
    return Response(status_code=204)


# -- stages ----------------------------------------------------------------------------


def _last_listed(next_stage: int) -> int:
    """Stages are listed through the end of the round of the next stage to play."""
    per_round = len(STAGE_ORDER)
    return -(-next_stage // per_round) * per_round


def stage_entry(item: Stage, best_times: dict[int, float], next_stage: int) -> StageEntry:
    """One stage of ``GET /api/stages``.

    >>> entry = stage_entry(stage(2), {1: 95.5}, 2)
    >>> entry.layout.name, entry.difficulty, entry.cleared, entry.next
    ('crab', 'easy', False, True)
    """
    best = best_times.get(item.number)
    layout = item.layout
    return StageEntry(
        number=item.number,
        round=item.round,
        code=item.code,
        difficulty=item.difficulty.value,
        layout=StageLayout(**layout_info(layout).model_dump(), preview=preview_url(layout)),
        cleared=best is not None,
        best_time=None if best is None else round(best, 3),
        locked=item.number > next_stage,
        next=item.number == next_stage,
    )


@router.get(
    "/stages",
    response_model=ClassicStages,
    summary="The stages and the player's progress",
    responses=error_responses(ErrorCode.UNAVAILABLE),
)
def stage_list(request: Request, cookie: PlayerCookie = None) -> ClassicStages:
    """``{"next": n, "cleared": [...], "stages": [...]}``: the stages through the end of the
    round of the next one to play, each with its layout, difficulty and code, whether it is
    cleared (and the best time), locked (after the next stage) or the next one.  Nothing
    is written (a visitor without a player has cleared nothing)."""
    progress = store_of(request).stage_progress(reading_player(request, cookie) or "")
    next_stage = progress.next_stage
    best = progress.best_times
    return ClassicStages(
        next=next_stage,
        cleared=progress.cleared,
        round_size=len(STAGE_ORDER),
        stages=[
            stage_entry(item, best, next_stage) for item in stages(1, _last_listed(next_stage))
        ],
    )


@router.post(
    "/stages/{number}",
    response_model=GameState,
    summary="Play a stage",
    responses=error_responses(
        ErrorCode.BAD_BODY,
        ErrorCode.STAGE_LOCKED,
        ErrorCode.CORRUPT_GAME,
        ErrorCode.UNAVAILABLE,
        ErrorCode.TOO_MANY_REQUESTS,
        write=True,
    ),
)
def play_stage(
    request: Request,
    response: Response,
    number: Annotated[int, Path(ge=1)],
    cookie: PlayerCookie = None,
) -> GameState:
    """Start stage ``number`` (any cleared stage, or the next one): the stage's fixed deal,
    stored as a stage game, so that its win counts as the stage cleared.  409
    ``stage_locked`` for a stage after the next one."""
    player_id = acting_player(request, response, cookie)
    chosen = stage(number)
    next_stage = store_of(request).stage_progress(player_id).next_stage
    if number > next_stage:
        raise ApiError(
            ErrorCode.STAGE_LOCKED, f"stage {number} is locked: clear stage {next_stage} first"
        )
    stored = store_of(request).create_game(player_id, code=chosen.code, stage=number)
    return answer(request, load_stored(stored, VIEW), GameState)
