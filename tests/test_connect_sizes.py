"""Connect grids of the player's choice (rules §9.1, §9.5, §11.2): every
offered size deals solvable games with every sliding rule, 24×12 with two full sets, and
the size travels in the code as the stages' sizes always did."""

from __future__ import annotations

from collections import Counter

import pytest

from mahjong_solitaire.cli import main
from mahjong_solitaire.connect import ConnectCode, Shape, ShapeError, Slide, generate
from mahjong_solitaire.connect.generator import connect_deal_from_code
from mahjong_solitaire.connect.mode import CONNECT
from mahjong_solitaire.connect.sizes import GRID_SIZES, parse_size
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.tiles import TILE_SET


def test_the_offered_sizes_include_the_shisen_sho_boards() -> None:
    offered = {(shape.width, shape.height) for shape in GRID_SIZES}
    assert {(14, 6), (17, 8), (18, 8), (24, 12)} <= offered


@pytest.mark.parametrize("shape", GRID_SIZES, ids=lambda s: f"{s.width}x{s.height}")
@pytest.mark.parametrize("rule", list(Slide), ids=lambda r: r.value)
def test_every_size_is_solvable_by_construction_with_every_rule(shape: Shape, rule: Slide) -> None:
    deal = generate(shape, rule, 11, Difficulty.HARD if rule.index % 2 else Difficulty.EASY)
    board = deal.board()
    board.play(deal.solution)  # every recorded pair matches and connects in its turn
    assert board.is_won()
    assert len(deal.solution) * 2 == len(shape)


def test_the_24_by_12_grid_holds_two_full_tile_sets() -> None:
    deal = generate(Shape(24, 12), Slide.DOWN, 3)
    assert Counter(deal.tiles) == Counter(TILE_SET * 2)


def test_a_chosen_grid_has_a_code_that_carries_its_size_and_its_own_ranking() -> None:
    deal = generate(Shape(24, 12), Slide.GATHER_V, 77, Difficulty.HARD)
    assert deal.code.startswith("CN2-2412H-")
    assert connect_deal_from_code(deal.code) == deal
    assert ConnectCode.parse(deal.code).shape == Shape(24, 12)
    assert CONNECT.ranking_name(deal) == "connect-24x12-gather-v"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("24 by 12", "not a grid size"),
        ("20x10", "not whole sets"),
        ("30x12", "more than the 288"),
        ("5x3", "not a multiple of 4"),
        ("0x8", "positive integer"),
    ],
)
def test_a_size_no_grid_can_have_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(ShapeError, match=message):
        parse_size(text)


def test_connect_deal_takes_a_size_a_rule_and_a_difficulty(capsys) -> None:
    assert main(["connect", "deal", "--size", "24x12", "--slide", "up", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("CN2-2412D-")
    assert len(out.splitlines()) == 1 + 12
    assert main(["connect", "deal", "--size", "17x8", "--difficulty", "easy", "--json"]) == 0
    assert '"width":17,"height":8' in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "20x10"], "--size 20x10: a 20×10 grid has 200 cells"),
        (["--size", "big"], "--size big:"),
        (["--slide", "down"], "--slide and --difficulty choose a --size grid"),
    ],
)
def test_a_bad_size_is_one_line_and_status_2(capsys, args: list[str], message: str) -> None:
    assert main(["connect", "deal", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
