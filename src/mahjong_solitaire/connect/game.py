"""The Connect game a player drives: the tap game of every mode, with Connect's rules.

Selection, undo, redo, pause, the timer and the action log are those of
:class:`~mahjong_solitaire.core.game.TileGame` (rules §3.1 and §9.3); every
tile is selectable, and a second tap on a matching tile removes the pair only when a path of
at most two turns joins them (otherwise the selection moves).  After a match,
:attr:`ConnectGame.last_path` holds the corner points of the link for the page to draw.

    >>> from mahjong_solitaire.connect.generator import connect_deal_from_code
    >>> game = ConnectGame(connect_deal_from_code("CN1-1006B-AAAAABL"), clock=lambda: 0.0)
    >>> move = game.deal.solution[0]
    >>> game.tap(move.a).outcome, game.tap(move.b).outcome
    (<TapOutcome.SELECTED: 'selected'>, <TapOutcome.MATCHED: 'matched'>)
    >>> game.last_path is not None, game.actions == [str(move)]
    (True, True)

Hints come from :func:`~mahjong_solitaire.connect.hint.suggest`; a shuffle draws from a
generator seeded by the deal and the action's index, so a replayed log shuffles alike.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from ..core.game import Solution, TileGame
from ..core.moves import Move
from ..core.review import REVIEW_PASSES, SearchBudget
from ..core.rng import Rng
from .board import ConnectBoard
from .generator import ConnectDeal, fingerprint
from .grid import Path
from .hint import by_options, keeps_winnable, search_line, suggest
from .shuffle import shuffled_cells

__all__ = ["LOOK_BACK_LIMIT", "SOLVE_LIMIT", "ConnectGame"]

#: Positions the solution demo's search may examine from one position (rules §5.9): about
#: a second at the most on an 18×8 grid (BENCHMARKS.md).
SOLVE_LIMIT = 800
#: Positions the look for the last winnable position may examine in all (rules §5.9).
LOOK_BACK_LIMIT = 1200


class ConnectGame(TileGame):
    """One game of a Connect deal.  ``clock`` returns seconds (injectable for tests)."""

    deal: ConnectDeal
    board: ConnectBoard

    def __init__(
        self,
        deal: ConnectDeal,
        *,
        clock: Callable[[], float] = time.monotonic,
        elapsed: float = 0.0,
    ) -> None:
        super().__init__(deal, clock=clock, elapsed=elapsed)
        self.last_path: Path | None = None
        #: The last winning line searched for the demo, and the board it starts from.
        self._line: tuple[tuple[Move, ...], ConnectBoard] | None = None

    def play(self, move: Move) -> None:
        """Remove a pair (raises :class:`~mahjong_solitaire.core.moves.IllegalMoveError` if
        the tiles do not match or do not connect); :attr:`last_path` is its link."""
        self._require_playable()
        self.board.check_move(move)
        path = self.board.path(move)
        super().play(move)
        self.last_path = path

    def _suggest(self) -> Move | None:
        return suggest(self.board)

    def _hint_others(self, first: Move) -> tuple[list[Move], Callable[[Move], bool]]:
        board = self.board
        others = by_options(board, [move for move in board.matching_pairs() if move != first])
        return others, partial(keeps_winnable, board.copy(stack=False))

    def _rearrange(self, rng: Rng, *, patient: bool) -> None:
        # A Connect shuffle always finds its order at once (rules §9.6): nothing to wait for.
        tiles, order = shuffled_cells(self.board, rng)
        self.board.rearrange(tiles, order)

    def _solve(self, board: ConnectBoard) -> Solution:
        return self.solution_within(board, SearchBudget(SOLVE_LIMIT, SOLVE_LIMIT))

    #: A review's passes: cheap searches of every position first, then the unknown again.
    review_passes = REVIEW_PASSES

    def solution_within(self, board: ConnectBoard, budget: SearchBudget) -> Solution:
        """The board's known line (the deal's, or the last shuffle's) while it holds, else
        the line searched last (followed one pair on), else a search of at most
        ``budget.each`` positions of ``budget``'s (a review's, or the demo's own:
        :data:`SOLVE_LIMIT`), skipping the positions it knows lost."""
        if board.is_won():
            return Solution(())
        known = board.plan
        if known and board.is_legal(known[0]):
            return Solution(known)
        if self._line is not None:
            line, start = self._line
            if start.tiles == board.tiles:
                return Solution(line)
            if line:
                after = start.copy(stack=False)
                after.push(line[0])
                if after.tiles == board.tiles:
                    self._line = (line[1:], after)
                    return Solution(line[1:])
        if budget.positions <= 0:
            return Solution(None)
        limit = min(budget.each, budget.positions)
        found, proven, used = search_line(board, limit, budget.lost)
        budget.positions -= used
        if found is None:
            return Solution(None, lost=proven)
        self._line = (found, board.copy(stack=False))
        return Solution(found)

    def steps_to_winnable(self) -> int | None:
        """Undo steps back to the last position with a known or found winning line, one
        undo at a time, within :data:`LOOK_BACK_LIMIT` positions in all."""
        probe = self.board.copy()
        budget = LOOK_BACK_LIMIT
        steps = 0
        while budget > 0:
            known = probe.plan
            if known and probe.is_legal(known[0]):
                return steps
            found, _, used = search_line(probe, min(budget, SOLVE_LIMIT))
            if found is not None:
                return steps
            budget -= max(1, used)
            if not probe.can_undo:
                return None
            probe.pop()
            steps += 1
        return None

    def _fingerprint(self) -> int:
        return fingerprint(self.deal.shape, self.deal.rule)
