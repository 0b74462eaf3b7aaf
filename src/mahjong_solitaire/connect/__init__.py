"""Connect mode (Shisen-Sho): matching tiles joined by a path of at most two turns, with a
sliding rule per stage, on deals solvable by construction (rules §9).

    >>> from mahjong_solitaire.connect import stage
    >>> deal = stage(2).deal(seed=5)
    >>> deal.rule.value, deal.width, deal.height
    ('down', 12, 6)
    >>> board = deal.board()
    >>> board.play(deal.solution)
    >>> board.is_won()
    True

Modules: :mod:`.grid` (cells, the connection test), :mod:`.slide` (the sliding rules),
:mod:`.board` (a position with undo and redo), :mod:`.construction` and :mod:`.generator`
(deals), :mod:`.shuffle`, :mod:`.hint`, :mod:`.stages`, :mod:`.codes`, :mod:`.game` and
:mod:`.picture`.  Tiles, matching, seeds, difficulty, moves and the tap model are the
classic engine's.
"""

from .board import ConnectBoard
from .codes import ConnectCode, ConnectCodeError
from .construction import Construction, construct
from .game import ConnectGame
from .generator import FORMAT, ConnectDeal, connect_deal_from_code, generate
from .grid import Grid, Path, Point, Shape, ShapeError
from .hint import solve, suggest
from .picture import render
from .shuffle import shuffled_cells
from .slide import Slide
from .stages import Stage, stage

__all__ = [
    "FORMAT",
    "ConnectBoard",
    "ConnectCode",
    "ConnectCodeError",
    "ConnectDeal",
    "ConnectGame",
    "Construction",
    "Grid",
    "Path",
    "Point",
    "Shape",
    "ShapeError",
    "Slide",
    "Stage",
    "connect_deal_from_code",
    "construct",
    "generate",
    "render",
    "shuffled_cells",
    "solve",
    "stage",
    "suggest",
]
