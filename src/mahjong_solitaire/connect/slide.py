"""The sliding rules of Connect stages (rules §9.4), applied after every removal.

To *compact* a line is to keep its tiles in order and pack them against one end, the holes
going to the other.  ``MX = width // 2`` and ``MY = height // 2``: the first half of a row
is the columns ``< MX`` (the smaller half on odd sizes), of a column the rows ``< MY``.

    >>> grid = [None, "a", None, "b",
    ...         "c", None, "d", None]
    >>> Slide.LEFT.apply(grid, 4, 2)
    ['a', 'b', None, None, 'c', 'd', None, None]
    >>> Slide.SPLIT_H.apply(grid, 4, 2)
    ['a', None, None, 'b', 'c', None, None, 'd']
    >>> Slide.parse("gather-v").value
    'gather-v'

Each rule is a list of *phases*; a phase is a list of disjoint *lines*, each the cell numbers
from the end the tiles are packed against.  ``outward`` is ``split-h`` then ``split-v``
(rows first, then columns, every quadrant toward its outer corner); ``inward`` is
``gather-h`` then ``gather-v`` (toward the centre).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

from ..core.enums import NamedEnum

__all__ = ["Slide"]

T = TypeVar("T")
Line = tuple[int, ...]


class Slide(NamedEnum, noun="sliding rule"):
    """A sliding rule; the order is the order stages introduce them.  ``Slide.parse`` reads
    one by name (case-insensitive)."""

    NONE = "none"
    DOWN = "down"
    LEFT = "left"
    UP = "up"
    RIGHT = "right"
    SPLIT_V = "split-v"
    SPLIT_H = "split-h"
    GATHER_V = "gather-v"
    GATHER_H = "gather-h"
    OUTWARD = "outward"
    INWARD = "inward"

    def phases(self, width: int, height: int) -> tuple[tuple[Line, ...], ...]:
        """The lines this rule compacts on a ``width × height`` grid, phase by phase."""
        return _phases(self, width, height)

    def line_owners(self, width: int, height: int) -> tuple[tuple[Line, ...], ...]:
        """Per phase, the line each cell lies on (``owners[phase][cell]``)."""
        return _line_owners(self, width, height)

    def apply(self, cells: Sequence[T | None], width: int, height: int) -> list[T | None]:
        """The cells after the slide (a new list; ``cells`` is row by row)."""
        out = list(cells)
        for phase in _phases(self, width, height):
            for line in phase:
                tiles = [out[i] for i in line if out[i] is not None]
                if len(tiles) == len(line):
                    continue
                for n, i in enumerate(line):
                    out[i] = tiles[n] if n < len(tiles) else None
        return out


def _column(width: int, x: int, ys: range) -> Line:
    return tuple(y * width + x for y in ys)


def _row(width: int, y: int, xs: range) -> Line:
    return tuple(y * width + x for x in xs)


def _vertical(width: int, height: int, top: str, bottom: str) -> tuple[Line, ...]:
    """Every column cut at ``MY``; each half packed ``"up"``, ``"down"`` (or whole)."""
    my = height // 2
    lines: list[Line] = []
    for x in range(width):
        for ys, way in ((range(my), top), (range(my, height), bottom)):
            lines.append(_column(width, x, ys if way == "up" else ys[::-1]))
    return tuple(line for line in lines if line)


def _horizontal(width: int, height: int, left: str, right: str) -> tuple[Line, ...]:
    """Every row cut at ``MX``; each half packed ``"left"`` or ``"right"``."""
    mx = width // 2
    lines: list[Line] = []
    for y in range(height):
        for xs, way in ((range(mx), left), (range(mx, width), right)):
            lines.append(_row(width, y, xs if way == "left" else xs[::-1]))
    return tuple(line for line in lines if line)


@lru_cache(maxsize=256)
def _phases(rule: Slide, width: int, height: int) -> tuple[tuple[Line, ...], ...]:
    columns_down = tuple(_column(width, x, range(height)[::-1]) for x in range(width))
    columns_up = tuple(_column(width, x, range(height)) for x in range(width))
    rows_left = tuple(_row(width, y, range(width)) for y in range(height))
    rows_right = tuple(_row(width, y, range(width)[::-1]) for y in range(height))
    split_v = _vertical(width, height, "up", "down")
    split_h = _horizontal(width, height, "left", "right")
    gather_v = _vertical(width, height, "down", "up")
    gather_h = _horizontal(width, height, "right", "left")
    table: dict[Slide, tuple[tuple[Line, ...], ...]] = {
        Slide.NONE: (),
        Slide.DOWN: (columns_down,),
        Slide.UP: (columns_up,),
        Slide.LEFT: (rows_left,),
        Slide.RIGHT: (rows_right,),
        Slide.SPLIT_V: (split_v,),
        Slide.SPLIT_H: (split_h,),
        Slide.GATHER_V: (gather_v,),
        Slide.GATHER_H: (gather_h,),
        Slide.OUTWARD: (split_h, split_v),
        Slide.INWARD: (gather_h, gather_v),
    }
    return table[rule]


@lru_cache(maxsize=256)
def _line_owners(rule: Slide, width: int, height: int) -> tuple[tuple[Line, ...], ...]:
    owners: list[tuple[Line, ...]] = []
    for phase in _phases(rule, width, height):
        owner: list[Line] = [()] * (width * height)
        for line in phase:
            for i in line:
                owner[i] = line
        owners.append(tuple(owner))
    return tuple(owners)
