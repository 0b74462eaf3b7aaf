"""Every mode of play, by name and by code: the one registration a new mode needs.

>>> [mode.name for mode in MODES.values()]
['classic', 'connect']
>>> mode_of_code("CN1-1808B-AAAAABL").name, mode_of_code(None).name
('connect', 'classic')
>>> mode_named("chess")
Traceback (most recent call last):
...
ValueError: unknown mode 'chess' (one of classic, connect)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .classic.mode import CLASSIC
from .connect.mode import CONNECT
from .core.game import PlayableDeal
from .core.mode import Mode

__all__ = [
    "DEFAULT_MODE",
    "MODES",
    "Mode",
    "mode_named",
    "mode_of_code",
    "welcome_deals",
    "welcome_openings",
]

#: The modes by name, in the order the page offers them.
MODES: dict[str, Mode] = {mode.name: mode for mode in (CLASSIC, CONNECT)}
#: The mode of a game with no code (an imported layout) and of requests that name none.
DEFAULT_MODE: Mode = CLASSIC


def mode_named(name: str | Mode) -> Mode:
    """The mode called ``name``; ``ValueError`` naming the known ones."""
    if isinstance(name, Mode):
        return name
    try:
        return MODES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown mode {name!r} (one of {', '.join(MODES)})") from None


def mode_of_code(code: object) -> Mode:
    """The mode whose codes start as ``code`` does; the default mode for anything else (a
    game on an imported layout has no code)."""
    for mode in MODES.values():
        if mode.owns(code):
            return mode
    return DEFAULT_MODE


def welcome_deals(mode: str, seeds: Iterable[int]) -> list[PlayableDeal]:
    """The deals a visitor without a game is shown, one per seed, in ``mode``: what the
    web deals ahead in its worker processes (each deal pickles small: a built-in layout
    travels as its number).

        >>> [deal.code for deal in welcome_deals("classic", [12])]
        ['MJ2-L00-AAAAABL']
    """
    chosen = mode_named(mode)
    return [chosen.deal(chosen.welcome_code(seed)) for seed in seeds]


def welcome_openings(mode: str, seeds: Iterable[int]) -> list[tuple[PlayableDeal, Any]]:
    """:func:`welcome_deals`, each with the verdict of its first position
    (:meth:`Mode.opening_verdict`): what the web deals ahead, so that neither the deal nor
    its first verdict costs a visitor's request the time to work them out.

        >>> [(deal.code, verdict.status.value)
        ...  for deal, verdict in welcome_openings("classic", [12])]
        [('MJ2-L00-AAAAABL', 'winnable')]
    """
    chosen = mode_named(mode)
    return [(deal, chosen.opening_verdict(deal)) for deal in welcome_deals(chosen.name, seeds)]
