"""Which layouts of a file can be played: a deal must be possible on each (rules §8.2).

>>> from mahjong_solitaire.core.layout import Layout
>>> from mahjong_solitaire.layouts.files import LayoutMaps
>>> row = Layout.from_positions([(0, 0, 0), (2, 0, 0)], name="row", title="Row")
>>> tower = Layout.from_positions([(0, 0, 0), (0, 0, 1)], name="tower", title="Tower")
>>> found = playable_maps(LayoutMaps([row, tower], []))
>>> [layout.name for layout in found.layouts], found.refused[0].reason
(['row'], 'its positions cannot be cleared pair by pair, so no deal can be made on it')
"""

from __future__ import annotations

from ..layouts.files import LayoutMaps, RefusedMap
from .construction import OrderNotFoundError, UnclearableError
from .generator import generate

__all__ = ["NOT_FOUND", "UNCLEARABLE", "playable_maps"]

#: Why a layout whose positions cannot be cleared (proven) is refused.
UNCLEARABLE = "its positions cannot be cleared pair by pair, so no deal can be made on it"
#: Why a layout is refused when the search for an order ran out without a proof.
NOT_FOUND = (
    "no way to clear its positions pair by pair was found within {steps:,} steps of an "
    "exact search (nor was it proven impossible), so no deal can be made on it"
)


def playable_maps(found: LayoutMaps) -> LayoutMaps:
    """``found`` with the layouts no deal can be made on moved to the refused maps (after
    those refused already, in file order)."""
    layouts = []
    refused = list(found.refused)
    for layout in found.layouts:
        try:
            generate(layout, 0)
        except UnclearableError:
            refused.append(RefusedMap(layout.title, UNCLEARABLE))
        except OrderNotFoundError as error:
            refused.append(RefusedMap(layout.title, NOT_FOUND.format(steps=error.nodes)))
        else:
            layouts.append(layout)
    return LayoutMaps(layouts, refused)
