"""A shuffle that keeps the board solvable (rules §6).

The backward construction is run again on the positions that still hold tiles, and the
remaining faces, grouped in matching pairs, are laid along the new removal order.  When the
remaining positions themselves cannot be cleared (two tiles left, one on the other) no
shuffle helps and :class:`ShuffleError` says so, but only when a search proved it; when the
search merely ran out of its budget, :class:`ShuffleNotFoundError` says that no solvable
shuffle was found yet, and a *patient* shuffle searches longer (rules §6.2).

    >>> from mahjong_solitaire.classic.generator import deal_from_code
    >>> from mahjong_solitaire.core.rng import Rng
    >>> board = deal_from_code("MJ1-L00-AAAAABL").board()
    >>> tiles, order = shuffled_tiles(board, Rng.from_seed(1))
    >>> sorted(t for t in tiles if t) == sorted(t for t in board.tiles if t)
    True
"""

from __future__ import annotations

from ..core.board import Board
from ..core.faces import ShuffleError, ShuffleNotFoundError, lay_faces, match_groups
from ..core.moves import Move
from ..core.rng import Rng
from .construction import EXACT_NODES, OrderNotFoundError, UnclearableError, construct

__all__ = ["PATIENT_NODES", "shuffled_tiles"]

#: The exact search's budget for a patient shuffle (a player's "try again", and every
#: replayed shuffle: the search finds the same order whatever its budget, so a replay
#: repeats a shuffle that took the longer search).
PATIENT_NODES = 25 * EXACT_NODES


def shuffled_tiles(
    board: Board, rng: Rng, *, patient: bool = False
) -> tuple[tuple[str | None, ...], tuple[Move, ...]]:
    """New faces for the tiles on ``board`` and a removal order that clears them; a
    ``patient`` shuffle lets the exact search run longer."""
    nodes = PATIENT_NODES if patient else EXACT_NODES
    try:
        construction = construct(board.layout, rng, board.present, exact_nodes=nodes)
    except UnclearableError as error:
        raise ShuffleError(
            f"no shuffle can help: the remaining positions cannot be cleared ({error})"
        ) from None
    except OrderNotFoundError as error:
        raise ShuffleNotFoundError(
            f"no solvable shuffle found yet: {error}; a longer search may find one"
        ) from None
    tiles = lay_faces(match_groups(board.tiles), construction.order, len(board.layout), rng)
    return tiles, tuple(Move(a, b) for a, b in construction.order)
