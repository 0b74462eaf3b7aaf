"""The Connect grid sizes a player may choose for a game of their own (rules §9.1, §11.2).

Besides the stages' grids, a player picks a size, a sliding rule and a difficulty; every
size deals solvable games with every rule (rules §9.5), each grid and rule has its own
leaderboard (its games are ranked under ``connect-WxH-rule``), and the code carries the
size as always.  24×12 is Shisen-Sho's big board: 288 tiles, two full sets.

    >>> [f"{s.width}×{s.height}" for s in GRID_SIZES]
    ['10×6', '14×6', '17×8', '18×8', '24×12']
    >>> parse_size("24x12"), parse_size(" 17×8 ")
    (Shape(width=24, height=12), Shape(width=17, height=8))
    >>> parse_size("24 by 12")
    Traceback (most recent call last):
    ...
    mahjong_solitaire.connect.grid.ShapeError: '24 by 12' is not a grid size like 18x8
"""

from __future__ import annotations

import re

from .grid import Shape, ShapeError

__all__ = ["GRID_SIZES", "parse_size", "size_text"]

#: The sizes the new-game dialog offers, smallest first.
GRID_SIZES: tuple[Shape, ...] = (
    Shape(10, 6),
    Shape(14, 6),
    Shape(17, 8),
    Shape(18, 8),
    Shape(24, 12),
)

_SIZE = re.compile(r"([0-9]{1,3})\s*[x×X]\s*([0-9]{1,3})")


def parse_size(text: object) -> Shape:
    """The grid of a size written ``WxH`` (or ``W×H``); :class:`ShapeError` saying why for
    anything else, or for a size no grid can have."""
    found = _SIZE.fullmatch(text.strip()) if isinstance(text, str) else None
    if found is None:
        raise ShapeError(f"{text!r} is not a grid size like 18x8")
    return Shape(int(found[1]), int(found[2]))


def size_text(shape: Shape) -> str:
    """``"24x12"``: a size as :func:`parse_size` reads it (and the API takes it)."""
    return f"{shape.width}x{shape.height}"
