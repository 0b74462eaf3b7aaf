"""Hint moves on (rules §5.7, §9.7): pressed again without playing, Hint shows another free
pair, the solver's plan first, then the pairs that keep the position winnable, then the
rest; and a position's hints count once, however often Hint is pressed."""

from __future__ import annotations

import pytest

from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import deal_from_code
from mahjong_solitaire.connect import ConnectGame
from mahjong_solitaire.connect import hint as connect_hint
from mahjong_solitaire.connect.generator import connect_deal_from_code
from mahjong_solitaire.solver import hint as classic_hint
from mahjong_solitaire.solver.hint import Hinter
from mahjong_solitaire.solver.rounds import solve

CLASSIC = "MJ1-L00-AAAAABL"
CONNECT = "CN1-1206B-AAAAAAP"


def classic_game() -> Game:
    return Game(deal_from_code(CLASSIC), clock=lambda: 0.0)


def connect_game() -> ConnectGame:
    return ConnectGame(connect_deal_from_code(CONNECT), clock=lambda: 0.0)


GAMES = pytest.mark.parametrize(
    "new_game", [classic_game, connect_game], ids=["classic", "connect"]
)


def one_round(game) -> list:
    """The pairs Hint shows in turn on this position, until it comes round again."""
    shown = [game.hint()]
    while (move := game.hint()) != shown[0]:
        shown.append(move)
    return shown


@GAMES
def test_pressing_hint_again_without_playing_shows_a_different_free_pair(new_game):
    game = new_game()
    first, second = game.hint(), game.hint()
    assert first != second
    assert game.board.is_legal(first) and game.board.is_legal(second)


@GAMES
def test_one_round_of_hints_shows_every_playable_pair_once(new_game):
    game = new_game()
    shown = one_round(game)
    assert sorted(shown, key=str) == sorted(game.board.matching_pairs(), key=str)
    assert len(set(shown)) == len(shown)


@GAMES
def test_the_first_hint_of_a_position_is_the_same_as_before_any_press(new_game):
    game, fresh = new_game(), new_game()
    game.hint(), game.hint()
    move = game.deal.solution[0]
    game.play(move)
    fresh.play(move)
    assert game.hint() == fresh.hint()


def test_a_classic_round_shows_the_plan_first_then_the_winnable_pairs_then_the_rest():
    game = classic_game()
    first = Hinter().hint(game.board)
    shown = one_round(game)
    assert shown[0] == first

    def winnable_after(move) -> bool:
        probe = game.board.copy(stack=False)
        probe.push(move)
        return solve(probe, node_limit=classic_hint.HINT_NODES).solvable

    plan = set(Hinter().search(game.board).moves)
    verdicts = [move in plan or winnable_after(move) for move in shown[1:]]
    assert verdicts == sorted(verdicts, reverse=True)  # every winnable one before the rest
    assert True in verdicts


def test_the_repeated_hints_of_a_position_share_one_budget_of_searching(monkeypatch):
    """On the opening of this hard Crab deal the first search runs out, and so do the other
    pairs' searches: with 250 branch points for each of its 13 other pairs, the second press
    alone searched for 0.22 s in one request."""
    game = Game(deal_from_code("MJ2-L01-AAAAALS"), clock=lambda: 0.0)
    game.hint()  # the position's first hint and its own search
    searched: list[int] = []

    def counting(board, node_limit, **options):
        result = solve(board, node_limit=node_limit, **options)
        searched.append(result.nodes)
        return result

    monkeypatch.setattr(classic_hint, "solve", counting)
    shown = [game.hint()]
    while (move := game.hint()) != shown[0]:
        shown.append(move)
    assert len(shown) == len(game.board.matching_pairs()) == 14  # every pair still shown
    assert sum(searched) <= classic_hint.HINT_ROUND_NODES
    assert 0 < len(searched) < 13  # the budget was spent before every pair was searched


def test_a_connect_round_shows_the_line_first_then_the_winnable_pairs_then_the_rest():
    game = connect_game()
    shown = one_round(game)
    assert shown[0] == game.deal.solution[0]
    verdicts = [connect_hint.keeps_winnable(game.board, move) for move in shown[1:]]
    assert verdicts == sorted(verdicts, reverse=True)


@GAMES
def test_a_hint_counts_once_per_position_not_once_per_press(new_game):
    game = new_game()
    for _ in range(4):
        game.hint()
    assert game.hints == 1 and game.actions == ["hint"] * 4
    game.play(game.deal.solution[0])
    game.hint()
    game.hint()
    assert game.hints == 2


@GAMES
def test_a_hint_after_an_undo_counts_for_the_new_position(new_game):
    game = new_game()
    game.hint()
    game.play(game.deal.solution[0])
    game.undo()
    game.hint()
    assert game.hints == 2


@GAMES
def test_a_replay_of_the_log_shows_and_counts_the_same_hints(new_game):
    game = new_game()
    game.hint()
    game.play(game.deal.solution[0])
    shown = [game.hint() for _ in range(3)]
    replayed = type(game).replay(game.deal, game.actions[:-1], clock=lambda: 0.0)
    assert replayed.hint() == shown[-1]  # the third press of the position, again
    assert replayed.hints == game.hints == 2
