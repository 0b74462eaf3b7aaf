"""Game codes ``MJ2-Lnn-XXXXXXX`` and ``MJ2-Hhhhhhhhhhh-XXXXXXX``, and the daily challenge
(rules §7.2, §7.5 and §7.6).

A code names a version of dealing, a layout, a seed and a difficulty.  ``Lnn`` is a
built-in layout by number, and the code alone reproduces the deal; ``H`` and ten letters or
digits name any other layout by its content (:func:`layout_hash`, the same on every
machine), and the deal is reproduced from the code and that layout's positions.  ``MJ1``
codes, the first version, scatter the pairs of easy and normal deals one by one; ``MJ2``
codes, which every new deal gets, lay a bundle's two pairs together (:data:`VERSIONS`).
The seven letters are a base-26 number ``seed * 3 + difficulty`` (``A`` = 0, easy = 0,
normal = 1, hard = 2).  Input is case insensitive and may omit the dashes' spaces:

    >>> code = GameCode.parse("mj1-l00-aaaaabl")
    >>> code.layout_number, code.seed, code.difficulty.value, code.version.prefix
    (0, 12, 'normal', 'MJ1')
    >>> str(code), str(GameCode(0, 12, Difficulty.NORMAL))
    ('MJ1-L00-AAAAABL', 'MJ2-L00-AAAAABL')
    >>> str(daily_code(date(2026, 12, 1)))[:3], str(daily_code(DAILY_CUTOVER))[:3]
    ('MJ1', 'MJ2')
    >>> GameCode.parse("MJ1-HABCDE23456-AAAAABL").layout_hash
    'ABCDE23456'

A challenge's game (rules §13) adds the rule set's name after the letters; the deal is the
code's without it (:attr:`GameCode.plain`), so the suffix changes no deal:

    >>> code = GameCode.parse("mj2-l00-aaaaabl-suit-hunt")
    >>> str(code), code.challenge, str(code.plain)
    ('MJ2-L00-AAAAABL-SUIT-HUNT', 'suit-hunt', 'MJ2-L00-AAAAABL')
    >>> GameCode.parse("MJ2-L00-AAAAABL-CHESS")
    Traceback (most recent call last):
    ...
    mahjong_solitaire.core.codes.CodeError: MJ2-L00-AAAAABL-CHESS: there is no challenge 'chess' (scored, countdown, sprint, blackout, suit-hunt)
"""  # noqa: E501

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass, replace
from datetime import date

from ..challenges import UnknownChallengeError, challenge_named
from ..core.codes import MAX_SEED, CodeError, match_code, seed_from_letters, seed_letters
from ..core.dealing import DealVersion, DealVersions, Laying
from ..core.difficulty import Difficulty
from ..core.layout import Layout, LayoutError
from ..core.rng import derive_seed
from ..layouts import builtin_layout
from ..layouts.generated import GeneratedSpec

__all__ = [
    "DAILY_CUTOVER",
    "HASH_LETTERS",
    "MIRRORS",
    "PREFIX",
    "VERSIONS",
    "GameCode",
    "daily_code",
    "layout_hash",
]

#: The versions of classic codes, oldest first; the last deals every new game.
VERSIONS = DealVersions(
    DealVersion("MJ1", Laying.SCATTERED),
    DealVersion("MJ2", Laying.TOGETHER),
)
#: The prefix of new codes.
PREFIX = VERSIONS.current.prefix
#: How many letters and digits (base 32: ``A``-``Z``, ``2``-``7``) name a layout by content.
HASH_LETTERS = 10
#: A code's layout part: a built-in number, a hash, or a generated layout's seed, family
#: letter and tiles; then its mirrors, ``X`` (left-right) and ``Y`` (top-bottom).
_PART = r"(?:L(\d{2})|H([A-Z2-7]{10})|G(\d{1,9})([A-Z])(\d{2,3}))(X?Y?)"
#: A challenge's name after the letters (rules §13): ``-SCORED``, ``-SUIT-HUNT``.
_CHALLENGE = r"(?:-([A-Z][A-Z-]{0,31}))?"
_PATTERN = re.compile(r"([A-Z]{2}\d)-" + _PART + r"-([A-Z]{7})" + _CHALLENGE)
_LAYOUT_PART = re.compile(_PART)
#: The mirrors a code may name: none, left-right, top-bottom, both.
MIRRORS = ("", "X", "Y", "XY")
_HASH = re.compile(r"[A-Z2-7]{10}")


def layout_hash(layout: Layout) -> str:
    """The ten letters and digits that name a layout by its positions alone (not its name
    or title): the first 50 bits of the SHA-256 of ``x,y,z`` per position, in the layout's
    order (by layer, row, column), joined by ``;``, in base 32.

        >>> layout_hash(Layout.from_positions([(0, 0, 0), (2, 0, 0)], name="any"))
        '3LPOMIHKTC'
    """
    text = ";".join(f"{x},{y},{z}" for x, y, z in layout.positions)
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return base64.b32encode(digest[:7]).decode("ascii")[:HASH_LETTERS]


@dataclass(frozen=True, slots=True)
class GameCode:
    """A classic code: a built-in layout by number, any layout by content (``layout_hash``)
    or a generated layout by its spec (``generated``: exactly one of the three), a seed, a
    difficulty, the mirrors the board is played in (``mirror``: ``""``, ``"X"``
    left-right, ``"Y"`` top-bottom, or ``"XY"``), and the challenge played on it
    (``challenge``: a rule set's name, rules §13, or ``None`` for plain play)."""

    layout_number: int | None
    seed: int
    difficulty: Difficulty
    layout_hash: str | None = None
    version: DealVersion = VERSIONS.current
    generated: GeneratedSpec | None = None
    mirror: str = ""
    challenge: str | None = None

    def __post_init__(self) -> None:
        named = (self.layout_number, self.layout_hash, self.generated)
        if sum(part is not None for part in named) != 1:
            raise CodeError(
                "a code names a built-in layout number, a layout hash or a generated layout (one)"
            )
        if self.layout_number is not None and not 0 <= self.layout_number <= 99:
            raise CodeError(f"layout number {self.layout_number} is not in 0..99")
        if self.layout_hash is not None and not _HASH.fullmatch(self.layout_hash):
            raise CodeError(f"{self.layout_hash!r} is not a layout hash of {HASH_LETTERS} letters")
        if not 0 <= self.seed <= MAX_SEED:
            raise CodeError(f"seed {self.seed} is not in 0..{MAX_SEED}")
        if self.mirror not in MIRRORS:
            raise CodeError(f"{self.mirror!r} is not a mirror (X, Y or XY)")
        if self.challenge is not None:
            try:
                name = challenge_named(self.challenge).name
            except UnknownChallengeError as error:
                raise CodeError(str(error)) from None
            object.__setattr__(self, "challenge", name)  # the name as the registry spells it

    @classmethod
    def of(
        cls,
        layout: Layout,
        seed: int,
        difficulty: Difficulty,
        version: DealVersion = VERSIONS.current,
    ) -> GameCode:
        """The code of a deal on ``layout``: by number for a built-in layout, by its
        ``source`` for a generated or mirrored one, else by hash."""
        if layout.source is not None:
            match = _LAYOUT_PART.fullmatch(layout.source)
            if match is None:
                raise CodeError(f"{layout.source!r} is not the layout part of a code")
            return cls._of_part(match.groups(), seed, difficulty, version, layout.source)
        if layout.number is not None:
            return cls(layout.number, seed, difficulty, version=version)
        return cls(None, seed, difficulty, layout_hash(layout), version)

    @classmethod
    def _of_part(
        cls,
        groups: tuple[str | None, ...],
        seed: int,
        difficulty: Difficulty,
        version: DealVersion,
        cleaned: str,
    ) -> GameCode:
        number, digest, generated_seed, letter, tiles, mirror = groups
        spec = None
        if generated_seed is not None and letter is not None and tiles is not None:
            try:
                spec = GeneratedSpec.from_code(generated_seed, letter, tiles)
            except LayoutError as error:
                raise CodeError(f"{cleaned}: {error}") from None
        return cls(
            None if number is None else int(number),
            seed,
            difficulty,
            layout_hash=digest,
            version=version,
            generated=spec,
            mirror=mirror or "",
        )

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Parse a code; :class:`CodeError` says what is wrong with a bad one.  (Whether a
        layout of the hash is at hand is for the caller to find out.)"""
        cleaned, match = match_code(text, _PATTERN, "game code", "MJ2-L00-AAAAABL")
        prefix, *part, letters, challenge = match.groups()
        version = VERSIONS.named(prefix, "game code")
        seed, difficulty = seed_from_letters(letters, cleaned)
        code = cls._of_part(tuple(part), seed, difficulty, version, cleaned)
        if challenge is not None:
            try:
                code = code.with_challenge(challenge.lower())
            except CodeError as error:
                raise CodeError(f"{cleaned}: {error}") from None
        if code.layout_number is not None:
            try:
                builtin_layout(code.layout_number)
            except LayoutError:
                raise CodeError(
                    f"{cleaned}: there is no built-in layout L{code.layout_number:02d}"
                ) from None
        return code

    @property
    def layout_part(self) -> str:
        """The middle of the code: ``L00``, ``H…`` or ``G…``, then its mirrors."""
        if self.generated is not None:
            part = self.generated.code_part
        elif self.layout_hash is not None:
            part = f"H{self.layout_hash}"
        else:
            part = f"L{self.layout_number:02d}"
        return part + self.mirror

    @property
    def plain(self) -> GameCode:
        """The code of the deal alone, without its challenge (the code a game stores)."""
        return self if self.challenge is None else replace(self, challenge=None)

    def with_challenge(self, name: str | None) -> GameCode:
        """This deal under the challenge ``name`` (``None``: plain play); :class:`CodeError`
        for a name no rule set has."""
        return replace(self, challenge=name)

    def names(self, layout: Layout) -> bool:
        """Whether ``layout`` is the layout this code names (unmirrored: the code's
        mirrors are laid on it)."""
        if self.generated is not None:
            return layout.source == self.generated.code_part
        if self.layout_hash is None:
            return layout.number == self.layout_number
        return layout_hash(layout) == self.layout_hash

    def __str__(self) -> str:
        letters = seed_letters(self.seed, self.difficulty)
        suffix = "" if self.challenge is None else "-" + self.challenge.upper()
        return f"{self.version.prefix}-{self.layout_part}-{letters}{suffix}"


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
    return GameCode(DAILY_LAYOUT, seed, DAILY_DIFFICULTY, version=version)
