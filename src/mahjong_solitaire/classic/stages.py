"""The classic stage progression: stage ``n`` is a fixed deal on a built-in layout.

The stages walk through the built-in layouts from the most forgiving to the most
demanding (:data:`STAGE_ORDER`, ranked by the mean number of matching pairs their deals
offer), round after round, with rising difficulty:

* round 1: the first half of the layouts easy, the second half normal;
* round 2: the first half normal, the second half hard;
* round 3 and every later round: hard (the two pairs of each kind spread apart).

Each stage has its own seed, so a stage is a game code that every player gets alike.

    >>> first = stage(1)
    >>> first.number, first.layout.name, first.difficulty.value
    (1, 'towers', 'easy')
    >>> stage(1).code == first.code
    True
    >>> stage(len(STAGE_ORDER) * 2 + 1).difficulty.value
    'hard'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.codes import MAX_SEED
from ..core.difficulty import Difficulty
from ..core.layout import Layout
from ..core.rng import derive_seed
from ..layouts import builtin_layout
from .codes import GameCode
from .generator import Deal, deal_from_code

__all__ = ["DIFFICULTY_ORDER", "HARD_FROM_ROUND", "STAGE_ORDER", "Stage", "stage", "stages"]

#: Built-in layouts from the most forgiving to the most demanding: the order of the mean
#: deal score (matching pairs available per step) at normal difficulty, highest first.
STAGE_ORDER: tuple[str, ...] = (
    "towers",
    "crab",
    "butterfly",
    "star",
    "turtle",
    "diamond",
    "pinwheel",
    "fortress",
    "arrow",
    "staircase",
    "spider",
    "wave",
    "cross",
    "hourglass",
    "brickwork",
    "arena",
    "pyramid",
    "bridge",
    "ring",
    "twin-peaks",
    "pagoda",
)

#: Every built-in layout from the most forgiving to the most demanding: the stage order with
#: the later layouts (L21 and up, which are not stages) put where their mean deal score falls.
#: A layout's difficulty hint is its third of this order (rules §8.1).
DIFFICULTY_ORDER: tuple[str, ...] = (
    "ridges",
    "towers",
    "crab",
    "butterfly",
    "spiral",
    "star",
    "turtle",
    "heart",
    "owl",
    "diamond",
    "pine",
    "pinwheel",
    "checkers",
    "fortress",
    "arrow",
    "fish",
    "gate",
    "citadel",
    "staircase",
    "spider",
    "wave",
    "terraces",
    "cross",
    "lantern",
    "bell",
    "hourglass",
    "brickwork",
    "comet",
    "crown",
    "arena",
    "pyramid",
    "moon",
    "lotus",
    "frame",
    "zigzag",
    "bridge",
    "snake",
    "boat",
    "key",
    "ring",
    "twin-peaks",
    "pagoda",
    "windmill",
)

#: From this round on (counting from 1) every stage is hard.
HARD_FROM_ROUND = 3
_SALT = 0x57A6E


@dataclass(frozen=True, slots=True)
class Stage:
    """Stage ``number`` (from 1): a layout, a difficulty and a seed."""

    number: int
    layout: Layout
    difficulty: Difficulty
    seed: int

    @property
    def round(self) -> int:
        """Which walk through the layouts this stage belongs to, from 1."""
        return (self.number - 1) // len(STAGE_ORDER) + 1

    @property
    def game_code(self) -> GameCode:
        assert self.layout.number is not None
        return GameCode(self.layout.number, self.seed, self.difficulty)

    @property
    def code(self) -> str:
        """The game code of the stage's deal, e.g. ``MJ1-L07-…``."""
        return str(self.game_code)

    def deal(self) -> Deal:
        return deal_from_code(self.game_code)


def _difficulty(round_number: int, index: int) -> Difficulty:
    later_half = index >= len(STAGE_ORDER) // 2
    if round_number >= HARD_FROM_ROUND:
        return Difficulty.HARD
    if round_number == 1:
        return Difficulty.NORMAL if later_half else Difficulty.EASY
    return Difficulty.HARD if later_half else Difficulty.NORMAL


def stage(number: int) -> Stage:
    """Stage ``number`` (1, 2, ...); ``ValueError`` for anything else."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"stage {number!r}: stages are numbered from 1")
    round_index, index = divmod(number - 1, len(STAGE_ORDER))
    seed = derive_seed(_SALT, number) % (MAX_SEED + 1)
    return Stage(
        number, builtin_layout(STAGE_ORDER[index]), _difficulty(round_index + 1, index), seed
    )


def stages(first: int = 1, count: int = len(STAGE_ORDER)) -> list[Stage]:
    """``count`` consecutive stages from ``first``."""
    return [stage(n) for n in range(first, first + count)]
