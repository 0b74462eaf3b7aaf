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

A request checks within a :class:`~.construction.SearchBudget`: when it runs out before an
order is found or proven impossible, the problem is ``unknown`` (one draft, one verdict:
the budget counts steps and nodes, not seconds).

    >>> tower = [(0, 0, z) for z in range(16)] + [(4 + 4 * i, 0, 0) for i in range(14)]
    >>> check_draft(tower, budget=SearchBudget(steps=1000, nodes=100)).problem
    'unknown'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..core.difficulty import Difficulty
from ..core.layout import MAX_POSITIONS, Layout, LayoutError, Position, iter_bits
from ..core.rng import Rng
from .construction import OrderNotFoundError, SearchBudget, UnclearableError, construct
from .generator import generate

__all__ = ["DraftCheck", "DraftProblem", "check_draft", "dealing_problem"]

#: Why a draft cannot be played yet: no tiles, an odd count, more than a layout may hold,
#: positions that no order of removals clears (proven), or no order found within the
#: check's budget and none proven impossible (``unknown``).
DraftProblem = Literal["empty", "odd", "too_many", "unclearable", "unknown"]

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


def check_draft(
    positions: Iterable[Iterable[int]], *, budget: SearchBudget | None = None
) -> DraftCheck:
    """Check the positions of a draft, within ``budget`` when one is given (else the
    construction's own limits).  Raises :class:`LayoutError` for positions that are not a
    layout whatever their count: a bad coordinate or two tiles that overlap."""
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
        construct(Layout.from_positions(drawn), Rng.from_seed(_SEED), budget=budget)
    except UnclearableError:
        return DraftCheck(count, free, False, "unclearable")
    except OrderNotFoundError:
        return DraftCheck(count, free, False, "unknown")
    return DraftCheck(count, free, True, None)


def dealing_problem(
    layout: Layout, seed: int, difficulty: Difficulty, *, budget: SearchBudget
) -> DraftProblem | None:
    """Why the deal of ``seed`` at ``difficulty`` cannot be made on ``layout`` within
    ``budget`` (``None``: it can, and it is the deal :func:`.generate` makes without one):
    ``unclearable`` (proven) or ``unknown``.

        >>> row = Layout.from_positions([(0, 0, 0), (2, 0, 0)])
        >>> dealing_problem(row, 7, Difficulty.EASY, budget=SearchBudget(100, 10)) is None
        True
    """
    try:
        generate(layout, seed, difficulty, budget=budget)
    except UnclearableError:
        return "unclearable"
    except OrderNotFoundError:
        return "unknown"
    return None
