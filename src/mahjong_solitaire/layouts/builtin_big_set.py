"""Built-in layouts beyond 144 positions, L41 and L42: boards of more than one tile set
(see :mod:`.builtin` for the row notation and the numbering rule).

They are listed (:data:`.builtin.BUILTIN_SPECS`) like the others: the engine deals faces
for more than 144 positions (rules §4.2, ``core.layout.MAX_POSITIONS`` above 144).
"""

from __future__ import annotations

from .spec import LayoutSpec

__all__ = ["BIG_SET"]

CITADEL = LayoutSpec(
    number=41,
    name="citadel",
    title="Citadel",
    description="A walled square with a tower at each corner, built from more than one tile set.",
    rows="""
        0 0..18        0..30
        1 1..17        1,29
        1 1,17         3..27
        2 0..2,16..18  0..2,28..30
        3 1,17         1,29
    """,
)

RIDGES = LayoutSpec(
    number=42,
    name="ridges",
    title="Ridges",
    description="Three ridges rising from one long plain: two full tile sets.",
    rows="""
        0 0..10   0..46
        1 1..9    3..11,17..29,35..43
        2 3..7    3..11,19..27,35..43
        3 5       5..9,21..25,37..41
        4 5       7,21..25,39
    """,
)

BIG_SET: tuple[LayoutSpec, ...] = (CITADEL, RIDGES)
