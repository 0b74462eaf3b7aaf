"""Mahjong Solitaire: an engine of bitsets, deals solvable by construction, and a game.

    >>> import mahjong_solitaire as mj
    >>> deal = mj.deal_from_code("MJ1-L00-AAAAABL")
    >>> board = deal.board()
    >>> len(board.free_positions())
    35
    >>> board.push(deal.solution[0]); board.tiles_left
    142
"""

from .classic.codes import GameCode, daily_code
from .classic.construction import UnclearableError, construct
from .classic.game import Game
from .classic.generator import Deal, deal_from_code, generate
from .classic.shuffle import shuffled_tiles
from .core.board import Board
from .core.codes import CodeError
from .core.difficulty import Difficulty
from .core.faces import ShuffleError
from .core.game import GameError, GameStatus, TapOutcome, TapResult
from .core.layout import Layout, LayoutError
from .core.moves import IllegalMoveError, Move, Rearrangement
from .core.rng import Rng
from .core.tiles import KINDS, TILE_SET, Kind, TileError, matches
from .layouts import builtin_layout, builtin_layouts

__version__ = "0.1.0"

__all__ = [
    "KINDS",
    "TILE_SET",
    "Board",
    "CodeError",
    "Deal",
    "Difficulty",
    "Game",
    "GameCode",
    "GameError",
    "GameStatus",
    "IllegalMoveError",
    "Kind",
    "Layout",
    "LayoutError",
    "Move",
    "Rearrangement",
    "Rng",
    "ShuffleError",
    "TapOutcome",
    "TapResult",
    "TileError",
    "UnclearableError",
    "builtin_layout",
    "builtin_layouts",
    "construct",
    "daily_code",
    "deal_from_code",
    "generate",
    "matches",
    "shuffled_tiles",
]
