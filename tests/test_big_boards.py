"""Boards of more than 144 positions (rules §4.2, §5.1, §8.2): several tile sets, dealt,
solved, hinted, shuffled and read and written in both file formats."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api_support import checked, human_pace, play, post
from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.cli import main
from mahjong_solitaire.core.board import Board
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import MAX_POSITIONS, Layout
from mahjong_solitaire.core.tiles import TILE_SET, match_key
from mahjong_solitaire.layouts import builtin_layout, export_layout, read_layout_file
from mahjong_solitaire.solver import Verdict, solve
from mahjong_solitaire.solver.random_deals import random_deal
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app

TURTLE = builtin_layout("turtle")


def turtles(count: int, *, keep: int | None = None) -> Layout:
    """``count`` Turtles side by side, four to a row (the first ``keep`` positions only)."""
    positions = [
        (x + 32 * (n % 4), y + 18 * (n // 4), z)
        for n in range(count)
        for x, y, z in TURTLE.positions
    ]
    if keep is not None:
        positions = sorted(positions)[:keep]
    return Layout.from_positions(positions, name=f"turtles-{count}", title=f"{count} Turtles")


def keys(tiles: tuple[str | None, ...]) -> Counter[str]:
    return Counter(match_key(label) for label in tiles if label is not None)


def test_a_layout_holds_up_to_eight_tile_sets() -> None:
    assert MAX_POSITIONS == 1152
    assert len(turtles(8)) == 1152


@pytest.mark.parametrize("sets", [2, 3, 8])
def test_each_144_positions_get_a_full_tile_set(sets: int) -> None:
    deal = generate(turtles(sets), 4, Difficulty.HARD)
    assert Counter(deal.tiles) == Counter(TILE_SET * sets)


@pytest.mark.parametrize(("count", "odd_pair"), [(146, True), (148, False), (290, True)])
def test_the_rest_past_full_sets_is_whole_bundles_and_at_most_one_pair(
    count: int, odd_pair: bool
) -> None:
    layout = turtles(3, keep=count)
    full = count // 144
    for tiles in (generate(layout, 9).tiles, random_deal(layout, 9)):
        counts = keys(tiles)
        assert sum(counts.values()) == count
        # each key: four per full set, plus a whole bundle or nothing, or (once) a pair
        extras = Counter(n - 4 * full for n in counts.values())
        assert set(extras) <= {0, 2, 4}
        assert extras[2] == (1 if odd_pair else 0)
        assert extras[4] == (count % 144) // 4


@pytest.mark.parametrize("difficulty", list(Difficulty))
@pytest.mark.parametrize("sets", [2, 8])
def test_a_big_deal_is_cleared_by_its_own_solution_and_by_the_solver(
    sets: int, difficulty: Difficulty
) -> None:
    deal = generate(turtles(sets), 21, difficulty)
    board = deal.board()
    result = solve(board)
    assert result.verdict is Verdict.SOLVABLE
    board.play(result.moves)
    assert board.is_won()
    again = deal.board()
    again.play(deal.solution)
    assert again.is_won()


def test_a_big_deal_is_the_same_deal_from_the_same_seed() -> None:
    layout = turtles(2)
    assert generate(layout, 5).tiles == generate(turtles(2), 5).tiles
    assert generate(layout, 5).tiles != generate(layout, 6).tiles


def test_hints_and_shuffles_work_on_a_big_board() -> None:
    game = Game(generate(turtles(2), 3, Difficulty.NORMAL))
    for _ in range(10):
        move = game.hint()
        assert move is not None
        game.play(move)
    before = sorted(label for label in game.board.tiles if label)
    game.shuffle()
    assert game.shuffles == 1
    assert sorted(label for label in game.board.tiles if label) == before
    assert solve(game.board).verdict is Verdict.SOLVABLE
    assert game.winnability(look_back=False).status.value == "winnable"


@pytest.mark.parametrize("fmt", ["kmahjongg", "gnome"])
@pytest.mark.parametrize("sets", [2, 8])
def test_a_big_layout_round_trips_through_both_file_formats(fmt: str, sets: int) -> None:
    layout = turtles(sets)
    text = export_layout(layout, fmt)
    (read,) = read_layout_file(text.encode(), f"big.{'layout' if fmt == 'kmahjongg' else 'map'}")
    assert read.positions == layout.positions


def test_a_big_real_style_layout_of_228_positions_is_read_and_dealt() -> None:
    """The real big KMahjongg layouts hold 146 to 228 positions (v1.1, several layers)."""
    layout = turtles(2, keep=228)
    (read,) = read_layout_file(export_layout(layout, "kmahjongg").encode(), "big.layout")
    deal = generate(read, 1, Difficulty.HARD)
    board = deal.board()
    board.play(deal.solution)
    assert board.is_won()


def test_the_deal_picture_shows_every_tile_of_a_big_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'big.db'}"
    source = tmp_path / "eight.layout"
    source.write_text(export_layout(turtles(8), "kmahjongg"))
    assert main(["layouts", "import", str(source), "--database", database]) == 0
    capsys.readouterr()
    assert main(["deal", "--layout", "eight", "--seed", "5", "--database", database]) == 0
    picture = capsys.readouterr().out
    deal = generate(turtles(8), 5)
    assert picture.startswith(f"{deal.code}  Eight, normal")
    shown = Counter(word for line in picture.splitlines()[1:] for word in line.split())
    faces = Counter(deal.tiles)
    assert all(shown[face] >= count for face, count in faces.items())


def test_a_big_board_is_won_through_the_web_and_counted_in_the_statistics(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    human_pace(monkeypatch)
    client = TestClient(create_app(sqlite_store))
    data = export_layout(turtles(2), "gnome").encode()
    answer = checked(
        client.post("/api/layouts", files={"file": ("two.map", data, "text/xml")}), 201
    )
    name = answer["layouts"][0]["name"]
    state = checked(client.post("/api/games", json={"layout": name, "difficulty": "hard"}))
    assert state["tiles_left"] == 288 and state["code"].startswith("MJ2-H")
    hint = post(client, state, "hint")
    assert hint["hint"] is not None
    state = post(client, hint, "shuffle")
    # the board as the page sees it after the shuffle, solved here and played by taps
    layout = turtles(2)
    labels = {tile["i"]: tile["tile"] for tile in state["tiles"]}
    board = Board(layout, [labels.get(i) for i in range(len(layout))])
    for move in solve(board).moves:
        state = play(client, state, move)
    assert state["status"] == "won"
    statistics = checked(client.get("/api/statistics"))
    assert statistics["won"] == 1
    assert [entry["layout"] for entry in statistics["layouts"]] == [name]
    assert checked(client.get("/api/leaderboard"))["entries"] == []  # a hint: assisted
    every = checked(client.get("/api/leaderboard", params={"all": "true"}))["entries"]
    assert every[0]["code"] == state["code"]
