"""rules §1: 144 tiles of 42 kinds, and the matching rule."""

from collections import Counter

import pytest

from mahjong_solitaire.core.tiles import (
    BUNDLES,
    KINDS,
    MATCH_KEYS,
    TILE_SET,
    Family,
    TileError,
    match_key,
    matches,
)


def test_the_set_has_144_tiles_of_42_kinds():
    assert len(TILE_SET) == 144
    assert len(KINDS) == 42
    counts = Counter(TILE_SET)
    assert all(counts[label] == 4 for label, kind in KINDS.items() if kind.copies == 4)
    assert [label for label, kind in KINDS.items() if kind.copies == 1] == [
        "F1",
        "F2",
        "F3",
        "F4",
        "S1",
        "S2",
        "S3",
        "S4",
    ]


def test_labels_are_the_numbers_style_of_the_spec():
    expected = (
        [f"{n}{s}" for s in "BCD" for n in range(1, 10)]
        + ["N", "S", "E", "W", "R", "G", "Wh"]
        + [f"F{n}" for n in range(1, 5)]
        + [f"S{n}" for n in range(1, 5)]
    )
    assert list(KINDS) == expected


def test_families_and_names():
    assert KINDS["5B"].family is Family.BAMBOO and KINDS["5B"].name == "5 of Bamboo"
    assert KINDS["5C"].family is Family.CHARACTERS
    assert KINDS["5D"].family is Family.CIRCLES
    assert KINDS["Wh"].name == "White dragon"
    assert KINDS["F2"].family is Family.FLOWER and KINDS["S4"].family is Family.SEASON


def test_identical_tiles_match():
    assert matches("5D", "5D")
    assert matches("E", "E")
    assert not matches("5D", "5C")


def test_any_two_flowers_match_and_any_two_seasons_match():
    assert all(matches(f"F{a}", f"F{b}") for a in range(1, 5) for b in range(1, 5))
    assert all(matches(f"S{a}", f"S{b}") for a in range(1, 5) for b in range(1, 5))


def test_a_flower_never_matches_a_season():
    assert not any(matches(f"F{a}", f"S{b}") for a in range(1, 5) for b in range(1, 5))


def test_a_red_dragon_never_matches_a_green_one():
    assert not matches("R", "G")


def test_the_south_wind_is_not_a_season():
    assert not matches("S", "S1")
    assert match_key("S") != match_key("S1")


def test_bundles_are_36_groups_of_four_matching_tiles():
    assert len(MATCH_KEYS) == 36 and len(BUNDLES) == 36
    assert sorted(t for bundle in BUNDLES for t in bundle) == sorted(TILE_SET)
    for bundle in BUNDLES:
        assert all(matches(bundle[0], t) for t in bundle)


def test_unknown_label_is_a_clear_error():
    with pytest.raises(TileError, match="unknown tile label 'X9'"):
        matches("X9", "1B")
