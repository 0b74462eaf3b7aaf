"""A Connect shuffle that keeps the board solvable (rules §9.6).

The construction is run again from the cells that still hold tiles, with the stage's slide,
and the remaining faces, grouped in matching pairs, are laid along the new order.  A Connect
grid can always be cleared in this way (see
:mod:`~mahjong_solitaire.connect.construction`), so unlike the classic shuffle this one never
gives up (a position whose tiles do not pair up, which no game reaches, raises
:class:`~mahjong_solitaire.core.faces.ShuffleError`).

    >>> from mahjong_solitaire.core.rng import Rng
    >>> from mahjong_solitaire.connect.generator import connect_deal_from_code
    >>> board = connect_deal_from_code("CN1-1006A-AAAAABL").board()
    >>> tiles, order = shuffled_cells(board, Rng.from_seed(1))
    >>> sorted(t for t in tiles if t) == sorted(t for t in board.tiles if t)
    True
    >>> fresh = ConnectBoard(board.shape, board.rule, tiles)
    >>> fresh.play(order); fresh.is_won()
    True
"""

from __future__ import annotations

from ..core.faces import ShuffleError, lay_faces, match_groups
from ..core.moves import Move
from ..core.rng import Rng
from .board import ConnectBoard
from .construction import construct

__all__ = ["shuffled_cells"]


def shuffled_cells(
    board: ConnectBoard, rng: Rng
) -> tuple[tuple[str | None, ...], tuple[Move, ...]]:
    """New faces for the tiles on ``board``, and the order of moves that clears them."""
    cells = board.tiles
    groups = match_groups(cells)
    odd = sorted(key for key, labels in groups.items() if len(labels) % 2)
    if odd:
        raise ShuffleError(
            f"the remaining tiles do not pair up: {', '.join(odd)} left without a partner"
        )
    built = construct(board.shape, board.rule, rng, [c is not None for c in cells])
    return lay_faces(groups, built.ids, len(cells), rng), built.moves
