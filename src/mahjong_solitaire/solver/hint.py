"""Hints (rules §5.7): the next pair of a winning plan, kept while the player follows it.

    >>> from mahjong_solitaire.classic.generator import deal_from_code
    >>> board = deal_from_code("MJ1-L00-AAAAABL").board()
    >>> hinter = Hinter()
    >>> move = hinter.hint(board)
    >>> board.is_legal(move), hinter.plan_for(board)[0] == move
    (True, True)
    >>> board.push(move)
    >>> hinter.hint(board) == hinter.plan_for(board)[0]  # the same plan, one step on
    True

The solver searches from the current position with a limit of :data:`HINT_NODES` branch
points.  When it finds a complete solution, that is the plan and the hint is its first
pair; the plan is kept, and as long as every pair the player removes is one of the plan's
(in any order) and nothing was shuffled, the rest of the plan still wins and the next hint
is read from it without searching.  When the search hits its limit (or the position is
lost) the hint is the pair that frees the most tiles.

A search under a limit (a hint, the winnability check, the solution) is not started on a
layout of more than :data:`SEARCH_TILES` positions: there a branch point costs too much
(each relaxes the whole layout, and the walk judges many), so that a few hundred of them
took about 0.75 s on a layout of 864 and the solution's search half a minute
(BENCHMARKS.md, "Request cost").  The answer is then unknown (unless a plan is kept) and
the hint is the pair that frees the most tiles.  No built-in layout is that large.
"""

from __future__ import annotations

from ..core.board import Board
from ..core.moves import IllegalMoveError, Move
from .rounds import solve
from .verdict import SolveResult, Verdict

__all__ = [
    "HINT_NODES",
    "HINT_ROUND_NODES",
    "SEARCH_TILES",
    "Hinter",
    "PairJudge",
    "by_freeing",
    "freed_by",
    "most_freeing",
    "suggest",
]

#: Branch points one hint may search (about 30 ms on the Turtle).
HINT_NODES = 250
#: Branch points the repeated hints of one position spend, together, judging whether its
#: other pairs keep it winnable (:class:`PairJudge`).  With 250 for each pair, the second
#: press on a lost Crab position of 9 pairs searched 0.22 s in one request.
HINT_ROUND_NODES = 2 * HINT_NODES
#: The most positions a layout may have for a limited search to start on it (four tile
#: sets: 50 ms for a hint on 576, 0.75 s on 864).
SEARCH_TILES = 4 * 144


def freed_by(board: Board, move: Move) -> int:
    """How many tiles become free when ``move`` is played."""
    before = board.free
    probe = board.copy(stack=False)
    probe.push(move)
    return (probe.free & ~before).bit_count()


def most_freeing(board: Board) -> Move | None:
    """The playable pair that frees the most tiles (``None`` when stuck)."""
    pairs = board.matching_pairs()
    if not pairs:
        return None
    return max(pairs, key=lambda move: (freed_by(board, move), -move.a, -move.b))


def by_freeing(board: Board, pairs: list[Move]) -> list[Move]:
    """``pairs`` from the one that frees the most tiles to the one that frees the fewest
    (ties by the lowest indices): the order a repeated hint judges them in."""
    return sorted(pairs, key=lambda move: (-freed_by(board, move), move.a, move.b))


class PairJudge:
    """Whether a pair keeps a position winnable, for the hints after its first (rules
    §5.7): it does when it is a pair of ``plan`` (a winning order from the position, whose
    pairs win in any order), or when a search of up to :data:`HINT_NODES` branch points
    finds a win after it.  The searches of one position share :data:`HINT_ROUND_NODES`
    (``nodes``): once they are spent, or on a layout of more than :data:`SEARCH_TILES`
    positions, a pair no plan vouches for is judged not to, as one whose search ran out.

        >>> from mahjong_solitaire.classic.generator import deal_from_code
        >>> deal = deal_from_code("MJ1-L00-AAAAABL")
        >>> judge = PairJudge(deal.board(), plan=tuple(deal.solution))
        >>> judge(deal.solution[0]), judge.nodes == HINT_ROUND_NODES  # no search needed
        (True, True)
    """

    def __init__(
        self, board: Board, plan: tuple[Move, ...] = (), nodes: int = HINT_ROUND_NODES
    ) -> None:
        self._board = board.copy(stack=False)
        self._plan = plan
        #: Branch points left for this position's searches.
        self.nodes = nodes

    def __call__(self, move: Move) -> bool:
        if move in self._plan:
            return True
        probe = self._board.copy(stack=False)
        probe.push(move)
        if probe.is_won():
            return True
        if len(probe.layout) > SEARCH_TILES or self.nodes <= 0:
            return False
        result = solve(probe, node_limit=min(HINT_NODES, self.nodes))
        self.nodes -= result.nodes
        return result.solvable


class Hinter:
    """Hints for one game, reusing the last winning plan while the player follows it."""

    def __init__(self, node_limit: int = HINT_NODES) -> None:
        self.node_limit = node_limit
        self._plan: tuple[Move, ...] = ()
        self._labels: tuple[str | None, ...] = ()

    def remember(self, board: Board, plan: tuple[Move, ...]) -> None:
        """Keep ``plan``, a winning order from the position on ``board``."""
        self._plan = plan
        self._labels = board.tiles

    def plan_for(self, board: Board) -> tuple[Move, ...] | None:
        """The rest of the kept plan if it still wins from ``board``, else ``None``.

        It does when the tiles on the board all stood there with the same faces when the
        plan was made and every pair removed since is a pair of the plan: removing tiles
        only frees others, so the plan's remaining pairs stay playable in their order.
        """
        if not self._plan or len(board.tiles) != len(self._labels):
            return None
        labels = self._labels
        present = board.present
        for i, label in enumerate(board.tiles):
            if label is not None and labels[i] != label:
                return None
        rest = []
        for move in self._plan:
            a, b = present >> move.a & 1, present >> move.b & 1
            if a != b:
                return None
            if a:
                rest.append(move)
        probe = board.copy(stack=False)
        try:
            probe.play(rest)
        except IllegalMoveError:  # pragma: no cover - guaranteed by the argument above
            return None
        return tuple(rest)

    def search(
        self, board: Board, node_limit: int | None = None, *, expect_lost: bool = False
    ) -> SolveResult:
        """Solve from ``board`` within a limit, keeping the plan when one is found
        (``expect_lost``: see :func:`.rounds.solve`)."""
        known = self.plan_for(board)
        if known is not None:
            return SolveResult(Verdict.SOLVABLE, known, 0, 0.0)
        if len(board.layout) > SEARCH_TILES:
            return SolveResult(Verdict.UNKNOWN, (), 0, 0.0)
        result = solve(
            board,
            node_limit=self.node_limit if node_limit is None else node_limit,
            expect_lost=expect_lost,
        )
        if result.solvable:
            self.remember(board, result.moves)
        return result

    def hint(self, board: Board) -> Move | None:
        """The pair to play next (``None`` when no pair is playable)."""
        if board.is_won():
            return None
        result = self.search(board)
        if result.solvable:
            return result.moves[0]
        return most_freeing(board)


def suggest(board: Board) -> Move | None:
    """A playable pair: the next of a winning plan if one is found within
    :data:`HINT_NODES`, otherwise the one that frees the most tiles (``None`` when
    stuck)."""
    return Hinter().hint(board)
