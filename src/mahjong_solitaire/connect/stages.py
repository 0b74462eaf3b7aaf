"""Connect stages: stage ``n`` fixes the grid size, the sliding rule and the difficulty.

The first round (stages 1–11) introduces the rules one by one in the order of rules §9.4 and §11.2 —
``none``, ``down``, ``left``, ``up``, ``right``, ``split-v``, ``split-h``, ``gather-v``,
``gather-h``, ``outward``, ``inward`` — on easy deals whose grid grows from 10×6 to 16×8.
The second round (12–22) repeats them on the full 18×8 grid at normal difficulty, and every
later round at hard difficulty.

    >>> first = stage(1)
    >>> first.shape, first.rule.value, first.difficulty.value
    (Shape(width=10, height=6), 'none', 'easy')
    >>> stage(2).rule.value, stage(12).rule.value, stage(12).difficulty.value
    ('down', 'none', 'normal')
    >>> stage(30).shape, stage(30).difficulty.value
    (Shape(width=18, height=8), 'hard')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.difficulty import Difficulty
from .generator import ConnectDeal, generate
from .grid import Shape
from .slide import Slide

__all__ = ["FIRST_ROUND_SHAPES", "FULL", "Stage", "stage"]

#: The full grid: 144 cells, the whole tile set.
FULL = Shape(18, 8)

#: Grid sizes of stages 1 to 11 (cell counts in whole bundles of four; 16×7 has an odd
#: height, so ``gather-v`` and ``gather-h`` meet halves of different sizes).
FIRST_ROUND_SHAPES: tuple[Shape, ...] = (
    Shape(10, 6),
    Shape(12, 6),
    Shape(12, 6),
    Shape(14, 6),
    Shape(14, 6),
    Shape(16, 6),
    Shape(16, 6),
    Shape(16, 7),
    Shape(16, 7),
    Shape(16, 8),
    Shape(16, 8),
)

_RULES = tuple(Slide)


@dataclass(frozen=True, slots=True)
class Stage:
    number: int
    shape: Shape
    rule: Slide
    difficulty: Difficulty

    def deal(self, seed: int) -> ConnectDeal:
        """This stage's deal for ``seed``."""
        return generate(self.shape, self.rule, seed, self.difficulty)


def stage(number: int) -> Stage:
    """Stage ``number`` (1 or more); ``ValueError`` otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"stage {number!r} does not exist: stages start at 1")
    round_, step = divmod(number - 1, len(_RULES))
    if round_ == 0:
        return Stage(number, FIRST_ROUND_SHAPES[step], _RULES[step], Difficulty.EASY)
    difficulty = Difficulty.NORMAL if round_ == 1 else Difficulty.HARD
    return Stage(number, FULL, _RULES[step], difficulty)
