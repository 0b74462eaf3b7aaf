"""Replay links (issue 28): ``POST /api/games/{id}/replay-link`` gives the player's finished
game one link for good, ``GET /api/replays/{token}`` answers its replay to whoever has the
link (no player id, name or other games), ``GET /replay/{token}`` serves the page, and each
daily-board entry carries its replay once the day is over (``null`` while it runs), made
without a write.  The store's side runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from api_support import checked, human_pace, refused, row_counts, tap
from mahjong_solitaire import daily_code, deal_from_code
from mahjong_solitaire.modes import mode_of_code
from mahjong_solitaire.store import (
    GameInPlayError,
    GameNotFoundError,
    Progress,
    ReplayNotFoundError,
    Store,
)
from mahjong_solitaire.web.games.lifecycle import COOKIE

CODE = "MJ1-L00-AAAAABL"
OTHER = "MJ1-L00-AAAAABM"


def actions_of(moves: Any) -> list[str]:
    return [f"{m.a},{m.b}" for m in moves]


def today() -> date:
    return datetime.now(UTC).date()


def played(client: Any, store: Store, body: dict[str, Any], actions: list[str]) -> str:
    """A game of the client's player started with ``body``, ``actions`` played by the
    engine and saved at a human's pace, then abandoned by a new game unless it ended."""
    state = checked(client.post("/api/games", json=body))
    player = client.cookies[COOKIE]
    game = mode_of_code(state["code"]).replay(state["code"], actions)
    game.keep_times([1.0 + 2.0 * n for n in range(len(actions))])
    stored = store.get_game(player, state["id"])
    progress = replace(Progress.of(game), elapsed=1000.0)
    saved = store.save_game(player, stored.id, version=stored.version, progress=progress)
    if not saved.finished:
        checked(client.post("/api/games", json={"code": OTHER}))
    return str(state["id"])


def test_the_same_game_always_gets_the_same_link(client: Any, sqlite_store: Store) -> None:
    game_id = played(
        client, sqlite_store, {"code": CODE}, actions_of(deal_from_code(CODE).solution[:5])
    )
    link = checked(client.post(f"/api/games/{game_id}/replay-link"))
    assert link["url"] == f"/replay/{link['token']}" and len(link["token"]) >= 20
    assert checked(client.post(f"/api/games/{game_id}/replay-link")) == link
    other = played(client, sqlite_store, {"code": OTHER}, [])
    assert checked(client.post(f"/api/games/{other}/replay-link"))["token"] != link["token"]


def test_the_link_answers_the_replay_and_reveals_no_player(
    client: Any, sqlite_store: Store
) -> None:
    checked(client.put("/api/player", json={"name": "Secret Name"}))
    actions = actions_of(deal_from_code(CODE).solution[:5])
    game_id = played(client, sqlite_store, {"code": CODE}, actions)
    player = client.cookies[COOKIE]
    link = checked(client.post(f"/api/games/{game_id}/replay-link"))
    own = checked(client.get(f"/api/games/{game_id}/replay"))
    client.cookies.clear()  # whoever has the link
    shared = client.get(f"/api/replays/{link['token']}")
    assert checked(shared) == own
    assert shared.json()["actions"] == actions and shared.json()["code"] == CODE
    assert player not in shared.text and "Secret Name" not in shared.text
    assert COOKIE not in shared.headers.get("set-cookie", "")
    assert set(shared.json()) == {"game_id", "mode", "code", "status", "actions", "times", "boards"}


def test_an_unknown_token_is_404(client: Any) -> None:
    for token in ("nope", "x" * 200, "abc.def", "%00"):
        refused(client.get(f"/api/replays/{token}"), 404, "unknown_replay")


def test_the_page_of_a_link_is_the_game_page(client: Any) -> None:
    page = client.get("/replay/anything")
    assert page.status_code == 200 and page.text == client.get("/").text
    assert page.headers["content-type"].startswith("text/html")


def test_only_the_owner_of_a_finished_game_gets_a_link(client: Any, sqlite_store: Store) -> None:
    state = checked(client.post("/api/games", json={"code": CODE}))
    state = tap(client, state, deal_from_code(CODE).solution[0].a)
    refused(client.post(f"/api/games/{state['id']}/replay-link"), 409, "game_in_play")
    refused(client.post(f"/api/games/new:{CODE}/replay-link"), 404, "unknown_game")
    refused(client.post("/api/games/nope/replay-link"), 404, "unknown_game")
    finished = played(client, sqlite_store, {"code": OTHER}, [])
    client.cookies.clear()
    refused(client.post(f"/api/games/{finished}/replay-link"), 404, "unknown_game")
    checked(client.post("/api/games", json={"code": CODE}))  # another player
    refused(client.post(f"/api/games/{finished}/replay-link"), 404, "unknown_game")


def test_a_cross_site_link_request_is_refused(client: Any, sqlite_store: Store) -> None:
    finished = played(client, sqlite_store, {"code": CODE}, [])
    answer = client.post(
        f"/api/games/{finished}/replay-link",
        headers={"Origin": "https://elsewhere.example", "Sec-Fetch-Site": "cross-site"},
    )
    assert answer.status_code == 403 and answer.json()["error"] == "cross_site"
    assert sqlite_store.get_game(client.cookies[COOKIE], finished).replay_token is None


def _win(client: Any, day: date) -> str:
    state = checked(client.post("/api/games", json={"daily": day.isoformat()}))
    for move in deal_from_code(str(daily_code(day))).solution:
        state = tap(client, tap(client, state, move.a), move.b)
    assert state["status"] == "won"
    return str(state["id"])


def test_a_daily_board_replay_is_null_while_the_day_runs_and_present_after(
    client: Any, sqlite_store: Store, monkeypatch: Any
) -> None:
    human_pace(monkeypatch)
    yesterday = today() - timedelta(days=1)
    past = _win(client, yesterday)
    running = _win(client, today())
    now_board = checked(client.get("/api/daily-board"))
    assert [entry["replay"] for entry in now_board["entries"]] == [None]
    before = row_counts(sqlite_store)
    board = checked(client.get("/api/daily-board", params={"date": yesterday.isoformat()}))
    assert row_counts(sqlite_store) == before  # reading the board wrote nothing
    (entry,) = board["entries"]
    assert entry["replay"].startswith("/replay/")
    token = entry["replay"].removeprefix("/replay/")
    assert checked(client.get("/api/daily-board", params={"date": yesterday.isoformat()})) == board
    client.cookies.clear()
    replay = checked(client.get(f"/api/replays/{token}"))
    assert replay["game_id"] == past and replay["code"] == str(daily_code(yesterday))
    assert len(replay["actions"]) == 72
    # a link of today's daily (its own, or one forged on the board's pattern) is not open yet
    refused(client.get(f"/api/replays/{running}.{token.split('.')[1]}"), 404, "unknown_replay")
    refused(client.get(f"/api/replays/{past}.forged"), 404, "unknown_replay")


def test_a_running_dailys_own_link_opens_once_the_day_is_over(
    client: Any, sqlite_store: Store, monkeypatch: Any
) -> None:
    human_pace(monkeypatch)
    running = _win(client, today())
    link = checked(client.post(f"/api/games/{running}/replay-link"))
    refused(client.get(f"/api/replays/{link['token']}"), 404, "unknown_replay")
    tomorrow = today() + timedelta(days=1)
    assert sqlite_store.replayed_game(link["token"], today=tomorrow).id == running


# -- the store, on SQLite and PostgreSQL ----------------------------------------------


def test_the_store_keeps_one_link_per_game_and_finds_its_game(store: Store) -> None:
    me = store.player(None).id
    game = store.create_game(me, code=CODE)
    with pytest.raises(GameInPlayError):
        store.replay_link(me, game.id)
    store.create_game(me, code=OTHER)  # abandons it
    token = store.replay_link(me, game.id)
    assert store.replay_link(me, game.id) == token
    with pytest.raises(GameNotFoundError):
        store.replay_link(store.player(None).id, game.id)
    found = store.replayed_game(token, today=today())
    assert found.id == game.id and found.replay_token == token
    with pytest.raises(ReplayNotFoundError):
        store.replayed_game("not-a-token", today=today())
    with pytest.raises(ReplayNotFoundError):
        store.replayed_game(f"{game.id}.{token}", today=today())  # not a board token


def test_a_board_token_is_derived_without_a_write_and_opens_after_the_day(store: Store) -> None:
    me = store.player(None).id
    day = date(2026, 11, 20)
    code = str(daily_code(day))
    game = store.create_game(me, code=code, daily=day)
    won = mode_of_code(code).replay(code, actions_of(deal_from_code(code).solution))
    progress = replace(Progress.of(won), elapsed=600.0)
    store.save_game(me, game.id, version=1, progress=progress)
    assert store.daily_board(day)[0].replay is None  # no today given: no replay
    assert store.daily_board(day, today=day)[0].replay is None  # the day runs
    (entry,) = store.daily_board(day, today=day + timedelta(days=1))
    assert entry.replay is not None and entry.to_json()["replay"] == entry.replay
    token = entry.replay.removeprefix("/replay/")
    assert store.get_game(me, game.id).replay_token is None  # nothing was written
    assert store.replayed_game(token, today=day + timedelta(days=1)).id == game.id
    with pytest.raises(ReplayNotFoundError):
        store.replayed_game(token, today=day)
    with Store(store.url) as again:  # the secret is the database's: every process agrees
        assert again.daily_board(day, today=day + timedelta(days=1))[0].replay == entry.replay
