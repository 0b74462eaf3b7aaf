"""The server's time of each action (rules §12.1): the game clock beside the action log,
saved with every move and read back; older games without times keep working."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from mahjong_solitaire import Game, deal_from_code
from mahjong_solitaire.store import Progress, Store, StoreError
from mahjong_solitaire.store.schema import games

CODE = "MJ1-L00-AAAAABL"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_game_keeps_the_clock_at_each_action() -> None:
    clock = Clock()
    deal = deal_from_code(CODE)
    game = Game(deal, clock=clock)
    first, second = deal.solution[:2]
    clock.now = 1.5
    game.play(first)
    clock.now = 4.0
    game.hint()
    clock.now = 7.25
    game.undo()
    game.pause()
    clock.now = 100.0
    game.resume()
    clock.now = 101.0
    game.play(first)
    game.play(second)
    assert game.actions == [str(first), "hint", "undo", str(first), str(second)]
    assert game.times == [1.5, 4.0, 7.25, 8.25, 8.25]


def test_a_replay_takes_the_stored_times_and_an_older_log_has_none() -> None:
    deal = deal_from_code(CODE)
    log = [str(deal.solution[0]), "hint"]
    assert Game.replay(deal, log, times=[2.0, 3.0]).times == [2.0, 3.0]
    assert Game.replay(deal, log).times is None  # stored before times were kept
    assert Game.replay(deal, log, times=[2.0]).times is None  # not aligned: not trusted
    assert Game.replay(deal, []).times == []
    old = Game.replay(deal, log)
    old.play(deal.solution[1])  # an older game plays on, its times still unknown
    assert old.times is None


def test_the_store_saves_and_reads_the_times(store: Store) -> None:
    me = store.player(None).id
    stored = store.create_game(me, code=CODE)
    assert stored.times == ()
    game = Game(deal_from_code(CODE), clock=lambda: 0.0, elapsed=3.5)
    game.play(game.deal.solution[0])
    game.hint()
    saved = store.save_game(me, stored.id, version=1, progress=Progress.of(game))
    assert saved.times == (3.5, 3.5)
    assert store.get_game(me, stored.id).times == (3.5, 3.5)


def test_a_save_refuses_times_that_do_not_fit_the_log(store: Store) -> None:
    me = store.player(None).id
    stored = store.create_game(me, code=CODE)
    for times in ((1.0,), (-1.0, 2.0), (float("nan"), 1.0)):
        with pytest.raises(StoreError):
            store.save_game(
                me, stored.id, version=1, progress=Progress(actions=("hint", "hint"), times=times)
            )


def test_an_older_game_without_times_keeps_working(store: Store) -> None:
    me = store.player(None).id
    stored = store.create_game(me, code=CODE)
    with store.engine.begin() as connection:
        connection.execute(update(games).where(games.c.id == stored.id).values(times=None))
    assert store.get_game(me, stored.id).times is None
    saved = store.save_game(me, stored.id, version=1, progress=Progress(actions=("hint",)))
    assert saved.times is None
    assert saved.actions == ["hint"]
