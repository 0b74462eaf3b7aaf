"""The exact solver of classic positions, and the aids built on it (rules §5).

    >>> from mahjong_solitaire.classic.generator import deal_from_code
    >>> result = solve(deal_from_code("MJ1-L00-AAAAABL").board())
    >>> result.verdict
    <Verdict.SOLVABLE: 'solvable'>

:func:`solve` decides a position: ``SOLVABLE`` with a winning order, ``UNSOLVABLE`` (a
proof) or ``UNKNOWN`` when a limit is hit (:mod:`.verdict`).  The parts of the solver, each
in its module:

* :mod:`.playout`: cheap random play-outs, tried first (they can only find wins);
* :mod:`.rounds`: which search runs when, on how many nodes, and :func:`solve`;
* :mod:`.search`: the tree search over pairings;
* :mod:`.relaxation`: optimistic play, which proves positions dead in bulk, and greedy play;
* :mod:`.walk`: the weighted walk over complete pairings, which finds wins fast;
* :mod:`.random_deals`: uniformly random deals for statistics (:func:`solve_random`).

Hints (:mod:`.hint`) give the next pair of a winning plan; :mod:`.winnability` says whether
a position can still be won.
"""

from .random_deals import random_board
from .rounds import solve, solve_random
from .verdict import SolveResult, Verdict

__all__ = ["SolveResult", "Verdict", "random_board", "solve", "solve_random"]
