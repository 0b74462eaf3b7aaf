"""Learned nogoods: pairings that, chosen together from the root, lose (rules §5.5).

The tree search (:mod:`.search`) learns one from every conflict it finds: the keys the
conflict names, with the pairings the search had given them, cannot all be chosen so in
any winning order, whatever the other keys get.  A later branch or probe that repeats
them is cut at once, in the same run or a restart (like a clause-learning SAT solver).
Pairings are two bits per key, as in the search's codes.
"""

from __future__ import annotations

from ..core.layout import iter_bits

__all__ = ["Nogoods"]


class Nogoods:
    """The nogoods learned in one search, indexed by the keys they name."""

    #: The most keys a learned nogood may name (longer ones rarely cut anything).
    MAX_KEYS = 10

    def __init__(self) -> None:
        # Per key, (mask, pairings, keys) of the nogoods naming it.
        self.by_key: dict[int, list[tuple[int, int, int]]] = {}
        self.seen: set[tuple[int, int]] = set()

    def __len__(self) -> int:
        return len(self.seen)

    def names(self, k: int) -> bool:
        """Whether some nogood names key ``k``."""
        return k in self.by_key

    def learn(self, conflict: int, assign: int) -> None:
        """Remember that the pairings ``assign`` gives the keys of ``conflict`` lose."""
        if not conflict or conflict.bit_count() > self.MAX_KEYS:
            return
        mask = 0
        for k in iter_bits(conflict):
            mask |= 3 << 2 * k
        value = assign & mask
        if (mask, value) in self.seen:
            return
        self.seen.add((mask, value))
        for k in iter_bits(conflict):
            self.by_key.setdefault(k, []).append((mask, value, conflict))

    def repeated(self, k: int, chosen: int, alive: int) -> int:
        """The keys of a nogood on key ``k`` that the pairings ``chosen`` repeat, among
        those naming only keys of ``alive`` (with tiles left); ``0`` when none."""
        for mask, value, keys in self.by_key.get(k, ()):
            if chosen & mask == value and not keys & ~alive:
                return keys
        return 0
