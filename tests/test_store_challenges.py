"""A challenge's game in the store (rules §12.1, §13): it keeps the rule set's name beside
the deal's own code, its referee is attached when it is rebuilt, and ``lost`` is a
finished status.  On SQLite and on PostgreSQL (the ``store`` fixture)."""

from __future__ import annotations

import random

import pytest

from mahjong_solitaire import Game, deal_from_code
from mahjong_solitaire.challenges import Blackout, Scored
from mahjong_solitaire.core.game import GameStatus
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.store import Progress, Store, StoredGame, StoreError

CODE = "MJ2-L00-AAAAABL"


def stuck_walk(code: str = CODE) -> list[str]:
    """Moves of ``code`` played at random until the board has no pair left."""
    for seed in range(20):
        game = Game(deal_from_code(code), clock=lambda: 0.0)
        rng = random.Random(seed)
        while not game.board.is_won() and not game.board.is_stuck():
            game.play(rng.choice(game.board.matching_pairs()))
        if game.board.is_stuck():
            return list(game.actions)
    raise AssertionError("every walk won")


def rebuilt(stored: StoredGame) -> Game:
    game = Game.replay(stored.deal(), stored.actions, clock=lambda: 0.0)
    game.referee = stored.referee(game.deal)
    return game


def test_a_challenge_is_stored_beside_the_plain_code(store: Store) -> None:
    me = store.player(None).id
    game = store.create_game(me, code=CODE, challenge="Scored")
    assert (game.code, game.challenge, game.shown_code) == (CODE, "scored", f"{CODE}-SCORED")
    again = store.get_game(me, game.id)
    assert (again.code, again.challenge) == (CODE, "scored")
    assert isinstance(again.referee(again.deal()), Scored)
    assert store.current_game(me) == again


def test_a_code_naming_a_challenge_starts_one(store: Store) -> None:
    me = store.player(None).id
    game = store.create_game(me, code=f"{CODE.lower()}-blackout")
    assert (game.code, game.challenge) == (CODE, "blackout")
    assert game.deal().code == CODE
    same = store.create_game(me, code=f"{CODE}-BLACKOUT", challenge="blackout")
    assert same.challenge == "blackout"


def test_plain_play_has_no_challenge(store: Store) -> None:
    me = store.player(None).id
    game = store.create_game(me, code=CODE)
    assert (game.challenge, game.shown_code, game.referee(game.deal())) == (None, CODE, None)


def test_a_game_on_a_layout_takes_a_challenge(store: Store) -> None:
    me = store.player(None).id
    game = store.create_game(
        me, layout=builtin_layout("fortress"), seed=5, difficulty="hard", challenge="sprint"
    )
    assert game.challenge == "sprint"
    assert game.shown_code == f"{game.code}-SPRINT"


@pytest.mark.parametrize(
    ("code", "challenge"),
    [
        (CODE, "chess"),
        (f"{CODE}-SCORED", "sprint"),
        ("CN2-1808B-AAAAABL", "scored"),
    ],
)
def test_a_bad_challenge_is_refused(store: Store, code: str, challenge: str) -> None:
    me = store.player(None).id
    mode = "connect" if code.startswith("CN") else "classic"
    with pytest.raises(StoreError):
        store.create_game(me, mode=mode, code=code, challenge=challenge)
    assert store.current_game(me) is None


def test_a_lost_game_is_finished(store: Store) -> None:
    me = store.player(None).id
    stored = store.create_game(me, code=CODE, challenge="blackout")
    moves = stuck_walk()
    game = rebuilt(stored)
    for move in moves:
        game.apply(move)
    assert game.status is GameStatus.LOST
    saved = store.save_game(me, stored.id, version=stored.version, progress=Progress.of(game))
    assert saved.status is GameStatus.LOST
    assert saved.finished_at is not None and saved.running_since is None
    assert saved.finished
    assert store.current_game(me) is None  # not the player's open game any more
    again = rebuilt(store.get_game(me, stored.id))
    assert again.status is GameStatus.LOST
    with pytest.raises(StoreError):  # a finished game is not saved over
        store.save_game(me, stored.id, version=saved.version, progress=Progress.of(game))
    newer = store.create_game(me, code=CODE)
    assert store.get_game(me, stored.id).status is GameStatus.LOST  # not abandoned
    assert store.current_game(me) == newer


def test_a_lost_game_keeps_its_review_slot(store: Store) -> None:
    me = store.player(None).id
    stored = store.create_game(me, code=CODE, challenge="blackout")
    game = rebuilt(stored)
    for move in stuck_walk():
        game.apply(move)
    store.save_game(me, stored.id, version=stored.version, progress=Progress.of(game))
    assert store.save_review(me, stored.id, {"ok": True}).review == {"ok": True}


def test_the_referee_is_attached_after_the_replay(store: Store) -> None:
    """A blackout game's log replays (the referee would refuse nothing logged, but it
    comes after), and the rebuilt game refuses what the rule set refuses."""
    me = store.player(None).id
    stored = store.create_game(me, code=CODE, challenge="blackout")
    game = rebuilt(stored)
    assert isinstance(game.referee, Blackout)
    from mahjong_solitaire.core.game import AidRefused

    with pytest.raises(AidRefused):
        game.shuffle()
