"""Deals that are solvable by construction, at a chosen difficulty (rules §4).

    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> deal = generate(builtin_layout("turtle"), seed=12, difficulty=Difficulty.NORMAL)
    >>> deal.code, len(deal.tiles), len(deal.solution)
    ('MJ2-L00-AAAAABL', 144, 72)
    >>> board = deal.board()
    >>> board.play(deal.solution)
    >>> board.is_won()
    True

How a deal is made:

1. :func:`~mahjong_solitaire.classic.construction.construct` finds a random legal removal order
   for the empty layout.
2. The tile set is cut into *bundles* of four matching tiles, two pairs each (the flowers
   are one bundle, the seasons another, paired at random).  For a layout of fewer than 144
   positions the bundles are taken in a random order, plus one pair when the count is not
   a multiple of four; a bigger layout gets a full set per 144 positions and the rest so
   from one more set (up to 1,152 positions: rules §4.2).  The bundles are shuffled and
   their pairs laid on the steps of the order as the code's version says
   (:class:`~mahjong_solitaire.core.dealing.DealVersion`): for easy and normal deals a
   bundle's two pairs go on two consecutive steps (``MJ2``; the first codes, ``MJ1``,
   scattered the pairs one by one); for hard deals the two pairs of each bundle go one to
   the first half and one to the second half of the order, so identical tiles tend to be
   free at different times.
3. Six candidates are built so.  Each one's *score* is the mean, over the steps of its own
   removal order, of the number of matching pairs of free tiles available just before the
   step.  Easy takes the candidate with the highest score, hard the lowest (among hard
   candidates), normal the middle one (the third highest of six).

All random choices come from :class:`~mahjong_solitaire.core.rng.Rng` seeded with the layout's
fingerprint and the seed, so a seed gives the same deal everywhere.  Easy and normal deals
of one seed share their six candidates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from ..core.board import Board
from ..core.codes import CodeError
from ..core.dealing import DealVersion
from ..core.difficulty import CANDIDATES, Difficulty
from ..core.faces import deal_tiles
from ..core.layout import Layout, LayoutError
from ..core.moves import Move
from ..core.rng import Rng, derive_seed
from ..core.tiles import TILE_SET, key_id
from ..layouts import builtin_layout
from .codes import VERSIONS, GameCode
from .construction import Construction, SearchBudget, construct
from .generated import generated_layout
from .mirror import mirrored_board

__all__ = ["Deal", "deal_from_code", "fingerprint", "generate", "mirrored_deal", "score"]


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt game: the face on every position of a layout and one winning order."""

    layout: Layout
    tiles: tuple[str, ...]
    solution: tuple[Move, ...]
    difficulty: Difficulty
    seed: int
    score: float
    version: DealVersion = VERSIONS.current

    @property
    def code(self) -> str:
        """The game code: ``MJ2-Lnn-…`` on a built-in layout, ``MJ2-H…-…`` (the layout by
        its content) on any other, under this deal's version."""
        return str(GameCode.of(self.layout, self.seed, self.difficulty, self.version))

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
            "tiles": [
                [x, y, z, label]
                for (x, y, z), label in zip(self.layout.positions, self.tiles, strict=True)
            ],
            "solution": [[m.a, m.b] for m in self.solution],
        }


@lru_cache(maxsize=64)
def fingerprint(layout: Layout) -> int:
    """A stable 64-bit number for a layout's geometry (part of every deal's seed; kept per
    layout, as folding its 432 coordinates costs more than a construction)."""
    return derive_seed(len(layout), *(c for position in layout.positions for c in position))


#: Each face's match key id (read for every tile of every candidate).
_KEY_OF = {label: key_id(label) for label in TILE_SET}


def score(construction: Construction, tiles: tuple[str, ...]) -> float:
    """Mean number of matching free pairs before each step of the construction's order."""
    key_of = _KEY_OF
    keys = [key_of[label] if label else -1 for label in tiles]
    counts = [0] * 36
    pairs = 0
    total = 0
    freed: Sequence[Sequence[int]] = construction.freed
    if len(freed) != len(construction.order):  # built without the freed lists
        freed = _freed_from_history(construction)
    for (a, b), newly in zip(construction.order, freed, strict=True):
        for p in newly:
            k = keys[p]
            pairs += counts[k]
            counts[k] += 1
        total += pairs
        k = keys[a]
        counts[k] -= 1
        pairs -= counts[k]
        k = keys[b]
        counts[k] -= 1
        pairs -= counts[k]
    return total / len(construction.order)


def _freed_from_history(construction: Construction) -> list[list[int]]:
    """Per step, the positions free before it that were not free before the step before."""
    known = 0
    out = []
    for free in construction.free_history[:-1]:
        newly = free & ~known
        known |= newly
        out.append([i for i in range(newly.bit_length()) if newly >> i & 1])
    return out


def generate(
    layout: Layout,
    seed: int,
    difficulty: Difficulty | str = Difficulty.NORMAL,
    version: DealVersion = VERSIONS.current,
    *,
    budget: SearchBudget | None = None,
) -> Deal:
    """The deal of ``seed`` on ``layout`` at ``difficulty``, dealt as ``version`` of the codes
    deals (see the module documentation).

    Raises :class:`~mahjong_solitaire.classic.construction.UnclearableError` for positions that
    cannot be cleared.  A ``budget`` is shared by the constructions of the candidates
    (:class:`~mahjong_solitaire.classic.construction.BudgetSpentError` when it runs out); a
    deal made within it is the deal made without it.
    """
    difficulty = Difficulty.parse(difficulty)
    if seed < 0:
        raise ValueError(f"seed {seed} is negative")
    rng = Rng.from_seed(fingerprint(layout), seed, difficulty is Difficulty.HARD)
    laying = version.laying_for(difficulty)
    candidates: list[tuple[float, int, Construction, tuple[str, ...]]] = []
    for n in range(CANDIDATES):
        construction = construct(layout, rng, budget=budget)
        tiles = deal_tiles(layout, construction.order, rng, laying=laying)
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
    return Deal(layout, tiles, solution, difficulty, seed, value, version)


def deal_from_code(code: GameCode | str, layout: Layout | None = None) -> Deal:
    """The deal a code names (:class:`~mahjong_solitaire.core.codes.CodeError` for a bad
    one).  A code that names a layout by its hash (``MJ1-H…``) needs that ``layout``: one
    whose positions have the hash (unmirrored); its name and title are kept.  A code with
    mirrors deals the deal without them, mirrored (:func:`mirrored_deal`).

    >>> deal_from_code("MJ1-L00-AAAAABL").seed
    12
    """
    if isinstance(code, str):
        code = GameCode.parse(code)
    if code.layout_number is not None:
        layout = builtin_layout(code.layout_number)
    elif code.generated is not None:
        try:
            layout = generated_layout(code.generated)
        except LayoutError as error:
            raise CodeError(f"{code}: {error}") from None
    elif layout is None:
        raise CodeError(f"{code} names an imported layout by its content, and it is not at hand")
    elif not code.names(layout):
        raise CodeError(f"{code} names another layout than {layout.name!r}")
    deal = generate(layout, code.seed, code.difficulty, code.version)
    return mirrored_deal(deal, code.mirror) if code.mirror else deal


def mirrored_deal(deal: Deal, mirror: str) -> Deal:
    """``deal`` played in ``mirror`` (``"X"``, ``"Y"`` or ``"XY"``): every tile on its
    mirror image, on a layout of its own (rules §8.5, :mod:`.mirror`).

    >>> flipped = deal_from_code("MJ2-L00X-AAAAABL")
    >>> flipped.code, flipped.layout.name, flipped.score == deal_from_code("MJ2-L00-AAAAABL").score
    ('MJ2-L00X-AAAAABL', 'turtle-mirrored-lr', True)
    """
    layout, tiles, solution = mirrored_board(deal.layout, deal.tiles, deal.solution, mirror)
    return replace(deal, layout=layout, tiles=tiles, solution=solution)
