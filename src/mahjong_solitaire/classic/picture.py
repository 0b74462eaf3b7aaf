"""A readable text picture of a board, layer by layer, in the "Numbers" labels.

Each tile is printed at its half-tile coordinates (two characters per half tile, one line
per half row), so half-tile offsets show as such::

    >>> from mahjong_solitaire.core.layout import Layout
    >>> from mahjong_solitaire.core.board import Board
    >>> layout = Layout.from_positions([(0, 0, 0), (2, 0, 0), (4, 0, 0), (1, 0, 1)])
    >>> print(render(Board(layout, ["1B", "2B", "2B", "1B"])))
    layer 0
    1B  2B  2B
    layer 1
      1B

The layer headings are English unless ``heading`` says otherwise (the command line passes
its translation)::

    >>> print(render(Board(layout, ["1B", "2B", "2B", "1B"]), heading="strato {}".format))
    strato 0
    1B  2B  2B
    strato 1
      1B
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.board import Board

__all__ = ["render"]


def render(
    board: Board, *, mark_blocked: bool = False, heading: Callable[[int], str] = "layer {}".format
) -> str:
    """One block per layer under ``heading(z)``; with ``mark_blocked`` blocked tiles are
    shown in lower case."""
    layout = board.layout
    lines: list[str] = []
    for z in range(layout.depth):
        rows: dict[int, dict[int, str]] = {}
        for i, (x, y, tz) in enumerate(layout.positions):
            label = board.tile_at(i)
            if tz != z or label is None:
                continue
            if mark_blocked and not board.is_free(i):
                label = label.lower()
            rows.setdefault(y, {})[x] = label
        if not rows:
            continue
        lines.append(heading(z))
        for y in range(min(rows), max(rows) + 1):
            cells = rows.get(y)
            if not cells:
                continue
            width = 2 * max(cells) + 4
            line = [" "] * width
            for x, label in cells.items():
                line[2 * x : 2 * x + len(label)] = label
            lines.append("".join(line).rstrip())
    return "\n".join(lines)
