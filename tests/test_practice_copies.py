"""Practice copies (issue 28, "Try from here"): ``POST /api/games {"from_game", "at"}``
starts a copy of the player's game that is over or stuck at the position after its first
``at`` actions, as the player's open game; the copy is never ranked (leaderboard, daily
board) and is counted apart in the statistics.  The store's side runs on SQLite and on
PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from api_support import checked, human_pace, refused, tap
from mahjong_solitaire import daily_code, deal_from_code
from mahjong_solitaire.core.game import GameStatus
from mahjong_solitaire.modes import mode_of_code
from mahjong_solitaire.store import GameInPlayError, Progress, Store, StoreError
from mahjong_solitaire.store.reviews import practice_copy
from mahjong_solitaire.web.games.lifecycle import COOKIE

CODE = "MJ1-L00-AAAAABL"
OTHER = "MJ1-L00-AAAAABM"
CONNECT = "CN1-1206B-AAAAAAP"


def actions_of(moves: Any) -> list[str]:
    return [f"{m.a},{m.b}" for m in moves]


def finished_game(
    client: Any, store: Store, code: str, actions: list[str], *, daily: str | None = None
) -> tuple[str, str]:
    """A game of the client's player: ``code`` (or the ``daily`` date's challenge) started
    through the API, ``actions`` played by the engine and saved (with times 1 s, 3 s…),
    then abandoned by a new game unless it ended; its player and id."""
    path = "/api/connect/games" if mode_of_code(code).name == "connect" else "/api/games"
    state = checked(client.post(path, json={"code": code} if daily is None else {"daily": daily}))
    player = client.cookies[COOKIE]
    game = mode_of_code(code).replay(code, actions)
    game.keep_times([1.0 + 2.0 * n for n in range(len(actions))])
    stored = store.get_game(player, state["id"])
    progress = replace(Progress.of(game), elapsed=1000.0)  # a human's pace: a win is ranked
    saved = store.save_game(player, stored.id, version=stored.version, progress=progress)
    if not saved.finished and saved.status is not GameStatus.STUCK:
        checked(client.post("/api/games", json={"code": OTHER}))
    return player, str(state["id"])


def tiles_of(state: dict[str, Any]) -> list[tuple[int, str | None]]:
    return [(tile["i"], tile["tile"]) for tile in state["tiles"]]


# -- the API ---------------------------------------------------------------------------


@pytest.mark.parametrize("at", [0, 1, 10, 36])
def test_the_copy_stands_where_the_original_stood_after_at_actions(
    client: Any, sqlite_store: Store, at: int
) -> None:
    actions = actions_of(deal_from_code(CODE).solution[:36])
    player, original = finished_game(client, sqlite_store, CODE, actions)
    copy = checked(client.post("/api/games", json={"from_game": original, "at": at}))
    assert copy["practice"] is True and copy["from_game"] == original
    assert copy["code"] == CODE and copy["status"] == "playing" and copy["id"] != original
    expected = mode_of_code(CODE).replay(CODE, actions[:at])
    assert copy["tiles_left"] == expected.board.tiles_left == 144 - 2 * at
    stored = sqlite_store.get_game(player, copy["id"])
    assert stored.actions == actions[:at] and stored.practice and not stored.ranked
    assert stored.elapsed == (1.0 + 2.0 * (at - 1) if at else 0.0)  # the original's time
    copied = tiles_of(checked(client.get(f"/api/games/{copy['id']}")))
    reference = checked(client.post("/api/games", json={"code": CODE}))
    for move in actions[:at]:
        a, b = (int(p) for p in move.split(","))
        reference = tap(client, tap(client, reference, a), b)
    assert copied == tiles_of(reference)


def test_the_copy_becomes_the_open_game_and_a_normal_game_is_not_practice(
    client: Any, sqlite_store: Store
) -> None:
    normal = checked(client.post("/api/games", json={"code": OTHER}))
    assert normal["practice"] is False and normal["from_game"] is None
    _, original = finished_game(
        client, sqlite_store, CODE, actions_of(deal_from_code(CODE).solution[:4])
    )
    copy = checked(client.post("/api/games", json={"from_game": original, "at": 2}))
    current = checked(client.get("/api/game"))
    assert current["id"] == copy["id"] and current["practice"] is True
    assert current["from_game"] == original


def test_a_stuck_game_is_copied_and_the_copy_replaces_it(client: Any, sqlite_store: Store) -> None:
    deal = deal_from_code(CODE)
    board = deal.board()
    moves = []
    import random

    chooser = random.Random(3)
    while not board.is_won() and not board.is_stuck():
        move = chooser.choice(sorted(board.matching_pairs()))
        board.push(move)
        moves.append(move)
    assert board.is_stuck()
    player, original = finished_game(client, sqlite_store, CODE, actions_of(moves))
    assert sqlite_store.get_game(player, original).status is GameStatus.STUCK
    copy = checked(client.post("/api/games", json={"from_game": original, "at": len(moves)}))
    assert copy["status"] == "stuck" and copy["practice"] is True
    assert sqlite_store.get_game(player, original).status is GameStatus.ABANDONED


def test_a_won_games_copy_at_its_last_action_is_won_and_unranked(
    client: Any, sqlite_store: Store, monkeypatch: Any
) -> None:
    human_pace(monkeypatch)
    solution = actions_of(deal_from_code(CODE).solution)
    _, original = finished_game(client, sqlite_store, CODE, solution)
    copy = checked(client.post("/api/games", json={"from_game": original, "at": len(solution)}))
    assert copy["status"] == "won" and copy["result"]["ranked"] is False
    assert copy["result"]["rank"] is None
    board = checked(client.get("/api/leaderboard", params={"all": "true"}))
    assert [entry["game_id"] for entry in board["entries"]] == [original]


def test_a_practice_win_is_never_ranked_and_is_counted_apart(
    client: Any, sqlite_store: Store, monkeypatch: Any
) -> None:
    human_pace(monkeypatch)
    deal = deal_from_code(CODE)
    _, original = finished_game(client, sqlite_store, CODE, actions_of(deal.solution[:10]))
    before = checked(client.get("/api/statistics"))
    state = checked(client.post("/api/games", json={"from_game": original, "at": 10}))
    for move in deal.solution[10:]:
        state = tap(client, tap(client, state, move.a), move.b)
    assert state["status"] == "won" and state["practice"] is True
    assert state["result"]["ranked"] is False and state["result"]["rank"] is None
    assert checked(client.get("/api/leaderboard", params={"all": "true"}))["entries"] == []
    stats = checked(client.get("/api/statistics"))
    assert stats["practice"] == {"games": 1, "won": 1}
    main = ("started", "won", "best_time", "current_streak", "best_streak", "layouts", "wins")
    assert {key: stats[key] for key in main} == {key: before[key] for key in main}
    assert before["practice"] == {"games": 0, "won": 0}


def test_a_daily_games_copy_is_not_on_the_daily_board(
    client: Any, sqlite_store: Store, monkeypatch: Any
) -> None:
    human_pace(monkeypatch)
    yesterday = (datetime.now(UTC).date() - timedelta(days=1)).isoformat()
    code = str(daily_code(datetime.now(UTC).date() - timedelta(days=1)))
    deal = deal_from_code(code)
    _, original = finished_game(
        client, sqlite_store, code, actions_of(deal.solution[:6]), daily=yesterday
    )
    state = checked(client.post("/api/games", json={"from_game": original, "at": 6}))
    assert state["daily"] is None and state["practice"] is True
    for move in deal.solution[6:]:
        state = tap(client, tap(client, state, move.a), move.b)
    assert state["status"] == "won"
    board = checked(client.get("/api/daily-board", params={"date": yesterday, "all": "true"}))
    assert board["entries"] == []
    assert checked(client.get("/api/daily"))["days"][0]["status"] == "played"


def test_a_challenge_games_copy_is_plain_practice(client: Any, sqlite_store: Store) -> None:
    state = checked(client.post("/api/games", json={"code": CODE, "challenge": "scored"}))
    deal = deal_from_code(CODE)
    for move in deal.solution[:3]:
        state = tap(client, tap(client, state, move.a), move.b)
    checked(client.post("/api/games", json={"code": OTHER}))  # abandons it
    copy = checked(client.post("/api/games", json={"from_game": state["id"], "at": 3}))
    assert copy["challenge"] is None and copy["code"] == CODE and copy["tiles_left"] == 138


def test_a_connect_games_copy_is_started_where_connect_games_are(
    client: Any, sqlite_store: Store
) -> None:
    game = mode_of_code(CONNECT).replay(CONNECT, [])
    moves = []
    board = game.board
    for _ in range(3):
        move = sorted(board.matching_pairs())[0]
        board.push(move)
        moves.append(f"{move.a},{move.b}")
    _, original = finished_game(client, sqlite_store, CONNECT, moves)
    refused(client.post("/api/games", json={"from_game": original, "at": 2}), 409, "wrong_mode")
    copy = checked(client.post("/api/connect/games", json={"from_game": original, "at": 2}))
    assert copy["mode"] == "connect" and copy["practice"] is True
    expected = mode_of_code(CONNECT).replay(CONNECT, moves[:2]).board.tiles_left
    assert copy["from_game"] == original and copy["tiles_left"] == expected


@pytest.mark.parametrize("at", [-1, 5, 10**30])
def test_an_at_out_of_range_is_refused(client: Any, sqlite_store: Store, at: int) -> None:
    _, original = finished_game(
        client, sqlite_store, CODE, actions_of(deal_from_code(CODE).solution[:4])
    )
    current = checked(client.get("/api/game"))
    refused(client.post("/api/games", json={"from_game": original, "at": at}), 400, "bad_request")
    assert checked(client.get("/api/game"))["id"] == current["id"]  # nothing started


@pytest.mark.parametrize(
    "extra",
    [
        {"layout": "turtle"},
        {"code": CODE},
        {"daily": True},
        {"challenge": "scored"},
        {"difficulty": "hard"},
        {"mirror": "X"},
    ],
)
def test_a_copy_with_another_way_to_start_is_refused(
    client: Any, sqlite_store: Store, extra: dict[str, Any]
) -> None:
    _, original = finished_game(
        client, sqlite_store, CODE, actions_of(deal_from_code(CODE).solution[:4])
    )
    body = {"from_game": original, "at": 1, **extra}
    refused(client.post("/api/games", json=body), 400, "bad_request")


def test_from_game_and_at_go_together(client: Any, sqlite_store: Store) -> None:
    _, original = finished_game(
        client, sqlite_store, CODE, actions_of(deal_from_code(CODE).solution[:4])
    )
    refused(client.post("/api/games", json={"from_game": original}), 400, "bad_request")
    refused(client.post("/api/games", json={"at": 1}), 400, "bad_request")
    refused(client.post("/api/connect/games", json={"at": 1}), 400, "bad_request")


def test_another_players_game_is_unknown(client: Any, sqlite_store: Store) -> None:
    _, original = finished_game(
        client, sqlite_store, CODE, actions_of(deal_from_code(CODE).solution[:4])
    )
    client.cookies.clear()
    checked(client.post("/api/games", json={"code": OTHER}))  # another player
    refused(client.post("/api/games", json={"from_game": original, "at": 1}), 404, "unknown_game")
    refused(client.post("/api/games", json={"from_game": "nope", "at": 0}), 404, "unknown_game")
    refused(
        client.post("/api/games", json={"from_game": f"new:{CODE}", "at": 0}), 404, "unknown_game"
    )


def test_a_game_in_play_has_no_copy(client: Any) -> None:
    state = checked(client.post("/api/games", json={"code": CODE}))
    state = tap(client, state, deal_from_code(CODE).solution[0].a)
    refused(
        client.post("/api/games", json={"from_game": state["id"], "at": 0}), 409, "game_in_play"
    )
    assert checked(client.get("/api/game"))["id"] == state["id"]


def test_a_cross_site_copy_is_refused(client: Any, sqlite_store: Store) -> None:
    _, original = finished_game(
        client, sqlite_store, CODE, actions_of(deal_from_code(CODE).solution[:4])
    )
    answer = client.post(
        "/api/games",
        json={"from_game": original, "at": 1},
        headers={"Origin": "https://elsewhere.example", "Sec-Fetch-Site": "cross-site"},
    )
    assert answer.status_code == 403 and answer.json()["error"] == "cross_site"


# -- the store, on SQLite and PostgreSQL ----------------------------------------------


def _abandoned(store: Store, player: str, actions: list[str]) -> str:
    game = store.create_game(player, code=CODE)
    played = mode_of_code(CODE).replay(CODE, actions)
    played.keep_times([float(n) for n in range(len(actions))])
    store.save_game(player, game.id, version=1, progress=Progress.of(played))
    store.create_game(player, code=OTHER)
    return game.id


def test_the_store_keeps_a_copy_as_practice_and_its_origin(store: Store) -> None:
    me = store.player(None).id
    actions = actions_of(deal_from_code(CODE).solution[:8])
    original = _abandoned(store, me, actions)
    copy = store.create_game(me, practice=practice_copy(store.get_game(me, original), 5))
    again = store.get_game(me, copy.id)
    assert (again.practice, again.from_game, again.actions) == (True, original, actions[:5])
    assert again.times == (0.0, 1.0, 2.0, 3.0, 4.0) and again.elapsed == 4.0
    assert again.status is GameStatus.PLAYING and store.current_game(me) == again
    assert store.get_game(me, original).practice is False
    assert store.statistics(me).to_json()["practice"] == {"games": 1, "won": 0}
    assert store.statistics(me).started == 2  # the original and the game that abandoned it


def test_the_store_refuses_a_copy_in_play_or_out_of_range(store: Store) -> None:
    me = store.player(None).id
    playing = store.create_game(me, code=CODE)
    with pytest.raises(GameInPlayError):
        practice_copy(playing, 0)
    original = store.get_game(
        me, _abandoned(store, me, actions_of(deal_from_code(CODE).solution[:2]))
    )
    for at in (-1, 3, True):
        with pytest.raises(StoreError, match="at must be"):
            practice_copy(original, at)  # type: ignore[arg-type]


def test_a_practice_win_is_on_no_board_of_the_store(store: Store) -> None:
    me = store.player(None).id
    solution = actions_of(deal_from_code(CODE).solution)
    original = _abandoned(store, me, solution[:70])
    copy = store.create_game(me, practice=practice_copy(store.get_game(me, original), 70))
    won = mode_of_code(CODE).replay(CODE, solution, elapsed=500.0)
    won.keep_times([500.0] * len(solution))
    saved = store.save_game(me, copy.id, version=copy.version, progress=Progress.of(won))
    assert saved.status is GameStatus.WON and saved.practice
    assert store.leaderboard(me, show_all=True) == []
    assert store.latest_wins(me) == []
    stats = store.statistics(me)
    assert (stats.won, stats.practice_games, stats.practice_won) == (0, 1, 1)
