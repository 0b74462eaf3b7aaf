"""Game codes ``MJ1-Lnn-XXXXXXX`` and the daily challenge (rules §7.2 and §7.5).

A code names a built-in layout, a seed and a difficulty; the code alone reproduces the
deal.  The seven letters are a base-26 number ``seed * 3 + difficulty`` (``A`` = 0, easy =
0, normal = 1, hard = 2).  Input is case insensitive and may omit the dashes' spaces:

    >>> code = GameCode.parse("mj1-l00-aaaaabl")
    >>> code.layout_number, code.seed, code.difficulty.value
    (0, 12, 'normal')
    >>> str(code)
    'MJ1-L00-AAAAABL'
    >>> str(daily_code(date(2026, 11, 29))) == str(daily_code(date(2026, 11, 29)))
    True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from ..core.codes import MAX_SEED, CodeError, match_code, seed_from_letters, seed_letters
from ..core.difficulty import Difficulty
from ..core.layout import LayoutError
from ..core.rng import derive_seed
from ..layouts import builtin_layout

__all__ = ["PREFIX", "GameCode", "daily_code"]

PREFIX = "MJ1"
_PATTERN = re.compile(r"([A-Z]{2}\d)-L(\d{2})-([A-Z]{7})")


@dataclass(frozen=True, slots=True)
class GameCode:
    layout_number: int
    seed: int
    difficulty: Difficulty

    def __post_init__(self) -> None:
        if not 0 <= self.layout_number <= 99:
            raise CodeError(f"layout number {self.layout_number} is not in 0..99")
        if not 0 <= self.seed <= MAX_SEED:
            raise CodeError(f"seed {self.seed} is not in 0..{MAX_SEED}")

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Parse a code; :class:`CodeError` says what is wrong with a bad one."""
        cleaned, match = match_code(text, _PATTERN, "game code", "MJ1-L00-AAAAABL")
        version, number, letters = match.groups()
        if version != PREFIX:
            raise CodeError(f"code version {version} is not supported (this game reads {PREFIX})")
        code = cls(int(number), *seed_from_letters(letters, cleaned))
        try:
            builtin_layout(code.layout_number)
        except LayoutError:
            raise CodeError(f"{cleaned}: there is no built-in layout L{number}") from None
        return code

    def __str__(self) -> str:
        return f"{PREFIX}-L{self.layout_number:02d}-{seed_letters(self.seed, self.difficulty)}"


#: The daily challenge is played on the Turtle at normal difficulty.
DAILY_LAYOUT = 0
DAILY_DIFFICULTY = Difficulty.NORMAL


def daily_code(day: date) -> GameCode:
    """The same code for every player on a given calendar date (UTC)."""
    seed = derive_seed(0xDA11, day.year, day.month, day.day) % (MAX_SEED + 1)
    return GameCode(DAILY_LAYOUT, seed, DAILY_DIFFICULTY)
