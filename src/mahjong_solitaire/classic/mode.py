"""Classic Mahjong Solitaire as a :class:`~mahjong_solitaire.core.mode.Mode`.

>>> CLASSIC.name, CLASSIC.owns("mj1-l00-aaaaabl"), CLASSIC.owns("CN1-1006B-AAAAABL")
('classic', True, False)
>>> CLASSIC.ranking_name(CLASSIC.deal("MJ1-L00-AAAAABL"))
'turtle'
"""

from __future__ import annotations

from typing import ClassVar

from ..core.dealing import DealVersions
from ..core.difficulty import Difficulty
from ..core.mode import DealMemory, Mode
from ..layouts import builtin_layout
from ..solver.winnability import Winnability
from .codes import VERSIONS, GameCode
from .game import Game
from .generator import Deal, deal_from_code
from .stages import stage

__all__ = ["CLASSIC", "ClassicMode"]


#: The deals kept by code (:class:`~..core.mode.DealMemory`).
_DEALT: DealMemory[Deal] = DealMemory(deal_from_code)


class ClassicMode(Mode):
    """Tiles stacked on a layout; a tile is free when nothing lies on it and one side is open."""

    name: ClassVar[str] = "classic"
    versions: ClassVar[DealVersions] = VERSIONS
    game: ClassVar[type[Game]] = Game
    web: ClassVar[str] = "mahjong_solitaire.web.classic.routes"
    challenges: ClassVar[bool] = True

    def parse(self, code: str) -> GameCode:
        return GameCode.parse(code)

    def deal(self, code: str) -> Deal:
        return _DEALT(str(GameCode.parse(code).plain))  # a challenge's name deals no other deal

    def remember(self, deal: Deal) -> None:
        _DEALT.remember(deal)

    def opening_verdict(self, deal: Deal) -> Winnability:
        """The verdict with the way back (nothing to undo at the first position, so the
        status alone is the same), worked out on a copy of the hint plan as the web does."""
        return Game(deal).winnability(look_back=True, keep_plan=False)

    def stage_deal(self, number: int, seed: int = 0) -> Deal:
        return stage(number).deal()

    def ranking_name(self, deal: Deal) -> str:
        return deal.layout.name

    def welcome_code(self, seed: int) -> str:
        """A normal deal of the Turtle (rules §2.3)."""
        return str(GameCode(builtin_layout("turtle").number or 0, seed, Difficulty.NORMAL))


#: The classic mode.
CLASSIC = ClassicMode()
