"""Random deals, the solver's test bed (rules §5.6).

Faces are shuffled uniformly onto a layout, not built to be solvable, reproducibly from a
seed.  Benchmarks, the unsolvable share of random deals and the tests play on them.
(Deals that are solvable by construction come from :mod:`mahjong_solitaire.classic.generator`.)
"""

from __future__ import annotations

from ..core.board import Board
from ..core.layout import Layout
from ..core.rng import Rng
from ..core.tiles import BUNDLES, TILE_SET

__all__ = ["random_board", "random_deal"]


def random_deal(layout: Layout, seed: int) -> tuple[str, ...]:
    """Faces shuffled uniformly onto ``layout`` (not built to be solvable), from ``seed``.

    Each 144 positions get a full tile set; the rest (a layout of fewer than 144 positions,
    or what is left past the full sets) gets whole bundles of four of one more set, chosen
    at random, plus one pair when it is not a multiple of four (rules §4.2).

        >>> from mahjong_solitaire.layouts import builtin_layout
        >>> tiles = random_deal(builtin_layout("turtle"), 7)
        >>> sorted(tiles) == sorted(TILE_SET), tiles == random_deal(builtin_layout(0), 7)
        (True, True)
    """
    rng = Rng.from_seed(0x5013, seed, len(layout))
    count = len(layout)
    full, rest = divmod(count, len(TILE_SET))
    tiles = list(TILE_SET) * full
    if rest:
        bundles = list(BUNDLES)
        rng.shuffle(bundles)
        whole, extra = divmod(rest // 2, 2)
        tiles.extend(label for bundle in bundles[:whole] for label in bundle)
        if extra:
            tiles.extend(bundles[whole][:2])
    rng.shuffle(tiles)
    return tuple(tiles)


def random_board(layout: Layout, seed: int) -> Board:
    """A board of :func:`random_deal`."""
    return Board(layout, random_deal(layout, seed))
