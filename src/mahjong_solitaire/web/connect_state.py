"""The JSON state of a Connect game (rules §9): everything the page needs to draw the grid.

As for the classic game (:mod:`.state`), the server keeps no game in memory: each request
rebuilds the :class:`~mahjong_solitaire.connect.ConnectGame` from the stored ``CN1-…`` code
and action log (:func:`rebuild_connect`) and answers :func:`connect_state`.

Tiles slide in Connect, so a cell number does not follow a tile.  Each tile also carries an
``id``: the cell it was dealt on, followed through every removal and slide
(:func:`tile_ids`), so the page can move the same element to its new cell.

    >>> from mahjong_solitaire.connect import ConnectGame, connect_deal_from_code
    >>> game = ConnectGame(connect_deal_from_code("CN1-0402B-AAAAAAB"), clock=lambda: 0.0)
    >>> game.board.rows()
    [['G', 'Wh', 'G', 'G'], ['Wh', 'Wh', 'G', 'Wh']]
    >>> game.tap(4).outcome.value, game.tap(5).outcome.value   # (0, 1) and (1, 1): neighbours
    ('selected', 'matched')
    >>> tile_ids(game)                     # the tiles above them slid down
    [None, None, 2, 3, 0, 1, 6, 7]
    >>> board = grid_state(game)
    >>> board["tiles_left"], [(t["id"], t["x"], t["y"]) for t in board["tiles"]][:3]
    (6, [(2, 2, 0), (3, 3, 0), (0, 0, 1)])
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

from ..connect import ConnectGame, Stage, stage
from ..connect.grid import Path, Shape
from ..core.game import GameStatus
from ..core.moves import Move
from ..i18n import connect_grid_title
from ..store import StoredGame, connect_layout_name
from .language import current_language
from .state import BaseResult, BaseState, board_counters, replay_stored, state_frame

__all__ = [
    "ConnectState",
    "StagesList",
    "connect_state",
    "grid_state",
    "rebuild_connect",
    "slid_tiles",
    "stage_info",
    "tile_ids",
]

#: The stage list shows at least the first two rounds (the rules on easy, then on the full
#: grid at normal difficulty), and always the player's next stage.
LISTED_STAGES = 22


def rebuild_connect(stored: StoredGame, now: datetime) -> ConnectGame:
    """The Connect game of a stored record at ``now``: its actions replayed on its deal,
    its clock, its pause and its selection (as :func:`.state.rebuild` does for classic).

    Raises :class:`~mahjong_solitaire.core.game.GameError` when the stored log cannot be replayed.
    """
    return replay_stored(ConnectGame, stored.connect_deal(), stored, now)


# -- tiles followed through the slides -------------------------------------------------


def tile_ids(game: ConnectGame, *, moves: int | None = None) -> list[int | None]:
    """Per cell, the id of the tile on it (the cell it was dealt on), ``None`` when empty:
    the deal's cells carried through the removals and slides of the game so far (or of its
    first ``moves`` history entries).  Shuffles change faces, never cells."""
    shape = game.board.shape
    rule = game.board.rule
    ids: list[int | None] = list(range(len(shape)))
    history = game.board.move_stack
    for entry in history if moves is None else history[:moves]:
        if isinstance(entry, Move):
            ids[entry.a] = ids[entry.b] = None
            ids = rule.apply(ids, shape.width, shape.height)
    return ids


def slid_tiles(shape: Shape, before: list[int | None], after: list[int | None]
               ) -> list[dict[str, Any]]:
    """The tiles that changed cells between two id grids: ``{"id", "from", "to"}`` with
    ``[x, y]`` cells.

        >>> slid_tiles(Shape(2, 2), [0, 1, None, 3], [None, 1, 0, 3])
        [{'id': 0, 'from': [0, 0], 'to': [0, 1]}]
    """
    where_after = {tile: cell for cell, tile in enumerate(after) if tile is not None}
    moved = []
    for cell, tile in enumerate(before):
        if tile is not None and tile in where_after and where_after[tile] != cell:
            moved.append({"id": tile, "from": list(shape.point(cell)),
                          "to": list(shape.point(where_after[tile]))})
    return moved


def path_points(path: Path | None) -> list[list[int]] | None:
    """A connecting path as JSON: its corner points ``[x, y]``, ring cells included."""
    return None if path is None else [list(point) for point in path]


# -- the state object ------------------------------------------------------------------


class ConnectTile(BaseModel):
    i: int
    id: int
    x: int
    y: int
    tile: str | None
    free: bool


class GridInfo(BaseModel):
    name: str
    title: str
    number: None
    width: int
    height: int
    depth: int
    tiles: int
    slide: str


class StageRules(BaseModel):
    number: int
    width: int
    height: int
    slide: str
    difficulty: str


class NextStage(StageRules):
    title: str


class StageInfo(StageRules):
    cleared: bool
    locked: bool
    best_time: float | None


class ConnectResult(BaseResult):
    next_stage: NextStage | None = None


class StagesList(BaseModel):
    next: int
    stages: list[StageInfo]


class ConnectState(BaseState):
    """The full state of one Connect game, as every Connect game endpoint answers it."""

    mode: Literal["connect"]
    code: str
    stage: int | None
    layout: GridInfo
    daily: None
    tiles: list[ConnectTile]
    last_winnable: None
    result: ConnectResult | None


def grid_info(game: ConnectGame) -> dict[str, Any]:
    """The ``layout`` part of the state: the grid and its sliding rule (``name`` is the
    one the store groups statistics by; ``title`` in the request's language)."""
    board = game.board
    rule = board.rule.value
    return {"name": connect_layout_name(game.deal),
            "title": connect_grid_title(board.width, board.height, rule, current_language()),
            "number": None,
            "width": board.width, "height": board.height, "depth": 1,
            "tiles": len(game.deal.tiles), "slide": rule}


def grid_state(game: ConnectGame, *, hide: bool = False) -> dict[str, Any]:
    """The board part of the state: the tiles on the grid (``i`` the cell a tap names,
    ``x``/``y`` its column and row, ``id`` the tile followed through slides; labels hidden
    while paused), the selection and the counters.  Every tile can be selected: ``free``."""
    board = game.board
    ids = tile_ids(game)
    tiles = []
    for i, label in enumerate(board.tiles):
        if label is not None:
            x, y = board.shape.point(i)
            tiles.append({"i": i, "id": ids[i], "x": x, "y": y,
                          "tile": None if hide else label, "free": True})
    return {"tiles": tiles, **board_counters(game, hide=hide)}


def _winnability(game: ConnectGame) -> str:
    """Known for sure: a won board, a board still on a known winning line, a stuck one."""
    board = game.board
    if board.is_won() or board.plan is not None:
        return "winnable"
    return "lost" if board.is_stuck() else "unknown"


def stage_info(number: int) -> dict[str, Any]:
    """A stage as the page lists it.

        >>> stage_info(2)
        {'number': 2, 'width': 12, 'height': 6, 'slide': 'down', 'difficulty': 'easy'}
    """
    found: Stage = stage(number)
    return {"number": found.number, "width": found.shape.width,
            "height": found.shape.height, "slide": found.rule.value,
            "difficulty": found.difficulty.value}


def connect_state(stored: StoredGame, game: ConnectGame, *, rank: int | None = None
                  ) -> dict[str, Any]:
    """The state object of ``docs/web-api.md`` (Connect) for a stored game rebuilt as ``game``.

    ``rank`` is the win's place on the player's Connect leaderboard (read for won games).
    A won stage adds ``stage`` and ``next_stage`` to the result.
    """
    state = state_frame(stored, game, rank=rank)
    result = state["result"]
    if result is not None and stored.stage is not None:
        following = stage_info(stored.stage + 1)
        following["title"] = connect_grid_title(following["width"], following["height"],
                                                following["slide"], current_language())
        result.update(stage=stored.stage, next_stage=following)
    state.update({
        "layout": grid_info(game),
        "daily": None,
        **grid_state(game, hide=game.status is GameStatus.PAUSED),
        "winnability": _winnability(game),
        "last_winnable": None,
    })
    return state
