"""Connect deals solvable by construction, at a chosen difficulty (rules §9.5).

    >>> deal = generate(Shape(18, 8), Slide.DOWN, seed=12)
    >>> deal.code, len(deal.solution)
    ('CN2-1808B-AAAAABL', 72)
    >>> board = deal.board()
    >>> board.play(deal.solution)
    >>> board.is_won()
    True

How a deal is made, as for the classic layouts:

1. :func:`~mahjong_solitaire.connect.construction.construct` plays the full grid of tile ids
   to the end with the stage's slide, recording each pair.
2. Faces are dealt along the recorded pairs by the classic
   :func:`~mahjong_solitaire.core.faces.deal_tiles`: bundles of four matching tiles, two
   pairs each, whole bundles only on smaller grids; easy and normal deals lay a bundle's
   two pairs on consecutive steps (``CN1`` codes scattered them), hard deals put a kind's
   two pairs in different halves of the order.
3. Six candidates are built so; each one's *score* is the mean, over the steps of its own
   order (every step; every third one for ``CN1`` codes), of the matching pairs a player
   could take just before the step.  Easy takes the candidate with the highest score, hard
   the lowest, normal the middle one.

Every random choice comes from :class:`~mahjong_solitaire.core.rng.Rng` seeded by the grid size,
the rule and the seed, so the code alone reproduces the deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.dealing import DealVersion
from ..core.difficulty import CANDIDATES, Difficulty
from ..core.faces import deal_tiles
from ..core.moves import Move
from ..core.rng import Rng, derive_seed
from ..core.tiles import key_id
from .board import ConnectBoard
from .codes import VERSIONS, ConnectCode
from .construction import Construction, construct
from .grid import Shape, Shaped
from .slide import Slide

__all__ = [
    "FORMAT",
    "ConnectDeal",
    "connect_deal_from_code",
    "fingerprint",
    "generate",
    "score",
]

FORMAT = "mahjong-solitaire/connect-1"
_CONNECT = 0xC0DE


@dataclass(frozen=True, slots=True)
class ConnectDeal(Shaped):
    """A dealt Connect game: the label on every cell and one winning order.

    ``solution[k]`` names the two cells as they are when step ``k`` is played, after the
    slides of the earlier steps.
    """

    shape: Shape
    rule: Slide
    tiles: tuple[str, ...]
    solution: tuple[Move, ...]
    difficulty: Difficulty
    seed: int
    score: float
    version: DealVersion = VERSIONS.current

    @property
    def code(self) -> str:
        """The game code that reproduces this deal."""
        return str(ConnectCode(self.shape, self.rule, self.seed, self.difficulty, self.version))

    def board(self) -> ConnectBoard:
        """A fresh board at the start of this deal, knowing its solution."""
        return ConnectBoard(self.shape, self.rule, self.tiles, plan=self.solution)

    def grid(self) -> list[list[str | None]]:
        """The starting grid, ``grid()[y][x]``."""
        return self.shape.rows(self.tiles)

    def to_json(self) -> dict[str, object]:
        """The ``mahjong-solitaire/connect-1`` object."""
        point = self.shape.point
        return {
            "format": FORMAT,
            "code": self.code,
            "width": self.width,
            "height": self.height,
            "slide": self.rule.value,
            "difficulty": self.difficulty.value,
            "seed": self.seed,
            "score": round(self.score, 4),
            "grid": self.grid(),
            "solution": [[list(point(m.a)), list(point(m.b))] for m in self.solution],
        }


def fingerprint(shape: Shape, rule: Slide) -> int:
    """A stable 64-bit number for a grid size and rule (part of every deal's seed)."""
    return derive_seed(_CONNECT, shape.width, shape.height, rule.index)


def score(construction: Construction, tiles: Sequence[str], stride: int = 1) -> float:
    """Mean number of matching pairs a player could take before the steps of the order
    (every ``stride``-th step, the first included: ``CN1`` codes sampled every third step,
    as counting the pairs is the costly part of a deal)."""
    keys = [key_id(label) for label in tiles]  # by tile id
    sampled = construction.grids[::stride]
    return sum(grid.pair_count(keys) for grid in sampled) / len(sampled)


def generate(
    shape: Shape,
    rule: Slide | str,
    seed: int,
    difficulty: Difficulty | str = Difficulty.NORMAL,
    version: DealVersion = VERSIONS.current,
) -> ConnectDeal:
    """The deal of ``seed`` on a grid of ``shape`` with ``rule`` at ``difficulty``, dealt as
    ``version`` of the codes deals."""
    rule = Slide.parse(rule)
    difficulty = Difficulty.parse(difficulty)
    if seed < 0:
        raise ValueError(f"seed {seed} is negative")
    hard = difficulty is Difficulty.HARD
    rng = Rng.from_seed(fingerprint(shape, rule), seed, hard)
    laying = version.laying_for(difficulty)
    candidates: list[tuple[float, int, Construction, tuple[str, ...]]] = []
    for n in range(CANDIDATES):
        built = construct(shape, rule, rng)
        tiles = deal_tiles(shape, built.ids, rng, laying=laying)
        candidates.append((score(built, tiles, version.score_stride), n, built, tiles))
    candidates.sort(key=lambda c: (-c[0], c[1]))  # highest score first, ties in order
    rank = {
        Difficulty.EASY: 0,
        Difficulty.NORMAL: (CANDIDATES - 1) // 2,
        Difficulty.HARD: CANDIDATES - 1,
    }[difficulty]
    value, _, built, tiles = candidates[rank]
    return ConnectDeal(shape, rule, tiles, built.moves, difficulty, seed, value, version)


def connect_deal_from_code(code: ConnectCode | str) -> ConnectDeal:
    """The Connect deal a code names (a :class:`~.codes.ConnectCodeError` for a bad one).

    >>> connect_deal_from_code("CN1-1006B-AAAAABL").code
    'CN1-1006B-AAAAABL'
    """
    if isinstance(code, str):
        code = ConnectCode.parse(code)
    return generate(code.shape, code.rule, code.seed, code.difficulty, code.version)
