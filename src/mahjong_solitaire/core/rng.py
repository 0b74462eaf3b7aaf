"""A small seeded random generator that gives the same numbers everywhere, forever.

``random.Random``'s ``shuffle``, ``choice`` and ``randrange`` may change between Python
versions, and a game code must reproduce its deal on every machine and version.  So every
random choice of the engine is drawn here, from SplitMix64 (Steele, Lea and Flood, 2014):
64-bit integer arithmetic only, specified completely by the few lines below.

    >>> rng = Rng.from_seed(7)
    >>> [rng.below(10) for _ in range(5)]
    [7, 6, 5, 6, 3]

Derived choices, all documented so they can be reproduced in another language:

* ``below(n)``: an exactly uniform integer in ``[0, n)`` by Lemire's multiply-and-reject
  method on 64-bit outputs.
* ``shuffle(seq)``: Fisher-Yates from the last index down, ``j = below(i + 1)``.
* ``choice(seq)``: ``seq[below(len(seq))]``.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

__all__ = ["Rng", "derive_seed"]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(*parts: int) -> int:
    """Fold several non-negative integers into one 64-bit seed (order matters)."""
    state = 0
    for part in parts:
        state = _mix((state + _GAMMA + part) & _MASK)
    return state


#: Outputs computed at once: the first batch of a generator, and the most.
BATCH_FIRST, BATCH_MOST = 16, 256


@lru_cache(maxsize=8)
def _lanes(size: int) -> tuple[int, int, int]:
    """For ``size`` outputs side by side in one int, 128 bits apart: the mask of each lane's
    low 64 bits, a 1 in each lane, and ``(k + 1) * GAMMA`` (mod 2**64) in lane ``k``."""
    lanes = ones = steps = 0
    for k in range(size):
        lanes |= _MASK << 128 * k
        ones |= 1 << 128 * k
        steps |= ((k + 1) * _GAMMA & _MASK) << 128 * k
    return lanes, ones, steps


def _outputs(state: int, size: int) -> list[int]:
    """The next ``size`` outputs after ``state``, computed side by side.

    Lane ``k`` (128 bits wide) holds the ``k``-th state; a 64-bit value times a 64-bit
    constant fits its lane, so each step of the mix runs on every lane at once with a
    handful of big-int operations (and masks that cut every lane back to 64 bits).

        >>> _outputs(5, 3) == [_mix((5 + k * _GAMMA) & _MASK) for k in (1, 2, 3)]
        True
    """
    lanes, ones, steps = _lanes(size)
    x = (state * ones + steps) & lanes
    x = ((x ^ (x >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    x = ((x ^ (x >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    x = (x ^ (x >> 31)) & lanes
    words = array("Q", x.to_bytes(16 * size, "little"))
    if sys.byteorder == "big":  # pragma: no cover - the words were written little-endian
        words.byteswap()
    return words[::2].tolist()


class Rng:
    """SplitMix64.  ``Rng.from_seed(n)`` for any integer ``n``; ``copy()`` forks the state.

    Outputs are computed ahead in batches (:func:`_outputs`), the same numbers as one at a
    time: the state is the one before the buffered outputs, advanced by those read.
    """

    __slots__ = ("_base", "_buf", "_pos")

    def __init__(self, state: int) -> None:
        self._base = state & _MASK  # the state before _buf[0]
        self._buf: list[int] = []  # outputs computed ahead
        self._pos = 0  # of which this many are read

    @classmethod
    def from_seed(cls, *parts: int) -> Rng:
        return cls(derive_seed(*parts))

    @property
    def state(self) -> int:
        """The generator's state (after the outputs read so far)."""
        return (self._base + self._pos * _GAMMA) & _MASK

    def copy(self) -> Rng:
        return Rng(self.state)

    def _refill(self) -> list[int]:
        """Drop the outputs read and compute more ahead (twice as many as were buffered,
        within the batch sizes); the new buffer."""
        buf, pos = self._buf, self._pos
        size = min(BATCH_MOST, max(BATCH_FIRST, 2 * len(buf)))
        more = _outputs((self._base + len(buf) * _GAMMA) & _MASK, size)
        self._base = (self._base + pos * _GAMMA) & _MASK
        self._buf = buf = buf[pos:] + more
        self._pos = 0
        return buf

    def next64(self) -> int:
        """The next 64-bit output."""
        buf, pos = self._buf, self._pos
        if pos >= len(buf):
            buf, pos = self._refill(), 0
        self._pos = pos + 1
        return buf[pos]

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, ``n >= 1``."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        m = self.next64() * n
        low = m & _MASK
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next64() * n
                low = m & _MASK
        return m >> 64

    def two_below(self, n: int) -> tuple[int, int]:
        """``(below(n), below(n - 1))`` in one call (``n >= 2``), the same two draws: the
        construction draws a pair of positions so at every step.

            >>> a, b = Rng.from_seed(3), Rng.from_seed(3)
            >>> a.two_below(10) == (b.below(10), b.below(9)), a.next64() == b.next64()
            (True, True)
        """
        buf, pos = self._buf, self._pos
        if len(buf) - pos < 2:
            buf, pos = self._refill(), 0
        m = buf[pos] * n
        if m & _MASK < n:  # rare: the rejection test, as below() does it
            return self.below(n), self.below(n - 1)
        k = buf[pos + 1] * (n - 1)
        if k & _MASK < n - 1:
            self._pos = pos + 1
            return m >> 64, self.below(n - 1)
        self._pos = pos + 2
        return m >> 64, k >> 64

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end)."""
        # below(i + 1) written out, on the buffered outputs.
        buf, pos = self._buf, self._pos
        for i in range(len(seq) - 1, 0, -1):
            if pos >= len(buf):
                self._pos = pos
                buf, pos = self._refill(), 0
            n = i + 1
            m = buf[pos] * n
            pos += 1
            if m & _MASK < n:  # rare: the rejection test, as below() does it
                self._pos = pos - 1
                j = self.below(n)
                buf, pos = self._buf, self._pos
            else:
                j = m >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self._pos = pos
