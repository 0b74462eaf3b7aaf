"""Shuffle (rules §6): same positions, same faces, solvable; the hopeless case is reported."""

from __future__ import annotations

import time

import pytest

from mahjong_solitaire.classic import construction, shuffle
from mahjong_solitaire.classic.construction import (
    OrderNotFoundError,
    UnclearableError,
    construct,
    exact_order,
)
from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import deal_from_code
from mahjong_solitaire.classic.shuffle import shuffled_tiles
from mahjong_solitaire.core.board import Board
from mahjong_solitaire.core.faces import ShuffleError, ShuffleNotFoundError
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.core.rng import Rng
from mahjong_solitaire.solver import Verdict, solve


def midgame_board(steps: int) -> Board:
    deal = deal_from_code("MJ1-L00-AAAAABL")
    board = deal.board()
    board.play(deal.solution[:steps])
    return board


@pytest.mark.parametrize("steps", [0, 10, 40, 70])
def test_a_shuffle_keeps_positions_and_faces_and_is_solvable(steps):
    board = midgame_board(steps)
    tiles, order = shuffled_tiles(board, Rng.from_seed(steps))
    assert [t is None for t in tiles] == [t is None for t in board.tiles]
    assert sorted(t for t in tiles if t) == sorted(t for t in board.tiles if t)
    shuffled = board.copy()
    shuffled.rearrange(tiles)
    result = solve(shuffled)
    assert result.verdict is Verdict.SOLVABLE
    probe = shuffled.copy()
    probe.play(order)  # the construction's own order wins too
    assert probe.is_won()


def test_game_shuffle_is_solvable_and_counted():
    game = Game(deal_from_code("MJ1-L00-AAAAABL"), clock=lambda: 0.0)
    game.play(game.deal.solution[0])
    before = sorted(t for t in game.board.tiles if t)
    game.shuffle()
    assert game.shuffles == 1
    assert sorted(t for t in game.board.tiles if t) == before
    assert solve(game.board).verdict is Verdict.SOLVABLE


def test_two_tiles_one_on_the_other_cannot_be_shuffled_and_it_is_said_at_once():
    layout = Layout.from_positions([(0, 0, 0), (0, 0, 1)])
    board = Board(layout, ["1B", "1B"])
    start = time.perf_counter()
    with pytest.raises(ShuffleError):
        shuffled_tiles(board, Rng.from_seed(1))
    assert time.perf_counter() - start < 1.0


def test_a_game_whose_shuffle_is_hopeless_is_left_unchanged():
    layout = Layout.from_positions([(0, 0, 0), (0, 0, 1), (4, 0, 0), (8, 0, 0)])
    game = Game(deal_from_code("MJ1-L00-AAAAABL"), clock=lambda: 0.0)
    game.board = Board(layout, ["1B", "2B", "2B", "1B"])
    game.play(next(iter(game.board.matching_pairs())))
    before = game.board.tiles
    with pytest.raises(ShuffleError):
        game.shuffle()
    assert game.board.tiles == before and game.shuffles == 0


# -- honest refusals (rules §6.2) ------------------------------------------------------


def test_no_shuffle_can_help_is_said_only_with_a_proof():
    """A stack of three beside one tile: after the two free ones, one tile is free."""
    layout = Layout.from_positions([(0, 0, 0), (0, 0, 1), (0, 0, 2), (4, 0, 0)])
    with pytest.raises(UnclearableError, match="proven"):
        exact_order(layout, layout.full, 1000)
    with pytest.raises(ShuffleError, match="cannot be cleared"):
        shuffled_tiles(Board(layout, ["1B", "2B", "2B", "1B"]), Rng.from_seed(2))


@pytest.fixture
def search_runs_out(monkeypatch):
    """No random attempt, and an exact search of one position for an ordinary shuffle."""
    monkeypatch.setattr(construction, "MAX_ATTEMPTS", 0)
    monkeypatch.setattr(shuffle, "EXACT_NODES", 1)


def test_when_the_search_runs_out_the_shuffle_says_not_found_yet(search_runs_out):
    board = midgame_board(30)
    with pytest.raises(ShuffleNotFoundError, match="found yet"):
        shuffled_tiles(board, Rng.from_seed(3))
    tiles, order = shuffled_tiles(board, Rng.from_seed(3), patient=True)
    shuffled = board.copy()
    shuffled.rearrange(tiles)
    shuffled.play(order)
    assert shuffled.is_won()


def test_the_exact_search_finds_the_same_order_whatever_its_budget():
    board = midgame_board(40)
    small = exact_order(board.layout, board.present, 10_000)
    assert small is not None
    assert exact_order(board.layout, board.present, 1_000_000) == small
    assert exact_order(board.layout, board.present, 1) is None


def test_a_construction_that_runs_out_is_not_called_unclearable(monkeypatch):
    monkeypatch.setattr(construction, "MAX_ATTEMPTS", 0)
    board = midgame_board(20)
    with pytest.raises(OrderNotFoundError) as raised:
        construct(board.layout, Rng.from_seed(1), board.present, exact_nodes=1)
    assert not isinstance(raised.value, UnclearableError) and raised.value.nodes == 1
    found = construct(board.layout, Rng.from_seed(1), board.present, exact_nodes=10_000)
    present = board.present
    for step, (a, b) in enumerate(found.order):
        free = board.layout.free_mask(present)
        assert found.free_history[step] == free and free >> a & 1 and free >> b & 1, step
        present &= ~((1 << a) | (1 << b))
    assert present == 0


def test_a_game_refused_a_shuffle_not_found_is_unchanged_and_a_patient_one_replays(
    search_runs_out,
):
    game = Game(deal_from_code("MJ2-L00-AAAAABL"), clock=lambda: 0.0)
    game.play(game.deal.solution[0])
    before = (game.board.tiles, list(game.actions))
    with pytest.raises(ShuffleNotFoundError):
        game.shuffle()
    assert (game.board.tiles, game.actions) == before and game.shuffles == 0
    game.shuffle(patient=True)
    again = Game.replay(game.deal, game.actions, clock=lambda: 0.0)
    assert again.board.tiles == game.board.tiles and again.shuffles == 1
