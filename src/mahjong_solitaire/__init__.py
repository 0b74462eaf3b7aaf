"""Mahjong Solitaire: an engine of bitsets, deals solvable by construction, and a game.

    >>> import mahjong_solitaire as mj
    >>> deal = mj.deal_from_code("MJ1-L00-AAAAABL")
    >>> board = deal.board()
    >>> len(board.free_positions())
    35
    >>> board.push(deal.solution[0]); board.tiles_left
    142

The solver decides any position, with a winning order when there is one:

    >>> result = mj.solve(board)
    >>> result.verdict is mj.Verdict.SOLVABLE, len(result.moves)
    (True, 71)

Every mode (classic, Connect) is a :class:`Mode`, found by name or by game code:

    >>> mode = mj.mode_of_code("CN1-1006B-AAAAABL")
    >>> mode.name, mode.game is mj.ConnectGame
    ('connect', True)
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

#: Where each public name lives: the engine is imported on first use, so that a command that
#: needs only part of it (``deal``, ``solve``) does not pay for the rest at start-up.
_HOME = {
    "Board": ".core.board",
    "CodeError": ".core.codes",
    "ConnectBoard": ".connect",
    "ConnectCode": ".connect",
    "ConnectDeal": ".connect",
    "ConnectGame": ".connect",
    "Deal": ".classic.generator",
    "Difficulty": ".core.difficulty",
    "Game": ".classic.game",
    "GameCode": ".classic.codes",
    "GameError": ".core.game",
    "GameStatus": ".core.game",
    "IllegalMoveError": ".core.moves",
    "KINDS": ".core.tiles",
    "Kind": ".core.tiles",
    "Layout": ".core.layout",
    "LayoutError": ".core.layout",
    "MODES": ".modes",
    "Mode": ".modes",
    "Move": ".core.moves",
    "Rearrangement": ".core.moves",
    "Rng": ".core.rng",
    "ShuffleError": ".core.faces",
    "ShuffleNotFoundError": ".core.faces",
    "OrderNotFoundError": ".classic.construction",
    "DealVersion": ".core.dealing",
    "SolveResult": ".solver",
    "TILE_SET": ".core.tiles",
    "TapOutcome": ".core.game",
    "TapResult": ".core.game",
    "TileError": ".core.tiles",
    "UnclearableError": ".classic.construction",
    "Verdict": ".solver",
    "builtin_layout": ".layouts",
    "builtin_layouts": ".layouts",
    "connect_deal_from_code": ".connect",
    "construct": ".classic.construction",
    "daily_code": ".classic.codes",
    "deal_from_code": ".classic.generator",
    "generate": ".classic.generator",
    "matches": ".core.tiles",
    "mode_named": ".modes",
    "mode_of_code": ".modes",
    "shuffled_tiles": ".classic.shuffle",
    "solve": ".solver",
}

if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors only
    from .classic.codes import GameCode, daily_code
    from .classic.construction import OrderNotFoundError, UnclearableError, construct
    from .classic.game import Game
    from .classic.generator import Deal, deal_from_code, generate
    from .classic.shuffle import shuffled_tiles
    from .connect import ConnectBoard, ConnectCode, ConnectDeal, ConnectGame, connect_deal_from_code
    from .core.board import Board
    from .core.codes import CodeError
    from .core.dealing import DealVersion
    from .core.difficulty import Difficulty
    from .core.faces import ShuffleError, ShuffleNotFoundError
    from .core.game import GameError, GameStatus, TapOutcome, TapResult
    from .core.layout import Layout, LayoutError
    from .core.moves import IllegalMoveError, Move, Rearrangement
    from .core.rng import Rng
    from .core.tiles import KINDS, TILE_SET, Kind, TileError, matches
    from .layouts import builtin_layout, builtin_layouts
    from .modes import MODES, Mode, mode_named, mode_of_code
    from .solver import SolveResult, Verdict, solve


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))


__version__ = "0.1.0"

__all__ = [
    "KINDS",
    "MODES",
    "TILE_SET",
    "Board",
    "CodeError",
    "ConnectBoard",
    "ConnectCode",
    "ConnectDeal",
    "ConnectGame",
    "Deal",
    "DealVersion",
    "Difficulty",
    "Game",
    "GameCode",
    "GameError",
    "GameStatus",
    "IllegalMoveError",
    "Kind",
    "Layout",
    "LayoutError",
    "Mode",
    "Move",
    "OrderNotFoundError",
    "Rearrangement",
    "Rng",
    "ShuffleError",
    "ShuffleNotFoundError",
    "SolveResult",
    "TapOutcome",
    "TapResult",
    "TileError",
    "UnclearableError",
    "Verdict",
    "builtin_layout",
    "builtin_layouts",
    "connect_deal_from_code",
    "construct",
    "daily_code",
    "deal_from_code",
    "generate",
    "matches",
    "mode_named",
    "mode_of_code",
    "shuffled_tiles",
    "solve",
]
