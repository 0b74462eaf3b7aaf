"""What every game code shares: the error, the matching of a pattern, and the seven letters
that carry a seed and a difficulty.

Each mode writes its own codes on these pieces (classic ``MJ1-Lnn-XXXXXXX``, Connect
``CN1-WWHHR-XXXXXXX``); see rules §7.

    >>> seed_letters(12, Difficulty.NORMAL)
    'AAAAABL'
    >>> seed_from_letters("AAAAABL", "MJ1-L00-AAAAABL")[0]
    12
"""

from __future__ import annotations

import re
from typing import Protocol

from .difficulty import Difficulty

__all__ = [
    "LETTERS",
    "MAX_SEED",
    "CodeError",
    "ParsedCode",
    "match_code",
    "seed_from_letters",
    "seed_letters",
]

#: How many letters carry the seed and difficulty.
LETTERS = 7
#: Seeds run from 0 to ``MAX_SEED`` inclusive.
MAX_SEED = 26**LETTERS // 3 - 1
_EXAMPLE = re.compile(r"([A-Z]{2}\d)-L(\d{2})-([A-Z]{7})")


class CodeError(ValueError):
    """A game code that is malformed or names an unknown layout."""


class ParsedCode(Protocol):
    """What a parsed code offers in every mode: the seed and difficulty it carries
    (``str()`` writes the code back)."""

    @property
    def seed(self) -> int: ...
    @property
    def difficulty(self) -> Difficulty: ...


def match_code(
    text: object, pattern: re.Pattern[str], kind: str, example: str
) -> tuple[str, re.Match[str]]:
    """The cleaned code (stripped, upper case) and its match against ``pattern``;
    :class:`CodeError` when it is not text or does not match, naming the ``kind`` of code
    and an ``example`` of the form.

        >>> cleaned, match = match_code(" mj1-l00-aaaaabl", _EXAMPLE, "game code", "MJ1-…")
        >>> cleaned, match.groups()
        ('MJ1-L00-AAAAABL', ('MJ1', '00', 'AAAAABL'))
        >>> match_code("MJ1", _EXAMPLE, "game code", "MJ1-L00-AAAAABL")
        Traceback (most recent call last):
        ...
        mahjong_solitaire.core.codes.CodeError: 'MJ1' is not a game code like MJ1-L00-AAAAABL
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
    for _ in range(LETTERS):
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
