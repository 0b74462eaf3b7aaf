"""The 144-tile set: 42 kinds, their labels, families, names and matching rule.

Labels are the canonical ids everywhere (the "Numbers" style of the app)::

    >>> KINDS["5B"].name
    '5 of Bamboo'
    >>> matches("F1", "F3"), matches("F1", "S1"), matches("R", "G")
    (True, False, False)
    >>> len(TILE_SET)
    144

Tiles that match share a *match key*: the label itself for ordinary kinds, ``"F*"`` for any
flower and ``"S*"`` for any season (``"S"`` alone is the South wind).  The generator deals
in *bundles*: the four tiles of one match key, laid as two pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = [
    "BUNDLES",
    "KINDS",
    "LABELS",
    "MATCH_KEYS",
    "TILE_SET",
    "Family",
    "Kind",
    "TileError",
    "key_id",
    "kind",
    "match_key",
    "matches",
]


class TileError(ValueError):
    """An unknown tile label."""


class Family(Enum):
    BAMBOO = "bamboo"
    CHARACTERS = "characters"
    CIRCLES = "circles"
    WIND = "wind"
    DRAGON = "dragon"
    FLOWER = "flower"
    SEASON = "season"


@dataclass(frozen=True, slots=True)
class Kind:
    """One of the 42 tile kinds."""

    label: str
    family: Family
    name: str
    copies: int
    key: str  # the match key: tiles with equal keys match

    def matches(self, other: Kind) -> bool:
        return self.key == other.key


def _build_kinds() -> dict[str, Kind]:
    kinds: list[Kind] = []
    suits = (
        ("B", Family.BAMBOO, "Bamboo"),
        ("C", Family.CHARACTERS, "Characters"),
        ("D", Family.CIRCLES, "Circles"),
    )
    for letter, family, suit_name in suits:
        for n in range(1, 10):
            label = f"{n}{letter}"
            kinds.append(Kind(label, family, f"{n} of {suit_name}", 4, label))
    for label, name in (
        ("N", "North wind"),
        ("S", "South wind"),
        ("E", "East wind"),
        ("W", "West wind"),
    ):
        kinds.append(Kind(label, Family.WIND, name, 4, label))
    for label, name in (("R", "Red dragon"), ("G", "Green dragon"), ("Wh", "White dragon")):
        kinds.append(Kind(label, Family.DRAGON, name, 4, label))
    for n, name in enumerate(("Plum", "Orchid", "Chrysanthemum", "Bamboo"), start=1):
        kinds.append(Kind(f"F{n}", Family.FLOWER, f"{name} flower", 1, "F*"))
    for n, name in enumerate(("Spring", "Summer", "Autumn", "Winter"), start=1):
        kinds.append(Kind(f"S{n}", Family.SEASON, f"{name} season", 1, "S*"))
    return {kind.label: kind for kind in kinds}


#: The 42 kinds by label, in the canonical order (bamboo, characters, circles, winds,
#: dragons, flowers, seasons).
KINDS: dict[str, Kind] = _build_kinds()
LABELS: tuple[str, ...] = tuple(KINDS)

#: The 36 match keys in canonical order; ``MATCH_KEYS.index(match_key(label))`` is a
#: small integer id used by the bitset code.
MATCH_KEYS: tuple[str, ...] = tuple(dict.fromkeys(kind.key for kind in KINDS.values()))

#: The 144 tiles, in canonical order.
TILE_SET: tuple[str, ...] = tuple(
    label for label, kind in KINDS.items() for _ in range(kind.copies)
)


def _bundle(key: str) -> tuple[str, str, str, str]:
    """The four tiles of match key ``key``, in canonical order."""
    a, b, c, d = (label for label in TILE_SET if KINDS[label].key == key)
    return a, b, c, d


#: The 36 bundles of four tiles that match each other, in canonical order.
BUNDLES: tuple[tuple[str, str, str, str], ...] = tuple(_bundle(key) for key in MATCH_KEYS)

_KEY_ID = {label: MATCH_KEYS.index(kind.key) for label, kind in KINDS.items()}


def kind(label: str) -> Kind:
    """The kind of a label, or :class:`TileError` for an unknown one."""
    try:
        return KINDS[label]
    except KeyError:
        raise TileError(f"unknown tile label {label!r}") from None


def match_key(label: str) -> str:
    """``"F*"`` for a flower, ``"S*"`` for a season, the label itself otherwise."""
    return kind(label).key


def key_id(label: str) -> int:
    """The index of the label's match key in :data:`MATCH_KEYS`."""
    try:
        return _KEY_ID[label]
    except KeyError:
        raise TileError(f"unknown tile label {label!r}") from None


def matches(a: str, b: str) -> bool:
    """Whether two tiles form a pair: same label, two flowers or two seasons."""
    return key_id(a) == key_id(b)
