"""Rules §3.4 and §3.5: the clock stops while the board is stuck and starts again on undo
or shuffle, so a winning time leaves out the stuck stretch (and every pause).  The server's
clock is driven by the test (``lifecycle.now``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from api_support import checked, play, post
from mahjong_solitaire import Move, deal_from_code
from mahjong_solitaire.store import store as store_module
from mahjong_solitaire.web.games import lifecycle
from test_api import stuck_line

CODE = "MJ1-L00-AAAAABL"
DEAL = deal_from_code(CODE)


class Clock:
    """The server's clock, moved on by hand."""

    def __init__(self) -> None:
        self.at = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at

    def wait(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    found = Clock()
    monkeypatch.setattr(lifecycle, "now", found)  # the clock the API reads a game by
    monkeypatch.setattr(store_module, "_now", found)  # and the one it saves a game by
    return found


def played(client, state: dict, moves: list[Move], clock: Clock, pace: float) -> dict:
    for move in moves:
        clock.wait(pace)
        state = play(client, state, move)
    return state


def test_a_stuck_board_stops_the_clock_and_undo_starts_it_again(client, clock):
    state = checked(client.post("/api/games", json={"code": CODE}))
    line = stuck_line()
    state = played(client, state, line, clock, 2.0)
    assert state["status"] == "stuck" and state["running"] is False
    stuck_at = state["elapsed"]
    clock.wait(600.0)  # the player stares at the stuck board for ten minutes
    again = checked(client.get(f"/api/games/{state['id']}"))
    assert again["status"] == "stuck" and again["elapsed"] == stuck_at
    clock.wait(5.0)
    undone = post(client, again, "undo")
    assert undone["status"] == "playing" and undone["running"] is True
    assert undone["elapsed"] == stuck_at
    clock.wait(7.0)
    assert checked(client.get(f"/api/games/{state['id']}"))["elapsed"] == stuck_at + 7.0


def test_a_winning_time_leaves_out_the_stuck_stretch_and_the_pauses(client, clock):
    state = checked(client.post("/api/games", json={"code": CODE}))
    line = stuck_line()
    state = played(client, state, line, clock, 10.0)
    clock.wait(900.0)  # stuck: does not count
    for _ in line:  # back to the start by plain undos (play, not assistance)
        clock.wait(1.0)
        state = post(client, state, "undo")
    clock.wait(3.0)
    state = post(client, state, "pause")
    clock.wait(300.0)  # paused, as while a dialog is open: does not count
    state = post(client, state, "resume")
    state = played(client, state, list(DEAL.solution), clock, 10.0)
    assert state["status"] == "won"
    # the second before the first undo was still stuck; the others were play
    expected = 10.0 * len(line) + 1.0 * (len(line) - 1) + 3.0 + 10.0 * len(DEAL.solution)
    assert state["result"]["time"] == pytest.approx(expected)
    assert state["result"]["ranked"] is True


def test_a_shuffle_on_a_stuck_board_starts_the_clock_again(client, clock):
    state = checked(client.post("/api/games", json={"code": CODE}))
    state = played(client, state, stuck_line(), clock, 2.0)
    stuck_at = state["elapsed"]
    clock.wait(400.0)
    shuffled = post(client, state, "shuffle")
    assert shuffled["elapsed"] == stuck_at
    assert shuffled["running"] is (shuffled["status"] == "playing")
    clock.wait(4.0)
    later = checked(client.get(f"/api/games/{state['id']}"))
    assert later["elapsed"] == stuck_at + (4.0 if shuffled["status"] == "playing" else 0.0)


def test_a_stuck_game_paused_by_a_dialog_stays_stopped_when_resumed(client, clock):
    state = checked(client.post("/api/games", json={"code": CODE}))
    state = played(client, state, stuck_line(), clock, 2.0)
    stuck_at = state["elapsed"]
    paused = post(client, state, "pause")
    assert paused["status"] == "paused"
    clock.wait(50.0)
    resumed = post(client, paused, "resume")
    assert resumed["status"] == "stuck" and resumed["running"] is False
    clock.wait(50.0)
    assert checked(client.get(f"/api/games/{state['id']}"))["elapsed"] == stuck_at
