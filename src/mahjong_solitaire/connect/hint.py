"""Connect hints: which pair to play next (evaluated after the last slide).

The next pair of the board's known winning line when the game is still on it (the deal's
solution, or the order the last shuffle was built from).  Off that line, the legal pair
that leaves the most legal pairs behind it, so the hint keeps the player's options open.

    >>> from mahjong_solitaire.connect.codes import connect_deal_from_code
    >>> deal = connect_deal_from_code("CN1-1006B-AAAAABL")
    >>> suggest(deal.board()) == deal.solution[0]
    True
"""

from __future__ import annotations

from ..board import Move
from .board import ConnectBoard

__all__ = ["options_after", "suggest"]


def options_after(board: ConnectBoard, move: Move) -> int:
    """How many legal pairs there are after ``move`` and its slide."""
    probe = board.copy(stack=False)
    probe.push(move)
    return probe.pair_count()


def suggest(board: ConnectBoard) -> Move | None:
    """A legal pair, preferring the known winning line (``None`` when stuck)."""
    plan = board.plan
    if plan and board.is_legal(plan[0]):
        return plan[0]
    pairs = board.matching_pairs()
    if not pairs:
        return None
    return max(pairs, key=lambda move: (options_after(board, move), -move.a, -move.b))
