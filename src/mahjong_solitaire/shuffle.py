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

from .board import Board, Move
from .construction import UnclearableError, construct
from .rng import Rng
from .tiles import match_key

__all__ = ["ShuffleError", "shuffled_tiles"]


class ShuffleError(ValueError):
    """The remaining positions cannot be cleared, whatever faces they carry."""


def shuffled_tiles(board: Board, rng: Rng) -> tuple[tuple[str | None, ...], tuple[Move, ...]]:
    """New faces for the tiles on ``board`` and a removal order that clears them."""
    try:
        construction = construct(board.layout, rng, board.present)
    except UnclearableError as error:
        raise ShuffleError(f"no shuffle can help: the remaining positions cannot be cleared "
                           f"({error})") from None
    groups: dict[str, list[str]] = {}
    for label in board.tiles:
        if label is not None:
            groups.setdefault(match_key(label), []).append(label)
    pairs: list[tuple[str, str]] = []
    for key in sorted(groups):
        labels = groups[key]
        rng.shuffle(labels)
        pairs.extend(zip(labels[0::2], labels[1::2], strict=True))
    rng.shuffle(pairs)
    tiles: list[str | None] = [None] * len(board.layout)
    for (a, b), (face_a, face_b) in zip(construction.order, pairs, strict=True):
        tiles[a], tiles[b] = face_a, face_b
    return tuple(tiles), tuple(Move(a, b) for a, b in construction.order)
