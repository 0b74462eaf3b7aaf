"""Connect hints: which pair to play next, and whether the position can still be won.

The hint is, in order of preference (all evaluated after the last slide):

1. the next pair of the board's known winning line, while the game is still on it (the
   deal's solution, or the order the last shuffle was built from);
2. the first pair of a winning line found by :func:`solve`: a depth-first search that
   tries first the pairs that finish a kind (the last two tiles of a kind can never be
   needed elsewhere), then the pairs of the kinds whose tiles are the most free to link
   (:func:`search_order`), remembers the positions already proven dead, and examines at
   most ``limit`` positions;
3. when the search gives up, the legal pair that leaves the most legal pairs behind it.

    >>> from mahjong_solitaire.connect.generator import connect_deal_from_code
    >>> deal = connect_deal_from_code("CN1-1006B-AAAAABL")
    >>> board = deal.board()
    >>> suggest(board) == deal.solution[0]
    True
    >>> board.push(board.matching_pairs()[-1])      # leave the known line
    >>> line = solve(board)
    >>> line is not None and suggest(board) == line[0]
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from ..core.moves import Move
from .board import KEY_OF, ConnectBoard

__all__ = [
    "SEARCH_LIMIT",
    "by_options",
    "keeps_winnable",
    "options_after",
    "search_line",
    "search_order",
    "solve",
    "suggest",
]

#: Positions :func:`solve` examines before it gives up.
SEARCH_LIMIT = 400


def options_after(board: ConnectBoard, move: Move) -> int:
    """How many legal pairs there are after ``move`` and its slide."""
    probe = board.copy(stack=False)
    probe.push(move)
    return probe.pair_count()


def by_options(board: ConnectBoard, pairs: list[Move]) -> list[Move]:
    """``pairs`` from the one that leaves the most legal pairs after its slide to the one
    that leaves the fewest (ties in index order): the order a repeated hint judges them."""
    return sorted(pairs, key=lambda move: -options_after(board, move))


def keeps_winnable(board: ConnectBoard, move: Move) -> bool:
    """Whether :func:`solve` finds a win after ``move`` and its slide (a search that runs
    out says no)."""
    probe = board.copy(stack=False)
    probe.push(move)
    return solve(probe) is not None


def solve(board: ConnectBoard, limit: int = SEARCH_LIMIT) -> tuple[Move, ...] | None:
    """A winning line from this position, or ``None`` when none was found within ``limit``
    positions (the position may still be winnable then; a won board gives ``()``)."""
    return search_line(board, limit)[0]


def search_order(board: ConnectBoard) -> list[Move]:
    """The legal pairs in the order the search tries them: first those that finish a kind
    (its last two tiles), then by the share of their kind's tiles that some legal pair
    links, the most first (a kind whose every tile can go now blocks nothing by waiting
    for it; one of four whose other two are buried is best kept for them), ties in index
    order.  Against finishing pairs first alone, it finds a win within 800 positions in
    25 of 35 positions where that order ran out (the review's hard ones, BENCHMARKS.md).

    >>> from mahjong_solitaire.connect.generator import connect_deal_from_code
    >>> board = connect_deal_from_code("CN1-1006B-AAAAABL").board()
    >>> sorted(search_order(board)) == sorted(board.matching_pairs())
    True
    """
    tiles = board.tiles
    left = Counter(KEY_OF[t] for t in tiles if t is not None)
    pairs = board.matching_pairs()
    linked: dict[int, set[int]] = {}
    for move in pairs:
        linked.setdefault(KEY_OF[tiles[move.a]], set()).update((move.a, move.b))

    def rank(move: Move) -> tuple[bool, float]:
        key = KEY_OF[tiles[move.a]]
        return left[key] != 2, -len(linked[key]) / left[key]

    return sorted(pairs, key=rank)  # stable: index order among equals


def search_line(
    board: ConnectBoard, limit: int = SEARCH_LIMIT, dead: set[Hashable] | None = None
) -> tuple[tuple[Move, ...] | None, bool, int]:
    """:func:`solve`, whether a ``None`` is a proof (the search ended within ``limit``
    positions without a winning line, so there is none), and the positions examined.
    ``dead``: the positions (their :attr:`~.board.ConnectBoard.tiles`) proven lost, which
    the search skips and adds to (shared by the searches of one review; a position goes in
    only once every pair from it was searched to the end)."""
    probe = board.copy(stack=False)
    if dead is None:
        dead = set()
    line: list[Move] = []
    budget = [limit]

    def search() -> bool:
        if probe.is_won():
            return True
        tiles = probe.tiles
        if tiles in dead or budget[0] <= 0:
            return False
        budget[0] -= 1
        for move in search_order(probe):
            probe.push_legal(move)
            line.append(move)
            if search():
                return True
            line.pop()
            probe.pop()
            if budget[0] <= 0:
                return False
        dead.add(tiles)
        return False

    if search():
        return tuple(line), False, limit - budget[0]
    return None, budget[0] > 0, limit - budget[0]


def suggest(board: ConnectBoard, limit: int = SEARCH_LIMIT) -> Move | None:
    """A legal pair, preferring a winning line (``None`` when stuck)."""
    plan = board.plan
    if plan and board.is_legal(plan[0]):
        return plan[0]
    pairs = board.matching_pairs()
    if not pairs:
        return None
    line = solve(board, limit)
    if line:
        return line[0]
    return max(pairs, key=lambda move: (options_after(board, move), -move.a, -move.b))
