"""Filling a family's field with exactly the tiles asked for, keeping its mirrors.

The board is a grid of cells (a cell is one tile wide and one tall; in a brick grid every
other row is half a tile in and one cell shorter).  Each cell belongs to an *orbit*: the
cells its family's mirrors map it to, which always stand or fall together, so the layout is
symmetric whatever is left out.  Each orbit and layer ``z`` gets a priority,
``layers * field + noise - z``; the stacks are filled in the order of priority, an orbit
rising only on its own lower layer, until the count is reached exactly.  The highest stacks
of the field are thus the first laid, and the board is the field cut at one level.

    >>> from mahjong_solitaire.core.rng import Rng
    >>> from .families import family_named
    >>> positions = fill(family_named("rings"), 144, Rng.from_seed(1))
    >>> len(positions), max(z for _, _, z in positions) + 1 >= 3
    (144, True)
"""

from __future__ import annotations

from math import ceil

from ...core.layout import Position
from ...core.rng import Rng
from .families import Family

__all__ = ["MIN_LAYERS", "fill"]

#: Every generated layout has at least this many layers.
MIN_LAYERS = 3
#: The grid is made big enough to hold this much more than the tiles asked for, so that
#: the cut leaves the family's shape, not the whole grid.
ROOM = 1.2


def _cells(family: Family, width: int, height: int) -> list[tuple[int, int]]:
    """The cells' positions ``(x, y)`` in half tiles."""
    cells = []
    for row in range(height):
        inset = family.bricks and row % 2 == 1
        for column in range(width - 1 if inset else width):
            cells.append((2 * column + (1 if inset else 0), 2 * row))
    return cells


def _orbits(family: Family, cells: list[tuple[int, int]]) -> list[tuple[tuple[int, int], ...]]:
    """The cells grouped by the family's mirrors (each group sorted, in the cells' order)."""
    right = max(x for x, _ in cells)
    bottom = max(y for _, y in cells)
    seen: set[tuple[int, int]] = set()
    orbits = []
    for x, y in cells:
        if (x, y) in seen:
            continue
        images = {(x, y)}
        if family.left_right:
            images |= {(right - a, b) for a, b in images}
        if family.top_bottom:
            images |= {(a, bottom - b) for a, b in images}
        seen |= images
        orbits.append(tuple(sorted(images)))
    return orbits


def _heights(
    family: Family, field: object, cells: list[tuple[int, int]]
) -> dict[tuple[int, int], float]:
    """The field at the centre of every cell, from -1 to 1 across and down."""
    assert callable(field)
    right = max(x for x, _ in cells) + 2
    bottom = max(y for _, y in cells) + 2
    return {
        (x, y): field((2 * x + 2 - right) / right, (2 * y + 2 - bottom) / bottom) for x, y in cells
    }


def _grid(family: Family, field: object, tiles: int, layers: int) -> list[tuple[int, int]]:
    """The smallest grid of the family's proportions whose field holds ``ROOM`` times the
    tiles (widths even for a left-right mirror, heights odd for both mirrors, so that an
    orbit of two cells is there to make up any even count)."""
    height = 3
    while True:
        width = max(2, round(family.aspect * height))
        if family.left_right and width % 2:
            width += 1
        if family.top_bottom and not family.left_right and height % 2:
            height += 1
        if family.left_right and family.top_bottom and height % 2 == 0:
            height += 1
        cells = _cells(family, width, height)
        room = sum(ceil(max(0.0, layers * h)) for h in _heights(family, field, cells).values())
        if room >= ROOM * tiles:
            return cells
        height += 1


def fill(family: Family, tiles: int, rng: Rng) -> list[Position] | None:
    """Exactly ``tiles`` positions of ``family``'s shape drawn with ``rng`` (normalised to
    start at 0 across and down), or ``None`` when this draw cannot make them (too few
    layers, or no orbit small enough for the last tiles): the caller draws again."""
    field = family.field(rng)
    layers = MIN_LAYERS + rng.below(3)
    cells = _grid(family, field, tiles, layers)
    heights = _heights(family, field, cells)
    orbits = _orbits(family, cells)
    steps = []
    for n, orbit in enumerate(orbits):
        base = layers * heights[orbit[0]] + rng.below(330) / 1000
        for z in range(ceil(base)):
            steps.append((-(base - z), z, n))
    steps.sort()
    laid: list[int] = [0] * len(orbits)  # the layers each orbit has so far
    closed = [False] * len(orbits)
    count = 0
    for _, z, n in steps:
        if count == tiles:
            break
        size = len(orbits[n])
        if closed[n] or laid[n] != z:
            continue
        if count + size > tiles:
            closed[n] = True
            continue
        laid[n] = z + 1
        count += size
    if count != tiles or max(laid) < MIN_LAYERS:
        return None
    positions = [
        (x, y, z) for n, orbit in enumerate(orbits) for x, y in orbit for z in range(laid[n])
    ]
    left = min(x for x, _, _ in positions)
    top = min(y for _, y, _ in positions)
    return [(x - left, y - top, z) for x, y, z in positions]
