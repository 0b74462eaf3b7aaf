"""Layouts made from a seed: a shape family, a number of tiles and a seed give the same
layout on every machine (rules §8.4).

    >>> spec = GeneratedSpec(12, "rings", 144)
    >>> spec.name, spec.code_part
    ('rings-144-12', 'G12R144')
    >>> GeneratedSpec.parse_name("rings-144-12") == spec
    True
    >>> layout = draw_layout(spec)
    >>> len(layout), layout.depth >= 3, layout.source
    (144, True, 'G12R144')

The families and their mirrors are in :mod:`.families`, the filling in :mod:`.filling`.  A
draw may fail (too few layers, no small orbit left for the last tiles): ``attempt`` draws
again from the same seed.  Whether the layout can be cleared is the classic mode's check
(:mod:`mahjong_solitaire.classic.generated`), which takes the first draw that can.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.layout import Layout, LayoutError
from ...core.rng import Rng
from .families import FAMILIES, Family, family_named, family_of_letter
from .filling import MIN_LAYERS, fill

__all__ = [
    "FAMILIES",
    "MAX_ATTEMPTS",
    "MAX_LAYOUT_SEED",
    "MAX_TILES",
    "MIN_LAYERS",
    "MIN_TILES",
    "Family",
    "GeneratedSpec",
    "draw_layout",
    "family_named",
]

#: A generated layout has from ``MIN_TILES`` to ``MAX_TILES`` tiles, an even number.
MIN_TILES = 72
MAX_TILES = 288
#: Layout seeds run from 0 to this (nine digits in a code).
MAX_LAYOUT_SEED = 999_999_999
#: Draws of one spec before giving up (no spec of the tests needed more than a few).
MAX_ATTEMPTS = 64
_NAME = re.compile(r"([a-z]+)-(\d{2,3})-(\d{1,9})")
#: Mixed into every draw's seed, so that generated layouts share no stream with deals.
_TAG = 0x6E4C


@dataclass(frozen=True, slots=True)
class GeneratedSpec:
    """What makes a generated layout: a seed, a family (by name) and a number of tiles;
    :class:`LayoutError` says what is out of range."""

    seed: int
    family: str
    tiles: int

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise LayoutError(f"a layout seed is a whole number, not {self.seed!r}")
        if not 0 <= self.seed <= MAX_LAYOUT_SEED:
            raise LayoutError(f"layout seed {self.seed} is not in 0..{MAX_LAYOUT_SEED}")
        object.__setattr__(self, "family", family_named(str(self.family)).name)
        if isinstance(self.tiles, bool) or not isinstance(self.tiles, int):
            raise LayoutError(f"a number of tiles is a whole number, not {self.tiles!r}")
        if not MIN_TILES <= self.tiles <= MAX_TILES or self.tiles % 2:
            raise LayoutError(
                f"{self.tiles} tiles: a generated layout has an even number "
                f"from {MIN_TILES} to {MAX_TILES}"
            )

    @property
    def shape(self) -> Family:
        return family_named(self.family)

    @property
    def name(self) -> str:
        """The stable name: ``family-tiles-seed``."""
        return f"{self.family}-{self.tiles}-{self.seed}"

    @property
    def code_part(self) -> str:
        """What a game code writes for it: ``G``, the seed, the family's letter, the tiles."""
        return f"G{self.seed}{self.shape.letter}{self.tiles}"

    @classmethod
    def from_code(cls, seed: str, letter: str, tiles: str) -> GeneratedSpec:
        """The spec of a code's ``G`` part, given its three pieces."""
        return cls(int(seed), family_of_letter(letter).name, int(tiles))

    @classmethod
    def parse_name(cls, name: str) -> GeneratedSpec | None:
        """The spec a stable name stands for, or ``None`` when it is no generated name."""
        match = _NAME.fullmatch(name.strip().lower())
        if match is None or match[1] not in {family.name for family in FAMILIES}:
            return None
        try:
            spec = cls(int(match[3]), match[1], int(match[2]))
        except LayoutError:
            return None
        return spec if spec.name == name.strip().lower() else None


def draw_layout(spec: GeneratedSpec, attempt: int = 0) -> Layout:
    """Draw ``attempt`` of the layout of ``spec``; :class:`LayoutError` when that draw
    cannot make it (the next one may)."""
    family = spec.shape
    rng = Rng.from_seed(_TAG, ord(family.letter), spec.tiles, spec.seed, attempt)
    positions = fill(family, spec.tiles, rng)
    if positions is None:
        raise LayoutError(f"draw {attempt} of {spec.name} does not make {spec.tiles} tiles")
    return Layout.from_positions(
        positions,
        name=spec.name,
        title=f"{family.name.title()} {spec.tiles} #{spec.seed}",
        source=spec.code_part,
    )
