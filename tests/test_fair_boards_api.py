"""Fair boards through the API (rules §12.3): the daily board ranks each
player's first finished attempt at the day's deal when it is an unassisted win, the
player's leaderboard leaves assisted wins out, and ``?all=true`` shows every ranked win."""

from __future__ import annotations

from api_support import checked, human_pace, post, refused, tap
from mahjong_solitaire import deal_from_code


def win_daily(client, *, hint: bool = False, undo: bool = False) -> dict:
    state = checked(client.post("/api/games", json={"daily": True}))
    solution = deal_from_code(state["code"]).solution
    if hint:
        state = post(client, state, "hint")
    if undo:
        first = solution[0]
        state = post(client, tap(client, tap(client, state, first.a), first.b), "undo")
    for move in solution:
        state = tap(client, tap(client, state, move.a), move.b)
    assert state["status"] == "won"
    return state


def board(client, **params: str) -> dict:
    return checked(client.get("/api/daily-board", params=params))


def test_an_assisted_first_attempt_keeps_the_player_off_the_fair_daily_board(client, monkeypatch):
    human_pace(monkeypatch)
    hinted = win_daily(client, hint=True)
    assert hinted["result"]["rank"] == 1  # its place on the board that lists it (all)
    win_daily(client)  # a clean win, but the deal was known by then
    fair = board(client)
    assert fair["all"] is False and fair["entries"] == []
    every = board(client, all="true")
    assert every["all"] is True
    assert sorted((e["first"], e["assisted"]) for e in every["entries"]) == [
        (False, False),
        (True, True),
    ]


def test_a_clean_first_attempt_with_undo_is_ranked_and_shows_its_undo(client, monkeypatch):
    human_pace(monkeypatch)
    checked(client.put("/api/player", json={"name": "Ana"}))
    won = win_daily(client, undo=True)
    win_daily(client)
    (entry,) = board(client)["entries"]
    assert (entry["name"], entry["mine"], entry["undos"]) == ("Ana", True, 1)
    assert entry["first"] is True and entry["assisted"] is False
    assert entry["time"] == won["result"]["time"]
    assert len(board(client, all="true")["entries"]) == 2


def test_the_leaderboard_lists_assisted_wins_only_with_all(client, monkeypatch):
    human_pace(monkeypatch)
    win_daily(client, hint=True)
    assert checked(client.get("/api/leaderboard")) == {
        "entries": [],
        "all": False,
        "challenge": None,
        "ranks_by": "time",
    }
    every = checked(client.get("/api/leaderboard", params={"all": "true"}))
    assert every["all"] is True and [e["assisted"] for e in every["entries"]] == [True]


def test_a_bad_all_switch_is_refused(client):
    refused(client.get("/api/daily-board", params={"all": "perhaps"}), 422, "bad_body")
    refused(client.get("/api/leaderboard", params={"all": "perhaps"}), 422, "bad_body")
