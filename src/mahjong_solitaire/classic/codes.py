"""Game codes ``MJ2-Lnn-XXXXXXX`` and the daily challenge (rules §7.2, §7.5 and §7.6).

A code names a version of dealing, a built-in layout, a seed and a difficulty; the code
alone reproduces the deal.  ``MJ1`` codes, the first version, scatter the pairs of easy and
normal deals one by one; ``MJ2`` codes, which every new deal gets, lay a bundle's two
pairs together (:data:`VERSIONS`).  The seven letters are a base-26 number
``seed * 3 + difficulty`` (``A`` = 0, easy = 0, normal = 1, hard = 2).  Input is case
insensitive and may omit the dashes' spaces:

    >>> code = GameCode.parse("mj1-l00-aaaaabl")
    >>> code.layout_number, code.seed, code.difficulty.value, code.version.prefix
    (0, 12, 'normal', 'MJ1')
    >>> str(code), str(GameCode(0, 12, Difficulty.NORMAL))
    ('MJ1-L00-AAAAABL', 'MJ2-L00-AAAAABL')
    >>> str(daily_code(date(2026, 12, 1)))[:3], str(daily_code(DAILY_CUTOVER))[:3]
    ('MJ1', 'MJ2')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from ..core.codes import MAX_SEED, CodeError, match_code, seed_from_letters, seed_letters
from ..core.dealing import DealVersion, DealVersions, Laying
from ..core.difficulty import Difficulty
from ..core.layout import LayoutError
from ..core.rng import derive_seed
from ..layouts import builtin_layout

__all__ = ["DAILY_CUTOVER", "PREFIX", "VERSIONS", "GameCode", "daily_code"]

#: The versions of classic codes, oldest first; the last deals every new game.
VERSIONS = DealVersions(
    DealVersion("MJ1", Laying.SCATTERED),
    DealVersion("MJ2", Laying.TOGETHER),
)
#: The prefix of new codes.
PREFIX = VERSIONS.current.prefix
_PATTERN = re.compile(r"([A-Z]{2}\d)-L(\d{2})-([A-Z]{7})")


@dataclass(frozen=True, slots=True)
class GameCode:
    layout_number: int
    seed: int
    difficulty: Difficulty
    version: DealVersion = VERSIONS.current

    def __post_init__(self) -> None:
        if not 0 <= self.layout_number <= 99:
            raise CodeError(f"layout number {self.layout_number} is not in 0..99")
        if not 0 <= self.seed <= MAX_SEED:
            raise CodeError(f"seed {self.seed} is not in 0..{MAX_SEED}")

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Parse a code; :class:`CodeError` says what is wrong with a bad one."""
        cleaned, match = match_code(text, _PATTERN, "game code", "MJ2-L00-AAAAABL")
        prefix, number, letters = match.groups()
        version = VERSIONS.named(prefix, "game code")
        code = cls(int(number), *seed_from_letters(letters, cleaned), version)
        try:
            builtin_layout(code.layout_number)
        except LayoutError:
            raise CodeError(f"{cleaned}: there is no built-in layout L{number}") from None
        return code

    def __str__(self) -> str:
        letters = seed_letters(self.seed, self.difficulty)
        return f"{self.version.prefix}-L{self.layout_number:02d}-{letters}"


#: The daily challenge is played on the Turtle at normal difficulty.
DAILY_LAYOUT = 0
DAILY_DIFFICULTY = Difficulty.NORMAL
#: The first day whose daily challenge is dealt by the current version: every day before
#: keeps the ``MJ1`` code it had (its games, its daily board).
DAILY_CUTOVER = date(2026, 12, 2)


def daily_code(day: date) -> GameCode:
    """The same code for every player on a given calendar date (UTC)."""
    seed = derive_seed(0xDA11, day.year, day.month, day.day) % (MAX_SEED + 1)
    version = VERSIONS.current if day >= DAILY_CUTOVER else VERSIONS.first
    return GameCode(DAILY_LAYOUT, seed, DAILY_DIFFICULTY, version)
