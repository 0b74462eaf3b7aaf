"""Boards played mirrored (rules §8.5): any layout, built-in, imported or generated, played
left–right (``X``), top–bottom (``Y``) or both; the mirrored deal is the deal of the code
without mirrors with every tile on its mirror image, won by the mirrored solution; its code
carries the mirrors, every older code deals what it dealt, and a mirrored layout is ranked
as a layout of its own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api_support import checked, refused
from mahjong_solitaire.classic.codes import GameCode
from mahjong_solitaire.classic.generated import generated_layout
from mahjong_solitaire.classic.generator import deal_from_code, generate
from mahjong_solitaire.classic.mirror import mirrored_layout, mirrored_positions
from mahjong_solitaire.classic.mode import CLASSIC
from mahjong_solitaire.core.codes import MAX_SEED
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.layouts import builtin_layouts
from mahjong_solitaire.layouts.generated import GeneratedSpec
from mahjong_solitaire.store.records import layout_deal
from mahjong_solitaire.web.games.lifecycle import COOKIE

BUILTIN = list(builtin_layouts())
MIRRORS = ["X", "Y", "XY"]
IMPORTED = Layout.from_positions(
    [(x, 0, 0) for x in range(0, 16, 2)]
    + [(x, 3, 0) for x in range(1, 9, 2)]
    + [(3, 1, 1), (5, 1, 1)],
    name="half-steps",
)


def faces_by_position(deal) -> dict:  # type: ignore[no-untyped-def]
    return dict(zip(deal.layout.positions, deal.tiles, strict=True))


def check_mirror_of(plain, mirrored, mirror: str) -> None:  # type: ignore[no-untyped-def]
    moved = dict(zip(mirrored_positions(plain.layout.positions, mirror), plain.tiles, strict=True))
    assert faces_by_position(mirrored) == moved
    board = mirrored.board()
    board.play(mirrored.solution)
    assert board.is_won()
    assert mirrored.score == plain.score


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(BUILTIN),
    st.sampled_from(MIRRORS),
    st.integers(0, MAX_SEED),
    st.sampled_from(list(Difficulty)),
)
def test_a_mirrored_builtin_deal_is_the_deal_mirrored_and_its_code_carries_the_mirror(
    layout: Layout, mirror: str, seed: int, difficulty: Difficulty
) -> None:
    plain = GameCode(layout.number, seed, difficulty)
    code = str(GameCode(layout.number, seed, difficulty, mirror=mirror))
    assert code == str(plain).replace(f"-L{layout.number:02d}-", f"-L{layout.number:02d}{mirror}-")
    mirrored = deal_from_code(code)
    assert mirrored.code == code and str(GameCode.parse(code.lower())) == code
    check_mirror_of(deal_from_code(plain), mirrored, mirror)


@pytest.mark.parametrize("mirror", MIRRORS)
def test_a_mirrored_generated_layout_is_dealt_from_its_code(mirror: str) -> None:
    spec = GeneratedSpec(77, "stairs", 120)
    code = f"MJ2-G77S120{mirror}-AAAAABL"
    mirrored = deal_from_code(code)
    assert mirrored.code == code
    suffix = {"X": "lr", "Y": "tb", "XY": "both"}[mirror]
    assert mirrored.layout.name == f"stairs-120-77-mirrored-{suffix}"
    check_mirror_of(deal_from_code("MJ2-G77S120-AAAAABL"), mirrored, mirror)
    assert deal_from_code("MJ2-G77S120-AAAAABL").layout == generated_layout(spec)


@pytest.mark.parametrize("mirror", MIRRORS)
def test_a_mirrored_imported_layout_is_named_by_the_hash_of_the_layout_it_mirrors(
    mirror: str,
) -> None:
    plain = generate(IMPORTED, 5, Difficulty.NORMAL)
    flipped = mirrored_layout(IMPORTED, mirror)
    code = GameCode.of(flipped, 5, Difficulty.NORMAL)
    assert str(code) == plain.code.replace("-AAA", f"{mirror}-AAA", 1)
    mirrored = deal_from_code(code, IMPORTED)
    check_mirror_of(plain, mirrored, mirror)
    # a stored game keeps the mirrored positions and its code: dealt again the same
    again = layout_deal(flipped.positions, flipped.name, 5, "normal", str(code))
    assert faces_by_position(again) == faces_by_position(mirrored)
    assert again.layout.name == flipped.name and again.code == str(code)


def test_a_mirrored_layout_is_ranked_as_a_layout_of_its_own() -> None:
    names = {CLASSIC.ranking_name(deal_from_code(f"MJ2-L00{m}-AAAAABL")) for m in ["", *MIRRORS]}
    assert names == {"turtle", "turtle-mirrored-lr", "turtle-mirrored-tb", "turtle-mirrored-both"}


@pytest.mark.parametrize("code", ["MJ2-L00YX-AAAAABL", "MJ2-L00Z-AAAAABL", "MJ2-L00XX-AAAAABL"])
def test_a_code_with_mirrors_out_of_order_is_refused(code: str) -> None:
    from mahjong_solitaire.core.codes import CodeError

    with pytest.raises(CodeError):
        GameCode.parse(code)


def test_the_api_plays_a_layout_mirrored_and_ranks_it_apart(client, sqlite_store) -> None:  # type: ignore[no-untyped-def]
    state = checked(client.post("/api/games", json={"layout": "turtle", "mirror": "X"}))
    assert GameCode.parse(state["code"]).mirror == "X" and state["code"].startswith("MJ2-L00X-")
    assert (
        state["layout"]["name"] == "turtle-mirrored-lr" and state["layout"]["title"] == "Turtle ⇆"
    )
    plain = deal_from_code(state["code"].replace("L00X", "L00"))
    drawn = {(t["x"], t["y"], t["z"]): t["tile"] for t in state["tiles"]}
    moved = dict(zip(mirrored_positions(plain.layout.positions, "X"), plain.tiles, strict=True))
    assert drawn == moved
    again = checked(client.post("/api/games", json={"code": state["code"]}))
    assert {(t["x"], t["y"], t["z"]): t["tile"] for t in again["tiles"]} == drawn
    stored = sqlite_store.get_game(client.cookies[COOKIE], again["id"])
    assert stored.layout_name == "turtle-mirrored-lr" and stored.layout_positions is None


def test_the_api_refuses_a_mirror_with_a_code_or_the_daily(client) -> None:  # type: ignore[no-untyped-def]
    refused(
        client.post("/api/games", json={"code": "MJ2-L00-AAAAABL", "mirror": "X"}),
        400,
        "bad_request",
    )
    refused(client.post("/api/games", json={"daily": True, "mirror": "Y"}), 400, "bad_request")
    refused(client.post("/api/games", json={"layout": "turtle", "mirror": "Z"}), 422, "bad_body")


def test_a_mirrored_layout_is_played_again_by_its_name(client) -> None:  # type: ignore[no-untyped-def]
    state = checked(client.post("/api/games", json={"layout": "crosses-96-4-mirrored-tb"}))
    assert (
        state["code"].startswith("MJ2-G4C96Y-")
        and state["layout"]["name"] == "crosses-96-4-mirrored-tb"
    )
    refused(
        client.post("/api/games", json={"layout": "turtle-mirrored-lr", "mirror": "Y"}),
        400,
        "bad_request",
    )


def test_a_share_link_of_a_mirrored_imported_game_brings_its_layout_along(
    client, sqlite_store
) -> None:  # type: ignore[no-untyped-def]
    flipped = mirrored_layout(IMPORTED, "Y")
    code = str(GameCode.of(flipped, 9, Difficulty.NORMAL))
    shared = {"title": "Half Steps ⇅", "positions": [list(p) for p in flipped.positions]}
    state = checked(client.post("/api/games", json={"code": code, "shared_layout": shared}))
    assert state["code"] == code and state["layout"]["name"].endswith("-mirrored-tb")
    drawn = {(t["x"], t["y"], t["z"]): t["tile"] for t in state["tiles"]}
    assert drawn == faces_by_position(deal_from_code(code, IMPORTED))
    [kept] = sqlite_store.imported_layouts(client.cookies[COOKIE])
    assert kept.positions == IMPORTED.positions and kept.title == "Half Steps"
