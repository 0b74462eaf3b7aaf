"""Deals that are solvable by construction, at a chosen difficulty (SPEC section 4).

    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> deal = generate(builtin_layout("turtle"), seed=12, difficulty=Difficulty.NORMAL)
    >>> deal.code, len(deal.tiles), len(deal.solution)
    ('MJ1-L00-AAAAABL', 144, 72)
    >>> board = deal.board()
    >>> board.play(deal.solution)
    >>> board.is_won()
    True

How a deal is made:

1. :func:`~mahjong_solitaire.construction.construct` finds a random legal removal order
   for the empty layout.
2. The tile set is cut into *bundles* of four matching tiles, two pairs each (the flowers
   are one bundle, the seasons another, paired at random).  For a layout of fewer than 144
   positions the bundles are taken in a random order, plus one pair when the count is not
   a multiple of four.  The bundles are shuffled and their pairs laid on the steps of the
   order: in a random order for easy and normal deals; for hard deals the two pairs of each
   bundle go one to the first half and one to the second half of the order, so identical
   tiles tend to be free at different times.
3. Six candidates are built so.  Each one's *score* is the mean, over the steps of its own
   removal order, of the number of matching pairs of free tiles available just before the
   step.  Easy takes the candidate with the highest score, hard the lowest (among hard
   candidates), normal the middle one (the third highest of six).

All random choices come from :class:`~mahjong_solitaire.rng.Rng` seeded with the layout's
fingerprint and the seed, so a seed gives the same deal everywhere.  Easy and normal deals
of one seed share their six candidates.
"""

from __future__ import annotations

from collections.abc import Sequence, Sized
from dataclasses import dataclass

from .board import Board, Move
from .construction import Construction, construct
from .enums import NamedEnum
from .layout import Layout
from .rng import Rng, derive_seed
from .tiles import BUNDLES, key_id

__all__ = ["CANDIDATES", "Deal", "Difficulty", "deal_tiles", "fingerprint", "generate", "score"]

#: How many candidates a deal is chosen from.
CANDIDATES = 6


class Difficulty(NamedEnum, noun="difficulty"):
    """How hard a deal is; ``Difficulty.parse("Hard")`` reads one from text."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt game: the face on every position of a layout and one winning order."""

    layout: Layout
    tiles: tuple[str, ...]
    solution: tuple[Move, ...]
    difficulty: Difficulty
    seed: int
    score: float

    @property
    def code(self) -> str | None:
        """The game code, for deals on built-in layouts (``None`` otherwise)."""
        from .codes import GameCode  # codes depends on this module

        if self.layout.number is None:
            return None
        return str(GameCode(self.layout.number, self.seed, self.difficulty))

    def board(self) -> Board:
        """A fresh board at the start of this deal."""
        return Board(self.layout, self.tiles)

    def to_json(self) -> dict[str, object]:
        """The ``mahjong-solitaire/deal-1`` object."""
        return {
            "format": "mahjong-solitaire/deal-1",
            "code": self.code,
            "layout": self.layout.name,
            "difficulty": self.difficulty.value,
            "seed": self.seed,
            "score": round(self.score, 4),
            "tiles": [[x, y, z, label] for (x, y, z), label in
                      zip(self.layout.positions, self.tiles, strict=True)],
            "solution": [[m.a, m.b] for m in self.solution],
        }


def fingerprint(layout: Layout) -> int:
    """A stable 64-bit number for a layout's geometry (part of every deal's seed)."""
    return derive_seed(len(layout), *(c for position in layout.positions for c in position))


def _pairs_for(count: int, rng: Rng) -> list[tuple[tuple[str, str], ...]]:
    """The bundles dealt to ``count`` positions, each a tuple of one or two pairs."""
    bundles: list[tuple[tuple[str, str], ...]] = []
    for bundle in BUNDLES:
        tiles = list(bundle)
        if tiles[0] != tiles[1]:  # flowers, seasons: pair them at random
            rng.shuffle(tiles)
        bundles.append(((tiles[0], tiles[1]), (tiles[2], tiles[3])))
    if count < 4 * len(BUNDLES):
        rng.shuffle(bundles)
        whole, extra = divmod(count // 2, 2)
        bundles = bundles[:whole] + ([bundles[whole][:1]] if extra else [])
    return bundles


def deal_tiles(layout: Sized, order: Sequence[tuple[int, int]], rng: Rng, *,
               spread: bool) -> tuple[str, ...]:
    """Lay matching faces on each step of a removal order (SPEC 4, steps 2 and 3).

    Only the number of places is read from ``layout``: a :class:`~.layout.Layout`, or a
    Connect :class:`~.connect.grid.Shape` (one place per cell).
    """
    steps = len(order)
    bundles = _pairs_for(2 * steps, rng)
    rng.shuffle(bundles)
    if spread:
        half = steps // 2
        first = list(range(half))
        second = list(range(half, steps))
        rng.shuffle(first)
        rng.shuffle(second)
        # The first pair of each bundle goes to the first half, the second to the second;
        # a lone pair takes the slot that is left.
        placed: list[tuple[str, str] | None] = [None] * steps
        for bundle in bundles:
            if len(bundle) == 2:
                placed[first.pop()] = bundle[0]
                placed[second.pop()] = bundle[1]
        rest = first + second
        for bundle in bundles:
            if len(bundle) == 1:
                placed[rest.pop()] = bundle[0]
        laid = [p for p in placed if p is not None]
    else:
        laid = [pair for bundle in bundles for pair in bundle]
        rng.shuffle(laid)
    tiles: list[str] = [""] * len(layout)
    for (a, b), (face_a, face_b) in zip(order, laid, strict=True):
        tiles[a] = face_a
        tiles[b] = face_b
    return tuple(tiles)


def score(construction: Construction, tiles: tuple[str, ...]) -> float:
    """Mean number of matching free pairs before each step of the construction's order."""
    keys = [key_id(label) if label else -1 for label in tiles]
    counts = [0] * 36
    history = construction.free_history
    pairs = 0
    known = 0
    total = 0
    for step, (a, b) in enumerate(construction.order):
        newly = history[step] & ~known
        known |= newly
        while newly:
            low = newly & -newly
            newly ^= low
            k = keys[low.bit_length() - 1]
            pairs += counts[k]
            counts[k] += 1
        total += pairs
        for p in (a, b):
            k = keys[p]
            counts[k] -= 1
            pairs -= counts[k]
    return total / len(construction.order)


def generate(layout: Layout, seed: int, difficulty: Difficulty | str = Difficulty.NORMAL
             ) -> Deal:
    """The deal of ``seed`` on ``layout`` at ``difficulty`` (see the module documentation).

    Raises :class:`~mahjong_solitaire.construction.UnclearableError` for positions that
    cannot be cleared.
    """
    difficulty = Difficulty.parse(difficulty)
    if seed < 0:
        raise ValueError(f"seed {seed} is negative")
    rng = Rng.from_seed(fingerprint(layout), seed, difficulty is Difficulty.HARD)
    spread = difficulty is Difficulty.HARD
    candidates: list[tuple[float, int, Construction, tuple[str, ...]]] = []
    for n in range(CANDIDATES):
        construction = construct(layout, rng)
        tiles = deal_tiles(layout, construction.order, rng, spread=spread)
        candidates.append((score(construction, tiles), n, construction, tiles))
    # Highest score first; ties keep the order of construction.
    candidates.sort(key=lambda c: (-c[0], c[1]))
    if difficulty is Difficulty.EASY:
        chosen = candidates[0]
    elif difficulty is Difficulty.HARD:
        chosen = candidates[-1]
    else:
        chosen = candidates[(CANDIDATES - 1) // 2]
    value, _, construction, tiles = chosen
    solution = tuple(Move(a, b) for a, b in construction.order)
    return Deal(layout, tiles, solution, difficulty, seed, value)
