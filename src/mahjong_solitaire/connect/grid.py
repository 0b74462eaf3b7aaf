"""The Connect grid and its connection test (rules §9.1 and §9.2).

A board of ``width × height`` cells, numbered row by row: cell ``i`` is at
``(x, y) = (i % width, i // width)``, ``y = 0`` the top row.  Two tiles connect when a path
of at most three straight segments (two turns) joins them through empty cells; one ring of
cells around the grid counts as empty, so ring points have ``x = -1`` or ``x = width``,
``y = -1`` or ``y = height``.

    >>> grid = Grid(Shape(4, 3), ["1B", "2B", "3B", "1B",
    ...                           "2B", "4B", "4B", "3B",
    ...                           None, None, None, None])
    >>> grid.path(0, 3)                      # over the top, through the ring
    ((0, 0), (0, -1), (3, -1), (3, 0))
    >>> grid.path(5, 6)                      # neighbours: one segment
    ((1, 1), (2, 1))
    >>> grid.path(4, 7)                      # a U through the empty bottom row
    ((0, 1), (0, 2), (3, 2), (3, 1))
    >>> grid.path(1, 4) is None              # it would take three turns
    True
    >>> sorted(grid.partners(1))
    [0, 2, 3, 5]

How it is fast: each row and each column of the grid *with its ring* keeps a bit mask of
its occupied cells.  The empty run through a cell along a line is two bit scans of one mask;
a path ``a → (c, ya) → (c, yb) → b`` exists for the columns ``c`` where the runs of ``a``
and ``b`` overlap and column ``c`` is clear between the two rows, one mask test each (and
the same with rows and columns exchanged).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, cast

from .slide import Slide

__all__ = [
    "MAX_CELLS",
    "SET_SIZE",
    "Grid",
    "Masks",
    "Path",
    "Point",
    "Shape",
    "ShapeError",
    "Shaped",
]

Point = tuple[int, int]
#: The corner points of a connecting path, from the first tile to the second.
Path = tuple[Point, ...]
#: A grid's row masks, column masks and settled rule (:meth:`Grid.masks`).
Masks = tuple[tuple[int, ...], tuple[int, ...], Slide | None]

#: What a grid's cells hold: tile labels on a board, tile ids while a deal is built.
CellT = TypeVar("CellT")
_T = TypeVar("_T")
_ContentT = TypeVar("_ContentT", contravariant=True)


class Keys(Protocol[_ContentT]):
    """Match keys by cell content: labels to key ids (a dict), or tile ids to key ids (a
    list indexed by id)."""

    def __getitem__(self, content: _ContentT, /) -> int: ...


#: A grid holds at most one full tile set, or whole sets up to two (24×12).
MAX_CELLS = 288
#: The tiles of one full set.
SET_SIZE = 144


class ShapeError(ValueError):
    """A grid size the game cannot deal."""


@dataclass(frozen=True, slots=True)
class Shape:
    """The size of a grid; ``len(shape)`` is its number of cells.

    Boards are dealt in whole bundles of four matching tiles, so the cell count is a
    multiple of four, at most 144, or a whole number of full sets up to two (288 cells:
    24×12, as Shisen-Sho players know it):

    >>> Shape(18, 8).index(17, 1), Shape(18, 8).point(35)
    (35, (17, 1))
    >>> Shape(5, 3)
    Traceback (most recent call last):
    ...
    mahjong_solitaire.connect.grid.ShapeError: a 5×3 grid has 15 cells: not a multiple of 4
    """

    width: int
    height: int

    def __post_init__(self) -> None:
        for name in ("width", "height"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ShapeError(f"the grid {name} must be a positive integer, not {value!r}")
        cells = self.width * self.height
        if cells > MAX_CELLS:
            raise ShapeError(
                f"a {self.width}×{self.height} grid has {cells} cells: "
                f"more than the {MAX_CELLS} tiles of two sets"
            )
        if cells > SET_SIZE and cells % SET_SIZE:
            raise ShapeError(
                f"a {self.width}×{self.height} grid has {cells} cells: more than the "
                f"{SET_SIZE} tiles of the set, and not whole sets ({2 * SET_SIZE} cells)"
            )
        if cells % 4:
            raise ShapeError(
                f"a {self.width}×{self.height} grid has {cells} cells: not a multiple of 4"
            )

    def __len__(self) -> int:
        return self.width * self.height

    def index(self, x: int, y: int) -> int:
        """The cell number of ``(x, y)``; ``IndexError`` outside the grid."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"({x}, {y}) is outside the {self.width}×{self.height} grid")
        return y * self.width + x

    def point(self, i: int) -> Point:
        """The ``(x, y)`` of cell ``i``."""
        y, x = divmod(i, self.width)
        return x, y

    def rows(self, cells: Sequence[_T]) -> list[list[_T]]:
        """``cells`` (row by row) cut into rows, ``rows[y][x]``."""
        w = self.width
        return [list(cells[y * w : (y + 1) * w]) for y in range(self.height)]


def _run(mask: int, p: int, end: int) -> tuple[int, int]:
    """The empty run through ``p`` along a line whose occupied cells are ``mask``.

    ``p`` itself belongs to the run whatever it holds; ``end`` is the last ring cell.
    """
    lo = (mask & ((1 << p) - 1)).bit_length()
    above = mask >> (p + 1)
    hi = p + (above & -above).bit_length() - 1 if above else end
    return lo, hi


#: ``_LOW_BITS[n]`` has the bits below ``n`` set: the bits strictly between ``p < q`` are
#: ``_LOW_BITS[q] ^ _LOW_BITS[p + 1]``.
_LOW_BITS = tuple((1 << n) - 1 for n in range(MAX_CELLS + 3))


def _between(p: int, q: int) -> int:
    """The bits strictly between ``p`` and ``q``."""
    if p > q:
        p, q = q, p
    return ((1 << q) - 1) & ~((1 << (p + 1)) - 1)


class Shaped:
    """Mixin for what stands on a grid of :attr:`shape` (a board, a deal): its ``width``
    and ``height``.

        >>> from dataclasses import dataclass
        >>> @dataclass
        ... class Room(Shaped):
        ...     shape: Shape
        >>> Room(Shape(6, 2)).width, Room(Shape(6, 2)).height
        (6, 2)
    """

    __slots__ = ()
    shape: Shape

    @property
    def width(self) -> int:
        return self.shape.width

    @property
    def height(self) -> int:
        return self.shape.height


class Grid(Generic[CellT]):
    """The cells of a Connect board with the line masks the connection test reads.

    ``cells`` holds anything, ``None`` meaning empty (labels on a board, tile ids while a
    deal is built: a ``Grid[str]`` or a ``Grid[int]``).  After changing ``cells`` in place
    call :meth:`refresh`.
    """

    __slots__ = ("cells", "cols", "rows", "settled", "shape")

    def __init__(self, shape: Shape, cells: Iterable[CellT | None]) -> None:
        self.shape = shape
        self.cells: list[CellT | None] = list(cells)
        if len(self.cells) != len(shape):
            raise ShapeError(f"{len(self.cells)} cells for a {shape.width}×{shape.height} grid")
        self.refresh()

    def refresh(self) -> None:
        """Recompute the masks from :attr:`cells`.

        ``rows[Y]`` has bit ``X`` set when ring-padded cell ``(X, Y) = (x + 1, y + 1)`` is
        occupied; ``cols[X]`` likewise with bit ``Y``.
        """
        w, h = self.shape.width, self.shape.height
        rows = [0] * (h + 2)
        cols = [0] * (w + 2)
        cells = self.cells
        for y in range(h):
            row = 0
            base = y * w
            for x in range(w):
                if cells[base + x] is not None:
                    row |= 2 << x
                    cols[x + 1] |= 2 << y
            rows[y + 1] = row
        self.rows = rows
        self.cols = cols
        #: The rule the cells are known to be compact under (nothing moves when it is
        #: applied), which lets :meth:`remove` compact only the lines a removal touched.
        self.settled: Slide | None = None

    def masks(self) -> Masks:
        """The occupancy masks and the rule the cells are settled under, to put back with
        :meth:`restore` (cheaper than :meth:`refresh` recomputing them)."""
        return tuple(self.rows), tuple(self.cols), self.settled

    def restore(self, cells: Iterable[CellT | None], masks: Masks) -> None:
        """Put back ``cells`` and their :meth:`masks`."""
        self.cells = list(cells)
        rows, cols, self.settled = masks
        self.rows, self.cols = list(rows), list(cols)

    def copy(self) -> Grid[CellT]:
        """An independent copy."""
        grid: Grid[CellT] = Grid.__new__(Grid)
        grid.shape = self.shape
        grid.cells = list(self.cells)
        grid.rows = list(self.rows)
        grid.cols = list(self.cols)
        grid.settled = self.settled
        return grid

    def slide(self, rule: Slide) -> None:
        """Apply a sliding rule to the whole grid in place."""
        if rule is not Slide.NONE and self.settled is not rule:
            self.cells = rule.apply(self.cells, self.shape.width, self.shape.height)
            self.refresh()
        self.settled = rule

    def remove(self, a: int, b: int, rule: Slide) -> None:
        """Empty cells ``a`` and ``b``, then slide.

        When the grid was compact under ``rule`` before (it is after any slide), only the
        lines through a changed cell need compacting, phase after phase: a compact grid
        stays compact on every other line.  (After ``outward`` or ``inward`` each quadrant is
        a staircase, packed along its rows and its columns at once, so the column phase
        undoes no row.)  Otherwise the whole grid slides.
        """
        cells = self.cells
        cells[a] = cells[b] = None
        self._clear(a)
        self._clear(b)
        if rule is Slide.NONE:
            return
        if self.settled is not rule:
            self.slide(rule)
            return
        w, h = self.shape.width, self.shape.height
        changed = {a, b}
        for owner in rule.line_owners(w, h):
            lines = {id(owner[i]): owner[i] for i in sorted(changed)}
            for line in lines.values():
                tiles = [cells[i] for i in line if cells[i] is not None]
                count = len(tiles)
                if count == len(line):
                    continue
                for n, i in enumerate(line):
                    here = cells[i] is not None
                    if here != (n < count):  # compactness depends on occupancy alone
                        changed.add(i)
                        if here:
                            self._clear(i)
                        else:
                            self._set(i)
                    cells[i] = tiles[n] if n < count else None

    def _set(self, i: int) -> None:
        y, x = divmod(i, self.shape.width)
        self.rows[y + 1] |= 2 << x
        self.cols[x + 1] |= 2 << y

    def _clear(self, i: int) -> None:
        y, x = divmod(i, self.shape.width)
        self.rows[y + 1] &= ~(2 << x)
        self.cols[x + 1] &= ~(2 << y)

    @property
    def occupied(self) -> list[int]:
        """The occupied cells, in order."""
        return [i for i, c in enumerate(self.cells) if c is not None]

    def __len__(self) -> int:
        """How many cells hold a tile."""
        return sum(row.bit_count() for row in self.rows)

    # -- the connection test ----------------------------------------------------------

    def path(self, a: int, b: int) -> Path | None:
        """The corner points of a shortest path of fewest turns from tile ``a`` to ``b``.

        ``None`` when no path of at most two turns exists.  What ``a`` and ``b`` hold is not
        looked at: matching is the board's business.
        """
        return self._search(a, b, first=False)

    def connects(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` can be joined (the test alone, no path built)."""
        return self._search(a, b, first=True) is not None

    def _search(self, a: int, b: int, *, first: bool) -> Path | None:
        if a == b:
            return None
        w = self.shape.width
        ya, xa = divmod(a, w)
        yb, xb = divmod(b, w)
        xa += 1
        ya += 1
        xb += 1
        yb += 1
        rows, cols = self.rows, self.cols
        if ya == yb and not rows[ya] & _between(xa, xb):
            return _points(w, (xa, ya), (xb, yb))
        if xa == xb and not cols[xa] & _between(ya, yb):
            return _points(w, (xa, ya), (xb, yb))
        best: tuple[int, int, Path] | None = None
        # a → (c, ya) → (c, yb) → b: horizontal, vertical, horizontal.  The runs are
        # inlined :func:`_run` calls: this is the hot loop of deals and hints.
        if ya != yb:
            end = w + 1
            m = rows[ya]
            lo = (m & ((1 << xa) - 1)).bit_length()
            t = m >> (xa + 1)
            hi = xa + (t & -t).bit_length() - 1 if t else end
            m = rows[yb]
            lo = max(lo, (m & ((1 << xb) - 1)).bit_length())
            t = m >> (xb + 1)
            hi = min(hi, xb + (t & -t).bit_length() - 1 if t else end)
            if lo <= hi:
                clear = _between(ya, yb)
                dy = abs(ya - yb)
                for c in range(lo, hi + 1):
                    if cols[c] & clear:
                        continue
                    if first:
                        return ()
                    key = (1 if c in (xa, xb) else 2, abs(xa - c) + abs(c - xb) + dy)
                    if best is None or key < best[:2]:
                        best = (*key, _points(w, (xa, ya), (c, ya), (c, yb), (xb, yb)))
        # a → (xa, r) → (xb, r) → b: vertical, horizontal, vertical.
        if xa != xb:
            end = self.shape.height + 1
            m = cols[xa]
            lo = (m & ((1 << ya) - 1)).bit_length()
            t = m >> (ya + 1)
            hi = ya + (t & -t).bit_length() - 1 if t else end
            m = cols[xb]
            lo = max(lo, (m & ((1 << yb) - 1)).bit_length())
            t = m >> (yb + 1)
            hi = min(hi, yb + (t & -t).bit_length() - 1 if t else end)
            if lo <= hi:
                clear = _between(xa, xb)
                dx = abs(xa - xb)
                for r in range(lo, hi + 1):
                    if rows[r] & clear:
                        continue
                    if first:
                        return ()
                    key = (1 if r in (ya, yb) else 2, abs(ya - r) + abs(r - yb) + dx)
                    if best is None or key < best[:2]:
                        best = (*key, _points(w, (xa, ya), (xa, r), (xb, r), (xb, yb)))
        return None if best is None else best[2]

    def partners(self, a: int) -> set[int]:
        """Every occupied cell that tile ``a`` connects with."""
        w, h = self.shape.width, self.shape.height
        rows, cols = self.rows, self.cols
        ya, xa = divmod(a, w)
        xa += 1
        ya += 1
        found: set[int] = set()
        # (first-segment cells, their masks along the first and the second direction)
        for horizontal in (True, False):
            line, cross = (rows, cols) if horizontal else (cols, rows)
            p, q = (xa, ya) if horizontal else (ya, xa)
            end_p, end_q = (w + 1, h + 1) if horizontal else (h + 1, w + 1)
            lo, hi = _run(line[q], p, end_p)
            for stop in (lo - 1, hi + 1):  # straight: the first tile each way
                if 0 < stop < end_p:
                    found.add(_cell(w, horizontal, stop, q))
            for c in range(lo, hi + 1):
                if c == p:
                    continue
                lo2, hi2 = _run(cross[c], q, end_q)
                for stop in (lo2 - 1, hi2 + 1):  # one turn
                    if 0 < stop < end_q:
                        found.add(_cell(w, horizontal, c, stop))
                for r in range(lo2, hi2 + 1):  # two turns
                    if r == q:
                        continue
                    lo3, hi3 = _run(line[r], c, end_p)
                    for stop in (lo3 - 1, hi3 + 1):
                        if 0 < stop < end_p:
                            found.add(_cell(w, horizontal, stop, r))
        return found

    def has_pair(self, keys: Keys[CellT] | None = None) -> bool:
        """Whether two tiles connect (tiles of equal ``keys[content]`` when ``keys`` is given)."""
        return next(iter(self.pairs(keys)), None) is not None

    def pairs(self, keys: Keys[CellT] | None = None) -> Iterator[tuple[int, int]]:
        """The connecting pairs ``(a, b)``, ``a < b``, lazily, in no particular order.

        With ``keys`` only pairs whose contents have equal ``keys[content]`` (labels to
        match keys on a board, ids to match keys while a deal is scored).  A tile that
        touches no empty cell can only connect with a neighbour, so such tiles are paired
        with their neighbours by a look-up, and only tiles touching an empty cell (the ring
        counts) are tried with the connection test.
        """
        w = self.shape.width
        # Only occupied cells are read below: none of them holds None.
        cells = cast("list[CellT]", self.cells)
        touching, enclosed = self._split()
        open_set = set(touching)
        for a in enclosed:  # all four neighbours hold tiles
            ka = keys[cells[a]] if keys is not None else 0
            for b, forward in ((a + 1, True), (a + w, True), (a - 1, False), (a - w, False)):
                if (forward or b in open_set) and (keys is None or keys[cells[b]] == ka):
                    yield (a, b) if a < b else (b, a)
        if keys is None:
            groups: list[list[int]] = [touching]
        else:
            by_key: dict[int, list[int]] = {}
            for i in touching:
                by_key.setdefault(keys[cells[i]], []).append(i)
            groups = [g for g in by_key.values() if len(g) > 1]
        search = self._search
        for group in groups:
            for n, a in enumerate(group):
                for b in group[n + 1 :]:
                    if search(a, b, first=True) is not None:
                        yield a, b

    def pair_count(self, keys: Keys[CellT]) -> int:
        """How many pairs :meth:`pairs` yields with ``keys``, counted without building them.

        This is the difficulty score's count before every step of every candidate (rules
        §9.5), so each tile's empty runs along its row and its column are found once, not
        once per partner tried; the test is then the one of :meth:`connects`.
        """
        w = self.shape.width
        cells = cast("list[CellT]", self.cells)
        rows, cols = self.rows, self.cols
        touching, enclosed = self._split()
        open_set = set(touching)
        count = 0
        for a in enclosed:
            ka = keys[cells[a]]
            for b, forward in ((a + 1, True), (a + w, True), (a - 1, False), (a - w, False)):
                if (forward or b in open_set) and keys[cells[b]] == ka:
                    count += 1
        by_key: dict[int, list[int]] = {}
        for i in touching:
            by_key.setdefault(keys[cells[i]], []).append(i)
        x_end, y_end = w + 1, self.shape.height + 1
        bits = _LOW_BITS
        for group in by_key.values():
            if len(group) < 2:
                continue
            # (x, y, row run lo..hi, column run lo..hi) of each tile, padded coordinates.
            runs = []
            for i in group:
                y, x = divmod(i, w)
                x += 1
                y += 1
                m = rows[y]
                t = m >> (x + 1)
                hlo = (m & ((1 << x) - 1)).bit_length()
                hhi = x + (t & -t).bit_length() - 1 if t else x_end
                m = cols[x]
                t = m >> (y + 1)
                vlo = (m & ((1 << y) - 1)).bit_length()
                vhi = y + (t & -t).bit_length() - 1 if t else y_end
                runs.append((x, y, hlo, hhi, vlo, vhi))
            for n, (xa, ya, halo, hahi, valo, vahi) in enumerate(runs):
                for xb, yb, hblo, hbhi, vblo, vbhi in runs[n + 1 :]:
                    if ya == yb:
                        if halo - 1 <= xb <= hahi + 1:
                            count += 1
                            continue
                    else:
                        lo = halo if halo > hblo else hblo
                        hi = hahi if hahi < hbhi else hbhi
                        if lo <= hi:
                            clear = bits[yb] ^ bits[ya + 1] if ya < yb else bits[ya] ^ bits[yb + 1]
                            for c in range(lo, hi + 1):
                                if not cols[c] & clear:
                                    break
                            else:
                                c = -1
                            if c >= 0:
                                count += 1
                                continue
                    if xa == xb:
                        if valo - 1 <= yb <= vahi + 1:
                            count += 1
                    else:
                        lo = valo if valo > vblo else vblo
                        hi = vahi if vahi < vbhi else vbhi
                        if lo <= hi:
                            clear = bits[xb] ^ bits[xa + 1] if xa < xb else bits[xa] ^ bits[xb + 1]
                            for r in range(lo, hi + 1):
                                if not rows[r] & clear:
                                    count += 1
                                    break
        return count

    def open_cells(self) -> list[int]:
        """Occupied cells with an empty neighbour (the ring included), in order."""
        return self._split()[0]

    def _split(self) -> tuple[list[int], list[int]]:
        """The occupied cells touching an empty cell, and the others."""
        w, h = self.shape.width, self.shape.height
        rows = self.rows
        full = (1 << (w + 2)) - 1
        touching: list[int] = []
        enclosed: list[int] = []
        for y in range(1, h + 1):
            row = rows[y]
            if not row:
                continue
            empty_near = (~row << 1 | ~row >> 1 | ~rows[y - 1] | ~rows[y + 1]) & full
            base = (y - 1) * w - 1
            for mask, out in ((row & empty_near, touching), (row & ~empty_near, enclosed)):
                while mask:
                    low = mask & -mask
                    out.append(base + low.bit_length() - 1)
                    mask ^= low
        return touching, enclosed


def _cell(w: int, horizontal: bool, p: int, q: int) -> int:
    """Cell number of padded ``(p, q)`` read as ``(x, y)`` or, when vertical, ``(y, x)``."""
    x, y = (p, q) if horizontal else (q, p)
    return (y - 1) * w + x - 1


def _points(w: int, *padded: Point) -> Path:
    """Grid coordinates of padded corner points, repeated and straight-through ones dropped."""
    out: list[Point] = []
    for x, y in padded:
        point = (x - 1, y - 1)
        if out and out[-1] == point:
            continue
        if len(out) >= 2:
            (x0, y0), (x1, y1) = out[-2], out[-1]
            if (x0 == x1 == point[0]) or (y0 == y1 == point[1]):
                out[-1] = point
                continue
        out.append(point)
    return tuple(out)
