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

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["GAMMA", "MASK64", "Rng", "derive_seed"]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
#: The 64-bit mask and SplitMix64's increment, for code that draws inline (the construction).
MASK64, GAMMA = _MASK, _GAMMA


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


class Rng:
    """SplitMix64.  ``Rng.from_seed(n)`` for any integer ``n``; ``copy()`` forks the state."""

    __slots__ = ("_state",)

    def __init__(self, state: int) -> None:
        self._state = state & _MASK

    @classmethod
    def from_seed(cls, *parts: int) -> Rng:
        return cls(derive_seed(*parts))

    def copy(self) -> Rng:
        return Rng(self._state)

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = state = (self._state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, ``n >= 1``."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        # next64() written out: the generator calls this hundreds of times per deal.
        self._state = state = (self._state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        m = (z ^ (z >> 31)) * n
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
        mask, gamma = _MASK, _GAMMA
        state = (self._state + gamma) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        m = (z ^ (z >> 31)) * n
        if m & mask < n:  # rare: the rejection test, as below() does it
            self._state = (state - gamma) & mask
            return self.below(n), self.below(n - 1)
        state = (state + gamma) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        k = (z ^ (z >> 31)) * (n - 1)
        self._state = state
        if k & mask < n - 1:
            self._state = (state - gamma) & mask
            return m >> 64, self.below(n - 1)
        return m >> 64, k >> 64

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end)."""
        # below(i + 1) written out: each candidate of a deal shuffles about 110 items.
        mask, gamma = _MASK, _GAMMA
        state = self._state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            m = (z ^ (z >> 31)) * n
            if m & mask < n:  # rare: the rejection test, as below() does it
                self._state = (state - gamma) & mask
                j = self.below(n)
                state = self._state
            else:
                j = m >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self._state = state
