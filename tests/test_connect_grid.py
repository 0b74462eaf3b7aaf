"""rules §9.2: a path of at most three straight segments (two turns)
through empty cells, one ring of cells around the grid counting as empty."""

from __future__ import annotations

from collections import deque
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_solitaire.connect.construction import construct
from mahjong_solitaire.connect.grid import Grid, Shape, ShapeError
from mahjong_solitaire.connect.slide import Slide
from mahjong_solitaire.core.faces import Laying, deal_tiles
from mahjong_solitaire.core.rng import Rng
from mahjong_solitaire.core.tiles import key_id

SIZES = [(w, h) for w in range(1, 11) for h in range(1, 9) if (w * h) % 4 == 0]
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def grid_from(picture: str) -> Grid:
    """``#`` a tile, ``.`` an empty cell; one line per row."""
    rows = [line.split() for line in picture.strip().splitlines()]
    cells = ["1B" if c == "#" else None for row in rows for c in row]
    return Grid(Shape(len(rows[0]), len(rows)), cells)


def best_route(grid: Grid, a: int, b: int) -> tuple[int, int] | None:
    """Brute force: breadth-first search over (cell, direction, turns) on the grid with its
    ring.  The fewest turns of a path from ``a`` to ``b`` through empty cells (at most two)
    and the shortest length of such a path, or ``None``."""
    w, h = grid.shape.width, grid.shape.height
    ax, ay = grid.shape.point(a)
    bx, by = grid.shape.point(b)

    def empty(x: int, y: int) -> bool:
        if not (-1 <= x <= w and -1 <= y <= h):
            return False
        if x in (-1, w) or y in (-1, h):
            return True
        return grid.cells[y * w + x] is None

    seen: set[tuple[int, int, int, int]] = set()
    queue: deque[tuple[int, int, int, int, int]] = deque()
    for d in range(4):
        queue.append((ax, ay, d, 0, 0))
    best: tuple[int, int] | None = None
    while queue:
        x, y, d, turns, length = queue.popleft()
        dx, dy = DIRECTIONS[d]
        nx, ny = x + dx, y + dy
        if (nx, ny) == (bx, by):
            if best is None or (turns, length + 1) < best:
                best = (turns, length + 1)
            continue
        if not empty(nx, ny):
            continue
        for nd in range(4):
            nturns = turns + (nd != d)
            state = (nx, ny, nd, nturns)
            if nturns <= 2 and state not in seen:
                seen.add(state)
                queue.append((*state, length + 1))
    return best


def path_length(path: tuple[tuple[int, int], ...]) -> int:
    return sum(abs(x1 - x0) + abs(y1 - y0) for (x0, y0), (x1, y1) in pairwise(path))


def assert_valid_path(grid: Grid, a: int, b: int, path: tuple[tuple[int, int], ...]) -> None:
    w, h = grid.shape.width, grid.shape.height
    assert path[0] == grid.shape.point(a) and path[-1] == grid.shape.point(b)
    assert 2 <= len(path) <= 4, "at most three segments"
    visited = []
    for (x0, y0), (x1, y1) in pairwise(path):
        assert (x0 == x1) != (y0 == y1), "segments are straight and not empty"
        sx, sy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
        x, y = x0, y0
        while (x, y) != (x1, y1):
            x, y = x + sx, y + sy
            visited.append((x, y))
    assert visited[-1] == grid.shape.point(b)
    for x, y in visited[:-1]:
        assert -1 <= x <= w and -1 <= y <= h, "only one ring around the grid"
        if 0 <= x < w and 0 <= y < h:
            assert grid.cells[y * w + x] is None, f"the path crosses the tile at {(x, y)}"


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    """Random grids of every size up to 10×8, sparse to nearly full."""
    w, h = draw(st.sampled_from(SIZES))
    full = (1 << (w * h)) - 1
    masks = [draw(st.integers(0, full)) for _ in range(3)]
    occupied = draw(
        st.sampled_from(
            [
                masks[0] & masks[1],
                masks[0],
                masks[0] | masks[1],
                masks[0] | masks[1] | masks[2],
            ]
        )
    )
    return Grid(Shape(w, h), ["1B" if occupied >> i & 1 else None for i in range(w * h)])


@settings(max_examples=2000, deadline=None)
@given(grids(), st.lists(st.tuples(st.integers(0, 79), st.integers(0, 79)), min_size=8, max_size=8))
def test_path_test_agrees_with_brute_force_search_on_random_grids(
    grid: Grid, picks: list[tuple[int, int]]
) -> None:
    tiles = grid.occupied
    if len(tiles) < 2:
        return
    for i, j in picks:
        a, b = tiles[i % len(tiles)], tiles[j % len(tiles)]
        if a == b:
            continue
        best = best_route(grid, a, b)
        path = grid.path(a, b)
        assert (path is not None) == (best is not None) == grid.connects(a, b)
        if path is not None and best is not None:
            assert_valid_path(grid, a, b, path)
            assert (len(path) - 2, path_length(path)) == best, (
                "the path drawn has the fewest turns, then the shortest length"
            )


@settings(max_examples=200, deadline=None)
@given(grids())
def test_partners_are_exactly_the_tiles_a_tile_connects_with(grid: Grid) -> None:
    tiles = grid.occupied
    for a in tiles[:6]:
        expected = {b for b in tiles if b != a and best_route(grid, a, b) is not None}
        assert grid.partners(a) == expected


@settings(max_examples=150, deadline=None)
@given(grids(), st.integers(0, 3))
def test_pairs_lists_every_connecting_pair_of_equal_keys_once(grid: Grid, kinds: int) -> None:
    labels = ["1B", "2B", "3B", "4B"][: kinds + 1]
    grid.cells = [labels[i % len(labels)] if c else None for i, c in enumerate(grid.cells)]
    grid.refresh()
    keys = {label: n for n, label in enumerate(labels)}
    found = list(grid.pairs(keys))
    assert len(found) == len(set(found))
    expected = {
        (a, b)
        for a, b in combinations(grid.occupied, 2)
        if grid.cells[a] == grid.cells[b] and best_route(grid, a, b) is not None
    }
    assert set(found) == expected
    assert grid.has_pair(keys) == bool(expected)


@settings(max_examples=500, deadline=None)
@given(grids())
def test_two_tiles_or_more_always_have_a_connecting_pair(grid: Grid) -> None:
    """Why the construction and the shuffle never dead-end (construction module docs)."""
    assert grid.has_pair() == (len(grid.occupied) >= 2)


def test_adjacent_tiles_connect_by_one_segment() -> None:
    grid = grid_from("""
        # # # #
        # # # #
        # # # #
    """)
    assert grid.path(5, 6) == ((1, 1), (2, 1))
    assert grid.path(5, 9) == ((1, 1), (1, 2))
    assert grid.path(5, 10) is None  # diagonal neighbours: every route is blocked


def test_paths_run_through_the_outer_ring() -> None:
    grid = grid_from("""
        # # # #
        # # # #
        # # # #
    """)
    assert grid.path(1, 2) == ((1, 0), (2, 0))
    assert grid.path(0, 3) == ((0, 0), (0, -1), (3, -1), (3, 0))  # over the top
    assert grid.path(8, 11) == ((0, 2), (0, 3), (3, 3), (3, 2))  # under the bottom
    assert grid.path(0, 8) == ((0, 0), (-1, 0), (-1, 2), (0, 2))  # round the left
    assert grid.path(3, 11) == ((3, 0), (4, 0), (4, 2), (3, 2))  # round the right
    assert grid.path(0, 11) is None  # opposite corners need three turns
    assert grid.path(4, 7) is None  # middle rows: the ring is out of reach


def test_grid_sizes_hold_whole_bundles_of_four_and_at_most_144_cells() -> None:
    assert len(Shape(18, 8)) == 144
    with pytest.raises(ShapeError, match="multiple of 4"):
        Shape(5, 3)
    with pytest.raises(ShapeError, match="more than the 144"):
        Shape(20, 8)
    with pytest.raises(ShapeError, match="positive"):
        Shape(0, 4)


@pytest.mark.parametrize("rule", list(Slide), ids=lambda r: r.value)
def test_the_pair_count_is_the_number_of_connecting_matching_pairs(rule: Slide) -> None:
    """rules §9.5: the score's count before each step is exactly the pairs a player has."""
    for n, shape in enumerate((Shape(18, 8), Shape(10, 6), Shape(4, 1), Shape(1, 4))):
        rng = Rng.from_seed(n, rule.index)
        built = construct(shape, rule, rng)
        keys = [
            key_id(label) for label in deal_tiles(shape, built.ids, rng, laying=list(Laying)[n % 3])
        ]
        for grid in built.grids:
            assert grid.pair_count(keys) == sum(1 for _ in grid.pairs(keys))
