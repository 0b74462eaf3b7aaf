"""The built-in layouts (rules §8.1): forty of our own besides the Turtle, each valid, of
at most 144 positions, with a stable number, solvable deals at every difficulty, and a
preview."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from mahjong_solitaire.classic.construction import construct
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.core import layout as core_layout
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import MAX_POSITIONS, Layout
from mahjong_solitaire.core.rng import Rng
from mahjong_solitaire.layouts import builtin_layout, builtin_layouts, layout_from_spec
from mahjong_solitaire.layouts.builtin import BUILTIN_SPECS, DESIGNED_SPECS
from mahjong_solitaire.layouts.builtin_big_set import BIG_SET
from mahjong_solitaire.layouts.preview import layer_colour, preview_svg

LAYOUTS = list(builtin_layouts())
FAMILIES = ("turtle", "pyramid", "fortress", "bridge", "spider")


def test_there_are_at_least_forty_layouts_numbered_without_gaps() -> None:
    assert len(LAYOUTS) >= 40
    assert [layout.number for layout in LAYOUTS] == list(range(len(LAYOUTS)))


def test_the_five_families_of_seed_000_are_built_in_with_the_turtle_as_l00() -> None:
    for name in FAMILIES:
        assert builtin_layout(name).name == name
    assert builtin_layout("L00").name == "turtle"


def test_the_turtle_is_unchanged() -> None:
    turtle = builtin_layout(0)
    layers = [sum(1 for p in turtle.positions if p[2] == z) for z in range(turtle.depth)]
    assert layers == [87, 36, 16, 4, 1]
    assert (13, 7, 4) in turtle.positions
    assert turtle.free_mask(turtle.full).bit_count() == 35


def test_names_are_lowercase_dashed_and_unique_and_every_layout_is_described() -> None:
    names = [layout.name for layout in LAYOUTS]
    assert len(set(names)) == len(names)
    for spec in BUILTIN_SPECS:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", spec.name), spec.name
        assert spec.title and spec.description.endswith(".")


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_each_built_in_holds_an_even_count_up_to_144_positions_normalised_to_the_origin(
    layout: Layout,
) -> None:
    assert len(layout) % 2 == 0 and len(layout) <= MAX_POSITIONS
    assert min(x for x, _, _ in layout.positions) == 0
    assert min(y for _, y, _ in layout.positions) == 0
    # Re-validating the positions gives the same layout (no overlaps, all on the grid).
    assert Layout.from_positions(layout.positions) == layout


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.value)
def test_each_built_in_deals_solvable_games_at_every_difficulty(
    layout: Layout, difficulty: Difficulty
) -> None:
    for seed in (0, 1):
        deal = generate(layout, seed, difficulty)
        board = deal.board()
        board.play(deal.solution)  # every recorded pair is free and matching in turn
        assert board.is_won()
        assert deal.code is not None and deal.code.startswith(f"MJ2-L{layout.number:02d}-")


def test_layouts_offer_a_spread_of_difficulty() -> None:
    scores = {layout.name: generate(layout, 3, Difficulty.NORMAL).score for layout in LAYOUTS}
    assert max(scores.values()) > 2 * min(scores.values())


def test_the_built_ins_come_in_every_size_of_the_picker() -> None:
    small = [layout for layout in LAYOUTS if len(layout) < 100]
    medium = [layout for layout in LAYOUTS if 100 <= len(layout) < 144]
    assert len(small) >= 5 and len(medium) >= 5


def test_the_boards_beyond_one_set_are_designed_and_listed_once_the_engine_deals_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed = {layout.name for layout in LAYOUTS}
    assert [spec.number for spec in DESIGNED_SPECS] == list(range(len(DESIGNED_SPECS)))
    monkeypatch.setattr(core_layout, "MAX_POSITIONS", 8 * 144)  # eight sets, as rules §4.2 allows
    for spec in BIG_SET:
        layout = layout_from_spec(spec)
        assert len(layout) > 144 and len(layout) % 2 == 0
        assert min(x for x, _, _ in layout.positions) == min(y for _, y, _ in layout.positions) == 0
        construct(layout, Rng.from_seed(spec.number))  # reverse play clears it: dealable
        assert (spec.name in listed) == (MAX_POSITIONS > 144)


def test_half_tile_offsets_and_several_layers_are_used() -> None:
    assert sum(1 for layout in LAYOUTS if any(x % 2 or y % 2 for x, y, _ in layout.positions)) >= 10
    assert sum(1 for layout in LAYOUTS if layout.depth >= 3) >= 15


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_each_built_in_has_a_preview_with_one_tile_per_position(layout: Layout) -> None:
    svg = preview_svg(layout, width=240)
    root = ElementTree.fromstring(svg)
    rects = root.findall(".//{http://www.w3.org/2000/svg}rect")
    assert len(rects) == len(layout)
    assert root.get("width") == "240"
    assert layout.title in root.get("aria-label", "")
    # Higher layers are drawn later and darker.
    fills = [rect.get("fill") for rect in rects]
    assert fills[0] == layer_colour(0, layout.depth)
    assert fills[-1] == layer_colour(layout.depth - 1, layout.depth)


def test_preview_escapes_the_title_of_an_imported_layout() -> None:
    layout = Layout.from_positions([(0, 0, 0), (2, 0, 0)], name="x", title='<b>"&"</b>')
    root = ElementTree.fromstring(preview_svg(layout))
    assert root.get("aria-label") == '<b>"&"</b>: 2 tiles, 1 layer'
