"""``mahjong-solitaire deal``: pictures, JSON deal objects, and one-line errors."""

import json
import subprocess
import sys

import pytest

from mahjong_solitaire.cli import main
from mahjong_solitaire.core.board import Board
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.core.moves import Move
from mahjong_solitaire.core.tiles import TILE_SET


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_json_deal_object_has_the_documented_fields(capsys):
    status, out, _ = run(capsys, "deal", "--seed", "12", "--json")
    assert status == 0
    deal = json.loads(out)
    assert deal["format"] == "mahjong-solitaire/deal-1"
    assert deal["code"] == "MJ2-L00-AAAAABL"
    assert deal["layout"] == "turtle" and deal["difficulty"] == "normal"
    assert isinstance(deal["score"], float)
    assert sorted(t[3] for t in deal["tiles"]) == sorted(TILE_SET)
    assert len(deal["solution"]) == 72


def test_json_solution_replays_on_the_json_tiles(capsys):
    _, out, _ = run(capsys, "deal", "--seed", "3", "--difficulty", "hard", "--json")
    deal = json.loads(out)
    layout = Layout.from_positions([t[:3] for t in deal["tiles"]])
    assert list(layout.positions) == [tuple(t[:3]) for t in deal["tiles"]]  # stable order
    board = Board(layout, [t[3] for t in deal["tiles"]])
    board.play(Move(a, b) for a, b in deal["solution"])
    assert board.is_won()


def test_count_gives_deals_from_consecutive_seeds(capsys):
    _, out, _ = run(capsys, "deal", "--seed", "10", "--count", "3", "--json")
    deals = [json.loads(line) for line in out.splitlines()]
    assert [d["seed"] for d in deals] == [10, 11, 12]
    assert deals[2]["code"] == "MJ2-L00-AAAAABL"


def test_code_and_daily_reproduce_their_deals(capsys):
    _, by_code, _ = run(capsys, "deal", "--code", "mj2-l00-aaaaabl", "--json")
    _, by_seed, _ = run(capsys, "deal", "--seed", "12", "--json")
    assert by_code == by_seed
    _, first, _ = run(capsys, "deal", "--code", "mj1-l00-aaaaabl", "--json")
    assert json.loads(first)["code"] == "MJ1-L00-AAAAABL" and first != by_seed
    _, daily_a, _ = run(capsys, "deal", "--daily", "2026-11-29", "--json")
    _, daily_b, _ = run(capsys, "deal", "--daily", "2026-11-29", "--json")
    assert daily_a == daily_b


def test_picture_shows_each_layer_and_the_code(capsys):
    _, out, _ = run(capsys, "deal", "--seed", "12")
    assert out.startswith("MJ2-L00-AAAAABL  Turtle, normal")
    for z in range(5):
        assert f"layer {z}" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "--code", "MJ1-L00-AAAA"], "is not a game code"),
        (["deal", "--code", "MJ1-L55-AAAAABL"], "no built-in layout L55"),
        (["deal", "--layout", "nowhere"], "unknown layout"),
        (["deal", "--daily", "2026-13-01"], "not a date"),
        (["deal", "--seed", "-4"], "seeds must lie in"),
        (["deal", "--count", "0"], "--count must be at least 1"),
        (["deal", "--code", "MJ1-L00-AAAAABL", "--count", "2"], "do not apply"),
    ],
)
def test_errors_are_one_line_with_status_2(capsys, args, message):
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_usage_errors_are_one_line_with_status_2():
    result = subprocess.run(
        [sys.executable, "-m", "mahjong_solitaire", "deal", "--difficulty", "extreme"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "invalid choice" in result.stderr and "Traceback" not in result.stderr


def test_python_dash_m_runs_the_cli():
    result = subprocess.run(
        [sys.executable, "-m", "mahjong_solitaire", "deal", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(result.stdout)["seed"] == 1
