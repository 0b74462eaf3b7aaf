"""Boards played mirrored: any layout, left–right (``X``), top–bottom (``Y``) or both
(rules §8.5).

A mirrored deal (:func:`~.generator.deal_from_code` of a code with mirrors) is the deal
of the code without its mirrors, every tile moved to its mirror image: the same faces,
the same solution (each pair moved with its tiles), the same score.  The free rule looks
left and right alike, so the mirror of a won board is won by the mirror of its moves.
The mirrored layout is a layout of its own: its name says the mirrors
(``turtle-mirrored-lr``), so its games are ranked apart, and its ``source`` is the code's
layout part with the mirrors (``L00X``), so that its deals' codes carry them.

    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> turtle = builtin_layout("turtle")
    >>> flipped = mirrored_layout(turtle, "X")
    >>> flipped.name, flipped.title, flipped.source, flipped.number
    ('turtle-mirrored-lr', 'Turtle ⇆', 'L00X', None)
    >>> set(mirrored_positions(flipped.positions, "X")) == set(turtle.positions)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.codes import CodeError
from ..core.layout import Layout, Position
from ..core.moves import Move
from .codes import MIRRORS, layout_hash

__all__ = [
    "MIRROR_NAMES",
    "MIRROR_SIGNS",
    "base_name",
    "mirrored_board",
    "mirrored_layout",
    "mirrored_positions",
]

#: What a mirrored layout's name adds, by mirror.
MIRROR_NAMES = {"X": "lr", "Y": "tb", "XY": "both"}
#: What its title adds (signs, the same in every language).
MIRROR_SIGNS = {"X": "⇆", "Y": "⇅", "XY": "⇆⇅"}


def _check(mirror: str) -> None:
    if mirror not in MIRRORS or not mirror:
        raise CodeError(f"{mirror!r} is not a mirror (X, Y or XY)")


def mirrored_positions(positions: Sequence[Position], mirror: str) -> list[Position]:
    """``positions`` mirrored within their own bounds (so mirroring twice gives them back),
    in their order."""
    _check(mirror)
    xs = [x for x, _, _ in positions]
    ys = [y for _, y, _ in positions]
    across = min(xs) + max(xs) if "X" in mirror else None
    down = min(ys) + max(ys) if "Y" in mirror else None
    return [
        (x if across is None else across - x, y if down is None else down - y, z)
        for x, y, z in positions
    ]


def _part(layout: Layout) -> str:
    """The code's layout part of an unmirrored layout."""
    if layout.source is not None:
        return layout.source
    if layout.number is not None:
        return f"L{layout.number:02d}"
    return f"H{layout_hash(layout)}"


def mirrored_layout(layout: Layout, mirror: str) -> Layout:
    """``layout`` (unmirrored) played in ``mirror`` (``"X"``, ``"Y"`` or ``"XY"``)."""
    _check(mirror)
    return _mirrored(layout, layout.name, layout.title, _part(layout), mirror)


def base_name(name: str, mirror: str) -> str:
    """The name of the layout a mirrored layout's ``name`` mirrors.

    >>> base_name("turtle-mirrored-lr", "X")
    'turtle'
    """
    return name.removesuffix(f"-mirrored-{MIRROR_NAMES[mirror]}")


@lru_cache(maxsize=64)
def _mirrored(layout: Layout, name: str, title: str, part: str, mirror: str) -> Layout:
    """(Cached by name and title too: layouts of equal positions are equal.)"""
    return Layout.from_positions(
        mirrored_positions(layout.positions, mirror),
        name=f"{name[:50]}-mirrored-{MIRROR_NAMES[mirror]}",
        title=f"{title} {MIRROR_SIGNS[mirror]}",
        description=layout.description,
        source=part + mirror,
    )


def mirrored_board(
    layout: Layout, tiles: Sequence[str], solution: Sequence[Move], mirror: str
) -> tuple[Layout, tuple[str, ...], tuple[Move, ...]]:
    """A board's faces and moves on :func:`mirrored_layout`: each tile on the mirror image
    of its position (the deal's own module lays a mirrored deal with it)."""
    mirrored = mirrored_layout(layout, mirror)
    moved = mirrored_positions(layout.positions, mirror)
    index = {position: i for i, position in enumerate(mirrored.positions)}
    where = [index[position] for position in moved]
    faces = [""] * len(where)
    for i, label in enumerate(tiles):
        faces[where[i]] = label
    moves = tuple(Move(where[move.a], where[move.b]) for move in solution)
    return mirrored, tuple(faces), moves
