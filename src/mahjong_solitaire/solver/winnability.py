"""Is the position still winnable?  And how far back is the last position that was?

    >>> from mahjong_solitaire.classic.generator import deal_from_code
    >>> board = deal_from_code("MJ1-L00-AAAAABL").board()
    >>> winnability(board)
    Winnability(status=<Status.WINNABLE: 'winnable'>, undo=0)

The answer comes within a small budget (:data:`WINNABILITY_NODES` branch points of the
solver in all) so play never waits: ``winnable`` and ``lost`` are proved, ``unknown`` means
the budget ran out.  When the position is lost, earlier positions of the game (undoing one
entry of the history at a time, shuffles included) are examined until one is winnable;
``undo`` is how many undo steps lead back to it (``None`` when it could not be found
within the budget).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core.board import Board
from .hint import Hinter
from .verdict import Verdict

__all__ = ["WINNABILITY_NODES", "Status", "Winnability", "winnability"]

#: Branch points (and walk steps) the whole check may spend: on the Turtle, along careless
#: play, 25 ms at the 99th percentile and under 80 ms at the most (BENCHMARKS.md).
WINNABILITY_NODES = 300


class Status(Enum):
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Winnability:
    """``undo``: undo steps back to the last winnable position (0 when this one is)."""

    status: Status
    undo: int | None


def winnability(
    board: Board,
    *,
    hinter: Hinter | None = None,
    node_limit: int = WINNABILITY_NODES,
    look_back: bool = True,
) -> Winnability:
    """Decide ``board`` within ``node_limit``; ``hinter`` lends (and keeps) a winning plan.
    ``look_back=False``: the status alone, without looking for the last winnable position
    of a lost one (most of the work; ``undo`` is then ``None``).

    The board is not changed.
    """
    hinter = hinter if hinter is not None else Hinter()
    budget = node_limit
    result = hinter.search(board, node_limit=budget)
    budget -= result.nodes
    if result.verdict is Verdict.SOLVABLE:
        return Winnability(Status.WINNABLE, 0)
    if result.verdict is Verdict.UNKNOWN:
        return Winnability(Status.UNKNOWN, None)
    if not look_back:
        return Winnability(Status.LOST, None)
    probe = board.copy()
    steps = 0
    while probe.can_undo and budget > 0:
        probe.pop()
        steps += 1
        # Before a lost position most are lost too: the quick search goes first.
        earlier = hinter.search(probe, node_limit=budget, expect_lost=True)
        budget -= max(1, earlier.nodes)
        if earlier.verdict is Verdict.SOLVABLE:
            return Winnability(Status.LOST, steps)
        if earlier.verdict is Verdict.UNKNOWN:
            break
    return Winnability(Status.LOST, None)
