"""What the solver answers: the verdict, its proof and the effort (rules §5.1).

A :class:`SolveResult` holds the verdict, the winning order that proves it, and the effort
it took.

There are three verdicts.  *Solvable* comes with a winning order of moves, the proof.
*Unsolvable* is given only when the search proved it.  *Unknown* is given only when the
caller's ``node_limit`` or ``time_limit`` stopped the search first: without limits the
search is complete and never answers unknown.

    >>> result = SolveResult(Verdict.UNSOLVABLE, (), nodes=3, seconds=0.0012)
    >>> result.solvable, result.to_json()
    (False, {'verdict': 'unsolvable', 'solution': [], 'nodes': 3, 'ms': 1.2})
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core.moves import Move

__all__ = ["SolveResult", "Verdict"]


class Verdict(Enum):
    SOLVABLE = "solvable"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The answer: the verdict, a winning order when solvable, the effort it took.

    ``nodes`` counts the branch points of the search (positions where a pairing had to be
    chosen) and the steps of the walk over complete pairings.
    """

    verdict: Verdict
    moves: tuple[Move, ...]
    nodes: int
    seconds: float

    @property
    def solvable(self) -> bool:
        return self.verdict is Verdict.SOLVABLE

    def to_json(self) -> dict[str, object]:
        """``{"verdict", "solution", "nodes", "ms"}`` with layout indices in the solution."""
        return {
            "verdict": self.verdict.value,
            "solution": [[m.a, m.b] for m in self.moves],
            "nodes": self.nodes,
            "ms": round(self.seconds * 1e3, 3),
        }
