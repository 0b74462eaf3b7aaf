"""Layouts: the positions tiles stand on, and the geometry of the free-tile rule.

Coordinates are in half-tile units: a tile at ``(x, y, z)`` covers the cells
``x..x+1 × y..y+1`` of layer ``z`` (0 is the bottom).  Positions are kept sorted by
``(z, y, x)`` and numbered in that order; everything else (boards, moves, deals) refers to
a position by that index, and sets of positions are Python ints used as bitsets.

    >>> row = Layout.from_positions([(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)])
    >>> bin(row.left[2]), bin(row.right[2])
    ('0b10', '0b1000')

Per position the layout precomputes, as bit masks:

* ``covers[i]``: the tiles on layer ``z+1`` that overlap it (even by half a tile);
* ``under[i]``: the tiles on layer ``z-1`` that it overlaps;
* ``left[i]`` / ``right[i]``: its neighbours on its own layer at ``x-2`` / ``x+2`` with
  ``|dy| < 2``;
* ``affects[i]``: the positions whose freedom can change when ``i`` is removed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

__all__ = ["MAX_POSITIONS", "Layout", "LayoutError", "Position", "iter_bits"]

Position = tuple[int, int, int]

#: A layout holds at most eight full tile sets (rules §4.2 deals a further set of faces
#: for each 144 positions).
MAX_POSITIONS = 8 * 144


class LayoutError(ValueError):
    """A set of positions that is not a valid layout."""


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _check_coordinate(value: object, what: str, where: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise LayoutError(f"position {where}: {what} = {value!r} is not an integer")
    if value < 0:
        raise LayoutError(f"position {where}: {what} = {value} is negative")
    return value


@dataclass(frozen=True, eq=False, slots=True)
class Layout:
    """A validated, immutable layout.  Equal layouts have equal positions.

    Build one with :meth:`from_positions`; the registry of built-in layouts is in
    :mod:`mahjong_solitaire.layouts`.
    """

    positions: tuple[Position, ...]
    covers: tuple[int, ...]
    under: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    affects: tuple[int, ...]
    name: str = "custom"
    title: str = "Custom"
    description: str = ""
    number: int | None = None
    #: What a game code writes for a layout dealt from its code alone that is not a
    #: built-in one: a generated layout's ``G…`` (rules §8.4), a mirrored layout's part
    #: and its mirrors; ``None`` for the others.
    source: str | None = None

    @classmethod
    def from_positions(
        cls,
        positions: Iterable[Iterable[object]],
        *,
        name: str = "custom",
        title: str | None = None,
        description: str = "",
        number: int | None = None,
        source: str | None = None,
    ) -> Layout:
        """Validate ``positions`` and precompute the masks.

        Raises :class:`LayoutError` naming the first problem: a coordinate that is not a
        non-negative integer, two tiles overlapping on one layer, an odd count, none at
        all, or more than :data:`MAX_POSITIONS` (1,152).
        """
        checked: list[Position] = []
        for n, raw in enumerate(positions):
            try:
                x, y, z = raw
            except (TypeError, ValueError):
                raise LayoutError(f"position {n}: {raw!r} is not an (x, y, z) triple") from None
            checked.append(
                (
                    _check_coordinate(x, "x", n),
                    _check_coordinate(y, "y", n),
                    _check_coordinate(z, "z", n),
                )
            )
        count = len(checked)
        if count == 0:
            raise LayoutError("a layout needs at least two positions")
        if count > MAX_POSITIONS:
            raise LayoutError(f"{count} positions: a layout holds at most {MAX_POSITIONS}")
        if count % 2:
            raise LayoutError(f"{count} positions: a layout needs an even number")
        ordered = tuple(sorted(checked, key=lambda p: (p[2], p[1], p[0])))
        index = {p: i for i, p in enumerate(ordered)}
        cells: dict[tuple[int, int, int], int] = {}
        for i, (x, y, z) in enumerate(ordered):
            for cx in (x, x + 1):
                for cy in (y, y + 1):
                    other = cells.setdefault((cx, cy, z), i)
                    if other != i:
                        raise LayoutError(
                            f"positions {ordered[other]} and {ordered[i]} overlap on layer {z}"
                        )

        def mask_at(candidates: Iterable[Position]) -> int:
            mask = 0
            for p in candidates:
                j = index.get(p)
                if j is not None:
                    mask |= 1 << j
            return mask

        near = (-1, 0, 1)
        covers = tuple(
            mask_at((x + dx, y + dy, z + 1) for dx in near for dy in near) for x, y, z in ordered
        )
        under = tuple(
            mask_at((x + dx, y + dy, z - 1) for dx in near for dy in near) for x, y, z in ordered
        )
        left = tuple(mask_at((x - 2, y + dy, z) for dy in near) for x, y, z in ordered)
        right = tuple(mask_at((x + 2, y + dy, z) for dy in near) for x, y, z in ordered)
        affects = tuple(u | lt | r for u, lt, r in zip(under, left, right, strict=True))
        return cls(
            ordered,
            covers,
            under,
            left,
            right,
            affects,
            name,
            title if title is not None else name.replace("-", " ").title(),
            description,
            number,
            source,
        )

    def __len__(self) -> int:
        return len(self.positions)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self.positions == other.positions

    def __hash__(self) -> int:
        return hash(self.positions)

    def __repr__(self) -> str:
        return f"<Layout {self.name!r}: {len(self.positions)} positions>"

    @property
    def full(self) -> int:
        """The bitset of every position."""
        return (1 << len(self.positions)) - 1

    def index(self, position: Position) -> int:
        """The index of a position; :class:`LayoutError` if it is not in the layout."""
        try:
            return self.positions.index(tuple(position))
        except ValueError:
            raise LayoutError(f"{position} is not a position of layout {self.name!r}") from None

    def is_free(self, i: int, present: int) -> bool:
        """Whether position ``i`` is free when the positions in ``present`` hold tiles."""
        return not (self.covers[i] & present) and (
            not (self.left[i] & present) or not (self.right[i] & present)
        )

    def free_mask(self, present: int) -> int:
        """The bitset of free positions among ``present`` (a full scan)."""
        covers, left, right = self.covers, self.left, self.right
        free = 0
        for i in iter_bits(present):
            if not covers[i] & present and (not left[i] & present or not right[i] & present):
                free |= 1 << i
        return free

    @property
    def depth(self) -> int:
        """The number of layers."""
        return max(z for _, _, z in self.positions) + 1

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in half-tile units (the bounding box of all layers)."""
        return (max(x for x, _, _ in self.positions) + 2, max(y for _, y, _ in self.positions) + 2)
