"""Game codes ``MJ1-Lnn-XXXXXXX`` and the daily challenge (SPEC section 7).

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

from .generator import Deal, Difficulty, generate
from .layout import LayoutError
from .layouts import builtin_layout
from .rng import derive_seed

__all__ = ["MAX_SEED", "PREFIX", "CodeError", "GameCode", "daily_code", "deal_from_code",
           "match_code", "seed_from_letters", "seed_letters"]

PREFIX = "MJ1"
_LETTERS = 7
#: Seeds run from 0 to ``MAX_SEED`` inclusive.
MAX_SEED = 26**_LETTERS // 3 - 1
_PATTERN = re.compile(r"([A-Z]{2}\d)-L(\d{2})-([A-Z]{7})")


class CodeError(ValueError):
    """A game code that is malformed or names an unknown layout."""


# -- shared by every kind of game code (classic here, Connect in connect/codes.py) ----------

def match_code(text: object, pattern: re.Pattern[str], kind: str, example: str
               ) -> tuple[str, re.Match[str]]:
    """The cleaned code (stripped, upper case) and its match against ``pattern``;
    :class:`CodeError` when it is not text or does not match, naming the ``kind`` of code
    and an ``example`` of the form.

        >>> cleaned, match = match_code(" mj1-l00-aaaaabl", _PATTERN, "game code", "MJ1-…")
        >>> cleaned, match.groups()
        ('MJ1-L00-AAAAABL', ('MJ1', '00', 'AAAAABL'))
        >>> match_code("MJ1", _PATTERN, "game code", "MJ1-L00-AAAAABL")
        Traceback (most recent call last):
        ...
        mahjong_solitaire.codes.CodeError: 'MJ1' is not a game code like MJ1-L00-AAAAABL
    """
    if not isinstance(text, str):
        raise CodeError(f"a game code is text, not {type(text).__name__}")
    cleaned = text.strip().upper()
    match = pattern.fullmatch(cleaned)
    if match is None:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise CodeError(f"{shown!r} is not a {kind} like {example}")
    return cleaned, match


def seed_letters(seed: int, difficulty: Difficulty) -> str:
    """The seven letters of a code: ``seed * 3 + difficulty`` in base 26, ``A`` = 0.

        >>> seed_letters(12, Difficulty.NORMAL)
        'AAAAABL'
    """
    value = seed * 3 + difficulty.index
    out = []
    for _ in range(_LETTERS):
        value, digit = divmod(value, 26)
        out.append(chr(ord("A") + digit))
    return "".join(reversed(out))


def seed_from_letters(letters: str, cleaned: str) -> tuple[int, Difficulty]:
    """The seed and difficulty seven letters stand for (the inverse of :func:`seed_letters`);
    :class:`CodeError` naming the ``cleaned`` code when the seed is past :data:`MAX_SEED`.

        >>> seed, difficulty = seed_from_letters("AAAAABL", "MJ1-L00-AAAAABL")
        >>> seed, difficulty.value
        (12, 'normal')
    """
    value = 0
    for letter in letters:
        value = value * 26 + ord(letter) - ord("A")
    seed, difficulty = divmod(value, 3)
    if seed > MAX_SEED:
        raise CodeError(f"{cleaned} is out of range")
    return seed, list(Difficulty)[difficulty]


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

    def deal(self) -> Deal:
        return generate(builtin_layout(self.layout_number), self.seed, self.difficulty)


def deal_from_code(text: str) -> Deal:
    """The deal a code names."""
    return GameCode.parse(text).deal()


#: The daily challenge is played on the Turtle at normal difficulty.
DAILY_LAYOUT = 0
DAILY_DIFFICULTY = Difficulty.NORMAL


def daily_code(day: date) -> GameCode:
    """The same code for every player on a given calendar date (UTC)."""
    seed = derive_seed(0xDA11, day.year, day.month, day.day) % (MAX_SEED + 1)
    return GameCode(DAILY_LAYOUT, seed, DAILY_DIFFICULTY)
