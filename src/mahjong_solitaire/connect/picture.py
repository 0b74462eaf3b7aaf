"""A readable text picture of a Connect grid: one line per row, ``.`` for an empty cell.

>>> from mahjong_solitaire.connect.grid import Shape
>>> print(render(Shape(4, 2), ["1B", None, "Wh", "F1", None, "N", "N", None]))
1B .  Wh F1
.  N  N  .
"""

from __future__ import annotations

from collections.abc import Sequence

from .grid import Shape

__all__ = ["render"]


def render(shape: Shape, cells: Sequence[str | None]) -> str:
    """The grid, each cell three characters wide."""
    return "\n".join(
        " ".join(f"{label or '.':<2}" for label in row).rstrip() for row in shape.rows(cells)
    )
