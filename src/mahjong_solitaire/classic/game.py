"""The classic game: the tap game of :mod:`~mahjong_solitaire.core.game` with the classic
aids (hints, the "still winnable?" check and the solution demo from the solver, the
solvable shuffle, and Finish when no choice left matters).

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
from ..core.game import Solution, TileGame
from ..core.moves import Move
from ..core.review import SearchBudget
from ..core.rng import Rng
from ..core.tiles import key_id
from ..solver.hint import Hinter, PairJudge, by_freeing
from ..solver.verdict import Verdict
from ..solver.winnability import Winnability, winnability
from .generator import Deal, fingerprint
from .shuffle import shuffled_tiles

__all__ = ["SOLVE_NODES", "Game", "finishing_moves"]

#: Branch points the solution demo's search may spend on one position (rules §5.9).
SOLVE_NODES = 4000


def finishing_moves(board: Board) -> list[Move] | None:
    """The pairs that clear ``board`` when no choice left matters (rules §5.10), in the
    order they go (lowest positions first); ``None`` when a choice matters or the rest
    cannot be cleared.

    No choice matters when every match group with more than two tiles left has all of them
    free (any pairing of free tiles will do) and the groups of two can all be played out:
    removing tiles only frees others, so every order of play then clears the board.

        >>> from mahjong_solitaire.classic.generator import deal_from_code
        >>> finishing_moves(deal_from_code("MJ1-L00-AAAAABL").board()) is None
        True
    """
    groups: dict[int, list[int]] = {}
    for i, label in enumerate(board.tiles):
        if label is not None:
            groups.setdefault(key_id(label), []).append(i)
    free = board.free
    pairs: list[Move] = []
    for members in groups.values():
        if len(members) > 2 and not all(free >> i & 1 for i in members):
            return None
        pairs += (Move(members[k], members[k + 1]) for k in range(0, len(members) - 1, 2))
    # the pairs are fixed now: play out whatever is free, lowest first
    pairs.sort(key=lambda move: (move.a, move.b))
    probe = board.copy(stack=False)
    moves: list[Move] = []
    while pairs:
        move = next((m for m in pairs if probe.is_free(m.a) and probe.is_free(m.b)), None)
        if move is None:
            return None
        probe.push(move)
        moves.append(move)
        pairs.remove(move)
    return moves


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

    def _hint_others(self, first: Move) -> tuple[list[Move], Callable[[Move], bool]]:
        board = self.board
        others = by_freeing(board, [move for move in board.matching_pairs() if move != first])
        plan = self._hinter.plan_for(board) or ()
        return others, PairJudge(board, plan=plan)

    def _rearrange(self, rng: Rng, *, patient: bool) -> None:
        tiles, _ = shuffled_tiles(self.board, rng, patient=patient)
        self.board.rearrange(tiles)

    def _fingerprint(self) -> int:
        return fingerprint(self.deal.layout)

    def _solve(self, board: Board, budget: SearchBudget | None = None) -> Solution:
        """The hint's kept plan while it holds, else a search of :data:`SOLVE_NODES`
        branch points (within a review's ``budget``: ``each`` of the ``nodes`` it has left,
        which it spends); the deal's own order while the game follows it unshuffled."""
        dealt = Hinter()
        dealt.remember(self.deal.board(), tuple(self.deal.solution))
        known = self._hinter.plan_for(board) or dealt.plan_for(board)
        if known is not None:
            return Solution(known)
        limit = SOLVE_NODES if budget is None else min(budget.each, budget.nodes)
        if limit <= 0:
            return Solution(None)
        result = self._hinter.search(board, node_limit=limit)
        if budget is not None:
            budget.nodes -= result.nodes
        if result.verdict is Verdict.SOLVABLE:
            return Solution(result.moves)
        return Solution(None, lost=result.verdict is Verdict.UNSOLVABLE)

    #: A review searches each position once, with the limit of a solution's search.
    review_passes = (SOLVE_NODES,)

    def solution_within(self, board: Board, budget: SearchBudget) -> Solution:
        """:meth:`solution_from` within a review's ``budget`` of branch points."""
        return Solution(()) if board.is_won() else self._solve(board, budget)

    def _plan_allows(self, plan: tuple[Move, ...], move: Move) -> bool:
        # removing tiles only frees others: the plan's pairs win in any order
        if move in plan and self.board.is_legal(move):
            return True
        return super()._plan_allows(plan, move)

    def _finishing_moves(self) -> list[Move] | None:
        return finishing_moves(self.board)

    def steps_to_winnable(self) -> int | None:
        """Undo steps back to the last winnable position, by :meth:`winnability`."""
        return self.winnability().undo

    def winnability(self, *, look_back: bool = True, keep_plan: bool = True) -> Winnability:
        """Whether the position can still be won (within a small budget: never waits), and
        how many undo steps lead back to the last position that could (not looked for with
        ``look_back=False``).  The board does not change; the winning plan the solver finds
        is kept for the next hints unless ``keep_plan`` is false (then the game's later
        hints are exactly those of a replay of its log)."""
        hinter = self._hinter if keep_plan else copy.copy(self._hinter)
        return winnability(self.board, hinter=hinter, look_back=look_back)
