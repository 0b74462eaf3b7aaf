"""Optimistic play (the *relaxation*) and greedy play under chosen pairings (rules §5.3).

This is how the search (:mod:`.search`) and the walk (:mod:`.walk`) play a position.

A position is three ints: ``present`` (the tiles left), ``free`` (those of them free) and
``code`` (two bits per match key: its chosen pairing, numbered as in :data:`PAIRINGS`, 0
while open).  The four tiles of a key can be paired in three ways, two tiles in one
(rules §5.2).

Optimistic play removes the tiles of a key whose pairing is still open as soon as they are
free and some other tile of their key is free or gone, and a committed pair only when both
its tiles are free.  When even this play leaves tiles behind, no real play can clear them
(two last copies stacked, a tile lying on all three partners, pairs that wait on each other
across stacks): the position is dead.  With every key's pairing chosen it is exact, the
greedy play that clears the board if any order does.

It runs on a work list of keys (as bits) to examine; the removals can be recorded in
*batches* per key, so that a later run with one key's pairing changed resumes just before
that key's first removal instead of starting over.  A :class:`Relaxation` holds one
board's layout tables and the caches its runs share.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..core.board import Board
from ..core.layout import Layout, iter_bits
from ..core.tiles import key_id

__all__ = ["PAIRINGS", "Batches", "Relaxation"]

#: Pairings of a key's four tiles t0 < t1 < t2 < t3, numbered 1..3 (0 = not chosen yet).
PAIRINGS: tuple[tuple[tuple[int, int], ...], ...] = (
    (),
    ((0, 1), (2, 3)),
    ((0, 2), (1, 3)),
    ((0, 3), (1, 2)),
)


@dataclass(frozen=True, slots=True)
class _Geometry:
    covers: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    affects: tuple[int, ...]
    above: tuple[int, ...]  # every position that could lie (transitively) on top
    below: tuple[int, ...]  # every position that could lie (transitively) underneath
    left_row: tuple[int, ...]  # every position (transitively) to the left, same layer
    right_row: tuple[int, ...]  # every position (transitively) to the right, same layer


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
    below = [0] * len(layout)
    for j, mask in enumerate(above):
        for i in iter_bits(mask):
            below[i] |= 1 << j
    return _Geometry(
        covers,
        layout.left,
        layout.right,
        layout.affects,
        tuple(above),
        tuple(below),
        _rows(layout.left),
        _rows(layout.right),
    )


def _rows(side: tuple[int, ...]) -> tuple[int, ...]:
    """Per position, every position reached by following ``side`` (its row that way)."""
    rows = []
    for i in range(len(side)):
        seen = layer = side[i]
        while layer:
            nxt = 0
            for j in iter_bits(layer):
                nxt |= side[j]
            layer = nxt & ~seen
            seen |= layer
        rows.append(seen)
    return tuple(rows)


#: Per key, the batches of its tiles that optimistic play removed at once, each with the
#: state just before: ``(batch, tiles left, free tiles, keys still to examine)``.
Batches = dict[int, list[tuple[int, int, int, int]]]


class Relaxation:
    """The tables of one board (which positions cover, flank and may free which, every
    tile's match key, each key's tiles) and the play over them: optimistic play
    (:meth:`relax`), its verdict (:meth:`relaxed_stuck`) and the greedy play-out
    (:meth:`greedy`).  The caches (pairs of a pairing, positions a removal may free,
    whether a key's tiles may stack) fill as the search and the walk ask.
    """

    def __init__(self, board: Board, ranking: Mapping[int, int] | None = None) -> None:
        geometry = _geometry(board.layout)
        self.covers = geometry.covers
        self.left = geometry.left
        self.right = geometry.right
        self.affects = geometry.affects
        self.above = geometry.above
        self.below = geometry.below
        self.left_row = geometry.left_row
        self.right_row = geometry.right_row
        self.key_of = [key_id(label) if label is not None else -1 for label in board.tiles]
        self.kmask = list(board.key_masks)
        # A face of more than four tiles (a board of several tile sets) is played in
        # groups of four: a win found is a real win, a loss proves nothing (rules §5.1).
        if any(mask.bit_count() > 4 for mask in self.kmask):
            self._group(board.present, ranking or {})
        self.keybit = [1 << k if k >= 0 else 0 for k in self.key_of]
        self.pair_cache: dict[tuple[int, int], tuple[int, int]] = {}
        self.affected: dict[int, int] = {}  # tiles -> the positions their removal may free
        self.stacked: dict[int, bool] = {}  # a key's four tiles -> whether some may stack

    def _group(self, present: int, ranking: Mapping[int, int]) -> None:
        """Split every face of more than four tiles into groups of four (the last one
        smaller when the count calls for it), each then searched as a key of its own
        (rules §5.1).

        The tiles go into groups in the order of their ``ranking`` (a play-out's removal
        order, :mod:`.several_sets`), then in the order they are likely to come free:
        fewest tiles lying (transitively) on them first, then fewest tiles between them
        and the nearer end of their row."""
        above, left_row, right_row = self.above, self.left_row, self.right_row

        def buried(i: int) -> tuple[int, int, int, int]:
            row = min((left_row[i] & present).bit_count(), (right_row[i] & present).bit_count())
            return ranking.get(i, 0), (above[i] & present).bit_count(), row, i

        kmask: list[int] = []
        for mask in self.kmask:
            tiles = sorted(iter_bits(mask), key=buried)
            if len(tiles) <= 4:
                kmask.append(mask)
                continue
            for group in (tiles[n : n + 4] for n in range(0, len(tiles), 4)):
                k = len(kmask)
                group_mask = 0
                for i in group:
                    group_mask |= 1 << i
                    self.key_of[i] = k
                kmask.append(group_mask)
        self.kmask = kmask

    # -- small helpers ----------------------------------------------------------------

    def freed(self, present: int, free: int, pair: int) -> int:
        """The tiles that become free when the tiles of ``pair`` are removed."""
        covers, left, right = self.covers, self.left, self.right
        present &= ~pair
        touched = self.affected.get(pair)
        if touched is None:
            touched = self.affected_by(pair)
        touched &= present & ~free
        new = 0
        for i in iter_bits(touched):
            if not covers[i] & present and (not left[i] & present or not right[i] & present):
                new |= 1 << i
        return new

    def affected_by(self, tiles: int) -> int:
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

    def pairs(self, rem: int, choice: int) -> tuple[int, int]:
        """The two pairs (as masks) of pairing ``choice`` of the four tiles ``rem``."""
        pairs = self.pair_cache.get((rem, choice))
        if pairs is None:
            tiles = list(iter_bits(rem))
            (a, b), (c, d) = PAIRINGS[choice]
            pairs = (1 << tiles[a]) | (1 << tiles[b]), (1 << tiles[c]) | (1 << tiles[d])
            self.pair_cache[rem, choice] = pairs
        return pairs

    def options(self, rem: int, present: int) -> list[int]:
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
            (a, b), (c, d) = PAIRINGS[choice]
            if not (
                on_top(t[a], t[b], present)
                or on_top(t[b], t[a], present)
                or on_top(t[c], t[d], present)
                or on_top(t[d], t[c], present)
            ):
                options.append(choice)
        return options

    def keys_of(self, tiles: int) -> int:
        """The keys (as bits) that have a tile among ``tiles``."""
        keys = 0
        for k, mask in enumerate(self.kmask):
            if mask & tiles:
                keys |= 1 << k
        return keys

    # -- optimistic play --------------------------------------------------------------

    def relaxed_stuck(
        self,
        present: int,
        free: int,
        code: int,
        rest: int | None = None,
        batches: Batches | None = None,
        work: int | None = None,
        clears_after: int = 0,
        together: int = 0,
    ) -> int:
        """The free tiles left when optimistic play (see the module notes) stops; ``0``
        when it clears the board.  (See :meth:`relax` for the arguments.)"""
        rest, free = self.relax(present, free, code, rest, batches, work, clears_after, together)
        return rest & free

    def relax(
        self,
        present: int,
        free: int,
        code: int,
        rest: int | None = None,
        batches: Batches | None = None,
        work: int | None = None,
        clears_after: int = 0,
        together: int = 0,
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

        ``clears_after``: the tiles of one key whose pairing alone sets this run apart
        from one that cleared the board.  Once they are all gone the run stops, answering
        no free tile left: optimistic play only ever removes more from a state with more
        removed (its result is a closure, whatever the order), and with those tiles gone
        the rules left are the other run's, which cleared everything.  A probe of one
        pairing at a node whose own optimistic play passed stops there.

        ``together``: the tiles of one open key that go only all at once, once all are
        free.  Every pairing of theirs allows that, so a run that clears the board so
        clears it under each of their pairings.
        """
        kmask, keybit, affected = self.kmask, self.keybit, self.affected
        covers, left, right = self.covers, self.left, self.right
        pair_cache = self.pair_cache
        together_key = self.key_of[(together & -together).bit_length() - 1] if together else -1
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
            if k == together_key:
                gone = fr if fr == rem else 0
            elif choice:
                pairs = pair_cache.get((orig, choice))
                if pairs is None:
                    pairs = self.pairs(orig, choice)
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
            if clears_after and not rest & clears_after:
                return rest, 0
            touched = affected.get(gone)
            if touched is None:
                touched = self.affected_by(gone)
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

    # -- greedy play ------------------------------------------------------------------

    def greedy(self, present: int, free: int, code: int) -> list[tuple[int, int]] | None:
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
                    (a, b), (c, d) = PAIRINGS[choice]
                    moves.append((tiles[a], tiles[b]))
                    moves.append((tiles[c], tiles[d]))
                else:
                    moves.extend(zip(tiles[0::2], tiles[1::2], strict=True))
                gone = rem
            else:
                if rem.bit_count() == 2:
                    continue
                if choice:
                    pa, pb = self.pairs(rem, choice)
                    gone = pa if pa & fr == pa else pb if pb & fr == pb else 0
                    if not gone:
                        continue
                    code &= ~(3 << 2 * k)
                elif fr.bit_count() == 3:  # keep back the tile whose partners free least
                    t = list(iter_bits(fr))
                    gone = max(
                        (
                            (1 << x) | (1 << y)
                            for x, y in ((t[0], t[1]), (t[0], t[2]), (t[1], t[2]))
                        ),
                        key=lambda pair: self.freed(present, free, pair).bit_count(),
                    )
                else:
                    gone = fr
                a = gone & -gone
                moves.append((a.bit_length() - 1, (gone ^ a).bit_length() - 1))
                work |= low
            present &= ~gone
            touched = affected.get(gone)
            if touched is None:
                touched = self.affected_by(gone)
            touched &= present & ~free
            free &= ~gone
            for i in iter_bits(touched):
                if not covers[i] & present and (not left[i] & present or not right[i] & present):
                    free |= 1 << i
                    work |= 1 << key_of[i]
        return None if present else moves
