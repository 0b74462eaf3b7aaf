"""Shuffle (rules §6): same positions, same faces, solvable; the hopeless case is reported."""

from __future__ import annotations

import time

import pytest

from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import deal_from_code
from mahjong_solitaire.classic.shuffle import shuffled_tiles
from mahjong_solitaire.core.board import Board
from mahjong_solitaire.core.faces import ShuffleError
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
