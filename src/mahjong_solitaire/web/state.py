"""The JSON state of a game: everything the page needs to draw it, from the engine.

The server never keeps a game in memory: each request rebuilds the :class:`~.game.Game` from
the stored code and action log (:func:`rebuild`) and answers with :func:`game_state`.

    >>> from mahjong_solitaire import deal_from_code
    >>> game = Game(deal_from_code("MJ1-L00-AAAAABL"), clock=lambda: 0.0)
    >>> state = board_state(game)
    >>> state["tiles_left"], sum(tile["free"] for tile in state["tiles"])
    (144, 35)
    >>> hidden = board_state(game, hide=True)
    >>> {tile["tile"] for tile in hidden["tiles"]}
    {None}

The pydantic models (:class:`GameState` and friends) describe the same object for the
OpenAPI schema; the tests check that every answer fits them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..game import Game, GameStatus
from ..layout import Layout
from ..stages import stage
from ..store import StoredGame

__all__ = [
    "GameState",
    "LayoutInfo",
    "board_state",
    "game_state",
    "layout_info",
    "rebuild",
]


def rebuild(stored: StoredGame, now: datetime) -> Game:
    """The game of a stored record at ``now``: its actions replayed on its deal (the store
    caches deals), its clock, its pause and its selection (the first tap of a pair may have
    been served by another process).

    Raises :class:`~.game.GameError` when the stored log cannot be replayed.
    """
    game = Game.replay(stored.deal(), stored.actions, clock=lambda: 0.0,
                       elapsed=stored.elapsed_now(now))
    if stored.running_since is None and not game.board.is_won():
        game.pause()
    selection = stored.selection
    if selection is not None and not game.is_paused and game.board.is_free(selection):
        game.selection = selection
    return game


# -- the state object ----------------------------------------------------------------


class LayoutInfo(BaseModel):
    name: str
    title: str
    number: int | None
    width: int
    height: int
    depth: int
    tiles: int


class LayoutPreview(LayoutInfo):
    description: str
    positions: list[tuple[int, int, int]]


class TileState(BaseModel):
    i: int
    x: int
    y: int
    z: int
    tile: str | None
    free: bool


class NextStage(BaseModel):
    number: int
    layout: str
    title: str
    difficulty: str


class Result(BaseModel):
    time: float
    rank: int | None
    hints: int
    undos: int
    shuffles: int
    stage: int | None = None  # a stage game's win: the stage cleared, and the next one
    next_stage: NextStage | None = None


class GameState(BaseModel):
    """The full state of one game, as every game endpoint answers it."""

    model_config = ConfigDict(extra="allow")  # endpoints add "event" or "hint"

    id: str
    version: int
    mode: str
    code: str | None
    layout: LayoutInfo
    difficulty: str
    daily: str | None
    stage: int | None = None
    status: Literal["playing", "paused", "won", "stuck", "abandoned"]
    elapsed: float
    running: bool
    tiles: list[TileState]
    selection: int | None
    tiles_left: int
    pairs_available: int
    can_undo: bool
    can_redo: bool
    hints: int
    undos: int
    shuffles: int
    winnability: Literal["winnable", "lost", "unknown"]
    last_winnable: int | None
    result: Result | None


def layout_info(layout: Layout, *, positions: bool = False) -> dict[str, Any]:
    """The layout part of the state (with ``positions`` for previews).

        >>> from mahjong_solitaire.layouts import builtin_layout
        >>> layout_info(builtin_layout("turtle"))
        {'name': 'turtle', 'title': 'Turtle', 'number': 0, 'width': 30, 'height': 16, 'depth': 5, 'tiles': 144}
    """  # noqa: E501
    width, height = layout.size
    info: dict[str, Any] = {"name": layout.name, "title": layout.title, "number": layout.number,
                            "width": width, "height": height, "depth": layout.depth,
                            "tiles": len(layout)}
    if positions:
        info["description"] = layout.description
        info["positions"] = [list(p) for p in layout.positions]
    return info


def board_state(game: Game, *, hide: bool = False) -> dict[str, Any]:
    """The board part of the state: the tiles still on the board, free or blocked (labels
    hidden while paused), the selection and the counters."""
    board = game.board
    positions = board.layout.positions
    present, free = board.present, board.free
    tiles = []
    for i, (x, y, z) in enumerate(positions):
        if present >> i & 1:
            tiles.append({"i": i, "x": x, "y": y, "z": z,
                          "tile": None if hide else board.tile_at(i),
                          "free": bool(free >> i & 1)})
    return {
        "tiles": tiles,
        "selection": None if hide else game.selection,
        "tiles_left": board.tiles_left,
        "pairs_available": board.pair_count(),
        "can_undo": board.can_undo,
        "can_redo": board.can_redo,
    }


def game_state(stored: StoredGame, game: Game, *, winnability: str = "unknown",
               last_winnable: int | None = None, rank: int | None = None) -> dict[str, Any]:
    """The state object of ``web_api.md`` for a stored game rebuilt as ``game``.

    ``rank`` is the win's place on the player's leaderboard (only read for won games).
    """
    status = game.status
    stored_status = "abandoned" if stored.status == "abandoned" else status.value
    paused = status is GameStatus.PAUSED
    won = status is GameStatus.WON
    elapsed = round(game.elapsed, 3)
    state: dict[str, Any] = {
        "id": stored.id,
        "version": stored.version,
        "mode": stored.mode,
        "code": stored.code,
        "layout": layout_info(game.deal.layout),
        "difficulty": stored.difficulty,
        "daily": stored.daily.isoformat() if stored.daily is not None else None,
        "stage": stored.stage,
        "status": stored_status,
        "elapsed": elapsed,
        "running": stored_status in ("playing", "stuck"),
        **board_state(game, hide=paused),
        "hints": game.hints,
        "undos": game.undos,
        "shuffles": game.shuffles,
        "winnability": "winnable" if won else winnability,
        "last_winnable": last_winnable,
        "result": ({"time": elapsed, "rank": rank, "hints": game.hints, "undos": game.undos,
                    "shuffles": game.shuffles} if won else None),
    }
    if won and stored.stage is not None and stored.mode == "classic":
        state["result"].update(stage=stored.stage, next_stage=_next_stage(stored.stage))
    return state


def _next_stage(number: int) -> dict[str, Any]:
    """What a won stage leads to: the next stage of the classic progression.

        >>> _next_stage(1)
        {'number': 2, 'layout': 'crab', 'title': 'Crab', 'difficulty': 'easy'}
    """
    following = stage(number + 1)
    return {"number": following.number, "layout": following.layout.name,
            "title": following.layout.title, "difficulty": following.difficulty.value}
