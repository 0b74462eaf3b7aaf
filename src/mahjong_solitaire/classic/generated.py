"""Generated layouts that can be cleared: the first draw of a spec for which reverse play
finds a removal order (rules §8.4).

    >>> layout = generated_layout(GeneratedSpec(12, "crosses", 144))
    >>> layout.name, len(layout), layout.source
    ('crosses-144-12', 144, 'G12C144')

A layout is drawn by :func:`~mahjong_solitaire.layouts.generated.draw_layout`; this module
keeps the first draw that :func:`~.construction.construct` clears, so every layout of a
``G`` code has a construction found for it, and its deals (:func:`~.generator.generate`)
are solvable as every deal is.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.layout import Layout, LayoutError
from ..core.rng import Rng
from ..layouts.generated import MAX_ATTEMPTS, GeneratedSpec, draw_layout
from .construction import ConstructionError, SearchBudget, construct

__all__ = ["CHECK_BUDGET", "GeneratedSpec", "generated_layout", "generated_named"]

#: The work the check of one draw may spend: a draw that reverse play does not clear
#: quickly is passed over for the next one.
CHECK_BUDGET = (40_000, 2_000)


@lru_cache(maxsize=64)
def generated_layout(spec: GeneratedSpec) -> Layout:
    """The layout of ``spec``: its first draw that can be cleared (:class:`LayoutError`
    when none of :data:`MAX_ATTEMPTS` draws is)."""
    for attempt in range(MAX_ATTEMPTS):
        try:
            layout = draw_layout(spec, attempt)
        except LayoutError:
            continue
        steps, nodes = CHECK_BUDGET
        try:
            construct(layout, Rng.from_seed(attempt), budget=SearchBudget(steps, nodes))
        except ConstructionError:
            continue
        return layout
    raise LayoutError(f"no draw of {spec.name} can be cleared")


def generated_named(name: str) -> Layout | None:
    """The generated layout of a stable name (``rings-144-12``), or ``None`` when ``name``
    is not one."""
    spec = GeneratedSpec.parse_name(name)
    return None if spec is None else generated_layout(spec)
