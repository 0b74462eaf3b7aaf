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
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from ..classic.game import Game
from ..classic.stages import stage
from ..core.game import GameStatus
from ..core.layout import Layout
from ..i18n import layout_description, layout_title
from ..store import StoredGame
from .language import current_language

__all__ = [
    "BaseResult",
    "BaseState",
    "GameState",
    "LayoutInfo",
    "board_counters",
    "board_state",
    "game_state",
    "layout_info",
    "rebuild",
    "replay_stored",
    "state_frame",
]

GameT = TypeVar("GameT", bound=Game)


def rebuild(stored: StoredGame, now: datetime) -> Game:
    """The game of a stored record at ``now``: its actions replayed on its deal (the store
    caches deals), its clock, its pause and its selection (the first tap of a pair may have
    been served by another process).

    Raises :class:`~.game.GameError` when the stored log cannot be replayed.
    """
    return replay_stored(Game, stored.deal(), stored, now)


def replay_stored(kind: type[GameT], deal: Any, stored: StoredGame, now: datetime) -> GameT:
    """A game of class ``kind`` (the classic :class:`~.game.Game` or a subclass such as
    Connect's) on ``deal``, with the stored record's actions, clock, pause and selection
    at ``now``; what :func:`rebuild` and the other modes' rebuilds share."""
    game = kind.replay(deal, stored.actions, clock=lambda: 0.0,
                       elapsed=stored.elapsed_now(now))
    assert isinstance(game, kind)
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


class BaseResult(BaseModel):
    """A won game's result, in every mode (each adds its kind of ``next_stage``)."""

    time: float
    rank: int | None
    hints: int
    undos: int
    shuffles: int
    stage: int | None = None  # a stage game's win: the stage cleared, and the next one
    ranked: bool = True  # false: faster than a human, kept off the leaderboards


class Result(BaseResult):
    next_stage: NextStage | None = None


class BaseState(BaseModel):
    """The fields of the state that every mode answers (:func:`state_frame` and
    :func:`board_counters` fill them); each mode adds its board, layout and result."""

    model_config = ConfigDict(extra="allow")  # endpoints add "event" or "hint"

    id: str
    version: int
    difficulty: str
    stage: int | None = None
    status: Literal["playing", "paused", "won", "stuck", "abandoned"]
    elapsed: float
    running: bool
    selection: int | None
    tiles_left: int
    pairs_available: int
    can_undo: bool
    can_redo: bool
    hints: int
    undos: int
    shuffles: int
    winnability: Literal["winnable", "lost", "unknown"]


class GameState(BaseState):
    """The full state of one game, as every game endpoint answers it."""

    mode: str
    code: str | None
    layout: LayoutInfo
    daily: str | None
    tiles: list[TileState]
    last_winnable: int | None
    result: Result | None


def layout_info(layout: Layout, *, positions: bool = False, lang: str | None = None
                ) -> dict[str, Any]:
    """The layout part of the state (with ``positions`` for previews); the title and the
    description in ``lang`` (default: the language of the request being answered).

        >>> from mahjong_solitaire.layouts import builtin_layout
        >>> layout_info(builtin_layout("turtle"))
        {'name': 'turtle', 'title': 'Turtle', 'number': 0, 'width': 30, 'height': 16, 'depth': 5, 'tiles': 144}
        >>> layout_info(builtin_layout("turtle"), lang="it")["title"]
        'Tartaruga'
    """  # noqa: E501
    lang = lang or current_language()
    width, height = layout.size
    info: dict[str, Any] = {"name": layout.name, "title": layout_title(layout, lang),
                            "number": layout.number, "width": width, "height": height,
                            "depth": layout.depth, "tiles": len(layout)}
    if positions:
        info["description"] = layout_description(layout, lang)
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
    return {"tiles": tiles, **board_counters(game, hide=hide)}


def board_counters(game: Game, *, hide: bool = False) -> dict[str, Any]:
    """The selection (hidden while paused) and the counters of the board part of the
    state, in every mode."""
    board = game.board
    return {
        "selection": None if hide else game.selection,
        "tiles_left": board.tiles_left,
        "pairs_available": board.pair_count(),
        "can_undo": board.can_undo,
        "can_redo": board.can_redo,
    }


def state_frame(stored: StoredGame, game: Game, *, rank: int | None = None
                ) -> dict[str, Any]:
    """The part of the state that every mode answers alike: the record (id, version, mode,
    code, difficulty, stage), the status and clock, the counts and a won game's
    ``result`` (``rank``: the win's place on the player's leaderboard of its mode)."""
    status = game.status
    stored_status = "abandoned" if stored.status == "abandoned" else status.value
    elapsed = round(game.elapsed, 3)
    won = status is GameStatus.WON
    return {
        "id": stored.id,
        "version": stored.version,
        "mode": stored.mode,
        "code": stored.code,
        "difficulty": stored.difficulty,
        "stage": stored.stage,
        "status": stored_status,
        "elapsed": elapsed,
        "running": stored_status in ("playing", "stuck"),
        "hints": game.hints,
        "undos": game.undos,
        "shuffles": game.shuffles,
        "result": ({"time": elapsed, "rank": rank, "hints": game.hints, "undos": game.undos,
                    "shuffles": game.shuffles, "ranked": stored.ranked} if won else None),
    }


def game_state(stored: StoredGame, game: Game, *, winnability: str = "unknown",
               last_winnable: int | None = None, rank: int | None = None) -> dict[str, Any]:
    """The state object of ``docs/web-api.md`` for a stored game rebuilt as ``game``.

    ``rank`` is the win's place on the player's leaderboard (only read for won games).
    """
    state = state_frame(stored, game, rank=rank)
    won = state["result"] is not None
    state.update({
        "layout": layout_info(game.deal.layout),
        "daily": stored.daily.isoformat() if stored.daily is not None else None,
        **board_state(game, hide=game.status is GameStatus.PAUSED),
        "winnability": "winnable" if won else winnability,
        "last_winnable": last_winnable,
    })
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
            "title": layout_title(following.layout, current_language()),
            "difficulty": following.difficulty.value}
