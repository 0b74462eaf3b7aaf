"""Checking a layout while it is drawn (the page's layout editor, rules §8.3): how many
tiles it has, which of them are free, and whether a game can be dealt on it.

A draft may be any set of positions on the half-tile grid, even an odd number of them or
none: the editor checks after every tile.  Its free tiles follow the free rule (rules §2);
it *can be cleared* when reverse play (rules §4.1) finds an order that removes every tile
in pairs, which is what importing a layout asks too (rules §8.2).

    >>> row = check_draft([(0, 0, 0), (2, 0, 0), (4, 0, 0)])
    >>> row.tiles, row.free, row.clearable, row.problem
    (3, ((0, 0, 0), (4, 0, 0)), False, 'odd')
    >>> check_draft([(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)]).clearable
    True
    >>> check_draft([(0, 0, 0), (0, 0, 1)]).problem  # one tile on the other: no pair is free
    'unclearable'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..core.layout import MAX_POSITIONS, Layout, LayoutError, Position, iter_bits
from ..core.rng import Rng
from .construction import UnclearableError, construct

__all__ = ["DraftCheck", "DraftProblem", "check_draft"]

#: Why a draft cannot be played yet: no tiles, an odd count, more than a layout may hold,
#: or positions that no order of removals clears.
DraftProblem = Literal["empty", "odd", "too_many", "unclearable"]

#: The reverse play of a check is seeded alike every time: one draft, one verdict.
_SEED = 0xD4AF7


@dataclass(frozen=True, slots=True)
class DraftCheck:
    """What the editor shows about a draft: ``free`` in the draft's own coordinates,
    sorted by layer, row and column; ``problem`` is None exactly when ``clearable``."""

    tiles: int
    free: tuple[Position, ...]
    clearable: bool
    problem: DraftProblem | None


def _free_positions(positions: list[Position]) -> tuple[Position, ...]:
    """The free positions of any non-empty set: an odd set is measured with one more tile
    set apart (two tiles right of every other, on the bottom layer), which touches none."""
    measured = list(positions)
    if len(measured) % 2:
        measured.append((max(x for x, _, _ in measured) + 4, 0, 0))
    layout = Layout.from_positions(measured)
    kept = set(positions)
    free = (layout.positions[i] for i in iter_bits(layout.free_mask(layout.full)))
    return tuple(p for p in free if p in kept)


def check_draft(positions: Iterable[Iterable[int]]) -> DraftCheck:
    """Check the positions of a draft.  Raises :class:`LayoutError` for positions that are
    not a layout whatever their count: a bad coordinate or two tiles that overlap."""
    drawn = [(int(x), int(y), int(z)) for x, y, z in positions]
    if len(set(drawn)) != len(drawn):
        raise LayoutError("a position is drawn twice")
    count = len(drawn)
    if count == 0:
        return DraftCheck(0, (), False, "empty")
    if count > MAX_POSITIONS:
        return DraftCheck(count, (), False, "too_many")
    free = _free_positions(drawn)
    if count % 2:
        return DraftCheck(count, free, False, "odd")
    try:
        construct(Layout.from_positions(drawn), Rng.from_seed(_SEED))
    except UnclearableError:
        return DraftCheck(count, free, False, "unclearable")
    return DraftCheck(count, free, True, None)
