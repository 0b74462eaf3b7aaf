"""The history list of the Statistics page (issue 28): ``GET /api/history/games`` and
:meth:`Store.reviewable_games` list the player's games of one mode that are over or stuck
(won, stuck, abandoned, lost), practice copies marked, the latest ended first, one bounded
page at a time; a game in play is not listed, and a read writes nothing.  The store's
tests run on SQLite and on PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from api_support import checked, refused
from mahjong_solitaire.modes import mode_of_code
from mahjong_solitaire.store import GameNotFoundError, Progress, Store
from mahjong_solitaire.store.reviews import practice_copy
from mahjong_solitaire.web.games.lifecycle import COOKIE
from mahjong_solitaire.web.routes.history import MAX_PAGE
from test_review_api import CODE, CONNECT, OTHER, actions_of, dead_end, stored_game


def played(store: Store, player: str, code: str, actions: list[str]) -> str:
    """A new game of ``player`` (any open one is abandoned), ``actions`` played and saved."""
    game = store.create_game(player, code=code, mode=mode_of_code(code))
    progress = Progress.of(mode_of_code(code).replay(code, actions))
    store.save_game(player, game.id, version=game.version, progress=progress)
    return game.id


def story(store: Store) -> tuple[str, dict[str, str]]:
    """A player's classic games, oldest first: one abandoned, one won, a practice copy of
    the win (abandoned in turn), one stuck, one in play; and a Connect game abandoned."""
    me = store.player(None).id
    ids = {
        "abandoned": played(store, me, CODE, actions_of(mode_of_code(CODE).deal(CODE).solution[:3]))
    }
    ids["won"] = played(store, me, OTHER, actions_of(mode_of_code(OTHER).deal(OTHER).solution))
    copy = store.create_game(me, practice=practice_copy(store.get_game(me, ids["won"]), 5))
    ids["practice"] = copy.id
    ids["connect"] = played(store, me, CONNECT, [])  # abandons the practice copy
    ids["stuck"] = played(store, me, CODE, dead_end()[0])  # abandons the Connect game
    return me, ids


def test_the_games_over_or_stuck_are_listed_the_latest_first(store: Store) -> None:
    me, ids = story(store)
    listed = store.reviewable_games(me, "classic", 10)
    assert [game.game_id for game in listed] == [
        ids["stuck"],
        ids["practice"],
        ids["won"],
        ids["abandoned"],
    ]
    assert [game.status.value for game in listed] == ["stuck", "abandoned", "won", "abandoned"]
    assert [game.practice for game in listed] == [False, True, False, False]
    assert [game.game_id for game in store.reviewable_games(me, "connect", 10)] == [ids["connect"]]
    ended = [game.ended_at for game in listed]
    assert ended == sorted(ended, reverse=True)


def test_a_game_in_play_is_not_listed(store: Store) -> None:
    me, ids = story(store)
    playing = store.create_game(me, code=OTHER)  # the stuck game is abandoned by it
    listed = [game.game_id for game in store.reviewable_games(me, "classic", 10)]
    assert playing.id not in listed and listed[0] == ids["stuck"]
    assert store.get_game(me, ids["stuck"]).status.value == "abandoned"


def test_page_after_page_gives_the_whole_list_once(store: Store) -> None:
    me, _ = story(store)
    whole = [game.game_id for game in store.reviewable_games(me, "classic", 10)]
    pages: list[str] = []
    before = None
    while page := store.reviewable_games(me, "classic", 1, before):
        pages.append(page[0].game_id)
        before = page[0].game_id
    assert pages == whole


def test_a_page_before_a_game_not_the_players_is_refused(store: Store) -> None:
    me, ids = story(store)
    other = store.player(None).id
    assert store.reviewable_games(other, "classic", 10) == []
    with pytest.raises(GameNotFoundError):
        store.reviewable_games(other, "classic", 10, ids["won"])
    with pytest.raises(GameNotFoundError):
        store.reviewable_games(me, "classic", 10, "no-such-game")


def test_the_api_answers_a_page_and_whether_more_follow(client: Any, sqlite_store: Store) -> None:
    deal = mode_of_code(CODE).deal(CODE)
    player, won = stored_game(client, sqlite_store, CODE, actions_of(deal.solution))
    _, stuck = stored_game(client, sqlite_store, CODE, dead_end()[0])
    first = checked(client.get("/api/history/games", params={"limit": 1}))
    assert first["more"] is True
    assert [game["game_id"] for game in first["games"]] == [stuck]
    entry = first["games"][0]
    assert entry["status"] == "stuck" and entry["mode"] == "classic"
    assert entry["layout"] == "turtle" and entry["difficulty"] == "normal"
    assert entry["code"] == CODE and entry["practice"] is False
    assert entry["daily"] is None and entry["challenge"] is None and entry["ended_at"]
    rest = checked(client.get("/api/history/games", params={"limit": 1, "before": stuck}))
    assert [game["game_id"] for game in rest["games"]] == [won] and rest["more"] is False
    assert rest["games"][0]["status"] == "won"
    connect = checked(client.get("/api/history/games", params={"mode": "connect"}))
    assert connect == {"games": [], "more": False}
    assert player == client.cookies[COOKIE]


def test_a_practice_copy_is_marked_and_a_connect_game_listed_in_its_mode(
    client: Any, sqlite_store: Store
) -> None:
    deal = mode_of_code(CONNECT).deal(CONNECT)
    _, original = stored_game(client, sqlite_store, CONNECT, actions_of(deal.solution[:4]))
    checked(client.post("/api/games", json={"code": CODE}))  # abandons the original
    copy = checked(client.post("/api/connect/games", json={"from_game": original, "at": 2}))
    checked(client.post("/api/games", json={"code": CODE}))  # abandons the copy
    listed = checked(client.get("/api/history/games", params={"mode": "connect"}))["games"]
    assert [(game["game_id"], game["practice"]) for game in listed] == [
        (copy["id"], True),
        (original, False),
    ]
    assert {game["mode"] for game in listed} == {"connect"}
    assert {game["status"] for game in listed} == {"abandoned"}
    assert listed[1]["layout"].startswith("connect-")


def test_bad_pages_are_refused_with_one_clear_error(client: Any, sqlite_store: Store) -> None:
    stored_game(client, sqlite_store, CODE, [])
    for limit in (0, MAX_PAGE + 1, "many"):
        refused(client.get("/api/history/games", params={"limit": limit}), 422, "bad_body")
    refused(client.get("/api/history/games", params={"mode": "chess"}), 422, "bad_body")
    refused(client.get("/api/history/games", params={"before": "x" * 65}), 422, "bad_body")
    refused(client.get("/api/history/games", params={"before": "nope"}), 404, "unknown_game")


def test_a_visitor_without_a_player_reads_no_games_and_gets_none(client: Any) -> None:
    answer = client.get("/api/history/games")
    assert checked(answer) == {"games": [], "more": False}
    assert COOKIE not in answer.cookies
