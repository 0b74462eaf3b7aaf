"""The challenge rule sets (rules §13): win, loss, score and each aid allowed or refused,
judged from the action log with the server's times."""

from __future__ import annotations

import pytest

from mahjong_solitaire import Game, GameStatus, deal_from_code
from mahjong_solitaire.challenges import (
    CHALLENGES,
    LOST_STUCK,
    LOST_TARGET,
    LOST_TIME,
    Blackout,
    Countdown,
    Scored,
    Sprint,
    SuitHunt,
    UnknownChallengeError,
    challenge_named,
    hidden_positions,
)
from mahjong_solitaire.core.game import AidRefused, GameError
from mahjong_solitaire.core.tiles import kind

CODE = "MJ1-L00-AAAAABL"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def challenge_game(rules: type, code: str = CODE) -> tuple[Game, Clock]:
    clock = Clock()
    deal = deal_from_code(code)
    game = Game(deal, clock=clock)
    game.referee = rules(deal)
    return game, clock


def play_solution(game: Game, clock: Clock, step: float, pairs: int | None = None) -> None:
    for move in list(game.deal.solution)[:pairs]:
        clock.now += step
        game.play(move)


def test_the_registry_names_every_rule_set() -> None:
    assert [c.name for c in CHALLENGES] == [
        "scored",
        "countdown",
        "sprint",
        "blackout",
        "suit-hunt",
    ]
    assert challenge_named("SUIT-HUNT") is SuitHunt
    with pytest.raises(UnknownChallengeError):
        challenge_named("chess")
    assert all(c.title and c.rule and c.ranks_by in ("score", "time") for c in CHALLENGES)


@pytest.mark.parametrize("rules", CHALLENGES)
def test_every_challenge_refuses_the_solution_demo(rules: type) -> None:
    game, _ = challenge_game(rules)
    with pytest.raises(AidRefused):
        game.solve_step()
    with pytest.raises(AidRefused):
        game.solution()


# -- scored ----------------------------------------------------------------------------


def test_scored_a_clean_quick_win_earns_pairs_combos_the_clean_and_the_time_bonus() -> None:
    game, clock = challenge_game(Scored)
    play_solution(game, clock, 1.0)  # a pair a second: every pair after the first a combo
    assert game.status is GameStatus.WON
    figures = game.referee.judge(game).figures
    parts = dict(figures.parts)
    assert parts["pairs"] == 720
    # streaks 1..71: 5, 10, 15, 20 and then 25 each
    assert parts["combos"] == 5 + 10 + 15 + 20 + 25 * 67
    assert parts["clean"] == 500
    assert parts["time"] == 2 * (720 - 72)
    assert figures.score == sum(parts.values())


def test_scored_slow_pairs_make_no_combo_and_hints_and_shuffles_cost() -> None:
    game, clock = challenge_game(Scored)
    play_solution(game, clock, 3.0, pairs=4)
    clock.now += 1
    game.hint()
    game.hint()  # the same position's hint: counted once
    game.shuffle()
    figures = game.referee.judge(game).figures
    assert dict(figures.parts) == {"pairs": 40, "combos": 0, "hints": -50, "shuffles": -100}
    assert figures.score == 0  # never below zero
    assert game.status is GameStatus.PLAYING


def test_scored_undo_ends_the_combo_and_the_clean_bonus() -> None:
    game, clock = challenge_game(Scored)
    first, second = game.deal.solution[:2]
    game.play(first)
    game.undo()
    game.play(first)
    game.play(second)
    parts = dict(game.referee.judge(game).figures.parts)
    assert parts["pairs"] == 20 and parts["combos"] == 5  # one combo: second after first
    play_solution_rest(game, clock)
    assert dict(game.referee.judge(game).figures.parts)["clean"] == 0


def play_solution_rest(game: Game, clock: Clock) -> None:
    for move in game.deal.solution[len(game.moves) :]:
        clock.now += 10
        game.play(move)
    assert game.status is GameStatus.WON


def test_scored_allows_every_aid_but_the_demo() -> None:
    game, _ = challenge_game(Scored)
    game.play(game.deal.solution[0])
    game.undo()
    game.redo()
    game.hint()
    game.shuffle()
    game.pause()
    game.resume()


def test_the_score_is_recomputed_from_the_stored_times() -> None:
    game, clock = challenge_game(Scored)
    play_solution(game, clock, 1.0, pairs=3)
    deal = game.deal
    # the same log with other times: another score, whatever the game counted
    replayed = Game.replay(deal, game.actions, times=[0.0, 5.0, 10.0])
    replayed.referee = Scored(deal)
    assert dict(replayed.referee.judge(replayed).figures.parts)["combos"] == 0
    assert dict(game.referee.judge(game).figures.parts)["combos"] == 15


# -- countdown -------------------------------------------------------------------------


def test_countdown_is_won_before_the_limit_and_scores_the_time_left() -> None:
    game, clock = challenge_game(Countdown)
    assert game.referee.limit == 720.0
    play_solution(game, clock, 5.0)
    figures = game.referee.judge(game).figures
    assert game.status is GameStatus.WON
    assert figures.time_left == 720 - 360 and figures.score == 3600


def test_countdown_is_lost_when_the_time_runs_out_and_refuses_pause() -> None:
    game, clock = challenge_game(Countdown)
    with pytest.raises(AidRefused):
        game.pause()
    game.hint()
    game.play(game.deal.solution[0])
    game.undo()
    clock.now = 720.0
    assert game.status is GameStatus.LOST
    assert game.ruled_outcome == (GameStatus.LOST, LOST_TIME)
    assert game.referee.judge(game).figures.score == 0
    with pytest.raises(GameError):
        game.play(game.deal.solution[0])


# -- sprint ----------------------------------------------------------------------------


def test_sprint_is_won_with_the_target_when_time_runs_out() -> None:
    game, clock = challenge_game(Sprint)
    play_solution(game, clock, 1.0, pairs=30)
    assert game.status is GameStatus.PLAYING  # the board need not be cleared: time runs
    clock.now = 180.0
    assert game.status is GameStatus.WON
    figures = game.referee.judge(game).figures
    assert (figures.matches, figures.target, figures.score, figures.time_left) == (30, 24, 30, 0)


def test_sprint_is_lost_short_of_the_target() -> None:
    game, clock = challenge_game(Sprint)
    play_solution(game, clock, 1.0, pairs=10)
    clock.now = 200.0
    assert game.ruled_outcome == (GameStatus.LOST, LOST_TARGET)
    assert game.status is GameStatus.LOST


def test_sprint_refuses_pause_and_allows_hints_undo_and_shuffle() -> None:
    game, _ = challenge_game(Sprint)
    with pytest.raises(AidRefused):
        game.pause()
    game.hint()
    game.play(game.deal.solution[0])
    game.undo()
    game.shuffle()


# -- blackout --------------------------------------------------------------------------


def test_blackout_hides_the_faces_of_tiles_that_are_not_free() -> None:
    game, _ = challenge_game(Blackout)
    hidden = hidden_positions(game.board)
    assert hidden
    assert all(not game.board.is_free(p) for p in hidden)
    assert Blackout.hides_faces and not Scored.hides_faces


def test_blackout_allows_hints_and_refuses_undo_redo_the_way_back_shuffle_and_finish() -> None:
    game, clock = challenge_game(Blackout)
    assert game.hint() is not None
    game.play(game.deal.solution[0])
    for aid in (game.undo, game.redo, game.shuffle, game.undo_to_winnable, game.finish):
        with pytest.raises(AidRefused):
            aid()
    assert not game.finishable
    play_solution_rest(game, clock)
    assert game.referee.judge(game).figures.score == 720


def test_blackout_is_lost_on_a_board_with_no_moves() -> None:
    deal = deal_from_code(CODE)
    plain = Game(deal)
    # play free pairs at random until the board is stuck
    import random

    rng = random.Random(3)
    while not plain.board.is_won() and not plain.board.is_stuck():
        plain.play(rng.choice(plain.board.matching_pairs()))
    if plain.board.is_won():
        pytest.skip("this walk won")
    game = Game.replay(deal, plain.actions)
    game.referee = Blackout(deal)
    assert game.ruled_outcome == (GameStatus.LOST, LOST_STUCK)
    assert game.status is GameStatus.LOST


# -- suit hunt -------------------------------------------------------------------------


def test_suit_hunt_is_won_once_the_marked_suit_is_gone() -> None:
    game, clock = challenge_game(SuitHunt)
    rules = game.referee
    marked = rules.marked
    assert rules.target == 18
    for move in game.deal.solution:
        clock.now += 1
        game.play(move)
        if game.status is GameStatus.WON:
            break
    left = [t for t in game.board.tiles if t is not None]
    assert left and all(kind(t).family.value != marked for t in left)  # not cleared: won
    figures = rules.judge(game).figures
    assert figures.matches == 18 and figures.marked == marked
    assert dict(figures.parts)["time"] == round(10 * (432 - clock.now))


def test_suit_hunt_is_lost_when_time_runs_out_and_the_suit_is_chosen_by_the_seed() -> None:
    game, clock = challenge_game(SuitHunt)
    clock.now = 432.0
    assert game.ruled_outcome == (GameStatus.LOST, LOST_TIME)
    marks = {SuitHunt(deal_from_code(f"MJ1-L00-{c}")).marked for c in ("AAAAABL", "AAAAACM")}
    assert marks <= {"bamboo", "characters", "circles"}
    with pytest.raises(AidRefused):
        challenge_game(SuitHunt)[0].pause()
