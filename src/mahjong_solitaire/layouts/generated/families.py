"""The shape families of generated layouts: each one a height field over the board and the
mirror symmetries it keeps (rules §8.4).

A field takes a point ``(u, v)`` of the board, both from -1 to 1 (left to right, top to
bottom), and answers how high the stacks there should be, from 0 (no tile) to 1 (the
highest stacks); the seed's random numbers choose its parameters.  Only ``+ - * /``,
``abs`` and ``sqrt`` are used, which IEEE floating point rounds the same on every machine,
so a seed draws the same shape everywhere.

    >>> [family.name for family in FAMILIES]
    ['rings', 'stairs', 'crosses', 'diamonds', 'islands', 'freeform']
    >>> family_named("rings").letter, family_of_letter("S").name
    ('R', 'stairs')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import sqrt

from ...core.layout import LayoutError
from ...core.rng import Rng

__all__ = ["FAMILIES", "Family", "Field", "family_named", "family_of_letter"]

#: A height field: ``(u, v)`` to a height from 0 to 1.
Field = Callable[[float, float], float]


def _unit(rng: Rng, low: float, high: float) -> float:
    """A number from ``low`` to ``high`` in 1/1000 steps (exact on every machine)."""
    return low + (high - low) * rng.below(1001) / 1000


def _rings(rng: Rng) -> Field:
    count = 1 + rng.below(2)
    width = _unit(rng, 0.16, 0.24)
    hub = rng.below(2) == 0 or count == 1
    radii = [0.95 * (m + 1) / count for m in range(count)]

    def field(u: float, v: float) -> float:
        r = sqrt(u * u + v * v)
        best = max(1 - abs(r - radius) / width - 0.25 * radius for radius in radii)
        if hub:
            best = max(best, 1 - r / 0.3)
        return best

    return field


def _stairs(rng: Rng) -> Field:
    steps = 3 + rng.below(3)
    narrowing = _unit(rng, 0.0, 0.5)

    def field(u: float, v: float) -> float:
        t = (u + 1) / 2
        if abs(v) > 1 - narrowing * t:
            return 0.0
        step = min(steps - 1, int(t * steps))
        return 0.3 + 0.7 * step / (steps - 1)

    return field


def _crosses(rng: Rng) -> Field:
    arm = _unit(rng, 0.22, 0.36)
    diagonal = rng.below(3) == 0

    def field(u: float, v: float) -> float:
        if diagonal:
            a, b = (u - v) / 1.4, (u + v) / 1.4
        else:
            a, b = u, v
        best = 0.0
        if abs(b) <= arm:
            best = max(best, 1 - 0.6 * abs(a))
        if abs(a) <= arm:
            best = max(best, 1 - 0.6 * abs(b))
        return best

    return field


def _diamonds(rng: Rng) -> Field:
    centres = [0.0] if rng.below(2) == 0 else [-0.62, 0.0, 0.62]
    across = 0.98 if len(centres) == 1 else 0.36
    down = _unit(rng, 0.85, 1.0)

    def field(u: float, v: float) -> float:
        return max(1 - abs(u - c) / across - abs(v) / down for c in centres)

    return field


def _bumps(
    rng: Rng, count: int, smallest: float, largest: float, reach: float = 0.9
) -> list[tuple[float, ...]]:
    """``count`` bumps on the left half, ``reach`` at most from the middle: centre, radius
    and peak."""
    return [
        (
            _unit(rng, -reach, -0.1),
            _unit(rng, -0.75, 0.75),
            _unit(rng, smallest, largest),
            _unit(rng, 0.7, 1.0),
        )
        for _ in range(count)
    ]


def _islands(rng: Rng) -> Field:
    bumps = _bumps(rng, 2 + rng.below(3), 0.2, 0.32, reach=0.6)
    bumps[0] = (*bumps[0][:3], 1.0)

    def field(u: float, v: float) -> float:
        u = -abs(u)  # the right half mirrors the left
        best = 0.0
        for cu, cv, radius, peak in bumps:
            d = sqrt((u - cu) ** 2 + (v - cv) ** 2)
            best = max(best, peak * (1 - d / radius))
        return best

    return field


def _freeform(rng: Rng) -> Field:
    bumps = _bumps(rng, 4 + rng.below(4), 0.35, 0.6)
    bumps[0] = (*bumps[0][:3], 1.0)
    hollow = _unit(rng, 0.0, 0.25)

    def field(u: float, v: float) -> float:
        u = -abs(u)
        best = 0.0
        for cu, cv, radius, peak in bumps:
            d = sqrt((u - cu) ** 2 + (v - cv) ** 2)
            best = max(best, peak * (1 - d / radius))
        return best - hollow if best > hollow else 0.0

    return field


@dataclass(frozen=True, slots=True)
class Family:
    """A shape family: its name, the letter codes give it, the mirrors that map its every
    layout onto itself (``left_right``: x mirrored; ``top_bottom``: y mirrored), the board's
    width over its height (in tiles), whether its rows are laid as bricks (every other row
    half a tile in, one tile shorter), and the maker of its fields."""

    name: str
    letter: str
    left_right: bool
    top_bottom: bool
    aspect: float
    bricks: bool
    field: Callable[[Rng], Field]


#: The families, in the order the picker shows them.
FAMILIES = (
    Family("rings", "R", True, True, 1.5, False, _rings),
    Family("stairs", "S", False, True, 2.2, False, _stairs),
    Family("crosses", "C", True, True, 1.4, False, _crosses),
    Family("diamonds", "D", True, True, 1.7, True, _diamonds),
    Family("islands", "I", True, False, 1.8, False, _islands),
    Family("freeform", "F", True, False, 1.6, False, _freeform),
)


def family_named(name: str) -> Family:
    """The family of that name (:class:`LayoutError` naming the families otherwise)."""
    for family in FAMILIES:
        if family.name == name.strip().lower():
            return family
    known = ", ".join(family.name for family in FAMILIES)
    raise LayoutError(f"unknown layout family {name!r} (families: {known})")


def family_of_letter(letter: str) -> Family:
    """The family a code's letter names (:class:`LayoutError` otherwise)."""
    for family in FAMILIES:
        if family.letter == letter.upper():
            return family
    raise LayoutError(f"no layout family has the letter {letter!r}")
