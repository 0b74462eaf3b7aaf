"""Hints: always a legal pair, the next of a winning plan, and the plan is reused."""

from __future__ import annotations

import pytest

from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import deal_from_code, generate
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.solver import hint as hint_module
from mahjong_solitaire.solver.hint import Hinter, most_freeing, suggest
from mahjong_solitaire.solver.random_deals import random_board

TURTLE = builtin_layout("turtle")


def assert_legal_pair(board, move):
    assert move is not None
    assert board.is_free(move.a) and board.is_free(move.b)
    assert board.is_legal(move)


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_following_hints_to_the_end_empties_the_board(difficulty):
    board = generate(TURTLE, 21, difficulty).board()
    hinter = Hinter()
    while not board.is_won():
        move = hinter.hint(board)
        assert_legal_pair(board, move)
        board.push(move)
    assert hinter.hint(board) is None


def test_a_hint_is_a_legal_matching_free_pair_along_a_deal_and_after_detours():
    deal = generate(TURTLE, 8, Difficulty.NORMAL)
    board = deal.board()
    for n, move in enumerate(deal.solution):
        if n % 9 == 0:
            assert_legal_pair(board, suggest(board))
        board.push(move)


def test_a_hint_on_a_random_deal_is_a_legal_pair():
    for seed in range(5):
        board = random_board(TURTLE, seed)
        assert_legal_pair(board, suggest(board))


def test_the_plan_is_reused_while_the_player_follows_it(monkeypatch):
    board = deal_from_code("MJ1-L00-AAAAABL").board()
    hinter = Hinter()
    first = hinter.hint(board)
    plan = hinter.plan_for(board)
    calls = []
    real = hint_module.solve
    monkeypatch.setattr(hint_module, "solve", lambda *a, **k: calls.append(1) or real(*a, **k))
    ahead = next(m for m in plan[2:] if board.is_legal(m))
    board.push(ahead)  # a pair of the plan, out of order
    assert hinter.hint(board) == first
    board.push(first)
    assert hinter.hint(board) == next(m for m in plan[1:] if m != ahead)
    assert calls == []


def test_the_plan_is_dropped_when_the_player_leaves_it():
    board = deal_from_code("MJ1-L00-AAAAABL").board()
    hinter = Hinter()
    hinter.hint(board)
    plan = hinter.plan_for(board)
    off_plan = next(m for m in board.matching_pairs() if m not in plan)
    board.push(off_plan)
    assert hinter.plan_for(board) is None
    move = hinter.hint(board)
    if move is not None:
        assert_legal_pair(board, move)


def test_when_stuck_there_is_no_hint():
    board = deal_from_code("MJ1-L00-AAAAABL").board()
    while board.has_move():
        board.push(most_freeing(board))
    assert suggest(board) is None


def test_hints_do_not_change_the_board_and_replay_is_deterministic():
    deal = deal_from_code("MJ1-L00-AAAAABL")
    game = Game(deal, clock=lambda: 0.0)
    before = game.board.tiles
    move = game.hint()
    assert game.board.tiles == before and game.hints == 1
    game.play(move)
    game.hint()
    again = Game.replay(deal, game.actions, clock=lambda: 0.0)
    assert again.board.tiles == game.board.tiles and again.hints == 2
