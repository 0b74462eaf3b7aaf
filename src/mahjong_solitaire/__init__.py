"""Mahjong Solitaire: an engine of bitsets, deals solvable by construction, and a game.

    >>> import mahjong_solitaire as mj
    >>> deal = mj.deal_from_code("MJ1-L00-AAAAABL")
    >>> board = deal.board()
    >>> len(board.free_positions())
    35
    >>> board.push(deal.solution[0]); board.tiles_left
    142
"""

from .board import Board, IllegalMoveError, Move, Rearrangement
from .codes import CodeError, GameCode, daily_code, deal_from_code
from .construction import UnclearableError, construct
from .game import Game, GameError, GameStatus, TapOutcome, TapResult
from .generator import Deal, Difficulty, generate
from .layout import Layout, LayoutError
from .layouts import builtin_layout, builtin_layouts
from .rng import Rng
from .shuffle import ShuffleError, shuffled_tiles
from .tiles import KINDS, TILE_SET, Kind, TileError, matches

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
