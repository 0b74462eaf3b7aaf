"""Forward play before faces exist: a removal order that clears a Connect grid (rules §9.5).

Start from the grid full of tile *ids* (id ``i`` stands on cell ``i`` at the start),
repeatedly take two tiles that connect at that moment, remove them, apply the stage's
sliding rule and record the pair.  Whatever faces are then dealt so that each recorded
pair matches, replaying the recorded cells clears the board: the slides depend only on
which cells are occupied, so the game moves exactly as the construction did.

    >>> from mahjong_solitaire.core.rng import Rng
    >>> built = construct(Shape(4, 2), Slide.DOWN, Rng.from_seed(3))
    >>> len(built.moves), sorted(i for pair in built.ids for i in pair)
    (4, [0, 1, 2, 3, 4, 5, 6, 7])

Unlike the classic layouts, a Connect grid never leads the construction into a dead end,
so no backtracking is needed: with two tiles or more left, either two columns hold tiles,
and the top tile of each reaches the ring above its column (up, along the ring, down: two
turns), or one column holds them all, and two consecutive tiles of it see each other in a
straight line.  The same argument shows that any set of remaining tiles can be shuffled.

How a pair is chosen: a random tile among those touching an empty cell or the ring (the
only ones that can reach beyond their neighbours), then a random tile it connects with.
Rows are peeled from the outside in, as a player would, instead of the interior being
emptied pair by pair of neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.moves import Move
from ..core.rng import Rng
from .grid import Grid, Shape
from .slide import Slide

__all__ = ["Construction", "construct"]


@dataclass(frozen=True, slots=True)
class Construction:
    """A complete removal order.

    ``moves[k]`` is the pair of cells played at step ``k`` (after the slides of the earlier
    steps), ``ids[k]`` the same two tiles by id, ``grids[k]`` the grid of ids just before
    step ``k``.
    """

    moves: tuple[Move, ...]
    ids: tuple[tuple[int, int], ...]
    grids: tuple[Grid[int], ...]


def construct(
    shape: Shape, rule: Slide, rng: Rng, present: list[bool] | None = None
) -> Construction:
    """A random removal order for the grid (``present[i]``: cell ``i`` holds a tile; all by
    default).  The ids are the cell numbers at the start."""
    if present is None:
        present = [True] * len(shape)
    count = sum(present)
    if count % 2:
        raise ValueError(f"{count} tiles cannot be cleared in pairs")
    grid = Grid(shape, [i if here else None for i, here in enumerate(present)])
    moves: list[Move] = []
    ids: list[tuple[int, int]] = []
    grids: list[Grid[int]] = []
    below = rng.below
    while count:
        grids.append(grid.copy())
        touching = grid.open_cells()
        firsts = list(touching)
        b = -1
        while b < 0:
            a = firsts.pop(below(len(firsts)))
            # Its partners are among the tiles touching an empty cell and its neighbours;
            # the first that connects, in a random order, is a uniform choice of partner.
            others = sorted({*touching, *_neighbours(grid, a)} - {a})
            while others:
                other = others.pop(below(len(others)))
                if grid.connects(a, other):
                    b = other
                    break
        move = Move(a, b)
        moves.append(move)
        id_a, id_b = grid.cells[move.a], grid.cells[move.b]
        assert id_a is not None and id_b is not None  # a and b hold tiles: they connect
        ids.append((id_a, id_b))
        grid.remove(a, b, rule)
        count -= 2
    return Construction(tuple(moves), tuple(ids), tuple(grids))


def _neighbours(grid: Grid[int], i: int) -> list[int]:
    """The occupied cells next to cell ``i``."""
    w = grid.shape.width
    y, x = divmod(i, w)
    cells = grid.cells
    near = []
    if x > 0:
        near.append(i - 1)
    if x < w - 1:
        near.append(i + 1)
    if y > 0:
        near.append(i - w)
    if y < grid.shape.height - 1:
        near.append(i + w)
    return [j for j in near if cells[j] is not None]
