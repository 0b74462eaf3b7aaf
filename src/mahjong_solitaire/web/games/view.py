"""How the web shows the games of one mode: :class:`GameView`, one per mode
(:mod:`.state` for classic, :mod:`.connect_state` for Connect), registered in
:mod:`.lifecycle`, which dispatches through them by the stored game's mode.

A view knows its :class:`~mahjong_solitaire.core.mode.Mode` (the name, the codes, the game
class), the path its games are played under, and how to draw a game as the state model
its routes answer.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, TypeVar

from ...core.game import PlayableDeal, TileGame
from ...core.mode import Mode
from ...store import StoredGame
from .models import GameFrame

__all__ = ["GameView", "StateT"]

StateT = TypeVar("StateT", bound=GameFrame)


class GameView(ABC):
    """The web's side of one mode."""

    #: The mode shown.
    mode: ClassVar[Mode]
    #: Where its games are played: ``{path}/{id}/tap`` and the other actions.
    path: ClassVar[str]
    #: What its game routes answer (:meth:`state` without ``into``).
    state_model: ClassVar[type[GameFrame]]

    def deal(self, stored: StoredGame) -> PlayableDeal:
        """The deal a stored game of this mode plays (from its code)."""
        if stored.code is None:
            raise ValueError(f"game {stored.id} has no code")
        return self.mode.deal(stored.code)

    @abstractmethod
    def state(
        self,
        stored: StoredGame,
        game: TileGame,
        *,
        rank: int | None,
        into: type[StateT],
        **extra: Any,
    ) -> StateT:
        """The state of ``game`` (``stored`` rebuilt) as ``into``, :attr:`state_model` or
        one of its answers (a tap's adds ``event``), with ``extra``'s fields; ``rank`` is a
        won game's place on the player's leaderboard of the mode."""
