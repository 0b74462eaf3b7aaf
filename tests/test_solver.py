"""The solver: proved verdicts, legal solutions, and the published unsolvable share."""

from __future__ import annotations

import pytest

from mahjong_solitaire.board import Board
from mahjong_solitaire.generator import Difficulty, generate
from mahjong_solitaire.layout import Layout
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.solver import SolverError, Verdict, random_board, random_deal, solve
from mahjong_solitaire.tiles import TILE_SET

TURTLE = builtin_layout("turtle")


def board_of(tiles: list[tuple[int, int, int, str]]) -> Board:
    layout = Layout.from_positions([t[:3] for t in tiles])
    labels = {t[:3]: t[3] for t in tiles}
    return Board(layout, [labels[p] for p in layout.positions])


def assert_replays(board: Board, moves) -> None:
    probe = board.copy(stack=False)
    probe.play(moves)  # raises IllegalMoveError on any illegal step
    assert probe.is_won()


def test_a_solution_replays_legally_on_a_constructed_deal():
    board = generate(TURTLE, 5, Difficulty.HARD).board()
    result = solve(board)
    assert result.verdict is Verdict.SOLVABLE and len(result.moves) == 72
    assert_replays(board, result.moves)
    assert board.tiles_left == 144  # the board itself is not changed


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_every_constructed_deal_is_solvable(difficulty):
    for seed in range(4):
        board = generate(TURTLE, seed, difficulty).board()
        result = solve(board)
        assert result.verdict is Verdict.SOLVABLE
        assert_replays(board, result.moves)


def test_two_last_copies_stacked_are_proved_unsolvable():
    board = board_of([(0, 0, 0, "1B"), (0, 0, 1, "1B"), (4, 0, 0, "2B"), (8, 0, 0, "2B")])
    assert solve(board).verdict is Verdict.UNSOLVABLE


def test_a_tile_lying_on_all_three_partners_is_proved_unsolvable():
    board = board_of([(0, 0, 0, "1B"), (2, 0, 0, "1B"), (0, 2, 0, "1B"), (2, 2, 0, "2B"),
                      (1, 1, 1, "1B"), (6, 0, 0, "2B")])
    assert solve(board).verdict is Verdict.UNSOLVABLE


def test_a_cycle_across_two_stacks_is_proved_unsolvable():
    board = board_of([(0, 0, 0, "1B"), (0, 0, 1, "2B"), (4, 0, 0, "2B"), (4, 0, 1, "1B")])
    assert solve(board).verdict is Verdict.UNSOLVABLE


def test_a_position_where_the_obvious_pair_loses_is_solved():
    # Pairing the two free 1B on the floor first strands the other two 1B in a cycle
    # with the 2B; the winning order pairs the 1B on top of a stack first.
    board = board_of([(0, 0, 0, "1B"), (0, 0, 1, "2B"), (4, 0, 0, "1B"), (8, 0, 0, "1B"),
                      (20, 0, 0, "2B"), (20, 0, 1, "1B")])
    result = solve(board)
    assert result.verdict is Verdict.SOLVABLE
    assert_replays(board, result.moves)


def test_an_odd_count_of_a_key_is_unsolvable():
    board = board_of([(0, 0, 0, "1B"), (4, 0, 0, "2B")])
    assert solve(board).verdict is Verdict.UNSOLVABLE


def test_flowers_match_each_other_as_one_group_of_four():
    board = board_of([(0, 0, 0, "F1"), (4, 0, 0, "F3"), (8, 0, 0, "F2"), (12, 0, 0, "F4")])
    result = solve(board)
    assert result.verdict is Verdict.SOLVABLE
    assert_replays(board, result.moves)


def test_more_than_four_tiles_of_one_key_are_refused():
    board = board_of([(2 * i, 0, 0, "1B") for i in range(0, 12, 2)])
    with pytest.raises(SolverError):
        solve(board)


def test_unknown_only_when_a_limit_is_hit():
    board = random_board(TURTLE, 6)
    limited = solve(board, node_limit=3)
    assert limited.verdict in (Verdict.UNKNOWN, Verdict.SOLVABLE)
    if limited.verdict is Verdict.UNKNOWN:
        assert limited.nodes <= 3 and limited.moves == ()
    assert solve(board, time_limit=1e-9).verdict is Verdict.UNKNOWN


def test_random_deals_use_the_whole_tile_set_and_are_reproducible():
    assert sorted(random_deal(TURTLE, 3)) == sorted(TILE_SET)
    assert random_deal(TURTLE, 3) == random_deal(TURTLE, 3) != random_deal(TURTLE, 4)


def test_the_empty_board_is_solved():
    board = board_of([(0, 0, 0, "1B"), (4, 0, 0, "1B")])
    board.push(board.matching_pairs()[0])
    result = solve(board)
    assert result.verdict is Verdict.SOLVABLE and result.moves == ()


@pytest.mark.slow
def test_random_turtle_deals_are_all_decided_and_about_three_percent_unsolvable():
    """de Bondt: 2.95-2.96 % of random Turtle deals cannot be cleared (full information)."""
    unsolvable = 0
    for seed in range(1000):
        board = random_board(TURTLE, seed)
        result = solve(board)
        assert result.verdict is not Verdict.UNKNOWN, seed
        if result.verdict is Verdict.UNSOLVABLE:
            unsolvable += 1
        else:
            assert_replays(board, result.moves)
    assert 15 <= unsolvable <= 45
