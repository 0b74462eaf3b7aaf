"""The classic game: the tap game of :mod:`~mahjong_solitaire.core.game` with the classic
aids (hints and the "still winnable?" check from the solver, the solvable shuffle).

    >>> from mahjong_solitaire.classic.generator import deal_from_code
    >>> game = Game(deal_from_code("MJ1-L00-AAAAABL"), clock=lambda: 0.0)
    >>> move = game.deal.solution[0]
    >>> game.tap(move.a).outcome, game.tap(move.b).outcome
    (<TapOutcome.SELECTED: 'selected'>, <TapOutcome.MATCHED: 'matched'>)
    >>> game.actions == [str(move)]
    True
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable

from ..core.board import Board
from ..core.game import GameError, TileGame
from ..core.moves import Move
from ..core.rng import Rng
from ..solver.hint import Hinter
from ..solver.winnability import Winnability, winnability
from .generator import Deal, fingerprint
from .shuffle import shuffled_tiles

__all__ = ["Game"]


class Game(TileGame):
    """One classic game of a deal.  ``clock`` returns seconds (injectable for tests)."""

    deal: Deal
    board: Board

    def __init__(
        self, deal: Deal, *, clock: Callable[[], float] = time.monotonic, elapsed: float = 0.0
    ) -> None:
        super().__init__(deal, clock=clock, elapsed=elapsed)
        self._hinter = Hinter()  # keeps the winning plan between hints

    def _suggest(self) -> Move | None:
        return self._hinter.hint(self.board)

    def _rearrange(self, rng: Rng, *, patient: bool) -> None:
        tiles, _ = shuffled_tiles(self.board, rng, patient=patient)
        self.board.rearrange(tiles)

    def _fingerprint(self) -> int:
        return fingerprint(self.deal.layout)

    def winnability(self, *, look_back: bool = True, keep_plan: bool = True) -> Winnability:
        """Whether the position can still be won (within a small budget: never waits), and
        how many undo steps lead back to the last position that could (not looked for with
        ``look_back=False``).  The board does not change; the winning plan the solver finds
        is kept for the next hints unless ``keep_plan`` is false (then the game's later
        hints are exactly those of a replay of its log)."""
        hinter = self._hinter if keep_plan else copy.copy(self._hinter)
        return winnability(self.board, hinter=hinter, look_back=look_back)

    def undo_to_winnable(self) -> int:
        """Undo back to the last winnable position (each step logged as ``"undo"``, so a
        replay needs no solver); returns the number of steps, :class:`GameError` when that
        position is unknown."""
        self._require_playable()
        steps = self.winnability().undo
        if steps is None:
            raise GameError("the last winnable position could not be found")
        for _ in range(steps):
            self.undo()
        return steps
