"""Connect game codes such as ``CN2-1808B-AAAAABL`` (rules §7.3 and §7.6).

In the spirit of the classic ``MJ2-L00-AAAAABL``: ``CN2`` the format version (``CN1``, the
first, is still read and deals what it always dealt: :data:`VERSIONS`), then the grid
width and height in two digits each and the sliding rule as one letter, then seven letters
``A``–``Z``, the base-26 number ``seed * 3 + difficulty`` (easy 0, normal 1, hard 2).  The
code alone reproduces the grid size, the rule and the faces.  Rule letters follow the order
stages introduce the rules: ``A`` none, ``B`` down, ``C`` left, ``D`` up, ``E`` right,
``F`` split-v, ``G`` split-h, ``H`` gather-v, ``I`` gather-h, ``J`` outward, ``K`` inward.

    >>> code = ConnectCode.parse(" cn1-1808b-aaaaabl ")
    >>> code.shape, code.rule.value, code.seed, code.difficulty.value, code.version.prefix
    (Shape(width=18, height=8), 'down', 12, 'normal', 'CN1')
    >>> str(code), str(ConnectCode(code.shape, code.rule, 12, code.difficulty))
    ('CN1-1808B-AAAAABL', 'CN2-1808B-AAAAABL')
    >>> try:
    ...     ConnectCode.parse("CN1-1807B-AAAAABL")
    ... except CodeError as error:
    ...     print(error)
    CN1-1807B-AAAAABL: a 18×7 grid has 126 cells: not a multiple of 4

Malformed codes raise :class:`ConnectCodeError` (a kind of the classic codes'
:class:`~mahjong_solitaire.core.codes.CodeError`), saying what is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.codes import MAX_SEED, CodeError, match_code, seed_from_letters, seed_letters
from ..core.dealing import DealVersion, DealVersions, Laying
from ..core.difficulty import Difficulty
from .grid import Shape, ShapeError
from .slide import Slide

__all__ = ["PREFIX", "VERSIONS", "ConnectCode", "ConnectCodeError"]

#: The versions of Connect codes, oldest first; the last deals every new game.  ``CN1``
#: scattered the pairs of easy and normal deals and scored every third step; ``CN2`` lays a
#: bundle's two pairs together and scores every step (rules §9.5).
VERSIONS = DealVersions(
    DealVersion("CN1", Laying.SCATTERED, score_stride=3),
    DealVersion("CN2", Laying.TOGETHER, score_stride=1),
)
#: The prefix of new codes.
PREFIX = VERSIONS.current.prefix
_RULES = "ABCDEFGHIJK"
_PATTERN = re.compile(r"([A-Z]{2}\d)-(\d{2})(\d{2})([A-Z])-([A-Z]{7})")


class ConnectCodeError(CodeError):
    """A malformed Connect code (a :class:`~mahjong_solitaire.core.codes.CodeError`, so one
    ``except`` takes both kinds; the player's message names the Connect form)."""


@dataclass(frozen=True, slots=True)
class ConnectCode:
    shape: Shape
    rule: Slide
    seed: int
    difficulty: Difficulty
    version: DealVersion = VERSIONS.current

    def __post_init__(self) -> None:
        if not 0 <= self.seed <= MAX_SEED:
            raise CodeError(f"seed {self.seed} is not in 0..{MAX_SEED}")
        if self.shape.width > 99 or self.shape.height > 99:
            raise CodeError(f"a {self.shape.width}×{self.shape.height} grid has no code")

    @classmethod
    def parse(cls, text: str) -> ConnectCode:
        """Parse a code; :class:`ConnectCodeError` says what is wrong."""
        try:
            return cls._parse(text)
        except CodeError as error:  # the shared pieces speak of codes in general
            raise ConnectCodeError(str(error)) from None

    @classmethod
    def _parse(cls, text: str) -> ConnectCode:
        cleaned, match = match_code(text, _PATTERN, "Connect code", "CN2-1808B-AAAAABL")
        prefix, width, height, rule, letters = match.groups()
        version = VERSIONS.named(prefix, "Connect code")
        if rule not in _RULES:
            raise CodeError(f"{cleaned}: {rule} is not a sliding rule (A to {_RULES[-1]})")
        try:
            shape = Shape(int(width), int(height))
        except ShapeError as error:
            raise CodeError(f"{cleaned}: {error}") from None
        seed, difficulty = seed_from_letters(letters, cleaned)
        return cls(shape, list(Slide)[_RULES.index(rule)], seed, difficulty, version)

    def __str__(self) -> str:
        return (
            f"{self.version.prefix}-{self.shape.width:02d}{self.shape.height:02d}"
            f"{_RULES[self.rule.index]}-{seed_letters(self.seed, self.difficulty)}"
        )
