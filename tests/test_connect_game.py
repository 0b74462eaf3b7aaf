"""Connect games: the classic tap rules (rules §3.1) with the connection test, the aids, the
action log, and the ``connect deal`` command line."""

from __future__ import annotations

import json

import pytest

from mahjong_solitaire.cli import main
from mahjong_solitaire.connect import ConnectDeal, ConnectGame, Shape, Slide, stage
from mahjong_solitaire.connect.generator import connect_deal_from_code
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.faces import ShuffleError
from mahjong_solitaire.core.game import GameError, GameStatus, TapOutcome
from mahjong_solitaire.core.moves import IllegalMoveError, Move


def new_game(number: int = 2, seed: int = 4) -> ConnectGame:
    return ConnectGame(stage(number).deal(seed), clock=lambda: 0.0)


def test_tapping_two_connected_matching_tiles_removes_them_and_keeps_the_path() -> None:
    game = new_game()
    move = game.deal.solution[0]
    assert game.tap(move.a).outcome is TapOutcome.SELECTED
    path = game.board.path(move)
    result = game.tap(move.b)
    assert (result.outcome, result.move) == (TapOutcome.MATCHED, move)
    assert game.last_path == path
    assert game.board.tiles_left == len(game.deal.tiles) - 2


def test_tapping_the_selected_tile_again_deselects_it() -> None:
    game = new_game()
    cell = game.deal.solution[0].a
    game.tap(cell)
    assert game.tap(cell).outcome is TapOutcome.DESELECTED
    assert game.selection is None


def test_a_second_tile_that_does_not_match_or_connect_moves_the_selection() -> None:
    game = ConnectGame(stage(1).deal(0), clock=lambda: 0.0)
    board = game.board
    first = game.deal.solution[0].a
    other = next(
        i for i in range(len(board.tiles)) if i != first and not board.is_legal(Move(first, i))
    )
    game.tap(first)
    result = game.tap(other)
    assert (result.outcome, game.selection) == (TapOutcome.RESELECTED, other)
    assert board.tiles_left == len(game.deal.tiles)


def test_tapping_an_empty_cell_is_an_error() -> None:
    game = new_game()
    game.play(game.deal.solution[0])
    empty = next(i for i, t in enumerate(game.board.tiles) if t is None)
    with pytest.raises(GameError, match="no tile"):
        game.tap(empty)


def test_a_game_played_by_taps_along_the_solution_is_won_and_the_clock_stops() -> None:
    game = new_game(7, 1)
    for move in game.deal.solution:
        game.tap(move.a)
        game.tap(move.b)
    assert game.status is GameStatus.WON
    with pytest.raises(GameError, match="over"):
        game.hint()


def test_illegal_play_changes_nothing() -> None:
    game = new_game()
    board = game.board
    illegal = next(Move(0, j) for j in range(1, len(board.tiles)) if not board.is_legal(Move(0, j)))
    with pytest.raises(IllegalMoveError):
        game.play(illegal)
    assert game.actions == [] and game.board.tiles == game.deal.tiles


def test_hint_undo_redo_and_shuffle_are_counted_and_logged() -> None:
    game = new_game(5, 2)
    hint = game.hint()
    assert hint == game.deal.solution[0]
    game.play(hint)
    game.undo()
    game.redo()
    game.shuffle()
    assert (game.hints, game.undos, game.shuffles) == (1, 1, 1)
    assert game.actions == ["hint", str(hint), "undo", "redo", "shuffle"]
    plan = game.board.plan
    assert plan is not None and game.hint() == plan[0]


def test_a_replayed_action_log_rebuilds_the_same_position() -> None:
    game = new_game(9, 3)
    game.play(game.deal.solution[0])
    game.shuffle()
    for _ in range(3):
        move = game.hint()
        assert move is not None
        game.play(move)
    game.undo()
    again = ConnectGame.replay(game.deal, game.actions, clock=lambda: 0.0)
    assert again.board.tiles == game.board.tiles
    assert again.moves == game.moves


def test_a_stuck_game_reports_stuck_and_a_shuffle_unsticks_it() -> None:
    tiles = (
        "1B",
        "5B",
        "3B",
        "2B",
        "6B",
        "3B",
        "4B",
        "6B",
        "2B",
        "4B",
        "5B",
        "1B",
    )  # a hand-made position: no matching pair connects
    deal = ConnectDeal(Shape(4, 3), Slide.NONE, tiles, (), Difficulty.EASY, 0, 0.0)
    game = ConnectGame(deal, clock=lambda: 0.0)
    assert game.status is GameStatus.STUCK
    assert game.hint() is None
    game.shuffle()
    assert game.status is GameStatus.PLAYING
    plan = game.board.plan
    assert plan is not None
    for move in plan:
        game.play(move)
    assert game.status is GameStatus.WON


def test_pause_hides_nothing_of_the_rules_but_stops_taps() -> None:
    game = new_game()
    game.pause()
    with pytest.raises(GameError, match="paused"):
        game.tap(game.deal.solution[0].a)
    game.resume()
    assert game.tap(game.deal.solution[0].a).outcome is TapOutcome.SELECTED


# -- command line -----------------------------------------------------------------------


def test_connect_deal_json_has_the_connect_1_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["connect", "deal", "--stage", "4", "--seed", "11", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "mahjong-solitaire/connect-1"
    assert (data["width"], data["height"], data["slide"]) == (14, 6, "up")
    assert len(data["grid"]) == 6 and all(len(row) == 14 for row in data["grid"])
    deal = connect_deal_from_code(data["code"])
    assert data["grid"] == deal.grid()
    board = deal.board()
    for (x1, y1), (x2, y2) in data["solution"]:
        board.push(Move(y1 * 14 + x1, y2 * 14 + x2))
    assert board.is_won()


def test_connect_deal_by_code_prints_a_readable_grid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["connect", "deal", "--code", "cn1-1006a-aaaaabl"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("CN1-1006A-AAAAABL  10×6 · No sliding")
    assert len(out) == 7
    assert all(len(line.split()) == 10 for line in out[1:])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["connect", "deal", "--code", "CN1-nope"], "not a Connect code"),
        (["connect", "deal", "--stage", "0"], "stages start at 1"),
        (["connect", "deal", "--seed", "-1"], "--seed must lie in"),
        (["connect", "deal", "--code", "CN1-1006A-AAAAABL", "--seed", "3"], "does not apply"),
    ],
)
def test_connect_deal_errors_are_one_line_with_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_shuffle_of_tiles_that_do_not_pair_up_is_refused_and_changes_nothing() -> None:
    tiles = ("1B", "2B", "3B", "4B", "1B", "2B", "3B", "5B")
    deal = ConnectDeal(Shape(4, 2), Slide.NONE, tiles, (), Difficulty.EASY, 0, 0.0)
    game = ConnectGame(deal, clock=lambda: 0.0)
    with pytest.raises(ShuffleError, match="4B, 5B left without a partner"):
        game.shuffle()
    assert game.board.tiles == deal.tiles and game.shuffles == 0
