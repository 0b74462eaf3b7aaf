"""The aids of rules §5.9–§5.10 in the engine: the solution demo, the way back and Finish,
each logged as an action of its own that replays without the solver."""

from __future__ import annotations

import random

import pytest

from mahjong_solitaire import Game, deal_from_code
from mahjong_solitaire.classic import game as classic_game
from mahjong_solitaire.classic.game import finishing_moves
from mahjong_solitaire.connect.game import ConnectGame
from mahjong_solitaire.connect.generator import connect_deal_from_code
from mahjong_solitaire.core.game import GameError

CODE = "MJ1-L00-AAAAABL"
DEAL = deal_from_code(CODE)


def lost_game(seed: int = 0) -> Game:
    game = Game(DEAL, clock=lambda: 0.0)
    chance = random.Random(seed)
    while game.board.matching_pairs():
        game.play(chance.choice(game.board.matching_pairs()))
    assert not game.board.is_won()
    return game


def test_each_demo_step_is_logged_as_solve_and_marks_the_game():
    game = Game(DEAL, clock=lambda: 0.0)
    played, following = game.solve_step()
    assert game.actions == [f"solve {played}"] and game.solution_shown
    assert following is not None and game.board.is_legal(following)
    assert len(game.moves) == 1


def test_a_highlighted_pair_of_the_plan_is_taken_in_any_order_in_classic():
    """Rules §5.9: removing tiles only frees others, so any playable pair of the plan keeps
    the rest of it a winning plan."""
    game = Game(DEAL, clock=lambda: 0.0)
    plan = game.solution().moves
    assert plan is not None
    later = next(move for move in plan[1:] if game.board.is_legal(move))
    played, _ = game.solve_step(later)
    assert played == later


def test_a_highlighted_pair_off_the_plan_goes_only_if_the_game_stays_winnable():
    """Another server process may have highlighted a pair of a plan of its own: it goes
    when the game can still be won after it, otherwise the plan's next pair goes."""
    game = Game(DEAL, clock=lambda: 0.0)
    plan = game.solution().moves
    assert plan is not None
    other = next(
        m for m in game.board.matching_pairs() if m not in plan and winnable_after(game, m)
    )
    assert game.solve_step(other)[0] == other
    lost = lost_game()
    lost.undo_to_winnable()
    plan = lost.solution().moves
    assert plan is not None
    losing = next(
        m for m in lost.board.matching_pairs() if m not in plan and not winnable_after(lost, m)
    )
    assert lost.solve_step(losing)[0] != losing


def winnable_after(game: Game, move) -> bool:  # type: ignore[no-untyped-def]
    probe = Game.replay(game.deal, [*game.actions, str(move)], clock=lambda: 0.0)
    return probe.solution().moves is not None


def test_the_demo_plays_a_game_to_its_win():
    game = Game(DEAL, clock=lambda: 0.0)
    while not game.board.is_won():
        game.solve_step()
    assert len(game.actions) == 72 and all(a.startswith("solve ") for a in game.actions)


def test_a_lost_position_has_no_demo_until_the_way_back():
    game = lost_game()
    assert game.solution().lost
    with pytest.raises(GameError, match="cannot be won"):
        game.solve_step()
    steps = game.undo_to_winnable()
    assert steps > 0 and game.actions[-1] == f"back {steps}" and game.rewinds == 1
    assert game.solution().moves is not None


def test_the_aids_replay_without_the_solver(monkeypatch):
    game = lost_game(1)
    game.undo_to_winnable()
    while not game.finishable:
        game.solve_step()
    game.finish()
    assert game.board.is_won() and game.actions[-1] == "finish"

    def no_solver(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("a replay asked the solver")

    monkeypatch.setattr(classic_game.Hinter, "search", no_solver)
    replayed = Game.replay(DEAL, game.actions, clock=lambda: 0.0)
    assert replayed.board.is_won() and replayed.solution_shown
    assert (replayed.undos, replayed.rewinds) == (game.undos, 1)


def test_a_log_with_a_bad_aid_action_cannot_be_replayed():
    for bad in (["back 0"], ["back x"], ["back 3"], ["solve 1,1"], ["finish"]):
        with pytest.raises(GameError):
            Game.replay(DEAL, bad)


def test_finish_waits_until_no_choice_matters():
    """Rules §5.10: every group of more than two tiles all free, the pairs of two playable
    out; then every order of play wins."""
    game = Game(DEAL, clock=lambda: 0.0)
    assert finishing_moves(game.board) is None and not game.finishable
    with pytest.raises(GameError, match="choice still matters"):
        game.finish()
    for move in DEAL.solution:
        if game.finishable:
            break
        game.play(move)
    rest = game.finish()
    assert game.board.is_won() and len(rest) >= 1


def test_finish_is_offered_whenever_every_order_of_play_wins():
    """Along random play on many deals, each position Finish accepts is won by random
    play-outs too (no order of play can lose)."""
    chance = random.Random(4)
    checked = 0
    for seed in range(12):
        game = Game(deal_from_code(f"MJ1-L00-AAAAAA{'BCDEFGHIJKLM'[seed]}"), clock=lambda: 0.0)
        while game.board.matching_pairs():
            if finishing_moves(game.board) is not None:
                for _ in range(5):
                    probe = game.board.copy(stack=False)
                    while probe.matching_pairs():
                        probe.push(chance.choice(probe.matching_pairs()))
                    assert probe.is_won()
                checked += 1
            game.play(chance.choice(game.board.matching_pairs()))
    assert checked > 0


def test_connect_shows_its_solution_and_goes_back_to_a_winnable_position():
    deal = connect_deal_from_code("CN1-1006B-AAAAABL")
    game = ConnectGame(deal, clock=lambda: 0.0)
    assert game.solution().moves == tuple(deal.solution)
    chance = random.Random(2)
    while game.board.matching_pairs():
        game.play(chance.choice(game.board.matching_pairs()))
    if not game.board.is_won():
        assert game.solution().moves is None
        steps = game.undo_to_winnable()
        assert game.actions[-1] == f"back {steps}"
    while not game.board.is_won():
        game.solve_step()
    replayed = ConnectGame.replay(deal, game.actions, clock=lambda: 0.0)
    assert replayed.board.is_won() and replayed.solution_shown
