"""Faces laid on a removal order: the bundles of a new deal, and the remaining faces of a
shuffle (rules §4.2 and §6).

Both modes make a game the same way: find an order in which the places can be cleared, then
lay matching faces on each step of that order, so the order is a solution.

    >>> from mahjong_solitaire.core.rng import Rng
    >>> lay_faces({"1D": ["1D", "1D"]}, [(2, 0)], 3, Rng.from_seed(1))
    ('1D', None, '1D')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Sized
from enum import Enum

from .rng import Rng
from .tiles import BUNDLES, TILE_SET, match_key

__all__ = [
    "Laying",
    "ShuffleError",
    "ShuffleNotFoundError",
    "deal_tiles",
    "lay_faces",
    "match_groups",
]


class Laying(Enum):
    """How the two pairs of a bundle are laid on the removal order (rules §4.2)."""

    #: Every pair on a random step of its own (easy and normal deals of the first codes).
    SCATTERED = "scattered"
    #: A bundle's two pairs on two consecutive steps: its four tiles go in together.
    TOGETHER = "together"
    #: A bundle's first pair in the first half of the order, its second in the second
    #: half, so identical tiles tend to be free at different times (hard deals).
    SPREAD = "spread"


class ShuffleError(ValueError):
    """The remaining positions cannot be cleared, whatever faces they carry: proven."""


class ShuffleNotFoundError(ValueError):
    """No solvable shuffle was found within the search's budget, and the positions were
    not proven unclearable: a longer search (or an undo) may still help (rules §6.2)."""


def _pairs_for(count: int, rng: Rng) -> list[tuple[tuple[str, str], ...]]:
    """The bundles dealt to ``count`` positions, each a tuple of one or two pairs
    (rules §4.2): ``count // 144`` full sets, then, for the rest, whole bundles taken at
    random from one more set, plus one pair when the rest is two more than a multiple of
    four.  Up to 144 positions this draws exactly what it always drew."""
    full, rest = divmod(count, len(TILE_SET))
    bundles: list[tuple[tuple[str, str], ...]] = []
    for _ in range(full + (1 if rest else 0)):
        one_set: list[tuple[tuple[str, str], ...]] = []
        for bundle in BUNDLES:
            tiles = list(bundle)
            if tiles[0] != tiles[1]:  # flowers, seasons: pair them at random
                rng.shuffle(tiles)
            one_set.append(((tiles[0], tiles[1]), (tiles[2], tiles[3])))
        if len(bundles) == full * len(BUNDLES) and rest:
            rng.shuffle(one_set)
            whole, extra = divmod(rest // 2, 2)
            one_set = one_set[:whole] + ([one_set[whole][:1]] if extra else [])
        bundles.extend(one_set)
    return bundles


def deal_tiles(
    layout: Sized, order: Sequence[tuple[int, int]], rng: Rng, *, laying: Laying
) -> tuple[str, ...]:
    """Lay matching faces on each step of a removal order (rules §4.2), the bundles' pairs
    laid as ``laying`` says.

    Only the number of places is read from ``layout``: a :class:`~.layout.Layout`, or a
    Connect :class:`~.connect.grid.Shape` (one place per cell).
    """
    steps = len(order)
    bundles = _pairs_for(2 * steps, rng)
    rng.shuffle(bundles)
    if laying is Laying.SPREAD:
        laid = _spread(bundles, steps, rng)
    else:
        laid = [pair for bundle in bundles for pair in bundle]
        if laying is Laying.SCATTERED:
            rng.shuffle(laid)
    tiles: list[str] = [""] * len(layout)
    for (a, b), (face_a, face_b) in zip(order, laid, strict=True):
        tiles[a] = face_a
        tiles[b] = face_b
    return tuple(tiles)


def _spread(
    bundles: Sequence[tuple[tuple[str, str], ...]], steps: int, rng: Rng
) -> list[tuple[str, str]]:
    """The pairs of ``bundles`` in the order of the steps, each whole bundle's first pair
    on a random step of the first half and its second on one of the second half."""
    half = steps // 2
    first = list(range(half))
    second = list(range(half, steps))
    rng.shuffle(first)
    rng.shuffle(second)
    # A lone pair takes the slot that is left.
    placed: list[tuple[str, str] | None] = [None] * steps
    for bundle in bundles:
        if len(bundle) == 2:
            placed[first.pop()] = bundle[0]
            placed[second.pop()] = bundle[1]
    rest = first + second
    for bundle in bundles:
        if len(bundle) == 1:
            placed[rest.pop()] = bundle[0]
    return [p for p in placed if p is not None]


def match_groups(labels: Iterable[str | None]) -> dict[str, list[str]]:
    """The faces among ``labels`` grouped by match key (``None`` entries skipped).

    >>> match_groups(["1D", None, "S1", "1D", "S3"])
    {'1D': ['1D', '1D'], 'S*': ['S1', 'S3']}
    """
    groups: dict[str, list[str]] = {}
    for label in labels:
        if label is not None:
            groups.setdefault(match_key(label), []).append(label)
    return groups


def lay_faces(
    groups: dict[str, list[str]], order: Sequence[tuple[int, int]], size: int, rng: Rng
) -> tuple[str | None, ...]:
    """Pair the faces of each group at random and lay the pairs, in random order, on the
    steps of a removal ``order`` over ``size`` places (``None`` on the others).  The groups'
    lists are shuffled in place.

        >>> lay_faces({"1D": ["1D", "1D"]}, [(2, 0)], 3, Rng.from_seed(1))
        ('1D', None, '1D')
    """
    pairs: list[tuple[str, str]] = []
    for key in sorted(groups):
        labels = groups[key]
        rng.shuffle(labels)
        pairs.extend(zip(labels[0::2], labels[1::2], strict=True))
    rng.shuffle(pairs)
    tiles: list[str | None] = [None] * size
    for (a, b), (face_a, face_b) in zip(order, pairs, strict=True):
        tiles[a], tiles[b] = face_a, face_b
    return tuple(tiles)
