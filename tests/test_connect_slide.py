"""rules §9.4: compact = keep order, pack against one end; MX = floor(W/2),
MY = floor(H/2), the first half the smaller on odd sizes; applied after both tiles of a pair
are removed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_solitaire.connect.board import ConnectBoard
from mahjong_solitaire.connect.construction import construct
from mahjong_solitaire.connect.grid import Grid, Shape
from mahjong_solitaire.connect.slide import Slide
from mahjong_solitaire.core.moves import Move
from mahjong_solitaire.core.rng import Rng


def cells(picture: str) -> tuple[list[str | None], int, int]:
    rows = [line.split() for line in picture.strip().splitlines()]
    flat = [None if c == "." else c for row in rows for c in row]
    return flat, len(rows[0]), len(rows)


def slid(rule: Slide, picture: str) -> str:
    flat, w, h = cells(picture)
    out = rule.apply(flat, w, h)
    return "\n".join(" ".join(c or "." for c in out[y * w : (y + 1) * w]) for y in range(h))


def tidy(picture: str) -> str:
    return "\n".join(" ".join(line.split()) for line in picture.strip().splitlines())


# An odd width and an odd height: MX = 2 (columns 0-1 | 2-4), MY = 1 (row 0 | rows 1-2).
ODD = """
    a . b . c
    . d . e .
    f . . g h
"""
ODD_EXPECTED = {
    Slide.NONE: ODD,
    Slide.DOWN: """
        . . . . .
        a . . e c
        f d b g h
    """,
    Slide.UP: """
        a d b e c
        f . . g h
        . . . . .
    """,
    Slide.LEFT: """
        a b c . .
        d e . . .
        f g h . .
    """,
    Slide.RIGHT: """
        . . a b c
        . . . d e
        . . f g h
    """,
    Slide.SPLIT_V: """
        a . b . c
        . . . e .
        f d . g h
    """,
    Slide.SPLIT_H: """
        a . . b c
        d . . . e
        f . . g h
    """,
    Slide.GATHER_V: """
        a . b . c
        f d . e h
        . . . g .
    """,
    Slide.GATHER_H: """
        . a b c .
        . d e . .
        . f g h .
    """,
    Slide.OUTWARD: """
        a . . b c
        d . . . e
        f . . g h
    """,
    Slide.INWARD: """
        . a b c .
        . d e h .
        . f g . .
    """,
}

# Even sizes: MX = 2, MY = 2, four 2×2 quadrants.
EVEN = """
    a . . b
    . c d .
    . . . e
    f g . .
"""
EVEN_EXPECTED = {
    Slide.NONE: EVEN,
    Slide.DOWN: """
        . . . .
        . . . .
        a c . b
        f g d e
    """,
    Slide.UP: """
        a c d b
        f g . e
        . . . .
        . . . .
    """,
    Slide.LEFT: """
        a b . .
        c d . .
        e . . .
        f g . .
    """,
    Slide.RIGHT: """
        . . a b
        . . c d
        . . . e
        . . f g
    """,
    Slide.SPLIT_V: """
        a c d b
        . . . .
        . . . .
        f g . e
    """,
    Slide.SPLIT_H: """
        a . . b
        c . . d
        . . . e
        f g . .
    """,
    Slide.GATHER_V: """
        . . . .
        a c d b
        f g . e
        . . . .
    """,
    Slide.GATHER_H: """
        . a b .
        . c d .
        . . e .
        f g . .
    """,
    Slide.OUTWARD: """
        a . . b
        c . . d
        . . . .
        f g . e
    """,
    Slide.INWARD: """
        . a b .
        . c d .
        f g e .
        . . . .
    """,
}


@pytest.mark.parametrize("rule", list(Slide), ids=lambda r: r.value)
def test_each_rule_on_an_odd_sized_grid_gives_exactly_the_expected_grid(rule: Slide) -> None:
    assert slid(rule, ODD) == tidy(ODD_EXPECTED[rule])


@pytest.mark.parametrize("rule", list(Slide), ids=lambda r: r.value)
def test_each_rule_on_an_even_sized_grid_gives_exactly_the_expected_grid(rule: Slide) -> None:
    assert slid(rule, EVEN) == tidy(EVEN_EXPECTED[rule])


def test_compacting_keeps_the_order_of_the_tiles_in_a_line() -> None:
    assert slid(Slide.LEFT, ". a . b c . d") == "a b c d . . ."
    assert slid(Slide.RIGHT, ". a . b c . d") == ". . . a b c d"


def test_on_odd_sizes_the_first_half_is_the_smaller() -> None:
    # Width 5: columns 0-1 pack left, columns 2-4 pack right.
    assert slid(Slide.SPLIT_H, ". a . b .") == "a . . . b"
    assert slid(Slide.GATHER_H, "a . b . .") == ". a b . ."


def test_rule_names_parse_case_insensitively_and_unknown_ones_are_refused() -> None:
    assert Slide.parse(" Split-V ") is Slide.SPLIT_V
    with pytest.raises(ValueError, match="unknown sliding rule 'sideways'"):
        Slide.parse("sideways")


def test_the_rule_applies_after_both_tiles_of_a_pair_are_removed() -> None:
    # One column: sliding between the two removals would drop the top 2B into the pair's
    # second cell before it is emptied.
    board = ConnectBoard(Shape(1, 4), Slide.DOWN, ["2B", "1B", "1B", "2B"])
    board.push(Move(1, 2))
    assert board.rows() == [[None], [None], ["2B"], ["2B"]]


SIZES = [(w, h) for w in range(1, 9) for h in range(1, 8) if (w * h) % 4 == 0]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SIZES), st.sampled_from(list(Slide)), st.integers(0, 2**32))
def test_sliding_only_the_touched_lines_equals_sliding_the_whole_grid(
    size: tuple[int, int], rule: Slide, seed: int
) -> None:
    """The fast path of :meth:`Grid.remove` is exact, step after step of a whole game."""
    w, h = size
    shape = Shape(w, h)
    built = construct(shape, rule, Rng.from_seed(seed))
    grid = Grid(shape, range(w * h))
    for move in built.moves:
        expected = list(grid.cells)
        expected[move.a] = expected[move.b] = None
        expected = rule.apply(expected, w, h)
        grid.remove(move.a, move.b, rule)
        assert grid.cells == expected
        fresh = Grid(shape, grid.cells)
        assert (fresh.rows, fresh.cols) == (grid.rows, grid.cols)


def test_a_grid_that_is_not_compact_slides_entirely_at_the_next_removal() -> None:
    flat, w, h = cells("""
        a a . b
        . c . .
    """)
    grid = Grid(Shape(w, h), flat)
    grid.remove(0, 1, Slide.DOWN)
    assert grid.cells == [None, None, None, None, None, "c", None, "b"]
