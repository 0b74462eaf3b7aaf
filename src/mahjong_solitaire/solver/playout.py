"""Cheap random play-outs, tried before the exact search (rules §5.5).

Most random deals, and nearly every position of a deal built to be solvable, are won by
plain play that only avoids obvious blunders.  A *play-out* plays from the position to the
end: first whatever is safe (every remaining tile of a key free: the last two copies, or
all four, whatever their pairing), otherwise a pair chosen at random among the free
matching pairs.  A play-out that clears the board is a legal winning order; one that gets
stuck proves nothing, so play-outs can only ever answer *solvable*.  The search
(:mod:`.search`) tries a few of them before its exact search, the way de Bondt's solver
does, and goes on to the exact search when none wins.

The play-outs are deterministic: their random choices are seeded from the position, so a
position always gets the same answer.
"""

from __future__ import annotations

import random
import time

from ..core.layout import iter_bits
from .relaxation import Relaxation

__all__ = ["playouts"]


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
    multi0 = safe0 = three0 = 0
    for k in range(nkeys):
        if free0[k] >= 2:
            multi0 |= 1 << k
            if free0[k] == rem0[k]:
                safe0 |= 1 << k
            elif free0[k] == 3:
                three0 |= 1 << k
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
    for n in range(1, count + 1):
        if deadline is not None and time.perf_counter() > deadline:
            return None, n - 1
        p, f = present, free
        nrem, nfree = rem0[:], free0[:]
        multi, safe, three = multi0, safe0, three0
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
                multi &= ~low
                three &= ~low
            elif multi:
                # a free matching pair, at random (a key with three free tiles has three)
                count_multi = multi.bit_count()
                pick = int(rand() * (count_multi + 2 * (multi & three).bit_count()))
                if pick < count_multi:
                    bits = multi
                else:
                    bits = multi & three
                    pick = (pick - count_multi) >> 1
                while pick:
                    bits &= bits - 1
                    pick -= 1
                low = bits & -bits
                k = low.bit_length() - 1
                tiles = list(iter_bits(kmask[k] & f))
                if bad:
                    pairs = [
                        q
                        for q in (
                            (1 << tiles[0] | 1 << tiles[1],)
                            if len(tiles) == 2
                            else (
                                1 << tiles[0] | 1 << tiles[1],
                                1 << tiles[0] | 1 << tiles[2],
                                1 << tiles[1] | 1 << tiles[2],
                            )
                        )
                        if q not in bad
                    ]
                    if not pairs:  # until another of its tiles comes free
                        multi &= ~low
                        continue
                    gone = pairs[int(rand() * len(pairs))]
                    a = (gone & -gone).bit_length() - 1
                    b = gone.bit_length() - 1
                else:
                    if len(tiles) == 3:
                        del tiles[int(rand() * 3)]
                    a, b = tiles
                    gone = 1 << a | 1 << b
                moves.append((a, b))
                touched = affects[a] | affects[b]
                nrem[k] -= 2
                nfree[k] -= 2
                three &= ~low
                if nfree[k] < 2:
                    multi &= ~low
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
                    k = key_of[i]
                    c = nfree[k] = nfree[k] + 1
                    if c >= 2:
                        multi |= 1 << k
                        if c == nrem[k]:
                            safe |= 1 << k
                        elif c == 3:
                            three |= 1 << k
        if not p:
            return moves, n
    return None, count
