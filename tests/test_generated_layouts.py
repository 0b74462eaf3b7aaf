"""Layouts made from a seed (rules §8.4): every family makes exactly the tiles asked for,
symmetric as its family says, on at least three layers, cleared by a construction found for
it; its stable name and its ``MJ2-G…`` code deal it with no database row, and every older
code deals what it dealt."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_solitaire.classic.codes import GameCode
from mahjong_solitaire.classic.construction import construct
from mahjong_solitaire.classic.generated import generated_layout, generated_named
from mahjong_solitaire.classic.generator import deal_from_code
from mahjong_solitaire.core.codes import CodeError
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import LayoutError
from mahjong_solitaire.core.rng import Rng
from mahjong_solitaire.layouts.generated import (
    FAMILIES,
    MAX_LAYOUT_SEED,
    MAX_TILES,
    MIN_LAYERS,
    MIN_TILES,
    GeneratedSpec,
)

FAMILY_NAMES = [family.name for family in FAMILIES]
specs = st.builds(
    GeneratedSpec,
    seed=st.integers(0, MAX_LAYOUT_SEED),
    family=st.sampled_from(FAMILY_NAMES),
    tiles=st.integers(MIN_TILES // 2, MAX_TILES // 2).map(lambda n: 2 * n),
)


def mirrored_x(positions):  # type: ignore[no-untyped-def]
    right = max(x for x, _, _ in positions)
    return {(right - x, y, z) for x, y, z in positions}


def mirrored_y(positions):  # type: ignore[no-untyped-def]
    bottom = max(y for _, y, _ in positions)
    return {(x, bottom - y, z) for x, y, z in positions}


def test_there_are_at_least_six_families_each_with_its_own_letter() -> None:
    assert len(FAMILIES) >= 6
    assert len({family.letter for family in FAMILIES}) == len(FAMILIES)


@settings(max_examples=40, deadline=None)
@given(specs)
def test_a_generated_layout_has_exactly_the_tiles_asked_for_on_three_layers_or_more(
    spec: GeneratedSpec,
) -> None:
    layout = generated_layout(spec)
    assert len(layout) == spec.tiles
    assert layout.depth >= MIN_LAYERS


@settings(max_examples=40, deadline=None)
@given(specs)
def test_a_generated_layout_is_symmetric_where_its_family_says_so(spec: GeneratedSpec) -> None:
    positions = set(generated_layout(spec).positions)
    family = spec.shape
    assert family.left_right or family.top_bottom
    if family.left_right:
        assert mirrored_x(positions) == positions
    if family.top_bottom:
        assert mirrored_y(positions) == positions


@settings(max_examples=25, deadline=None)
@given(specs, st.integers(0, 2**32))
def test_a_generated_layout_can_be_cleared_and_its_deals_are_won_by_their_solution(
    spec: GeneratedSpec, seed: int
) -> None:
    layout = generated_layout(spec)
    construction = construct(layout, Rng.from_seed(seed))
    assert len(construction.order) == spec.tiles // 2
    deal = deal_from_code(GameCode.of(layout, seed % 1000, Difficulty.HARD))
    board = deal.board()
    board.play(deal.solution)
    assert board.is_won()


@settings(max_examples=40, deadline=None)
@given(specs, st.integers(0, 10**6), st.sampled_from(list(Difficulty)))
def test_a_generated_code_round_trips_and_deals_the_same_layout(
    spec: GeneratedSpec, seed: int, difficulty: Difficulty
) -> None:
    code = GameCode.of(generated_layout(spec), seed, difficulty)
    text = str(code)
    assert text.startswith(f"MJ2-G{spec.seed}{spec.shape.letter}{spec.tiles}-")
    assert len(text) <= 32  # the games table's code column
    again = GameCode.parse(text.lower())
    assert again == code and str(again) == text
    assert deal_from_code(text).layout == generated_layout(spec)
    assert deal_from_code(text).code == text


@settings(max_examples=30, deadline=None)
@given(specs)
def test_a_stable_name_names_its_layout_and_nothing_else_does(spec: GeneratedSpec) -> None:
    assert GeneratedSpec.parse_name(spec.name) == spec
    assert generated_named(spec.name) == generated_layout(spec)
    assert generated_layout(spec).name == spec.name


@pytest.mark.parametrize(
    "name", ["turtle", "rings-145-3", "rings-144-", "hexes-144-3", "rings-144-03"]
)
def test_a_name_that_is_not_a_generated_one_is_none(name: str) -> None:
    assert GeneratedSpec.parse_name(name) is None


def test_the_same_spec_draws_the_same_layout_every_time() -> None:
    spec = GeneratedSpec(12, "diamonds", 144)
    first = generated_layout(spec).positions
    generated_layout.cache_clear()
    assert generated_layout(spec).positions == first
    assert GeneratedSpec(13, "diamonds", 144) != spec
    assert generated_layout(GeneratedSpec(13, "diamonds", 144)).positions != first


@pytest.mark.parametrize(
    ("seed", "family", "tiles"),
    [
        (-1, "rings", 144),
        (MAX_LAYOUT_SEED + 1, "rings", 144),
        (0, "hexes", 144),
        (0, "rings", 70),
        (0, "rings", 290),
        (0, "rings", 145),
        (True, "rings", 144),
    ],
)
def test_a_spec_out_of_range_is_refused(seed: int, family: str, tiles: int) -> None:
    with pytest.raises(LayoutError):
        GeneratedSpec(seed, family, tiles)


@pytest.mark.parametrize(
    "code",
    [
        "MJ2-G12R145-AAAAABL",
        "MJ2-G12Q144-AAAAABL",
        "MJ2-G12R300-AAAAABL",
        "MJ2-G1234567890R144-AAAAABL",
        "MJ2-GR144-AAAAABL",
    ],
)
def test_a_bad_generated_code_is_a_code_error(code: str) -> None:
    with pytest.raises(CodeError):
        GameCode.parse(code)


PINNED = {
    "MJ1-L00-AAAAABL": "MJ1-L00-AAAAABL",
    "mj2-l05-aaabcde": "MJ2-L05-AAABCDE",
    "MJ2-HABCDE23456-AAAAABL": "MJ2-HABCDE23456-AAAAABL",
}


@pytest.mark.parametrize(("text", "canonical"), PINNED.items())
def test_every_older_code_reads_and_writes_as_it_did(text: str, canonical: str) -> None:
    code = GameCode.parse(text)
    assert str(code) == canonical
    assert code.generated is None and code.mirror == ""
