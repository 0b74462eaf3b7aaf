"""The state of a Connect game (rules §9): everything the page needs to draw the grid, as
the :class:`~.models.ConnectState` the Connect routes answer (:class:`ConnectView`).

As for the classic game (:mod:`..classic.view`), each request finds its
:class:`~mahjong_solitaire.connect.ConnectGame` through :mod:`..games.lifecycle` (kept by
this process, or rebuilt from the stored ``CN2-…`` code and action log) and answers
:meth:`ConnectView.draw`.

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
    >>> [(t.id, t.x, t.y) for t in grid_tiles(game)][:3]
    [(2, 2, 0), (3, 3, 0), (0, 0, 1)]
"""

from __future__ import annotations

from typing import ClassVar

from ...connect import ConnectGame, Stage, stage
from ...connect.grid import Path, Shape
from ...connect.mode import CONNECT
from ...core.game import GameStatus
from ...core.mode import Mode
from ...core.moves import Move
from ...i18n import connect_grid_title
from ...store import StoredGame
from ..games.models import Verdict
from ..games.view import GameView, counters, frame, removed, won
from ..http.language import current_language
from .models import (
    ConnectNextStage,
    ConnectResult,
    ConnectState,
    ConnectTile,
    GridInfo,
    SlidTile,
    StageRules,
)

__all__ = [
    "LISTED_STAGES",
    "VIEW",
    "ConnectView",
    "grid_tiles",
    "path_points",
    "slid_tiles",
    "stage_info",
    "tile_ids",
]

#: The stage list shows at least the first two rounds (the rules on easy, then on the full
#: grid at normal difficulty), and always the player's next stage.
LISTED_STAGES = 22


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


def slid_tiles(shape: Shape, before: list[int | None], after: list[int | None]) -> list[SlidTile]:
    """The tiles that changed cells between two id grids, with ``[x, y]`` cells.

    >>> [tile.model_dump(by_alias=True)
    ...  for tile in slid_tiles(Shape(2, 2), [0, 1, None, 3], [None, 1, 0, 3])]
    [{'id': 0, 'from': (0, 0), 'to': (0, 1)}]
    """
    where_after = {tile: cell for cell, tile in enumerate(after) if tile is not None}
    return [
        SlidTile.model_validate(
            {"id": tile, "from": shape.point(cell), "to": shape.point(where_after[tile])}
        )
        for cell, tile in enumerate(before)
        if tile is not None and tile in where_after and where_after[tile] != cell
    ]


def path_points(path: Path | None) -> list[tuple[int, int]] | None:
    """A connecting path as JSON: its corner points ``[x, y]``, ring cells included."""
    return None if path is None else [tuple(point) for point in path]  # type: ignore[misc]


# -- the state object ------------------------------------------------------------------


def grid_info(game: ConnectGame) -> GridInfo:
    """The ``layout`` part of the state: the grid and its sliding rule (``name`` is the
    one the store groups statistics by; ``title`` in the request's language)."""
    board = game.board
    rule = board.rule.value
    return GridInfo(
        name=CONNECT.ranking_name(game.deal),
        title=connect_grid_title(board.width, board.height, rule, current_language()),
        number=None,
        width=board.width,
        height=board.height,
        depth=1,
        tiles=len(game.deal.tiles),
        slide=rule,
    )


def grid_tiles(game: ConnectGame, *, hide: bool = False) -> list[ConnectTile]:
    """The tiles on the grid: ``i`` the cell a tap names, ``x``/``y`` its column and row,
    ``id`` the tile followed through slides (faces hidden while paused).  Every tile can be
    selected: ``free``."""
    board = game.board
    ids = tile_ids(game)
    tiles = []
    for i, label in enumerate(board.tiles):
        if label is not None:
            x, y = board.shape.point(i)
            tile_id = ids[i]
            assert tile_id is not None  # a tile on the grid has come from a dealt cell
            tiles.append(
                ConnectTile(i=i, id=tile_id, x=x, y=y, tile=None if hide else label, free=True)
            )
    return tiles


def _winnability(game: ConnectGame) -> Verdict:
    """Known for sure: a won board, a board still on a known winning line, a stuck one."""
    board = game.board
    if board.is_won() or board.plan is not None:
        return "winnable"
    return "lost" if board.is_stuck() else "unknown"


def stage_info(number: int) -> StageRules:
    """A stage as the page lists it.

    >>> stage_info(2).model_dump()
    {'number': 2, 'width': 12, 'height': 6, 'slide': 'down', 'difficulty': 'easy'}
    """
    found: Stage = stage(number)
    return StageRules(
        number=found.number,
        width=found.shape.width,
        height=found.shape.height,
        slide=found.rule.value,
        difficulty=found.difficulty.value,
    )


def next_stage(won_stage: int) -> ConnectNextStage:
    """What winning stage ``won_stage`` leads to: the next stage, with its grid's title.

    >>> next_stage(1).number
    2
    """
    rules = stage_info(won_stage + 1)
    return ConnectNextStage(
        **rules.model_dump(),
        title=connect_grid_title(rules.width, rules.height, rules.slide, current_language()),
    )


class ConnectView(GameView[ConnectGame, ConnectState]):
    """Connect games: played under ``/api/connect/games``, drawn as
    :class:`~.models.ConnectState`; a won stage adds ``stage`` and ``next_stage`` to the
    result."""

    mode: ClassVar[Mode] = CONNECT
    path: ClassVar[str] = f"/api/{CONNECT.name}/games"
    game_class = ConnectGame
    state_model = ConnectState

    def result(
        self, stored: StoredGame, game: ConnectGame, rank: int | None
    ) -> ConnectResult | None:
        return won(stored, game, rank, ConnectResult, next_stage)

    def verdict(self, game: ConnectGame) -> tuple[Verdict, int | None]:
        return _winnability(game), None

    def layout_of(self, game: ConnectGame) -> GridInfo:
        return grid_info(game)

    def tiles_of(self, game: ConnectGame) -> list[ConnectTile]:
        return grid_tiles(game)

    def draw(self, stored: StoredGame, game: ConnectGame, rank: int | None) -> ConnectState:
        paused = game.status is GameStatus.PAUSED
        return ConnectState(
            **dict(frame(stored, game)),
            **dict(counters(game, hide=paused)),
            removed=removed(game, hide=paused),
            result=self.result(stored, game, rank),
            layout=grid_info(game),
            daily=None,
            tiles=grid_tiles(game, hide=paused),
            winnability=_winnability(game),
            last_winnable=None,
        )


#: The Connect view.
VIEW = ConnectView()
