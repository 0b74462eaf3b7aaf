"""A shuffle that keeps the board solvable (SPEC section 6).

The backward construction is run again on the positions that still hold tiles, and the
remaining faces, grouped in matching pairs, are laid along the new removal order.  When the
remaining positions themselves cannot be cleared (two tiles left, one on the other) no
shuffle helps and :class:`ShuffleError` says so.

    >>> from mahjong_solitaire.codes import deal_from_code
    >>> from mahjong_solitaire.rng import Rng
    >>> board = deal_from_code("MJ1-L00-AAAAABL").board()
    >>> tiles, order = shuffled_tiles(board, Rng.from_seed(1))
    >>> sorted(t for t in tiles if t) == sorted(t for t in board.tiles if t)
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .board import Board, Move
from .construction import UnclearableError, construct
from .rng import Rng
from .tiles import match_key

__all__ = ["ShuffleError", "lay_faces", "match_groups", "shuffled_tiles"]


class ShuffleError(ValueError):
    """The remaining positions cannot be cleared, whatever faces they carry."""


def shuffled_tiles(board: Board, rng: Rng) -> tuple[tuple[str | None, ...], tuple[Move, ...]]:
    """New faces for the tiles on ``board`` and a removal order that clears them."""
    try:
        construction = construct(board.layout, rng, board.present)
    except UnclearableError as error:
        raise ShuffleError(f"no shuffle can help: the remaining positions cannot be cleared "
                           f"({error})") from None
    tiles = lay_faces(match_groups(board.tiles), construction.order, len(board.layout), rng)
    return tiles, tuple(Move(a, b) for a, b in construction.order)


# -- shared with the Connect shuffle (connect/shuffle.py) --------------------------------

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


def lay_faces(groups: dict[str, list[str]], order: Sequence[tuple[int, int]], size: int,
              rng: Rng) -> tuple[str | None, ...]:
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
