"""The solver's rounds, and :func:`solve`: which search runs when, on how many nodes (rules
§5.1, §5.5).

:func:`solve` decides whether a position can be cleared, with a winning order as proof.

    >>> from mahjong_solitaire.classic.generator import deal_from_code
    >>> board = deal_from_code("MJ1-L00-AAAAABL").board()
    >>> result = solve(board)
    >>> result.verdict, len(result.moves)
    (<Verdict.SOLVABLE: 'solvable'>, 72)
    >>> board.play(result.moves); board.is_won()
    True

The answer is a :class:`.SolveResult` (:mod:`.verdict`): *unsolvable* only when the search
proved it, *unknown* only when an explicit ``node_limit`` or ``time_limit`` stopped it
first.  Without limits the search is complete.

Before any search, up to :data:`PLAYOUTS` random play-outs (:mod:`.playout`) try to win
the deal outright, as de Bondt's solver does: most winnable deals fall in a few of them.
The tree search (:mod:`.search`) first runs *quick*, which decides most deals within
:data:`QUICK_NODES`.  The rest alternate two searches, in rounds:

* :data:`WALK_STEPS` steps of the weighted walk over complete pairings (:class:`.Walk`),
  :data:`LATER_WALK_STEPS` in the later rounds: it cannot prove a deal lost but finds most
  wins of the remaining deals within a few hundred steps of its first round;
* a *thorough* run of the tree search, restarted each round with :data:`THOROUGH_GROWTH`
  times the branch points of the one before (from :data:`THOROUGH_NODES`).

What a round proves dead, and learns, stays for the next.  A board with more than four
tiles of a face (several tile sets) is searched in :data:`GROUPINGS` groupings of its
tiles into fours (:mod:`.several_sets`).
"""

from __future__ import annotations

import time

from ..core.board import Board
from ..core.layout import Layout
from ..core.moves import Move
from .playout import playouts
from .random_deals import random_board
from .relaxation import Relaxation
from .search import Limit, Search
from .several_sets import playout as playout_over_faces
from .verdict import SolveResult, Verdict
from .walk import Walk

__all__ = ["solve", "solve_random"]


#: Random play-outs tried before the search (:mod:`.playout`).
PLAYOUTS = 40
#: Branch points the quick search may spend before the walk and the thorough search take
#: over (at most two thirds of the caller's node limit).
QUICK_NODES = 300
#: Branch points of the first thorough run, and how many times those of one run the next
#: one gets.
THOROUGH_NODES = 400
THOROUGH_GROWTH = 4
#: Steps of the walk over complete pairings before the first thorough run.
WALK_STEPS = 400
#: Steps of the walk in each later round (its first round wins nearly all it ever wins:
#: 125 of the 126 deals of seeds 0..899 the walk won, so later rounds mostly delay proofs).
LATER_WALK_STEPS = 100
#: Groupings into fours of the faces of a board of several tile sets that :func:`solve`
#: tries, the nodes each may use, and all of them together (rules §5.1).
GROUPINGS = 64
GROUPING_NODES = 2000
GROUPED_NODES = 20_000


def solve(
    board: Board,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    expect_lost: bool = False,
) -> SolveResult:
    """Decide the position on ``board`` (which is not changed).

    ``node_limit`` bounds the branch points examined and ``time_limit`` the seconds spent;
    hitting either gives :attr:`Verdict.UNKNOWN`.  A board with more than four tiles of a
    face (several tile sets) is searched with its tiles in groups of four: a win is a win,
    but a loss is only :attr:`Verdict.UNKNOWN` (rules §5.1).  ``expect_lost`` (a position
    probably lost, such as one before a lost one) runs the quick search before the
    play-outs instead of after: the same answer and node count, without the play-outs when
    the quick search proves it lost.
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    if any(mask.bit_count() > 4 for mask in board.key_masks):
        return _solve_grouped(board, node_limit, deadline, start)
    search = Search(Relaxation(board), node_limit, deadline)
    try:
        found = _run(search, board.present, board.free, expect_lost)
    except (Limit, RecursionError):  # too deep: only for boards far beyond 144 tiles
        return SolveResult(Verdict.UNKNOWN, (), search.nodes, time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    if not found:
        return SolveResult(Verdict.UNSOLVABLE, (), search.nodes, elapsed)
    return SolveResult(
        Verdict.SOLVABLE, tuple(Move(a, b) for a, b in search.path), search.nodes, elapsed
    )


def solve_random(layout: Layout, seed: int) -> SolveResult:
    """Solve the :func:`.random_deal` of ``seed`` without limits (statistics, benchmarks)."""
    return solve(random_board(layout, seed))


def _run(search: Search, present: int, free: int, expect_lost: bool = False) -> bool:
    """Whether the position can be cleared (the moves are then on ``search.path``): the
    play-outs, the quick search, then rounds of the walk and thorough restarts
    (:class:`.Limit` when the caller's limits are used up; ``expect_lost``: see
    :func:`solve`)."""
    work = 0
    for k, mask in enumerate(search.kmask):
        count = (mask & present).bit_count()  # at most four (several sets: grouped)
        if count % 2:
            return False
        if count:
            work |= 1 << k
    # Under a limit (a hint, the winnability check: positions of careless play, often
    # lost) optimistic play first: when it proves the position dead, no play-out is
    # wasted on it.
    if search.node_limit is not None and search.relaxation.relaxed_stuck(present, free, 0):
        search.count_node()
        return False
    # Cheap random play-outs first: they win most deals that can be won, in a fraction
    # of the search's time (each counts as a node).
    tries = PLAYOUTS if search.node_limit is None else min(PLAYOUTS, search.node_limit // 8)
    if tries and expect_lost and search.deadline is None:
        quick = _quick_before_playouts(search, present, free, work, tries)
        if quick is not None:
            return quick
    else:
        if tries:
            moves, played = playouts(search.relaxation, present, free, tries, search.deadline)
            search.nodes += played
            if moves is not None:
                search.path[:] = moves
                return True
            if search.deadline is not None and time.perf_counter() > search.deadline:
                raise Limit
        try:
            return _quick(search, present, free, work)
        except Limit:
            if search.exhausted():
                raise
    # Rounds of the walk and of thorough restarts, each restart with THOROUGH_GROWTH
    # times the nodes of the one before; what a restart proves dead (and learns) stays
    # for the next, and the keys' activity steers it elsewhere.
    search.thorough = True
    walk = search.walk = Walk(search.relaxation, present, free, search.count_node)
    spend, steps = THOROUGH_NODES, WALK_STEPS
    while True:
        search.spend(steps)
        try:
            moves = walk.run(steps)
        except Limit:
            if search.exhausted():
                raise
        else:
            if moves is not None:
                search.path[:] = moves
                return True
        search.spend(spend)
        del search.path[:]
        try:
            return search.clears(present, free, work)
        except Limit:
            if search.exhausted():
                raise
        spend *= THOROUGH_GROWTH
        steps = LATER_WALK_STEPS


def _quick(search: Search, present: int, free: int, work: int) -> bool:
    """The quick search (:class:`.Limit` past its budget)."""
    # Under a small limit (a hint, the winnability check) a third of it is left to the
    # walk, which wins most of what the quick search could not in its few steps.
    search.budget = search.nodes + QUICK_NODES
    if search.node_limit is not None:
        search.budget = min(
            search.budget, search.nodes + (search.node_limit - search.nodes) * 2 // 3
        )
    return search.clears(present, free, work)


def _quick_before_playouts(
    search: Search, present: int, free: int, work: int, tries: int
) -> bool | None:
    """The play-outs and the quick search in the other order, same answer and count.

    For a position likely lost: the ``tries`` play-outs are charged first, as if played
    in vain, and the quick search runs exactly as it would after them.  When it proves
    the position lost no play-out could have won, so they need not run at all.  Otherwise
    they run now, and a win of theirs is the answer (with the nodes they took), as it
    would have been; when they fail the quick search's outcome stands.  ``None``: go on
    to the rounds of the walk and thorough search."""
    search.nodes += tries
    try:
        if not _quick(search, present, free, work):
            return False
        limited = False
    except Limit:
        limited = True
    budget, nodes = search.budget, search.nodes
    moves, played = playouts(search.relaxation, present, free, tries)
    if moves is not None:
        search.path[:] = moves
        search.nodes = played
        return True
    search.budget, search.nodes = budget, nodes
    if not limited:
        return True
    if search.exhausted():
        raise Limit
    return None


def _solve_grouped(
    board: Board, node_limit: int | None, deadline: float | None, start: float
) -> SolveResult:
    """A board with more than four tiles of a face (rules §5.1): rounds of a play-out over
    whole faces, then a search of the grouping into fours it suggests; unknown if none wins."""
    nodes = 0
    limit = GROUPED_NODES if node_limit is None else min(node_limit, GROUPED_NODES)
    for grouping in range(GROUPINGS):
        if nodes >= limit:
            break
        played, ranking = playout_over_faces(board, grouping)
        nodes += 1
        if len(played) * 2 == board.present.bit_count():
            moves = tuple(Move(a, b) for a, b in played)
            return SolveResult(Verdict.SOLVABLE, moves, nodes, time.perf_counter() - start)
        relaxation = Relaxation(board, ranking)
        budget = min(GROUPING_NODES, limit - nodes)
        if budget <= 0:
            break
        search = Search(relaxation, budget, deadline)
        try:
            found = _run(search, board.present, board.free)
        except (Limit, RecursionError):
            found = False
        nodes += search.nodes
        if found:
            moves = tuple(Move(a, b) for a, b in search.path)
            return SolveResult(Verdict.SOLVABLE, moves, nodes, time.perf_counter() - start)
        if deadline is not None and time.perf_counter() > deadline:
            break
    return SolveResult(Verdict.UNKNOWN, (), nodes, time.perf_counter() - start)
