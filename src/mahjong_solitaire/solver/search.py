"""The tree search over pairings, its rounds, and :func:`solve` (rules §5.2, §5.4, §5.5).

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

How it searches: the four tiles of a match key can be paired in three ways (two tiles
left: one way).  Once every key's pairing is fixed, the order of play no longer matters:
removing tiles only ever frees others, so playing any pair whose two tiles are free
(*greedy*) clears the board if anything does.  The search therefore branches on pairings,
not on moves, and between branches plays what is safe:

* a committed pair whose two tiles are free;
* every remaining tile of a key when all of them are free (the last two copies, or all
  four: whatever their pairing, playing them now cannot hurt).

Before branching, optimistic play (the *relaxation*, :mod:`.relaxation`) proves many
positions dead at once.  A pairing that joins a tile to one lying (transitively)
underneath it is never tried.  Positions proven dead are remembered in a transposition
table keyed by the tiles present and the pairings committed, each with the set of choices
its failure depends on, so the search jumps back over choices that played no part
(conflict-directed backjumping).

Every conflict is also learned as a *nogood*: the pairings it names, chosen from the root,
lose whatever else is chosen, so a later branch or probe that repeats them is cut at once
(this carries what one run learned into the next, like a clause-learning SAT solver;
:mod:`.nogoods`).

Before any search, up to :data:`PLAYOUTS` random play-outs (:mod:`.playout`) try to win
the deal outright, as de Bondt's solver does: most winnable deals fall in a few of them.
The search first runs *quick*: it branches on the key whose best free pair frees the most
tiles, pairings in that order.  Most deals are decided so within :data:`QUICK_NODES`.  The
rest alternate two searches, in rounds:

* :data:`WALK_STEPS` steps of the weighted walk over complete pairings (:class:`.Walk`),
  :data:`LATER_WALK_STEPS` in the later rounds: it cannot prove a deal lost but finds most
  wins of the remaining deals within a few hundred steps of its first round;
* a *thorough* run of the tree search, restarted each round with :data:`THOROUGH_GROWTH`
  times the branch points of the one before (from :data:`THOROUGH_NODES`).  At every node
  each open key's pairings are first tried in the relaxation (singleton probing; a probe
  resumes the node's own relaxation where the pairing first disagrees with it, a pairing
  refuted at a node stays refuted below it, and a key that can no longer end with fewer
  surviving pairings than the best so far is not tried further), the keys whose pairings
  failed most (and most recently) first;
  the key with fewest survivors is branched on, trying first the pairing the walk holds,
  and a greedy play-out checks whether the choices made so far already win.
"""

from __future__ import annotations

import time

from ..core.board import Board
from ..core.layout import Layout, iter_bits
from ..core.moves import Move
from .nogoods import Nogoods
from .playout import playouts
from .random_deals import random_board
from .relaxation import PAIRINGS, Batches, Relaxation
from .several_sets import playout as playout_over_faces
from .verdict import SolveResult, Verdict
from .walk import Walk

__all__ = ["solve", "solve_random"]


class _Limit(Exception):
    """The current phase ran out of nodes (or the caller's limits were hit)."""


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
#: How much more a key's later refutation counts than its earlier ones (activity decay).
ACTIVITY_GROWTH = 1.01
#: Groupings into fours of the faces of a board of several tile sets that :func:`solve`
#: tries, the nodes each may use, and all of them together (rules §5.1).
GROUPINGS = 64
GROUPING_NODES = 2000
GROUPED_NODES = 20_000


class _Search:
    """One search from one position.  A node's state is three ints: ``present``, ``free``
    and ``code`` (two bits per key: its chosen pairing, 0 while open).

    The search runs over a shared table of dead positions: first *quick* (branch on the
    key whose pair frees the most tiles, plain relaxation), then, if that spends
    :data:`QUICK_NODES` without an answer, in rounds of the walk and *thorough* restarts:
    at every thorough node each open key's pairings are tried in the relaxation first
    (pairings that fail are dropped, a key with none left proves the node dead, a key with
    one left is committed at once), and a greedy play-out checks whether the pairings
    chosen so far already win.
    """

    def __init__(
        self,
        relaxation: Relaxation,
        node_limit: int | None,
        deadline: float | None,
        expect_lost: bool = False,
    ) -> None:
        # The board's tables and optimistic play, shared with the walk.
        self.relaxation = relaxation
        self.kmask = relaxation.kmask  # each key's tiles, as bits (read at every node)
        self.node_limit = node_limit
        self.deadline = deadline
        self.expect_lost = expect_lost
        self.nodes = 0
        self.budget: int | None = None  # the node count the current phase may reach
        self.thorough = False
        self.dead: dict[int, int] = {}  # (code, present) -> conflict
        self.nogoods = Nogoods()  # pairings that, chosen from the root, lose
        self.shift = len(relaxation.key_of)
        self.path: list[tuple[int, int]] = []
        # The walk over complete pairings (from the first thorough round on): thorough
        # branches try first the pairing it holds.
        self.walk: Walk | None = None
        # Thorough probing tries first the keys whose pairings failed most, recently most.
        self.activity = [0.0] * len(self.kmask)
        self.bump = 1.0

    def _exhausted(self) -> bool:
        """Whether the caller's node or time limit is used up."""
        return (self.node_limit is not None and self.nodes >= self.node_limit) or (
            self.deadline is not None and time.perf_counter() > self.deadline
        )

    # -- the search -------------------------------------------------------------------

    def run(self, present: int, free: int) -> bool:
        kmask = self.kmask
        work = 0
        for k, mask in enumerate(kmask):
            count = (mask & present).bit_count()  # at most four (several sets: grouped)
            if count % 2:
                return False
            if count:
                work |= 1 << k
        # Under a limit (a hint, the winnability check: positions of careless play, often
        # lost) optimistic play first: when it proves the position dead, no play-out is
        # wasted on it.
        if self.node_limit is not None and self.relaxation.relaxed_stuck(present, free, 0):
            self._count_node()
            return False
        # Cheap random play-outs first: they win most deals that can be won, in a fraction
        # of the search's time (each counts as a node).
        tries = PLAYOUTS if self.node_limit is None else min(PLAYOUTS, self.node_limit // 8)
        if tries and self.expect_lost and self.deadline is None:
            quick = self._quick_before_playouts(present, free, work, tries)
            if quick is not None:
                return quick
        else:
            if tries:
                moves, played = playouts(self.relaxation, present, free, tries, self.deadline)
                self.nodes += played
                if moves is not None:
                    self.path[:] = moves
                    return True
                if self.deadline is not None and time.perf_counter() > self.deadline:
                    raise _Limit
            try:
                return self._quick(present, free, work)
            except _Limit:
                if self._exhausted():
                    raise
        # Rounds of the walk and of thorough restarts, each restart with THOROUGH_GROWTH
        # times the nodes of the one before; what a restart proves dead (and learns) stays
        # for the next, and the keys' activity steers it elsewhere.
        self.thorough = True
        walk = self.walk = Walk(self.relaxation, present, free, self._count_node)
        spend, steps = THOROUGH_NODES, WALK_STEPS
        while True:
            self._spend(steps)
            try:
                moves = walk.run(steps)
            except _Limit:
                if self._exhausted():
                    raise
            else:
                if moves is not None:
                    self.path[:] = moves
                    return True
            self._spend(spend)
            del self.path[:]
            try:
                return self._node(present, free, 0, 0, work, {}, 0) is None
            except _Limit:
                if self._exhausted():
                    raise
            spend *= THOROUGH_GROWTH
            steps = LATER_WALK_STEPS

    def _quick(self, present: int, free: int, work: int) -> bool:
        """The quick search (:class:`_Limit` past its budget)."""
        # Under a small limit (a hint, the winnability check) a third of it is left to the
        # walk, which wins most of what the quick search could not in its few steps.
        self.budget = self.nodes + QUICK_NODES
        if self.node_limit is not None:
            self.budget = min(self.budget, self.nodes + (self.node_limit - self.nodes) * 2 // 3)
        return self._node(present, free, 0, 0, work, {}, 0) is None

    def _quick_before_playouts(self, present: int, free: int, work: int, tries: int) -> bool | None:
        """The play-outs and the quick search in the other order, same answer and count.

        For a position likely lost: the ``tries`` play-outs are charged first, as if played
        in vain, and the quick search runs exactly as it would after them.  When it proves
        the position lost no play-out could have won, so they need not run at all.  Otherwise
        they run now, and a win of theirs is the answer (with the nodes they took), as it
        would have been; when they fail the quick search's outcome stands.  ``None``: go on
        to the rounds of the walk and thorough search."""
        self.nodes += tries
        try:
            if not self._quick(present, free, work):
                return False
            limited = False
        except _Limit:
            limited = True
        budget, nodes = self.budget, self.nodes
        moves, played = playouts(self.relaxation, present, free, tries)
        if moves is not None:
            self.path[:] = moves
            self.nodes = played
            return True
        self.budget, self.nodes = budget, nodes
        if not limited:
            return True
        if self._exhausted():
            raise _Limit
        return None

    def _count_node(self) -> None:
        """Count a node (a branch point or a step of the walk); raise :class:`_Limit`
        past the phase's budget or the caller's deadline."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            self.nodes -= 1
            raise _Limit
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Limit

    def _spend(self, nodes: int) -> None:
        """Let the next phase examine ``nodes`` more (within the caller's limit)."""
        self.budget = self.nodes + nodes
        if self.node_limit is not None:
            self.budget = min(self.budget, self.node_limit)

    def _node(
        self,
        present: int,
        free: int,
        code: int,
        decided: int,
        work: int,
        failed: dict[int, tuple[int, int]],
        assign: int,
    ) -> int | None:
        """Search on from a position; ``None`` when solved (the moves are on ``path``),
        otherwise the *conflict*: the keys decided on the way here whose pairings, with the
        root position, already make the position dead (conflict-directed backjumping).

        ``failed`` maps a key to the pairings (a bit mask) that the relaxation already
        refuted at an ancestor, and why: committing more and playing safe moves only
        takes options from the relaxation, so those pairings stay refuted here.

        ``assign`` holds every pairing chosen on the way (two bits per key, never cleared).
        A conflict ``C`` means the root position with these pairings of the keys in ``C``
        cannot be cleared: it is learned as a *nogood* and cuts any later branch (in this
        run or a restart) that chooses the same pairings."""
        path = self.path
        mark = len(path)
        relaxation = self.relaxation
        kmask, key_of, affected = self.kmask, relaxation.key_of, relaxation.affected
        covers, left, right = relaxation.covers, relaxation.left, relaxation.right
        # Propagation: play what is safe under the pairings chosen so far.
        while work:
            low = work & -work
            work ^= low
            k = low.bit_length() - 1
            rem = kmask[k] & present
            if not rem:
                continue
            fr = rem & free
            choice = code >> 2 * k & 3
            if fr == rem:  # every remaining copy is free: play them all
                tiles = list(iter_bits(rem))
                if choice:
                    (a, b), (c, d) = PAIRINGS[choice]
                    path.append((tiles[a], tiles[b]))
                    path.append((tiles[c], tiles[d]))
                else:
                    path.extend(zip(tiles[0::2], tiles[1::2], strict=True))
                code &= ~(3 << 2 * k)
                gone = rem
            elif choice:  # four tiles, pairing chosen: play a pair that is free
                pa, pb = relaxation.pairs(rem, choice)
                if pa & fr == pa:
                    gone = pa
                elif pb & fr == pb:
                    gone = pb
                else:
                    continue
                a = gone & -gone
                path.append(((a.bit_length() - 1), (gone ^ a).bit_length() - 1))
                code &= ~(3 << 2 * k)
                work |= low  # the other pair is now the last two copies
            else:
                continue
            present &= ~gone
            touched = affected.get(gone)
            if touched is None:
                touched = relaxation.affected_by(gone)
            touched &= present & ~free
            free &= ~gone
            for i in iter_bits(touched):
                if not covers[i] & present and (not left[i] & present or not right[i] & present):
                    free |= 1 << i
                    work |= 1 << key_of[i]
        if not present:
            return None
        tt_key = code << self.shift | present
        known = self.dead.get(tt_key)
        if known is not None:
            del path[mark:]
            return known
        self._count_node()
        batches: Batches | None = {} if self.thorough else None
        stuck = relaxation.relaxed_stuck(present, free, code, batches=batches)
        if stuck:
            # Only the keys of the free tiles left stuck matter: the others' tiles are all
            # blocked, whatever their pairing.
            conflict = relaxation.keys_of(stuck) & decided
            self.dead[tt_key] = conflict
            self.nogoods.learn(conflict, assign)
            del path[mark:]
            return conflict
        if self.thorough:
            moves = relaxation.greedy(present, free, code)
            if moves is not None:
                path.extend(moves)
                return None
            assert batches is not None
            failed = dict(failed)
            k, options, conflict = self._probe(
                present, free, code, decided, batches, failed, assign
            )
        else:
            k, options = self._branch(present, free, code)
            conflict = 0
        bit = 1 << k
        alive = relaxation.keys_of(present) if self.nogoods.names(k) else 0
        for choice in options:
            chosen = assign | choice << 2 * k
            below: int | None = self.nogoods.repeated(k, chosen, alive)
            if not below:
                below = self._node(
                    present, free, code | choice << 2 * k, decided | bit, bit, failed, chosen
                )
            if below is None:
                return None
            if not below & bit:  # the failure does not depend on this key: jump back
                conflict = below
                break
            conflict |= below & ~bit
        self.dead[tt_key] = conflict
        self.nogoods.learn(conflict, assign)
        del path[mark:]
        return conflict

    def _branch(self, present: int, free: int, code: int) -> tuple[int, list[int]]:
        """Quick: the open key whose best free pair frees the most tiles, its pairings
        best first (those that play nothing now last)."""
        relaxation = self.relaxation
        best_key, best_options, best_score = -1, [], -2
        for k, mask in enumerate(self.kmask):
            rem = mask & present
            if rem.bit_count() != 4 or code >> 2 * k & 3:
                continue
            fr = rem & free
            if not fr & (fr - 1):
                continue
            scored = self._scored(rem, relaxation.options(rem, present), present, free)
            if len(scored) <= 1:  # forced (or, with none, dead): take it now
                return k, [choice for _, choice in scored]
            scored.sort(key=lambda item: -item[0])
            if scored[0][0] > best_score:
                best_key, best_score = k, scored[0][0]
                best_options = [choice for _, choice in scored]
        return best_key, best_options

    def _probe(
        self,
        present: int,
        free: int,
        code: int,
        decided: int,
        batches: Batches,
        failed: dict[int, tuple[int, int]],
        assign: int,
    ) -> tuple[int, list[int], int]:
        """Thorough: try each open key's pairings in the relaxation, the most active keys
        first (those whose pairings failed most, recently most; then those with most
        blocked tiles); return the key with fewest surviving pairings (the most active
        among equals; stopping at the first with one or none), those pairings (the walk's
        current one first, then by the tiles they free), and why the others failed.  Pairings
        in ``failed`` are not tried again; the new refutations are added to it.

        The node's own relaxation made every removal up to the first batch of the key's
        tiles (those removed at once) that is not a union of the pairing's pairs: the probe
        resumes there, and a pairing with no such batch passes without a run."""
        relaxation = self.relaxation
        candidates = []
        for k, mask in enumerate(self.kmask):
            rem = mask & present
            if rem.bit_count() == 4 and not code >> 2 * k & 3:
                candidates.append((-self.activity[k], -(rem & ~free).bit_count(), k, rem))
        candidates.sort()
        # An inherited refutation whose reason names a key with no tile left is tried
        # again: a node's conflict must only name keys whose tiles are present, so that
        # the table can hand it to any path that reaches the same position.
        alive = relaxation.keys_of(present)
        best: tuple[tuple[int, float], int, list[int], int] | None = None
        for _, _, k, rem in candidates:
            options = []
            refuted, reason = failed.get(k, (0, 0))
            if reason & ~alive:
                refuted = reason = 0
            went = batches[k]
            runs = []
            for choice in relaxation.options(rem, present):
                if refuted >> choice & 1:
                    continue
                keys = self.nogoods.repeated(k, assign | choice << 2 * k, alive)
                if keys:  # a learned nogood refutes it
                    reason |= keys & ~(1 << k)
                    refuted |= 1 << choice
                    continue
                pa, pb = relaxation.pairs(rem, choice)
                for batch, rest, rest_free, pending in went:  # noqa: B007 - the resume point
                    if batch & pa not in (0, pa) or batch & pb not in (0, pb):
                        break
                else:
                    options.append(choice)
                    continue
                runs.append((choice, rest, rest_free, pending))
            # A key left with as many pairings as the best one so far is not taken (keys
            # come most active first).  First one run with the key's four tiles going only
            # all at once: when it clears the board, so does each pairing; else each
            # pairing resumes where it stopped (each allows every removal it made).
            enough = best[0][0] if best is not None else 4
            if len(runs) > 1 and len(options) + 1 < enough:
                _, rest, rest_free, pending = went[0]
                rest, rest_free = relaxation.relax(
                    present, rest_free, code, rest, None, pending | 1 << k, rem, together=rem
                )
                if rest & rest_free:
                    runs = [(choice, rest, rest_free, 0) for choice, *_ in runs]
                else:
                    options.extend(choice for choice, *_ in runs)
                    runs = []
            for choice, rest, rest_free, pending in runs:
                if len(options) >= enough:
                    break
                probe = code | choice << 2 * k
                work = pending | 1 << k
                stuck = relaxation.relaxed_stuck(present, rest_free, probe, rest, None, work, rem)
                if stuck:
                    reason |= relaxation.keys_of(stuck) & decided
                    refuted |= 1 << choice
                    self.activity[k] += self.bump
                    self.bump *= ACTIVITY_GROWTH
                else:
                    options.append(choice)
            if refuted:
                failed[k] = (refuted, reason)
            rank = (len(options), -self.activity[k])
            if best is None or rank < best[0]:
                best = (rank, k, options, reason)
            if len(options) <= 1:
                break
        assert best is not None  # the relaxation passed, so some key is open
        _, k, options, reason = best
        rem = self.kmask[k] & present
        phase = self.walk.code >> 2 * k & 3 if self.walk is not None else 0
        ranked = sorted(
            (choice != phase, -score, choice)
            for score, choice in self._scored(rem, options, present, free)
        )
        return k, [choice for _, _, choice in ranked], reason

    def _scored(
        self, rem: int, options: list[int], present: int, free: int
    ) -> list[tuple[int, int]]:
        """``(score, pairing)``: the tiles freed by the pairing's best pair free now (-1 when
        neither pair is free)."""
        relaxation = self.relaxation
        tiles = list(iter_bits(rem))
        fr = rem & free
        scored = []
        for choice in options:
            score = -1
            for x, y in PAIRINGS[choice]:
                pair = (1 << tiles[x]) | (1 << tiles[y])
                if pair & fr == pair:
                    score = max(score, relaxation.freed(present, free, pair).bit_count())
            scored.append((score, choice))
        return scored


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
    search = _Search(Relaxation(board), node_limit, deadline, expect_lost)
    try:
        found = search.run(board.present, board.free)
    except (_Limit, RecursionError):  # too deep: only for boards far beyond 144 tiles
        return SolveResult(Verdict.UNKNOWN, (), search.nodes, time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    if not found:
        return SolveResult(Verdict.UNSOLVABLE, (), search.nodes, elapsed)
    return SolveResult(
        Verdict.SOLVABLE, tuple(Move(a, b) for a, b in search.path), search.nodes, elapsed
    )


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
        search = _Search(relaxation, budget, deadline)
        try:
            found = search.run(board.present, board.free)
        except (_Limit, RecursionError):
            found = False
        nodes += search.nodes
        if found:
            moves = tuple(Move(a, b) for a, b in search.path)
            return SolveResult(Verdict.SOLVABLE, moves, nodes, time.perf_counter() - start)
        if deadline is not None and time.perf_counter() > deadline:
            break
    return SolveResult(Verdict.UNKNOWN, (), nodes, time.perf_counter() - start)


def solve_random(layout: Layout, seed: int) -> SolveResult:
    """Solve the :func:`.random_deal` of ``seed`` without limits (statistics, benchmarks)."""
    return solve(random_board(layout, seed))
