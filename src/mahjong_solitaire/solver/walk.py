"""The weighted walk over complete pairings, which finds wins fast (rules §5.5).

It wins deals the tree search (:mod:`.search`) would wander in, but it can never prove a
deal lost.

Once every key's pairing is fixed, optimistic play (:mod:`.relaxation`) is exact: it is
greedy play.  So a complete pairing is cheap to judge by the tiles it leaves behind.  The
walk starts from the pairings the position's optimistic play suggests (a key's first two
tiles to go pair together), then repeatedly changes the pairing of one key that has a free
tile left stuck, choosing the change that leaves the least weight behind; now and then
(:attr:`Walk.NOISE`) the change is random instead, and a changed key rests for
:attr:`Walk.TABU` steps.  Each tile weighs 1 at first; whenever no change improves, the
tiles left behind gain weight, so the walk learns which tiles are hard to clear instead of
circling (Morris's *breakout* method).

Judging a change resumes the last judgement just before the changed key's first removal:
every removal before it holds whatever that key's pairing.

The walk is deterministic: a position always takes the same walk.  The search runs it in
rounds between its thorough restarts and counts each step as a node.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.layout import iter_bits
from ..core.rng import Rng
from .relaxation import PAIRINGS, Batches, Relaxation

__all__ = ["Walk"]


class Walk:
    """Weighted local search over the complete pairings of one position (see the module
    notes).  ``code`` holds the pairing it stands on (two bits per key), ``rest`` the
    tiles that pairing leaves behind.

    ``count_node`` is called once per step: the search counts the steps as nodes, and it
    may raise there to stop the walk at the search's budget or deadline.
    """

    #: Steps in a row a changed key is left alone.
    TABU = 3
    #: Chance (per thousand) of a random change instead of the best one.
    NOISE = 100

    def __init__(
        self, relaxation: Relaxation, present: int, free: int, count_node: Callable[[], None]
    ) -> None:
        self.relaxation = relaxation
        self.count_node = count_node
        self.present = present
        self.free = free
        # The tiles' weights, as bit planes: tile i weighs sum(planes[b] >> i & 1 << b).
        self.planes = [(1 << len(relaxation.key_of)) - 1]
        self.rng = Rng.from_seed(0x3A1C, present & 0xFFFFFFFFFFFF, free & 0xFFFFFFFFFFFF)
        self.options: dict[int, list[int]] = {}
        self.last: dict[int, int] = {}
        self.steps = 0
        batches: Batches = {}
        relaxation.relaxed_stuck(present, free, 0, batches=batches)
        code = 0
        for k, mask in enumerate(relaxation.kmask):
            rem = mask & present
            if rem.bit_count() != 4:
                continue
            options = relaxation.options(rem, present)
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
    def _first_gone(
        rem: int, options: list[int], batches: list[tuple[int, int, int, int]] | tuple[()]
    ) -> int:
        """The pairing (among ``options``) that pairs the key's first two tiles to go."""
        order = [i for gone, *_ in batches for i in iter_bits(gone)]
        tiles = list(iter_bits(rem))
        order += [i for i in tiles if i not in order]
        first = {order[0], order[1]}
        for choice in options:
            for x, y in PAIRINGS[choice]:
                if {tiles[x], tiles[y]} == first:
                    return choice
        return options[0]

    def _judge(
        self, code: int, rest: int, free: int, work: int | None = None, record: bool = False
    ) -> int:
        """Play ``code`` greedily on from the state ``rest``/``free`` (``work``: see
        :meth:`.Relaxation.relax`): the tiles left.  With ``record``, keep each key's state
        just before its first removal (``firsts``) and the final state (``end``)."""
        batches: Batches | None = {} if record else None
        rest, free = self.relaxation.relax(self.present, free, code, rest, batches, work)
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
        """Walk up to ``steps`` steps (each counted by ``count_node``, which may raise to
        stop the walk); the winning moves when a pairing clears the board."""
        relaxation, rng, options = self.relaxation, self.rng, self.options
        key_of, kmask = relaxation.key_of, relaxation.kmask
        count_node = self.count_node
        for _ in range(steps):
            if not self.rest:
                return relaxation.greedy(self.present, self.free, self.code)
            count_node()
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
            changes = [
                (k, choice)
                for k in iter_bits(keys)
                for choice in options[k]
                if choice != code >> 2 * k & 3
            ]
            if rng.below(1000) < self.NOISE:
                k, choice = changes[rng.below(len(changes))]
            else:
                now = self._weight_of(rest)
                best = None
                for k, choice in changes:
                    start_rest, start_free, pending = self.firsts.get(k, self.end)
                    left = self._judge(
                        code & ~(3 << 2 * k) | choice << 2 * k,
                        start_rest,
                        start_free,
                        pending | 1 << k,
                    )
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
