"""The state of a classic game: everything the page needs to draw it, from the engine, as
the :class:`~.models.GameState` the classic routes answer.

The server never keeps a game in memory: each request rebuilds the game from the stored
code and action log (:mod:`.lifecycle`) and answers :func:`game_state`.

    >>> from mahjong_solitaire import deal_from_code
    >>> game = Game(deal_from_code("MJ1-L00-AAAAABL"), clock=lambda: 0.0)
    >>> board = board_state(game)
    >>> board["tiles_left"], sum(tile.free for tile in board["tiles"])
    (144, 35)
    >>> {tile.tile for tile in board_state(game, hide=True)["tiles"]}
    {None}
"""

from __future__ import annotations

from typing import Any, ClassVar, TypedDict

from ...classic.game import Game
from ...classic.mode import CLASSIC
from ...classic.stages import stage
from ...connect.game import ConnectGame
from ...core.game import GameStatus, PlayableDeal, TileGame
from ...core.layout import Layout
from ...core.mode import Mode
from ...i18n import layout_description, layout_title
from ...store import StoredGame
from ..games.live_games import winnability
from ..games.models import (
    GameState,
    LayoutInfo,
    LayoutPreview,
    NextStage,
    Result,
    TileState,
    Verdict,
)
from ..games.view import GameView, StateT
from ..http.language import current_language

__all__ = [
    "CLASSIC_VIEW",
    "ClassicView",
    "FrameFields",
    "board_counters",
    "board_state",
    "frame_fields",
    "game_state",
    "layout_details",
    "layout_info",
    "verdict",
]


# -- the parts every mode shares -------------------------------------------------------


class FrameFields(TypedDict):
    """The fields of :class:`~.models.GameFrame`, as :func:`frame_fields` fills them."""

    id: str
    version: int
    mode: str
    code: str | None
    difficulty: str
    stage: int | None
    status: str
    elapsed: float
    running: bool
    hints: int
    undos: int
    shuffles: int
    solution_shown: bool
    finishable: bool


class Counters(TypedDict):
    selection: int | None
    tiles_left: int
    pairs_available: int
    can_undo: bool
    can_redo: bool


def frame_fields(stored: StoredGame, game: TileGame) -> FrameFields:
    """The part of the state that every mode answers alike: the record (id, version, mode,
    code, difficulty, stage), the status and clock, and the counts."""
    status = "abandoned" if stored.status == "abandoned" else game.status.value
    return FrameFields(
        id=stored.id,
        version=stored.version,
        mode=stored.mode,
        code=stored.code,
        difficulty=stored.difficulty,
        stage=stored.stage,
        status=status,
        elapsed=round(game.elapsed, 3),
        running=status == "playing",
        hints=game.hints,
        undos=game.undos,
        shuffles=game.shuffles,
        solution_shown=game.solution_shown,
        finishable=status == "playing" and game.finishable,
    )


def result_fields(stored: StoredGame, game: TileGame, rank: int | None) -> dict[str, Any] | None:
    """A won game's result (``rank``: its place on the player's leaderboard of its mode);
    ``None`` for a game not won."""
    if game.status is not GameStatus.WON:
        return None
    return {
        "time": round(game.elapsed, 3),
        "rank": rank,
        "hints": game.hints,
        "undos": game.undos,
        "shuffles": game.shuffles,
        "ranked": stored.ranked,
        "solution_shown": game.solution_shown,
    }


def board_counters(game: Game | ConnectGame, *, hide: bool = False) -> Counters:
    """The selection (hidden while paused) and the counters of the board, in every mode."""
    board = game.board
    return Counters(
        selection=None if hide else game.selection,
        tiles_left=board.tiles_left,
        pairs_available=board.pair_count(),
        can_undo=board.can_undo,
        can_redo=board.can_redo,
    )


# -- classic ---------------------------------------------------------------------------


def layout_info(layout: Layout, *, lang: str | None = None) -> LayoutInfo:
    """The layout part of the state; the title in ``lang`` (default: the language of the
    request being answered).

        >>> from mahjong_solitaire.layouts import builtin_layout
        >>> layout_info(builtin_layout("turtle")).model_dump()
        {'name': 'turtle', 'title': 'Turtle', 'number': 0, 'width': 30, 'height': 16, 'depth': 5, 'tiles': 144}
        >>> layout_info(builtin_layout("turtle"), lang="it").title
        'Tartaruga'
    """  # noqa: E501
    lang = lang or current_language()
    width, height = layout.size
    return LayoutInfo(
        name=layout.name,
        title=layout_title(layout, lang),
        number=layout.number,
        width=width,
        height=height,
        depth=layout.depth,
        tiles=len(layout),
    )


def layout_details(layout: Layout, *, lang: str | None = None) -> LayoutPreview:
    """:func:`layout_info` with the description and the positions, for the layout list."""
    lang = lang or current_language()
    return LayoutPreview(
        **layout_info(layout, lang=lang).model_dump(),
        description=layout_description(layout, lang),
        positions=list(layout.positions),
    )


class BoardFields(Counters):
    tiles: list[TileState]


def board_state(game: Game, *, hide: bool = False) -> BoardFields:
    """The board part of the state: the tiles still on the board, free or blocked (labels
    hidden while paused), the selection and the counters."""
    board = game.board
    present, free = board.present, board.free
    tiles = [
        TileState(
            i=i, x=x, y=y, z=z, tile=None if hide else board.tile_at(i), free=bool(free >> i & 1)
        )
        for i, (x, y, z) in enumerate(board.layout.positions)
        if present >> i & 1
    ]
    return BoardFields(tiles=tiles, **board_counters(game, hide=hide))


def verdict(game: Game, *, undo: bool = True) -> tuple[Verdict, int | None]:
    """``winnability`` and ``last_winnable``: the solver's word on the position (a won
    game is winnable without asking), kept per position and leaving the game's hint plan
    alone (:func:`.live_games.winnability`); ``undo=False``: without looking for the way
    back."""
    if game.status is GameStatus.WON:
        return "winnable", None
    found = winnability(game, undo=undo)
    return found.status.value, found.undo or None


def game_state(
    stored: StoredGame,
    game: Game,
    *,
    rank: int | None = None,
    into: type[StateT] = GameState,  # type: ignore[assignment]
    **extra: Any,
) -> StateT:
    """The state of ``docs/web-api.md`` for a stored game rebuilt as ``game`` (as ``into``,
    with ``extra``'s fields).

    The solver is asked only when the player is stuck (the No moves dialog offers the way
    back); during play the page asks ``/winnability`` itself, so a tap never waits for it.
    """
    result = result_fields(stored, game, rank)
    if result is not None and stored.stage is not None:
        result.update(stage=stored.stage, next_stage=next_stage(stored.stage))
    winnability: Verdict = "unknown"
    last_winnable: int | None = None
    if game.status in (GameStatus.WON, GameStatus.STUCK):
        winnability, last_winnable = verdict(game)
    fields: dict[str, Any] = {
        **frame_fields(stored, game),
        "result": None if result is None else Result(**result),
        "layout": layout_info(game.deal.layout),
        "daily": stored.daily.isoformat() if stored.daily is not None else None,
        **board_state(game, hide=game.status is GameStatus.PAUSED),
        "winnability": winnability,
        "last_winnable": last_winnable,
        **extra,
    }
    return into(**fields)


def next_stage(number: int) -> NextStage:
    """What a won stage leads to: the next stage of the classic progression.

    >>> next_stage(1).model_dump()
    {'number': 2, 'layout': 'crab', 'title': 'Crab', 'difficulty': 'easy'}
    """
    following = stage(number + 1)
    return NextStage(
        number=following.number,
        layout=following.layout.name,
        title=layout_title(following.layout, current_language()),
        difficulty=following.difficulty.value,
    )


class ClassicView(GameView):
    """Classic games: played under ``/api/games``, drawn by :func:`game_state`."""

    mode: ClassVar[Mode] = CLASSIC
    path: ClassVar[str] = "/api/games"
    state_model: ClassVar[type[GameState]] = GameState

    def deal(self, stored: StoredGame) -> PlayableDeal:
        return stored.deal()  # from the code, or an imported layout's positions

    def state(
        self,
        stored: StoredGame,
        game: TileGame,
        *,
        rank: int | None,
        into: type[StateT],
        **extra: Any,
    ) -> StateT:
        assert isinstance(game, Game)
        return game_state(stored, game, rank=rank, into=into, **extra)


#: The classic view.
CLASSIC_VIEW = ClassicView()
