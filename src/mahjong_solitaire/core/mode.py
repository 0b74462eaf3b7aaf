"""A mode of play, as one object that the store, the web and the command line dispatch
through (python-chess's ``chess.variant`` is the model).

A mode knows its name, the prefix of its game codes, how to parse a code and deal it, which
game class plays its deals, its stages, and the name its games are ranked under.  Each mode
is one subclass in its own package (:mod:`mahjong_solitaire.classic.mode`,
:mod:`mahjong_solitaire.connect.mode`), registered in :mod:`mahjong_solitaire.modes`.

    >>> from mahjong_solitaire.modes import mode_of_code
    >>> mode = mode_of_code("MJ1-L00-AAAAABL")
    >>> mode.name, mode.prefix, mode.prefixes, mode.deal("MJ1-L00-AAAAABL").seed
    ('classic', 'MJ2', ('MJ1', 'MJ2'), 12)
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, TypeVar

from .codes import ParsedCode
from .dealing import DealVersions
from .game import PlayableDeal, TileGame

__all__ = ["DEALS_KEPT", "DealMemory", "Mode"]

#: How many deals each mode keeps dealt, by code, for the requests that follow (a deal is
#: about 6 KB; dealing one again costs milliseconds).  Every visitor of a crowd plays a deal
#: of their own, and their first requests (the deal shown, its verdict, the first tap that
#: stores it) each need it: 200 players arriving at once must all fit.
DEALS_KEPT = 1024

DealT = TypeVar("DealT", bound=PlayableDeal)


class DealMemory(Generic[DealT]):
    """The deals of one mode by code, the most recently used kept (at most ``size``):
    ``memory(code)`` deals ``code`` with ``deal`` unless it is kept, and
    :meth:`remember` keeps a deal dealt elsewhere (in a worker process).  ``code`` is a
    canonical code (``str`` of the mode's parsed code), which a deal's own ``code`` is.

        >>> memory = DealMemory(lambda code: f"the deal of {code}", size=2)
        >>> memory("A"), memory("B"), memory("C"), len(memory)
        ('the deal of A', 'the deal of B', 'the deal of C', 2)
    """

    def __init__(self, deal: Callable[[str], DealT], size: int = DEALS_KEPT) -> None:
        self._deal = deal
        self.size = size
        self._kept: OrderedDict[str, DealT] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def __call__(self, code: str) -> DealT:
        with self._lock:
            kept = self._kept.get(code)
            if kept is not None:
                self._kept.move_to_end(code)
                return kept
        return self._keep(code, self._deal(code))  # dealt outside the lock: milliseconds

    def remember(self, deal: DealT) -> None:
        """Keep ``deal`` under its own code (``ValueError`` for a deal without one)."""
        if deal.code is None:
            raise ValueError("a deal without a code cannot be remembered by its code")
        self._keep(deal.code, deal)

    def _keep(self, code: str, deal: DealT) -> DealT:
        with self._lock:
            kept = self._kept.setdefault(code, deal)  # dealt twice at once: one is kept
            self._kept.move_to_end(code)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
            return kept


class Mode(ABC):
    """One mode of play.  Subclasses set :attr:`name`, :attr:`versions` and :attr:`game`."""

    #: The mode's name in the API, the store and the page (``"classic"``).
    name: ClassVar[str]
    #: The versions of the mode's codes, each with its prefix (rules §7.6).
    versions: ClassVar[DealVersions]
    #: The game class that plays the mode's deals.
    game: ClassVar[type[TileGame]]
    #: The module of the mode's routes (``"mahjong_solitaire.web.classic.routes"``): it exports
    #: ``VIEW``, how the web draws the mode's games, and ``router``, the mode's routes.  The
    #: web imports it by this name, so the engine never imports the web, and a new mode is
    #: its package and one line in :data:`mahjong_solitaire.modes.MODES`.
    web: ClassVar[str]
    #: Whether the mode's games may be played under a challenge's rule set (rules §13).
    challenges: ClassVar[bool] = False

    @property
    def prefix(self) -> str:
        """The first part of the mode's new game codes (``"MJ2"``)."""
        return self.versions.current.prefix

    @property
    def prefixes(self) -> tuple[str, ...]:
        """The first parts of every code the mode reads, oldest first."""
        return self.versions.prefixes

    def owns(self, code: object) -> bool:
        """Whether ``code`` is text that starts as one of this mode's codes does (any
        version, case-insensitive)."""
        if not isinstance(code, str):
            return False
        cleaned = code.strip().upper()
        return any(cleaned.startswith(prefix + "-") for prefix in self.prefixes)

    @abstractmethod
    def parse(self, code: str) -> ParsedCode:
        """The mode's code value (:class:`~.codes.CodeError` for a bad code)."""

    @abstractmethod
    def deal(self, code: str) -> PlayableDeal:
        """The deal ``code`` names (:class:`~.codes.CodeError` for a bad code)."""

    def remember(self, deal: Any) -> None:  # noqa: B027 (a hook: a mode may keep none)
        """Keep ``deal``, one of this mode's deals dealt elsewhere (a worker process), so
        that :meth:`deal` of its code answers it without dealing again.  A mode that keeps
        no deals (its :meth:`deal` deals every time) has nothing to keep: the default."""

    @abstractmethod
    def stage_deal(self, number: int, seed: int = 0) -> PlayableDeal:
        """The deal of stage ``number`` (``ValueError`` when there is no such stage); modes
        whose stages are fixed deals ignore ``seed``."""

    @abstractmethod
    def ranking_name(self, deal: Any) -> str:
        """The name games of ``deal``, one of this mode's deals, are grouped and ranked under
        (a layout, a grid).  (``Any``: each mode reads its own deal's fields, so a subclass
        takes its deal class, which a ``PlayableDeal`` parameter would not allow.)"""

    def opening_verdict(self, deal: Any) -> Any:
        """The "still winnable?" verdict of the first position of ``deal``, one of this
        mode's deals, as its game works it out there, for a web side that keeps it beside
        the deal dealt ahead (:mod:`...web.games.welcome`); ``None``, the default, for a
        mode that answers no verdict."""
        return None

    def welcome_code(self, seed: int) -> str:
        """The code of the deal of ``seed`` that a visitor without a game is shown (the
        mode's first stage; a mode may choose another)."""
        code = self.stage_deal(1, seed).code
        if code is None:
            raise ValueError(f"the first stage of {self.name} has no code")
        return code

    def replay(self, code: str, actions: Iterable[str], **kwargs: Any) -> TileGame:
        """A game of ``code`` rebuilt from its action log (``GameError`` on a bad log)."""
        return self.game.replay(self.deal(code), actions, **kwargs)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
