"""A Connect shuffle that keeps the board solvable (SPEC sections 6 and 9).

The construction is run again from the cells that still hold tiles, with the stage's slide,
and the remaining faces, grouped in matching pairs, are laid along the new order.  A Connect
grid can always be cleared in this way (see
:mod:`~mahjong_solitaire.connect.construction`), so unlike the classic shuffle this one never
gives up (a position whose tiles do not pair up, which no game reaches, raises
:class:`~mahjong_solitaire.shuffle.ShuffleError`).

    >>> from mahjong_solitaire.rng import Rng
    >>> from mahjong_solitaire.connect.codes import connect_deal_from_code
    >>> board = connect_deal_from_code("CN1-1006A-AAAAABL").board()
    >>> tiles, order = shuffled_cells(board, Rng.from_seed(1))
    >>> sorted(t for t in tiles if t) == sorted(t for t in board.tiles if t)
    True
    >>> fresh = ConnectBoard(board.shape, board.rule, tiles)
    >>> fresh.play(order); fresh.is_won()
    True
"""

from __future__ import annotations

from ..board import Move
from ..rng import Rng
from ..shuffle import ShuffleError
from ..tiles import match_key
from .board import ConnectBoard
from .construction import construct

__all__ = ["shuffled_cells"]


def shuffled_cells(board: ConnectBoard, rng: Rng) -> tuple[tuple[str | None, ...],
                                                            tuple[Move, ...]]:
    """New faces for the tiles on ``board``, and the order of moves that clears them."""
    cells = board.tiles
    groups: dict[str, list[str]] = {}
    for label in cells:
        if label is not None:
            groups.setdefault(match_key(label), []).append(label)
    odd = sorted(key for key, labels in groups.items() if len(labels) % 2)
    if odd:
        raise ShuffleError(f"the remaining tiles do not pair up: {', '.join(odd)} "
                           "left without a partner")
    built = construct(board.shape, board.rule, rng, [c is not None for c in cells])
    pairs: list[tuple[str, str]] = []
    for key in sorted(groups):
        labels = groups[key]
        rng.shuffle(labels)
        pairs.extend(zip(labels[0::2], labels[1::2], strict=True))
    rng.shuffle(pairs)
    tiles: list[str | None] = [None] * len(cells)
    for (a, b), (face_a, face_b) in zip(built.ids, pairs, strict=True):
        tiles[a], tiles[b] = face_a, face_b
    return tuple(tiles), built.moves
