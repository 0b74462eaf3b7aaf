"""Hints: which pair to play next.

    >>> from mahjong_solitaire.codes import deal_from_code
    >>> board = deal_from_code("MJ1-L00-AAAAABL").board()
    >>> board.is_legal(suggest(board))
    True
"""

from __future__ import annotations

from .board import Board, Move

__all__ = ["freed_by", "suggest"]


def freed_by(board: Board, move: Move) -> int:
    """How many tiles become free when ``move`` is played."""
    before = board.free
    probe = board.copy(stack=False)
    probe.push(move)
    return (probe.free & ~before).bit_count()


def suggest(board: Board) -> Move | None:
    """A playable pair: the one that frees the most tiles (``None`` when stuck)."""
    pairs = board.matching_pairs()
    if not pairs:
        return None
    return max(pairs, key=lambda move: (freed_by(board, move), -move.a, -move.b))
