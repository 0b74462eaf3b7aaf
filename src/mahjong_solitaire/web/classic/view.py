"""The state of a classic game: everything the page needs to draw it, from the engine, as
the :class:`~.models.GameState` the classic routes answer (:class:`ClassicView`).

Each request finds its game through :mod:`..games.lifecycle` (kept by this process, or
rebuilt from the stored code and action log) and answers :meth:`ClassicView.draw`.

    >>> from mahjong_solitaire import deal_from_code
    >>> game = Game(deal_from_code("MJ1-L00-AAAAABL"), clock=lambda: 0.0)
    >>> tiles = board_tiles(game)
    >>> len(tiles), sum(tile.free for tile in tiles)
    (144, 35)
    >>> {tile.tile for tile in board_tiles(game, hide=True)}
    {None}
    >>> sum(tile.tile is not None for tile in board_tiles(game, blind=True))
    35
"""

from __future__ import annotations

from typing import ClassVar

from ...classic.game import Game
from ...classic.mode import CLASSIC
from ...classic.stages import stage
from ...core.game import GameStatus
from ...core.layout import Layout
from ...core.mode import Mode
from ...i18n import layout_description, layout_title
from ...store import StoredGame
from ..games.live_games import winnability
from ..games.models import Verdict
from ..games.view import GameView, counters, faces_hidden, frame, removed, won
from ..http.language import current_language
from .models import GameState, LayoutInfo, LayoutPreview, NextStage, Result, TileState

__all__ = [
    "VIEW",
    "ClassicView",
    "board_tiles",
    "layout_details",
    "layout_info",
    "next_stage",
    "verdict",
]


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


def board_tiles(game: Game, *, hide: bool = False, blind: bool = False) -> list[TileState]:
    """The tiles still on the board, free or blocked (their faces hidden while paused, and
    with ``blind`` those of the tiles that are not free: blackout, rules §13.5)."""
    board = game.board
    present, free = board.present, board.free
    shown = 0 if hide else free if blind else present
    return [
        TileState(
            i=i,
            x=x,
            y=y,
            z=z,
            tile=board.tile_at(i) if shown >> i & 1 else None,
            free=bool(free >> i & 1),
        )
        for i, (x, y, z) in enumerate(board.layout.positions)
        if present >> i & 1
    ]


def verdict(game: Game, *, undo: bool = True) -> tuple[Verdict, int | None]:
    """``winnability`` and ``last_winnable``: the solver's word on the position (a won
    game is winnable without asking), kept per position and leaving the game's hint plan
    alone (:func:`.live_games.winnability`); ``undo=False``: without looking for the way
    back."""
    if game.status is GameStatus.WON:
        return "winnable", None
    found = winnability(game, undo=undo)
    return found.status.value, found.undo or None


def next_stage(number: int) -> NextStage:
    """What winning stage ``number`` leads to: the next stage of the classic progression.

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


class ClassicView(GameView[Game, GameState]):
    """Classic games: played under ``/api/games``, drawn as :class:`~.models.GameState`.

    The solver is asked only when the player is stuck (the No moves dialog offers the way
    back); during play the page asks ``/winnability`` itself, so a tap never waits for it.
    """

    mode: ClassVar[Mode] = CLASSIC
    path: ClassVar[str] = "/api/games"
    game_class = Game
    state_model = GameState

    def result(self, stored: StoredGame, game: Game, rank: int | None) -> Result | None:
        return won(stored, game, rank, Result, next_stage)

    def verdict(self, game: Game) -> tuple[Verdict, int | None]:
        """The solver's word, asked only for a won or a stuck game (see above)."""
        if game.status in (GameStatus.WON, GameStatus.STUCK):
            return verdict(game)
        return "unknown", None

    def masks(self, game: Game) -> tuple[int, int]:
        return game.board.present, game.board.free

    def revealed(self, game: Game, freed: list[int]) -> list[dict[str, object]]:
        return [{"i": i, "tile": game.board.tile_at(i)} for i in freed]

    def layout_of(self, game: Game) -> LayoutInfo:
        return layout_info(game.deal.layout)

    def tiles_of(self, game: Game) -> list[TileState]:
        return board_tiles(game)

    def draw(self, stored: StoredGame, game: Game, rank: int | None) -> GameState:
        winnable, last_winnable = self.verdict(game)
        paused = game.status is GameStatus.PAUSED
        return GameState(
            **dict(frame(stored, game)),
            **dict(counters(game, hide=paused)),
            removed=removed(game, hide=paused),
            result=self.result(stored, game, rank),
            layout=layout_info(game.deal.layout),
            daily=stored.daily.isoformat() if stored.daily is not None else None,
            tiles=board_tiles(game, hide=paused, blind=faces_hidden(game)),
            winnability=winnable,
            last_winnable=last_winnable,
        )


#: The classic view.
VIEW = ClassicView()
