"""rules §2: geometry and the free-tile rule; layout validation."""

import pytest

from mahjong_solitaire.core.layout import Layout, LayoutError, iter_bits
from mahjong_solitaire.layouts import builtin_layout, builtin_layouts, parse_rows


def free_positions(layout: Layout) -> list[tuple[int, int, int]]:
    return [layout.positions[i] for i in iter_bits(layout.free_mask(layout.full))]


def test_the_turtle_has_144_positions_and_35_are_free_at_the_start():
    turtle = builtin_layout("L00")
    assert len(turtle) == 144
    assert len(free_positions(turtle)) == 35


def test_the_turtle_layers_hold_87_36_16_4_1():
    turtle = builtin_layout("turtle")
    per_layer = [sum(1 for p in turtle.positions if p[2] == z) for z in range(5)]
    assert per_layer == [87, 36, 16, 4, 1]
    assert min(x for x, _, _ in turtle.positions) == 0
    assert (13, 7, 4) in turtle.positions


def test_row_example_of_seed_000():
    # A..E in a row, F on top of B and C: A and E free; B, C, D not; F free.
    layout = Layout.from_positions(
        [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0), (8, 0, 0), (3, 0, 1)]
    )
    a, b, c, d, e, f = (
        layout.index(p) for p in [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0), (8, 0, 0), (3, 0, 1)]
    )
    free = layout.free_mask(layout.full)
    assert [bool(free >> i & 1) for i in (a, b, c, d, e, f)] == [
        True,
        False,
        False,
        False,
        True,
        True,
    ]


def test_half_tile_overlap_from_above_blocks():
    # A tile above overlapping by half a tile in x and y still covers.
    layout = Layout.from_positions([(0, 0, 0), (1, 1, 1)])
    assert layout.free_mask(layout.full) == 0b10


def test_tile_two_cells_away_above_does_not_cover():
    layout = Layout.from_positions([(0, 0, 0), (2, 0, 1)])
    assert layout.free_mask(layout.full) == 0b11


def test_side_neighbour_needs_vertical_overlap():
    # x+2 but dy = 2: not a neighbour; dy = 1: a neighbour.
    far = Layout.from_positions([(0, 0, 0), (2, 2, 0), (4, 0, 0), (6, 2, 0)])
    assert far.right[far.index((0, 0, 0))] == 0
    near = Layout.from_positions([(0, 0, 0), (2, 1, 0)])
    assert near.right[near.index((0, 0, 0))] == 1 << near.index((2, 1, 0))


def test_above_and_below_neighbours_do_not_block():
    layout = Layout.from_positions([(0, 0, 0), (0, 2, 0), (0, 4, 0), (2, 8, 0)])
    assert layout.free_mask(layout.full) == layout.full


def test_only_the_layer_immediately_above_covers():
    layout = Layout.from_positions([(0, 0, 0), (0, 0, 2)])
    assert layout.free_mask(layout.full) == layout.full


def test_masks_are_consistent():
    turtle = builtin_layout("turtle")
    for i in range(len(turtle)):
        for j in iter_bits(turtle.covers[i]):
            assert turtle.under[j] >> i & 1
        for j in iter_bits(turtle.left[i]):
            assert turtle.right[j] >> i & 1
        assert turtle.affects[i] == turtle.under[i] | turtle.left[i] | turtle.right[i]


def test_positions_are_sorted_by_layer_row_column():
    turtle = builtin_layout("turtle")
    assert list(turtle.positions) == sorted(turtle.positions, key=lambda p: (p[2], p[1], p[0]))


@pytest.mark.parametrize(
    ("positions", "message"),
    [
        ([(0, 0, 0), (1, 0, 0)], "overlap on layer 0"),
        ([(0, 0, 0), (0, 0, 0)], "overlap"),
        ([(0, 0, 0), (2, 0, 0), (4, 0, 0)], "even number"),
        ([], "at least two"),
        ([(2 * i, 0, 0) for i in range(1154)], "at most 1152"),
        ([(-2, 0, 0), (0, 0, 0)], "x = -2 is negative"),
        ([(0.5, 0, 0), (2, 0, 0)], "x = 0.5 is not an integer"),
        ([(0, "1", 0), (2, 0, 0)], "y = '1' is not an integer"),
        ([(0, 0), (2, 0, 0)], "not an \\(x, y, z\\) triple"),
    ],
)
def test_invalid_layouts_get_clear_errors(positions, message):
    with pytest.raises(LayoutError, match=message):
        Layout.from_positions(positions)


def test_equal_layouts_have_equal_positions_whatever_their_order_or_name():
    a = Layout.from_positions([(2, 0, 0), (0, 0, 0)], name="a")
    b = Layout.from_positions([(0, 0, 0), (2, 0, 0)], name="b")
    assert a == b and hash(a) == hash(b)


def test_registry_finds_layouts_by_number_code_and_name():
    turtle = builtin_layout(0)
    assert builtin_layout("L00") is turtle
    assert builtin_layout("l00") is turtle
    assert builtin_layout("Turtle") is turtle
    assert turtle.number == 0 and turtle.title == "Turtle" and turtle.description
    assert next(builtin_layouts()) is turtle


@pytest.mark.parametrize("key", ["L99", "nope", 98, "", "L"])
def test_unknown_layout_is_a_clear_error(key):
    with pytest.raises(LayoutError, match="unknown layout"):
        builtin_layout(key)


def test_row_notation_expands_ranges_in_steps_of_two():
    assert parse_rows("1 2..4 8,11  # comment") == [(8, 2, 1), (11, 2, 1), (8, 4, 1), (11, 4, 1)]
    with pytest.raises(LayoutError, match="row 1"):
        parse_rows("1 2")
