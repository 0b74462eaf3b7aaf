"""The solver: decides whether a position can be cleared, with a winning order as proof.

    >>> from mahjong_solitaire.classic.generator import deal_from_code
    >>> board = deal_from_code("MJ1-L00-AAAAABL").board()
    >>> result = solve(board)
    >>> result.verdict, len(result.moves)
    (<Verdict.SOLVABLE: 'solvable'>, 72)
    >>> board.play(result.moves); board.is_won()
    True

A position is *unsolvable* only when the search proved it; *unknown* only when an explicit
``node_limit`` or ``time_limit`` stopped it first.  Without limits the search is complete.

How it searches: the four tiles of a match key can be paired in three ways (two tiles
left: one way).  Once every key's pairing is fixed, the order of play no longer matters:
removing tiles only ever frees others, so playing any pair whose two tiles are free
(*greedy*) clears the board if anything does.  The search therefore branches on pairings,
not on moves, and between branches plays what is safe:

* a committed pair whose two tiles are free;
* every remaining tile of a key when all of them are free (the last two copies, or all
  four: whatever their pairing, playing them now cannot hurt).

Before branching, a *relaxation* proves many positions dead at once: tiles of keys whose
pairing is still open are removed as soon as they are free and some other tile of their
key is free or gone, committed pairs only when both are free.  When even this optimistic
play leaves tiles behind, no real play can clear them (two last copies stacked, a tile
lying on all three partners, pairs that wait on each other across stacks).  A pairing that
joins a tile to one lying (transitively) underneath it is never tried.  Positions proven
dead are remembered in a transposition table keyed by the tiles present and the pairings
committed, each with the set of choices its failure depends on, so the search jumps back
over choices that played no part (conflict-directed backjumping).

Every conflict is also learned as a *nogood*: the pairings it names, chosen from the root,
lose whatever else is chosen, so a later branch or probe that repeats them is cut at once
(this carries what one run learned into the next, like a clause-learning SAT solver).

The search first runs *quick*: it branches on the key whose best free pair frees the most
tiles, pairings in that order.  Most deals are decided so within :data:`QUICK_NODES`.  The
rest alternate two searches, in rounds:

* :data:`WALK_STEPS` steps of a *walk* over complete pairings (:class:`_Walk`, weighted
  local search): it cannot prove a deal lost but finds most wins of the remaining deals
  within a few hundred steps;
* a *thorough* run of the tree search, restarted each round with twice the branch points
  of the one before (from :data:`THOROUGH_NODES`).  At every node each open key's pairings
  are first tried in the relaxation (singleton probing; a probe resumes the node's own
  relaxation where the pairing first disagrees with it, and a pairing refuted at a node
  stays refuted below it), the keys whose pairings failed most (and most recently) first;
  the key with fewest survivors is branched on, trying first the pairing the walk holds,
  and a greedy play-out checks whether the choices made so far already win.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from ..core.board import Board
from ..core.layout import Layout, iter_bits
from ..core.moves import Move
from ..core.rng import Rng
from ..core.tiles import BUNDLES, MATCH_KEYS, TILE_SET, key_id

__all__ = [
    "SolveResult",
    "SolverError",
    "Verdict",
    "random_board",
    "random_deal",
    "solve",
    "solve_random",
]


class SolverError(ValueError):
    """A position the solver cannot take (more than four tiles of one match key)."""


class Verdict(Enum):
    SOLVABLE = "solvable"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The answer: the verdict, a winning order when solvable, the effort it took.

    ``nodes`` counts the branch points of the search (positions where a pairing had to be
    chosen) and the steps of the walk over complete pairings.
    """

    verdict: Verdict
    moves: tuple[Move, ...]
    nodes: int
    seconds: float

    @property
    def solvable(self) -> bool:
        return self.verdict is Verdict.SOLVABLE

    def to_json(self) -> dict[str, object]:
        """``{"verdict", "solution", "nodes", "ms"}`` with layout indices in the solution."""
        return {"verdict": self.verdict.value,
                "solution": [[m.a, m.b] for m in self.moves],
                "nodes": self.nodes,
                "ms": round(self.seconds * 1e3, 3)}


# Pairings of a key's four tiles t0 < t1 < t2 < t3, numbered 1..3 (0 = not chosen yet).
_PAIRINGS: tuple[tuple[tuple[int, int], ...], ...] = (
    (), ((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


@dataclass(frozen=True, slots=True)
class _Geometry:
    covers: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    affects: tuple[int, ...]
    above: tuple[int, ...]  # every position that could lie (transitively) on top


@lru_cache(maxsize=16)
def _geometry(layout: Layout) -> _Geometry:
    covers = layout.covers
    order = sorted(range(len(layout)), key=lambda i: -layout.positions[i][2])
    above = [0] * len(layout)
    for i in order:  # highest layers first, so the tiles on top are complete
        mask = covers[i]
        for j in iter_bits(covers[i]):
            mask |= above[j]
        above[i] = mask
    return _Geometry(covers, layout.left, layout.right, layout.affects, tuple(above))


#: Per key, the batches of its tiles that optimistic play removed at once, each with the
#: state just before: ``(batch, tiles left, free tiles, keys still to examine)``.
_Batches = dict[int, list[tuple[int, int, int, int]]]


class _Limit(Exception):
    """The current phase ran out of nodes (or the caller's limits were hit)."""


#: Branch points the quick search may spend before the walk and the thorough search take
#: over (at most two thirds of the caller's node limit).
QUICK_NODES = 300
#: Branch points of the first thorough run (each restart doubles them).
THOROUGH_NODES = 400
#: Steps of the walk over complete pairings before each thorough run (the walk wins most
#: deals it can within a few hundred steps; the thorough runs double).
WALK_STEPS = 400
#: How much more a key's later refutation counts than its earlier ones (activity decay).
ACTIVITY_GROWTH = 1.01
#: The most keys a learned nogood may name (longer ones rarely cut anything).
NOGOOD_KEYS = 10


class _Search:
    """One search from one position.  A node's state is three ints: ``present``, ``free``
    and ``code`` (two bits per key: its chosen pairing, 0 while open).

    The search runs twice over a shared table of dead positions: first *quick* (branch on
    the key whose pair frees the most tiles, plain relaxation), then, if that spends
    :data:`QUICK_NODES` without an answer, *thorough*: at every node each open key's
    pairings are tried in the relaxation first (pairings that fail are dropped, a key with
    none left proves the node dead, a key with one left is committed at once), and a
    greedy play-out checks whether the pairings chosen so far already win.
    """

    def __init__(self, board: Board, node_limit: int | None, deadline: float | None) -> None:
        geometry = _geometry(board.layout)
        self.covers = geometry.covers
        self.left = geometry.left
        self.right = geometry.right
        self.affects = geometry.affects
        self.above = geometry.above
        self.key_of = [key_id(label) if label is not None else -1 for label in board.tiles]
        self.keybit = [1 << k if k >= 0 else 0 for k in self.key_of]
        self.pair_cache: dict[tuple[int, int], tuple[int, int]] = {}
        self.affected: dict[int, int] = {}  # tiles -> the positions their removal may free
        self.stacked: dict[int, bool] = {}  # a key's four tiles -> whether some may stack
        self.kmask = list(board.key_masks)
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self.budget: int | None = None  # the node count the current phase may reach
        self.thorough = False
        self.dead: dict[int, int] = {}  # (code, present) -> conflict
        # Learned nogoods: per key, (mask, pairings, keys) of pairings that kill the root.
        self.nogoods: dict[int, list[tuple[int, int, int]]] = {}
        self.nogood_seen: set[tuple[int, int]] = set()
        self.shift = len(self.key_of)
        self.path: list[tuple[int, int]] = []
        # The walk over complete pairings (from the first thorough round on): thorough
        # branches try first the pairing it holds.
        self.walk: _Walk | None = None
        # Thorough probing tries first the keys whose pairings failed most, recently most.
        self.activity = [0.0] * len(self.kmask)
        self.bump = 1.0

    # -- small helpers ----------------------------------------------------------------

    def _freed(self, present: int, free: int, pair: int) -> int:
        """The tiles that become free when the tiles of ``pair`` are removed."""
        covers, left, right = self.covers, self.left, self.right
        present &= ~pair
        touched = self.affected.get(pair)
        if touched is None:
            touched = self._affected(pair)
        touched &= present & ~free
        new = 0
        for i in iter_bits(touched):
            if not covers[i] & present and (not left[i] & present or not right[i] & present):
                new |= 1 << i
        return new

    def _affected(self, tiles: int) -> int:
        """The positions that removing ``tiles`` may free (cached)."""
        touched = 0
        for i in iter_bits(tiles):
            touched |= self.affects[i]
        self.affected[tiles] = touched
        return touched

    def _on_top(self, x: int, y: int, present: int) -> bool:
        """Whether ``x`` lies on ``y`` through a stack of present tiles (so ``x`` must go
        first)."""
        if not self.above[y] >> x & 1:
            return False
        covers = self.covers
        seen = layer = covers[y] & present
        while layer:
            if layer >> x & 1:
                return True
            nxt = 0
            for i in iter_bits(layer):
                nxt |= covers[i]
            layer = nxt & present & ~seen
            seen |= layer
        return False

    def _pairs(self, rem: int, choice: int) -> tuple[int, int]:
        """The two pairs (as masks) of pairing ``choice`` of the four tiles ``rem``."""
        pairs = self.pair_cache.get((rem, choice))
        if pairs is None:
            tiles = list(iter_bits(rem))
            (a, b), (c, d) = _PAIRINGS[choice]
            pairs = (1 << tiles[a]) | (1 << tiles[b]), (1 << tiles[c]) | (1 << tiles[d])
            self.pair_cache[rem, choice] = pairs
        return pairs

    def _options(self, rem: int, present: int) -> list[int]:
        """The pairings of a key's four tiles that join no tile to one beneath it."""
        stacked = self.stacked.get(rem)
        if stacked is None:  # can any of the four lie above another, in this layout?
            above = self.above
            stacked = self.stacked[rem] = any(above[y] & rem for y in iter_bits(rem))
        if not stacked:
            return [1, 2, 3]
        t = list(iter_bits(rem))
        on_top = self._on_top
        options = []
        for choice in (1, 2, 3):
            (a, b), (c, d) = _PAIRINGS[choice]
            if not (on_top(t[a], t[b], present) or on_top(t[b], t[a], present)
                    or on_top(t[c], t[d], present) or on_top(t[d], t[c], present)):
                options.append(choice)
        return options

    def _keys_of(self, tiles: int) -> int:
        keys = 0
        for k, mask in enumerate(self.kmask):
            if mask & tiles:
                keys |= 1 << k
        return keys

    def _exhausted(self) -> bool:
        """Whether the caller's node or time limit is used up."""
        return (self.node_limit is not None and self.nodes >= self.node_limit) or (
            self.deadline is not None and time.perf_counter() > self.deadline)

    # -- the search -------------------------------------------------------------------

    def run(self, present: int, free: int) -> bool:
        kmask = self.kmask
        work = 0
        for k, mask in enumerate(kmask):
            count = (mask & present).bit_count()
            if count > 4:
                raise SolverError(f"{count} tiles of match key {MATCH_KEYS[k]!r}: "
                                  f"the solver takes at most four")
            if count % 2:
                return False
            if count:
                work |= 1 << k
        # Under a small limit (a hint, the winnability check) a third of it is left to the
        # walk, which wins most of what the quick search could not in its few steps.
        self.budget = QUICK_NODES
        if self.node_limit is not None:
            self.budget = min(self.budget, self.node_limit * 2 // 3)
        try:
            return self._node(present, free, 0, 0, work, {}, 0) is None
        except _Limit:
            if self._exhausted():
                raise
        # Rounds of the walk and of thorough restarts, each restart with twice the nodes of
        # the one before; what a restart proves dead (and learns) stays for the next, and
        # the keys' activity steers it elsewhere.
        self.thorough = True
        walk = self.walk = _Walk(self, present, free)
        spend = THOROUGH_NODES
        while True:
            self._spend(WALK_STEPS)
            try:
                moves = walk.run(WALK_STEPS)
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
            spend *= 2

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

    def _node(self, present: int, free: int, code: int, decided: int, work: int,
              failed: dict[int, tuple[int, int]], assign: int) -> int | None:
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
        kmask, key_of, affected = self.kmask, self.key_of, self.affected
        covers, left, right = self.covers, self.left, self.right
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
                    (a, b), (c, d) = _PAIRINGS[choice]
                    path.append((tiles[a], tiles[b]))
                    path.append((tiles[c], tiles[d]))
                else:
                    path.extend(zip(tiles[0::2], tiles[1::2], strict=True))
                code &= ~(3 << 2 * k)
                gone = rem
            elif choice:  # four tiles, pairing chosen: play a pair that is free
                pa, pb = self._pairs(rem, choice)
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
                touched = self._affected(gone)
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
        batches: _Batches | None = {} if self.thorough else None
        stuck = self._relaxed_stuck(present, free, code, batches=batches)
        if stuck:
            # Only the keys of the free tiles left stuck matter: the others' tiles are all
            # blocked, whatever their pairing.
            conflict = self._keys_of(stuck) & decided
            self.dead[tt_key] = conflict
            self._learn(conflict, assign)
            del path[mark:]
            return conflict
        if self.thorough:
            moves = self._greedy(present, free, code)
            if moves is not None:
                path.extend(moves)
                return None
            assert batches is not None
            failed = dict(failed)
            k, options, conflict = self._probe(present, free, code, decided, batches, failed,
                                               assign)
        else:
            k, options = self._branch(present, free, code)
            conflict = 0
        bit = 1 << k
        alive = self._keys_of(present) if k in self.nogoods else 0
        for choice in options:
            chosen = assign | choice << 2 * k
            below: int | None = self._nogood(k, chosen, alive)
            if not below:
                below = self._node(present, free, code | choice << 2 * k, decided | bit, bit,
                                   failed, chosen)
            if below is None:
                return None
            if not below & bit:  # the failure does not depend on this key: jump back
                conflict = below
                break
            conflict |= below & ~bit
        self.dead[tt_key] = conflict
        self._learn(conflict, assign)
        del path[mark:]
        return conflict

    def _learn(self, conflict: int, assign: int) -> None:
        """Remember that the pairings ``assign`` gives the keys of ``conflict`` lose."""
        if not conflict or conflict.bit_count() > NOGOOD_KEYS:
            return
        mask = 0
        for k in iter_bits(conflict):
            mask |= 3 << 2 * k
        value = assign & mask
        if (mask, value) in self.nogood_seen:
            return
        self.nogood_seen.add((mask, value))
        for k in iter_bits(conflict):
            self.nogoods.setdefault(k, []).append((mask, value, conflict))

    def _nogood(self, k: int, chosen: int, alive: int) -> int:
        """The keys of a learned nogood on key ``k`` that the pairings ``chosen`` repeat,
        among those naming only keys of ``alive`` (with tiles left); ``0`` when none."""
        for mask, value, keys in self.nogoods.get(k, ()):
            if chosen & mask == value and not keys & ~alive:
                return keys
        return 0

    def _branch(self, present: int, free: int, code: int) -> tuple[int, list[int]]:
        """Quick: the open key whose best free pair frees the most tiles, its pairings
        best first (those that play nothing now last)."""
        best_key, best_options, best_score = -1, [], -2
        for k, mask in enumerate(self.kmask):
            rem = mask & present
            if rem.bit_count() != 4 or code >> 2 * k & 3:
                continue
            fr = rem & free
            if not fr & (fr - 1):
                continue
            scored = self._scored(rem, self._options(rem, present), present, free)
            if len(scored) <= 1:  # forced (or, with none, dead): take it now
                return k, [choice for _, choice in scored]
            scored.sort(key=lambda item: -item[0])
            if scored[0][0] > best_score:
                best_key, best_score = k, scored[0][0]
                best_options = [choice for _, choice in scored]
        return best_key, best_options

    def _probe(self, present: int, free: int, code: int, decided: int,
               batches: _Batches,
               failed: dict[int, tuple[int, int]], assign: int
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
        candidates = []
        for k, mask in enumerate(self.kmask):
            rem = mask & present
            if rem.bit_count() == 4 and not code >> 2 * k & 3:
                candidates.append((-self.activity[k], -(rem & ~free).bit_count(), k, rem))
        candidates.sort()
        # An inherited refutation whose reason names a key with no tile left is tried
        # again: a node's conflict must only name keys whose tiles are present, so that
        # the table can hand it to any path that reaches the same position.
        alive = self._keys_of(present)
        best: tuple[tuple[int, float], int, list[int], int] | None = None
        for _, _, k, rem in candidates:
            options = []
            refuted, reason = failed.get(k, (0, 0))
            if reason & ~alive:
                refuted = reason = 0
            went = batches[k]
            for choice in self._options(rem, present):
                if refuted >> choice & 1:
                    continue
                keys = self._nogood(k, assign | choice << 2 * k, alive)
                if keys:  # a learned nogood refutes it
                    reason |= keys & ~(1 << k)
                    refuted |= 1 << choice
                    continue
                pa, pb = self._pairs(rem, choice)
                for batch, rest, rest_free, pending in went:  # noqa: B007 - the resume point
                    if batch & pa not in (0, pa) or batch & pb not in (0, pb):
                        break
                else:
                    options.append(choice)
                    continue
                stuck = self._relaxed_stuck(present, rest_free, code | choice << 2 * k, rest,
                                            work=pending | 1 << k)
                if stuck:
                    reason |= self._keys_of(stuck) & decided
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
        ranked = sorted((choice != phase, -score, choice) for score, choice in
                        self._scored(rem, options, present, free))
        return k, [choice for _, _, choice in ranked], reason

    def _scored(self, rem: int, options: list[int], present: int, free: int
                ) -> list[tuple[int, int]]:
        """``(score, pairing)``: the tiles freed by the pairing's best pair free now (-1 when
        neither pair is free)."""
        tiles = list(iter_bits(rem))
        fr = rem & free
        scored = []
        for choice in options:
            score = -1
            for x, y in _PAIRINGS[choice]:
                pair = (1 << tiles[x]) | (1 << tiles[y])
                if pair & fr == pair:
                    score = max(score, self._freed(present, free, pair).bit_count())
            scored.append((score, choice))
        return scored

    def _relaxed_stuck(self, present: int, free: int, code: int, rest: int | None = None,
                       batches: _Batches | None = None, work: int | None = None) -> int:
        """The free tiles left when optimistic play (see the module notes) stops; ``0``
        when it clears the board.  (See :meth:`_relax` for the arguments.)"""
        rest, free = self._relax(present, free, code, rest, batches, work)
        return rest & free

    def _relax(self, present: int, free: int, code: int, rest: int | None = None,
               batches: _Batches | None = None, work: int | None = None
               ) -> tuple[int, int]:
        """Optimistic play (see the module notes) from ``present`` until it stops: the
        tiles left and those of them free.  With every key's pairing chosen, this is greedy
        play, exact.

        ``rest`` (with ``free``) resumes from a state that optimistic play reached before;
        ``batches`` collects, per key, the sets of its tiles removed at once, each with the
        state just before: a probe of a pairing of that key can resume before the first
        batch that splits one of its pairs, since every removal before is still allowed.
        ``work`` (keys to examine, as bits) resumes that state's work list, plus the keys
        whose pairing differs from that play's: every other key was examined in the same
        state then.  By default every key with a free tile is examined.
        """
        kmask, keybit, affected = self.kmask, self.keybit, self.affected
        covers, left, right = self.covers, self.left, self.right
        pair_cache = self.pair_cache
        if rest is None:
            rest = present
        if work is None:
            work = 0
            bits = free
            while bits:
                low = bits & -bits
                bits ^= low
                work |= keybit[low.bit_length() - 1]
        while work:
            low = work & -work
            work ^= low
            k = low.bit_length() - 1
            orig = kmask[k] & present
            rem = orig & rest
            fr = rem & free
            if not fr:
                continue
            choice = code >> 2 * k & 3
            if choice:
                pairs = pair_cache.get((orig, choice))
                if pairs is None:
                    pairs = self._pairs(orig, choice)
                pa, pb = pairs
                gone = (pa if pa & fr == pa else 0) | (pb if pb & fr == pb else 0)
            elif fr == rem or (orig.bit_count() > 2 and ((orig & ~rest) | fr).bit_count() > 1):
                # all remaining free, or (four tiles, pairing open) a partner free or gone
                gone = fr
            else:
                gone = 0
            if not gone:
                continue
            if batches is not None:
                batches.setdefault(k, []).append((gone, rest, free, work))
            rest &= ~gone
            touched = affected.get(gone)
            if touched is None:
                touched = self._affected(gone)
            touched &= rest & ~free
            free &= ~gone
            while touched:
                low = touched & -touched
                touched ^= low
                i = low.bit_length() - 1
                if not covers[i] & rest and (not left[i] & rest or not right[i] & rest):
                    free |= low
                    work |= keybit[i]
        return rest, free

    def _greedy(self, present: int, free: int, code: int) -> list[tuple[int, int]] | None:
        """Play on greedily (open keys pair their first two free tiles); the moves when
        that clears the board, else ``None``."""
        kmask, key_of, affected = self.kmask, self.key_of, self.affected
        covers, left, right = self.covers, self.left, self.right
        moves: list[tuple[int, int]] = []
        work = 0
        for i in iter_bits(free):
            work |= 1 << key_of[i]
        while work:
            low = work & -work
            work ^= low
            k = low.bit_length() - 1
            rem = kmask[k] & present
            fr = rem & free
            if not fr & (fr - 1):
                continue
            choice = code >> 2 * k & 3
            if fr == rem:
                tiles = list(iter_bits(rem))
                if choice:
                    (a, b), (c, d) = _PAIRINGS[choice]
                    moves.append((tiles[a], tiles[b]))
                    moves.append((tiles[c], tiles[d]))
                else:
                    moves.extend(zip(tiles[0::2], tiles[1::2], strict=True))
                gone = rem
            else:
                if rem.bit_count() == 2:
                    continue
                if choice:
                    pa, pb = self._pairs(rem, choice)
                    gone = pa if pa & fr == pa else pb if pb & fr == pb else 0
                    if not gone:
                        continue
                    code &= ~(3 << 2 * k)
                elif fr.bit_count() == 3:  # keep back the tile whose partners free least
                    t = list(iter_bits(fr))
                    gone = max(((1 << x) | (1 << y) for x, y in ((t[0], t[1]), (t[0], t[2]),
                                                                  (t[1], t[2]))),
                               key=lambda pair: self._freed(present, free, pair).bit_count())
                else:
                    gone = fr
                a = gone & -gone
                moves.append((a.bit_length() - 1, (gone ^ a).bit_length() - 1))
                work |= low
            present &= ~gone
            touched = affected.get(gone)
            if touched is None:
                touched = self._affected(gone)
            touched &= present & ~free
            free &= ~gone
            for i in iter_bits(touched):
                if not covers[i] & present and (not left[i] & present or not right[i] & present):
                    free |= 1 << i
                    work |= 1 << key_of[i]
        return None if present else moves


class _Walk:
    """Weighted local search over complete pairings (a *breakout* walk), for finding a
    win fast on deals the tree search would wander in.

    Once every key's pairing is fixed, the committed relaxation is exact (it is greedy
    play), so a complete pairing is cheap to judge: the tiles it leaves.  The walk starts
    from the pairings the position's optimistic play suggests (a key's first two tiles to
    go pair together), then repeatedly changes the pairing of one key with a free tile left
    stuck, choosing the change that leaves the least weight behind.  Each tile weighs 1 at
    first; whenever no change improves, the tiles left gain weight, so the walk learns
    which tiles are hard to clear instead of circling (Morris's breakout).  Judging a
    change resumes the last judgement just before the changed key's first removal: every
    removal before it holds whatever that key's pairing.

    The walk cannot prove a deal lost; the tree search does that.  It is deterministic: a
    deal always takes the same walk.
    """

    #: Steps in a row a changed key is left alone.
    TABU = 3
    #: Chance (per thousand) of a random change instead of the best one.
    NOISE = 100

    def __init__(self, search: _Search, present: int, free: int) -> None:
        self.search = search
        self.present = present
        self.free = free
        # The tiles' weights, as bit planes: tile i weighs sum(planes[b] >> i & 1 << b).
        self.planes = [(1 << len(search.key_of)) - 1]
        self.rng = Rng.from_seed(0x3A1C, present & 0xFFFFFFFFFFFF, free & 0xFFFFFFFFFFFF)
        self.options: dict[int, list[int]] = {}
        self.last: dict[int, int] = {}
        self.steps = 0
        batches: _Batches = {}
        search._relaxed_stuck(present, free, 0, batches=batches)
        code = 0
        for k, mask in enumerate(search.kmask):
            rem = mask & present
            if rem.bit_count() != 4:
                continue
            options = search._options(rem, present)
            if not options:
                options = [1]  # dead anyway: the walk will simply not clear it
            if len(options) > 1:
                self.options[k] = options
            code |= self._first_gone(rem, options, batches.get(k, ())) << 2 * k
        self.code = code
        self.firsts: dict[int, tuple[int, ...]] = {}  # see _judge
        self.end: tuple[int, ...] = (present, free, 0)
        self.rest = self._judge(code, present, free, record=True)

    @staticmethod
    def _first_gone(rem: int, options: list[int],
                    batches: list[tuple[int, int, int, int]] | tuple[()]) -> int:
        """The pairing (among ``options``) that pairs the key's first two tiles to go."""
        order = [i for gone, *_ in batches for i in iter_bits(gone)]
        tiles = list(iter_bits(rem))
        order += [i for i in tiles if i not in order]
        first = {order[0], order[1]}
        for choice in options:
            for x, y in _PAIRINGS[choice]:
                if {tiles[x], tiles[y]} == first:
                    return choice
        return options[0]

    def _judge(self, code: int, rest: int, free: int, work: int | None = None,
               record: bool = False) -> int:
        """Play ``code`` greedily on from the state ``rest``/``free`` (``work``: see
        :meth:`_Search._relax`): the tiles left.  With ``record``, keep each key's state
        just before its first removal (``firsts``) and the final state (``end``)."""
        batches: _Batches | None = {} if record else None
        rest, free = self.search._relax(self.present, free, code, rest, batches, work)
        if batches is not None:
            self.firsts = {k: went[0][1:] for k, went in batches.items()}
            self.end = (rest, free, 0)
        return rest

    def _weight_of(self, tiles: int) -> int:
        """The total weight of ``tiles``."""
        total = 0
        for b, plane in enumerate(self.planes):
            total += (plane & tiles).bit_count() << b
        return total

    def _weigh_more(self, tiles: int) -> None:
        """Add 1 to the weight of each of ``tiles`` (binary addition, plane by plane)."""
        planes = self.planes
        carry = tiles
        for b, plane in enumerate(planes):
            planes[b] = plane ^ carry
            carry &= plane
            if not carry:
                return
        planes.append(carry)

    def run(self, steps: int) -> list[tuple[int, int]] | None:
        """Walk up to ``steps`` steps (each counted as a node of the search, which may
        raise :class:`_Limit`); the winning moves when a pairing clears the board."""
        search, rng, options = self.search, self.rng, self.options
        key_of, kmask = search.key_of, search.kmask
        for _ in range(steps):
            if not self.rest:
                return search._greedy(self.present, self.free, self.code)
            search._count_node()
            self.steps += 1
            code, rest = self.code, self.rest
            stuck = rest & self.end[1]
            keys = 0
            while stuck:
                low = stuck & -stuck
                stuck ^= low
                k = key_of[low.bit_length() - 1]
                if k in options and self.steps - self.last.get(k, -self.TABU) > self.TABU:
                    keys |= 1 << k
            if not keys:  # every stuck key is fixed or resting: any key with tiles left
                for k in options:
                    if kmask[k] & rest:
                        keys |= 1 << k
                if not keys:
                    return None  # nothing the walk may change: the tree search decides
            changes = [(k, choice) for k in iter_bits(keys) for choice in options[k]
                       if choice != code >> 2 * k & 3]
            if rng.below(1000) < self.NOISE:
                k, choice = changes[rng.below(len(changes))]
            else:
                now = self._weight_of(rest)
                best = None
                for k, choice in changes:
                    start_rest, start_free, pending = self.firsts.get(k, self.end)
                    left = self._judge(code & ~(3 << 2 * k) | choice << 2 * k,
                                       start_rest, start_free, pending | 1 << k)
                    score = (self._weight_of(left), rng.below(1 << 30))
                    if best is None or score < best[0]:
                        best = (score, k, choice)
                assert best is not None
                (least, _), k, choice = best
                if least >= now:
                    self._weigh_more(rest)
            self.last[k] = self.steps
            self.code = code & ~(3 << 2 * k) | choice << 2 * k
            self.rest = self._judge(self.code, self.present, self.free, record=True)
        return None


def solve(board: Board, *, node_limit: int | None = None,
          time_limit: float | None = None) -> SolveResult:
    """Decide the position on ``board`` (which is not changed).

    ``node_limit`` bounds the branch points examined and ``time_limit`` the seconds spent;
    hitting either gives :attr:`Verdict.UNKNOWN`.  Raises :class:`SolverError` for a key
    with more than four tiles.
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    search = _Search(board, node_limit, deadline)
    try:
        found = search.run(board.present, board.free)
    except _Limit:
        return SolveResult(Verdict.UNKNOWN, (), search.nodes, time.perf_counter() - start)
    except RecursionError:  # pragma: no cover - layouts of at most 144 tiles stay shallow
        return SolveResult(Verdict.UNKNOWN, (), search.nodes, time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    if not found:
        return SolveResult(Verdict.UNSOLVABLE, (), search.nodes, elapsed)
    return SolveResult(Verdict.SOLVABLE, tuple(Move(a, b) for a, b in search.path),
                       search.nodes, elapsed)


def random_deal(layout: Layout, seed: int) -> tuple[str, ...]:
    """Faces shuffled uniformly onto ``layout`` (not built to be solvable), from ``seed``.

    A layout of fewer than 144 positions gets whole bundles of four (chosen at random),
    plus one pair when its count is not a multiple of four.

        >>> from mahjong_solitaire.layouts import builtin_layout
        >>> tiles = random_deal(builtin_layout("turtle"), 7)
        >>> sorted(tiles) == sorted(TILE_SET), tiles == random_deal(builtin_layout(0), 7)
        (True, True)
    """
    rng = Rng.from_seed(0x5013, seed, len(layout))
    count = len(layout)
    if count == len(TILE_SET):
        tiles = list(TILE_SET)
    else:
        bundles = list(BUNDLES)
        rng.shuffle(bundles)
        whole, extra = divmod(count // 2, 2)
        tiles = [label for bundle in bundles[:whole] for label in bundle]
        if extra:
            tiles.extend(bundles[whole][:2])
    rng.shuffle(tiles)
    return tuple(tiles)


def random_board(layout: Layout, seed: int) -> Board:
    """A board of :func:`random_deal`."""
    return Board(layout, random_deal(layout, seed))


def solve_random(layout: Layout, seed: int) -> SolveResult:
    """Solve the :func:`random_deal` of ``seed`` without limits (statistics, benchmarks)."""
    return solve(random_board(layout, seed))
