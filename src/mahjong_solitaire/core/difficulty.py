"""How hard a deal is, in every mode (rules §4.3).

>>> Difficulty.parse("Hard"), Difficulty.NORMAL.index
(<Difficulty.HARD: 'hard'>, 1)
"""

from __future__ import annotations

from .enums import NamedEnum

__all__ = ["CANDIDATES", "Difficulty"]

#: How many candidates a deal is chosen from.
CANDIDATES = 6


class Difficulty(NamedEnum, noun="difficulty"):
    """How hard a deal is; ``Difficulty.parse("Hard")`` reads one from text."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
