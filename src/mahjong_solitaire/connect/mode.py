"""Connect (Shisen-Sho) as a :class:`~mahjong_solitaire.core.mode.Mode`.

>>> CONNECT.name, CONNECT.owns(" cn1-1006b-aaaaabl")
('connect', True)
>>> CONNECT.ranking_name(CONNECT.deal("CN1-1006B-AAAAABL"))
'connect-10x6-down'
"""

from __future__ import annotations

import re
from typing import ClassVar

from ..core.dealing import DealVersions
from ..core.mode import DealMemory, Mode
from .codes import VERSIONS, ConnectCode
from .game import ConnectGame
from .generator import ConnectDeal, connect_deal_from_code
from .slide import Slide
from .stages import stage

__all__ = ["CONNECT", "ConnectMode", "grid_name", "grid_of_name"]


#: The deals kept by code (:class:`~..core.mode.DealMemory`).
_DEALT: DealMemory[ConnectDeal] = DealMemory(connect_deal_from_code)


def grid_name(code: ConnectCode | ConnectDeal) -> str:
    """The name a Connect game (its code or its deal) is stored and ranked under: grid and
    rule, e.g. ``connect-10x6-down``."""
    return f"connect-{code.shape.width}x{code.shape.height}-{code.rule.value}"


_GRID_NAME = re.compile(r"connect-(\d+)x(\d+)-([a-z-]+)")


def grid_of_name(name: str) -> tuple[int, int, Slide] | None:
    """Width, height and sliding rule of a :func:`grid_name`; ``None`` for any other name
    (a classic layout's).

        >>> grid_of_name("connect-10x6-down"), grid_of_name("turtle")
        ((10, 6, <Slide.DOWN: 'down'>), None)
    """
    found = _GRID_NAME.fullmatch(name)
    if found is None or found[3] not in {rule.value for rule in Slide}:
        return None
    return int(found[1]), int(found[2]), Slide(found[3])


class ConnectMode(Mode):
    """Join two matching tiles by a path of at most two turns; a rule slides the rest."""

    name: ClassVar[str] = "connect"
    versions: ClassVar[DealVersions] = VERSIONS
    game: ClassVar[type[ConnectGame]] = ConnectGame
    web: ClassVar[str] = "mahjong_solitaire.web.connect.routes"

    def parse(self, code: str) -> ConnectCode:
        return ConnectCode.parse(code)

    def deal(self, code: str) -> ConnectDeal:
        return _DEALT(str(ConnectCode.parse(code)))

    def remember(self, deal: ConnectDeal) -> None:
        _DEALT.remember(deal)

    def stage_deal(self, number: int, seed: int = 0) -> ConnectDeal:
        return stage(number).deal(seed)

    def ranking_name(self, deal: ConnectDeal) -> str:
        return grid_name(deal)


#: The Connect mode.
CONNECT = ConnectMode()
