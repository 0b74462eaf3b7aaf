"""The built-in layouts, as data.

Adding a layout is adding one :class:`LayoutSpec` to :data:`BUILTIN_SPECS` with the next
free number.  A number, once published, never changes: game codes refer to it.

``rows`` lists one run of tiles a line: ``z ys xs`` where ``ys`` and ``xs`` are
comma-separated items, each a single coordinate or a range ``a..b`` stepping by 2 (one
tile).  Coordinates are in half-tile units; ``#`` starts a comment.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BUILTIN_SPECS", "LayoutSpec"]


@dataclass(frozen=True, slots=True)
class LayoutSpec:
    number: int
    name: str
    title: str
    description: str
    rows: str


TURTLE = LayoutSpec(
    number=0,
    name="turtle",
    title="Turtle",
    description="The classic: a wide shell of five layers with a single tile on top.",
    rows="""
        0 0,14 2..24
        0 2,12 6..20
        0 4,10 4..22
        0 6,8  2..24
        0 7    0,26,28     # head and tail
        1 2..12 8..18
        2 4..10 10..16
        3 6,8  12,14
        4 7    13          # the crown, over the four tiles of layer 3
    """,
)

BUILTIN_SPECS: tuple[LayoutSpec, ...] = (TURTLE,)
