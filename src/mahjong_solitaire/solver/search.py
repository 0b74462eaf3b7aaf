"""The tree search over pairings: one run from one position, within a budget of nodes
(rules §5.2, §5.4).

The rounds (:mod:`.rounds`) decide which run comes when and on how many nodes; this module
is the search they run.

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

A run branches in one of two ways:

* *quick*: on the key whose best free pair frees the most tiles, pairings in that order;
* *thorough*: at every node each open key's pairings are first tried in the relaxation
  (singleton probing; a probe resumes the node's own relaxation where the pairing first
  disagrees with it, a pairing refuted at a node stays refuted below it, and a key that
  can no longer end with fewer surviving pairings than the best so far is not tried
  further), the keys whose pairings failed most (and most recently) first; the key with
  fewest survivors is branched on, trying first the pairing the walk holds, and a greedy
  play-out checks whether the choices made so far already win.

Every branch point (and every step of the walk) counts as a node; past the budget, or the
caller's deadline, :class:`Limit` ends the run.
"""

from __future__ import annotations

import time

from ..core.layout import iter_bits
from .nogoods import Nogoods
from .relaxation import PAIRINGS, Batches, Relaxation
from .walk import Walk

__all__ = ["Limit", "Search"]


class Limit(Exception):
    """The current phase ran out of nodes (or the caller's limits were hit)."""


#: How much more a key's later refutation counts than its earlier ones (activity decay).
ACTIVITY_GROWTH = 1.01


class Search:
    """The search from one position.  A node's state is three ints: ``present``, ``free``
    and ``code`` (two bits per key: its chosen pairing, 0 while open).

    Its runs (:meth:`clears`) share a table of dead positions and the nogoods learned:
    *quick* ones (branch on the key whose pair frees the most tiles, plain relaxation)
    while :attr:`thorough` is false, *thorough* ones after: at every node each open key's
    pairings are tried in the relaxation first (pairings that fail are dropped, a key with
    none left proves the node dead, a key with one left is committed at once), and a greedy
    play-out checks whether the pairings chosen so far already win.  The rounds set
    :attr:`budget`, the node count the current run may reach (:meth:`spend`).
    """

    def __init__(
        self,
        relaxation: Relaxation,
        node_limit: int | None,
        deadline: float | None,
    ) -> None:
        # The board's tables and optimistic play, shared with the walk.
        self.relaxation = relaxation
        self.kmask = relaxation.kmask  # each key's tiles, as bits (read at every node)
        self.node_limit = node_limit
        self.deadline = deadline
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

    def exhausted(self) -> bool:
        """Whether the caller's node or time limit is used up."""
        return (self.node_limit is not None and self.nodes >= self.node_limit) or (
            self.deadline is not None and time.perf_counter() > self.deadline
        )

    def count_node(self) -> None:
        """Count a node (a branch point or a step of the walk); raise :class:`Limit`
        past the phase's budget or the caller's deadline."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            self.nodes -= 1
            raise Limit
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise Limit

    def spend(self, nodes: int) -> None:
        """Let the next phase examine ``nodes`` more (within the caller's limit)."""
        self.budget = self.nodes + nodes
        if self.node_limit is not None:
            self.budget = min(self.budget, self.node_limit)

    def clears(self, present: int, free: int, work: int) -> bool:
        """One run from the root position (quick or thorough, as :attr:`thorough` says):
        whether it clears the board, the moves then on :attr:`path`; ``work`` holds the keys
        with tiles present.  :class:`Limit` past the budget."""
        return self._node(present, free, 0, 0, work, {}, 0) is None

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
        self.count_node()
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
