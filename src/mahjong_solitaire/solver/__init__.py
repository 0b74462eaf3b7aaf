"""The exact solver of classic positions, and the aids built on it (rules §5).

    >>> from mahjong_solitaire.classic.generator import deal_from_code
    >>> result = solve(deal_from_code("MJ1-L00-AAAAABL").board())
    >>> result.verdict
    <Verdict.SOLVABLE: 'solvable'>

:func:`solve` decides a position: ``SOLVABLE`` with a winning order, ``UNSOLVABLE`` (a
proof) or ``UNKNOWN`` when a limit is hit.  Hints (:mod:`.hint`) give the next pair of a
winning plan; :mod:`.winnability` says whether a position can still be won.
"""

from .search import SolveResult, Verdict, solve

__all__ = ["SolveResult", "Verdict", "solve"]
