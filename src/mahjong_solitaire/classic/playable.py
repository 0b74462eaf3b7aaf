"""Which layouts of a file can be played: a deal must be possible on each (rules §8.2).

>>> from mahjong_solitaire.core.layout import Layout
>>> from mahjong_solitaire.layouts.files import LayoutMaps
>>> row = Layout.from_positions([(0, 0, 0), (2, 0, 0)], name="row", title="Row")
>>> tower = Layout.from_positions([(0, 0, 0), (0, 0, 1)], name="tower", title="Tower")
>>> found = playable_maps(LayoutMaps([row, tower], []))
>>> [layout.name for layout in found.layouts], found.refused[0].reason
(['row'], 'its positions cannot be cleared pair by pair, so no deal can be made on it')

A request passes an :class:`UploadBudget`: the search of every map of the file spends from
one total, each map at most its share, so one upload costs a bounded amount of work
whatever it holds.  A map whose share ran out is refused as not found within it; a map
left when the total is spent (less than it needs to be dealt at all, or its share cut
short) is refused as not checked, to be imported in a file of its own.

>>> lone = [(4 + 4 * i, 0, 0) for i in range(14)]  # beside a tower of 16: not clearable
>>> hard = Layout.from_positions([(0, 0, z) for z in range(16)] + lone, name="hard")
>>> budget = UploadBudget(SearchBudget(steps=3000, nodes=100), steps=2000, nodes=50)
>>> found = playable_maps(LayoutMaps([hard, row, hard], []), budget)
>>> [layout.name for layout in found.layouts], [refused.reason[:20] for refused in found.refused]
(['row'], ['no way to clear its ', 'not checked: the upl'])
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.difficulty import CANDIDATES
from ..layouts.files import LayoutMaps, RefusedMap
from .construction import BudgetSpentError, OrderNotFoundError, SearchBudget, UnclearableError
from .generator import generate

__all__ = [
    "NOT_CHECKED",
    "NOT_FOUND",
    "NOT_WITHIN_SHARE",
    "UNCLEARABLE",
    "UploadBudget",
    "playable_maps",
]

#: Why a layout whose positions cannot be cleared (proven) is refused.
UNCLEARABLE = "its positions cannot be cleared pair by pair, so no deal can be made on it"
#: Why a layout is refused when the search for an order ran out without a proof.
NOT_FOUND = (
    "no way to clear its positions pair by pair was found within {steps:,} steps of an "
    "exact search (nor was it proven impossible), so no deal can be made on it"
)
#: Why a layout is refused when its share of the upload's budget ran out without a proof.
NOT_WITHIN_SHARE = (
    "no way to clear its positions pair by pair was found within its share of the "
    "upload's budget ({steps:,} steps of reverse play and {nodes:,} positions of an exact "
    "search), nor was it proven impossible, so no deal can be made on it here"
)
#: Why a layout is refused when the upload's budget was spent before it could be checked.
NOT_CHECKED = (
    "not checked: the upload had spent its budget of work on the maps before this one; "
    "import it in a file of its own"
)


@dataclass(frozen=True, slots=True)
class UploadBudget:
    """The work one upload may spend on its maps: ``total`` for all of them, and at most
    ``steps`` and ``nodes`` of it for each one."""

    total: SearchBudget
    steps: int
    nodes: int


def playable_maps(found: LayoutMaps, budget: UploadBudget | None = None) -> LayoutMaps:
    """``found`` with the layouts no deal can be made on moved to the refused maps (after
    those refused already, in file order); within ``budget`` when one is given (else each
    map within the construction's own limits)."""
    layouts = []
    refused = list(found.refused)
    for layout in found.layouts:
        share = None
        if budget is not None:
            # every candidate of a deal removes each pair once: fewer steps cannot deal it
            least = CANDIDATES * len(layout) // 2
            if budget.total.steps_left < min(least, budget.steps):
                refused.append(RefusedMap(layout.title, NOT_CHECKED))
                continue
            share = budget.total.share(budget.steps, budget.nodes)
        try:
            generate(layout, 0, budget=share)
        except UnclearableError:
            refused.append(RefusedMap(layout.title, UNCLEARABLE))
        except BudgetSpentError:
            assert budget is not None and share is not None
            cut = share.steps < budget.steps or share.nodes < budget.nodes
            reason = (
                NOT_CHECKED
                if cut
                else NOT_WITHIN_SHARE.format(steps=budget.steps, nodes=budget.nodes)
            )
            refused.append(RefusedMap(layout.title, reason))
        except OrderNotFoundError as error:
            refused.append(RefusedMap(layout.title, NOT_FOUND.format(steps=error.nodes)))
        else:
            layouts.append(layout)
        finally:
            if budget is not None and share is not None:
                budget.total.take_back(share)
    return LayoutMaps(layouts, refused)
