"""Cheap random play-outs, tried before the exact search (rules §5.5).

Most random deals, and nearly every position of a deal built to be solvable, are won by
plain play that only avoids obvious blunders.  A *play-out* plays from the position to the
end: first whatever is safe (every remaining tile of a key free: the last two copies, or
all four, whatever their pairing), otherwise a pair chosen at random among the free
matching pairs.  A play-out that clears the board is a legal winning order; one that gets
stuck proves nothing, so play-outs can only ever answer *solvable*.  The solver's rounds
(:mod:`.rounds`) try a few of them before the exact search, the way de Bondt's solver
does, and go on to the exact search when none wins.

The play-outs are deterministic: their random choices are seeded from the position, so a
position always gets the same answer.
"""

from __future__ import annotations

import random
import time

from ..core.layout import iter_bits
from .relaxation import Relaxation

__all__ = ["playouts"]


#: How much a free tile's score counts each present tile of the row it closes (each tile
#: it lies on counts 1).
ROW_WEIGHT = 0.4
#: The spread of the random part of a tile's score (drawn when it comes free).
NOISE = 2.5


def _weight(
    i: int,
    present: int,
    below: tuple[int, ...],
    left: tuple[int, ...],
    right: tuple[int, ...],
    left_row: tuple[int, ...],
    right_row: tuple[int, ...],
) -> float:
    """What the free tile ``i`` holds down: the present tiles beneath it, and (at
    :data:`ROW_WEIGHT` each) those of the row it closes."""
    weight = float((below[i] & present).bit_count())
    if not left[i] & present:
        weight += ROW_WEIGHT * (right_row[i] & present).bit_count()
    elif not right[i] & present:
        weight += ROW_WEIGHT * (left_row[i] & present).bit_count()
    return weight


def playouts(
    relaxation: Relaxation, present: int, free: int, count: int, deadline: float | None = None
) -> tuple[list[tuple[int, int]] | None, int]:
    """Up to ``count`` random play-outs from ``present``/``free`` (none started past
    ``deadline``, a ``time.perf_counter`` reading): the winning moves of the first that
    clears the board (``None`` when none does) and how many were played."""
    kmask, key_of = relaxation.kmask, relaxation.key_of
    covers, left, right, affects = (
        relaxation.covers,
        relaxation.left,
        relaxation.right,
        relaxation.affects,
    )
    nkeys = len(kmask)
    rem0 = [(m & present).bit_count() for m in kmask]
    free0 = [(m & free).bit_count() for m in kmask]
    multi0 = safe0 = 0
    for k in range(nkeys):
        if free0[k] >= 2:
            if free0[k] == rem0[k]:
                safe0 |= 1 << k
            else:
                multi0 |= 1 << k
    # Pairs that join a tile to one lying (transitively) beneath it, or whose playing
    # forces such a pair on the key's other two tiles: never played (they lose at once).
    bad: set[int] = set()
    for mask in kmask:
        rem = mask & present
        if rem.bit_count() == 4:
            options = relaxation.options(rem, present)
            if len(options) < 3:
                for choice in (1, 2, 3):
                    if choice not in options:
                        bad.update(relaxation.pairs(rem, choice))
    rand = random.Random(present ^ free << 7 ^ count).random
    below, left_row, right_row = relaxation.below, relaxation.left_row, relaxation.right_row
    row_weight, noise = ROW_WEIGHT, NOISE
    weight0 = [0.0] * len(covers)
    free_tiles = list(iter_bits(free))
    for i in free_tiles:
        weight0[i] = _weight(i, present, below, left, right, left_row, right_row)
    score: list[float] = []

    def best_pair(fr: int) -> tuple[float, int] | None:
        """The pair of the highest score among a key's two or three free tiles ``fr``
        (never one in ``bad``), with its score."""
        x = fr & -fr
        fr ^= x
        y = fr & -fr
        sx = score[x.bit_length() - 1]
        sy = score[y.bit_length() - 1]
        if fr == y:  # two free tiles
            return (sx + sy, x | y) if not bad or x | y not in bad else None
        z = fr ^ y
        sz = score[z.bit_length() - 1]
        best = None
        for q, s in ((x | y, sx + sy), (x | z, sx + sz), (y | z, sy + sz)):
            if (best is None or s > best[0]) and (not bad or q not in bad):
                best = (s, q)
        return best

    for n in range(1, count + 1):
        if deadline is not None and time.perf_counter() > deadline:
            return None, n - 1
        p, f = present, free
        nrem, nfree = rem0[:], free0[:]
        safe = safe0
        score = weight0[:]
        for i in free_tiles:
            score[i] += noise * rand()
        # Per key with two or three free tiles (not all it has left): its best pair.
        candidates: dict[int, tuple[float, int]] = {}
        for k in iter_bits(multi0):
            pair = best_pair(kmask[k] & f)
            if pair is not None:
                candidates[k] = pair
        moves: list[tuple[int, int]] = []
        while True:
            if safe:
                low = safe & -safe
                k = low.bit_length() - 1
                gone = rest = kmask[k] & p
                bit = rest & -rest
                rest ^= bit
                a = bit.bit_length() - 1
                bit = rest & -rest
                rest ^= bit
                b = bit.bit_length() - 1
                moves.append((a, b))
                touched = affects[a] | affects[b]
                if rest:  # all four: the other two as well
                    bit = rest & -rest
                    a = bit.bit_length() - 1
                    b = (rest ^ bit).bit_length() - 1
                    moves.append((a, b))
                    touched |= affects[a] | affects[b]
                nrem[k] = nfree[k] = 0
                safe ^= low
            elif candidates:
                # the free matching pair of the highest score (what its tiles hold down,
                # plus noise), never a pair in ``bad``
                gone = max(candidates.values())[1]
                x = gone & -gone
                a = x.bit_length() - 1
                b = gone.bit_length() - 1
                k = key_of[a]
                del candidates[k]
                moves.append((a, b))
                touched = affects[a] | affects[b]
                nrem[k] -= 2
                c = nfree[k] = nfree[k] - 2
                if c >= 2 and c == nrem[k]:
                    safe |= 1 << k
            else:
                break
            p &= ~gone
            f &= ~gone
            touched &= p & ~f
            while touched:
                low = touched & -touched
                touched ^= low
                i = low.bit_length() - 1
                if not covers[i] & p and (not left[i] & p or not right[i] & p):
                    f |= low
                    score[i] = (below[i] & p).bit_count() + noise * rand()
                    if not left[i] & p:
                        score[i] += row_weight * (right_row[i] & p).bit_count()
                    elif not right[i] & p:
                        score[i] += row_weight * (left_row[i] & p).bit_count()
                    k = key_of[i]
                    c = nfree[k] = nfree[k] + 1
                    if c >= 2:
                        if c == nrem[k]:
                            safe |= 1 << k
                            candidates.pop(k, None)
                        else:
                            pair = best_pair(kmask[k] & f)
                            if pair is None:
                                candidates.pop(k, None)
                            else:
                                candidates[k] = pair
        if not p:
            return moves, n
    return None, count
