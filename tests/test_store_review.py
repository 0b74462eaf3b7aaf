"""The store's side of a game's review (issue 28): the clock at each action and the review
kept once computed, read back with the game; run on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import select, update

from mahjong_solitaire.store import GameNotFoundError, Store, StoreError
from mahjong_solitaire.store.schema import games

CODE = "MJ1-L00-AAAAABL"
REVIEW = {"verdicts": ["winnable", "lost"], "losing_move": 1, "summary": {"unknown": 0}}


def test_a_new_game_keeps_its_times_from_the_start_and_has_no_review(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    assert game.times == () and game.review is None
    stored = store.get_game(player.id, game.id)
    assert stored.times == () and stored.review is None
    with store.engine.connect() as connection:
        review_is_null = connection.execute(
            select(games.c.review.is_(None)).where(games.c.id == game.id)
        ).scalar_one()
    assert review_is_null


def test_a_game_stored_before_times_were_kept_reads_none(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    with store.engine.begin() as connection:
        connection.execute(update(games).where(games.c.id == game.id).values(times=None))
    assert store.get_game(player.id, game.id).times is None


def test_the_times_of_a_game_are_read_as_a_tuple_of_seconds(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    with store.engine.begin() as connection:
        connection.execute(update(games).where(games.c.id == game.id).values(times=[1, 2.5]))
    assert store.get_game(player.id, game.id).times == (1.0, 2.5)


def test_a_finished_games_review_is_kept_and_read_back(store: Store) -> None:
    player = store.player(None)
    first = store.create_game(player.id, code=CODE)
    store.create_game(player.id, code="MJ1-L00-AAAAABM")  # abandons the first
    saved = store.save_review(player.id, first.id, REVIEW)
    assert saved.review == REVIEW
    assert store.get_game(player.id, first.id).review == REVIEW


def test_a_game_in_play_has_no_review_kept(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    with pytest.raises(StoreError, match="in play"):
        store.save_review(player.id, game.id, REVIEW)
    assert store.get_game(player.id, game.id).review is None


def test_another_players_game_gets_no_review(store: Store) -> None:
    owner, intruder = store.player(None), store.player(None)
    game = store.create_game(owner.id, code=CODE)
    store.create_game(owner.id, code="MJ1-L00-AAAAABM")
    with pytest.raises(GameNotFoundError):
        store.save_review(intruder.id, game.id, REVIEW)
    assert store.get_game(owner.id, game.id).review is None


def test_a_stuck_games_review_is_kept_while_it_covers_the_log(store: Store) -> None:
    from mahjong_solitaire.modes import mode_of_code
    from mahjong_solitaire.store import Progress
    from mahjong_solitaire.store.reviews import kept_review
    from test_review_api import dead_end

    actions, _ = dead_end()
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    engine = mode_of_code(CODE).replay(CODE, actions)
    stuck = store.save_game(player.id, game.id, version=game.version, progress=Progress.of(engine))
    assert stuck.status.value == "stuck"
    review = {"verdicts": ["lost"] * len(actions)}
    kept = store.save_review(player.id, game.id, review)
    assert kept_review(kept) == review
    engine.apply("undo")  # played on after its review: the kept one no longer covers it
    later = store.save_game(player.id, game.id, version=stuck.version, progress=Progress.of(engine))
    assert later.review == review and kept_review(later) is None
