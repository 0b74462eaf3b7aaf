"""The state's ``removed`` (docs/web-api.md, rules §5.13): the faces of the tiles removed, in
order of removal, in both modes; taps leave it out of their answer and the page adds the
pair's faces itself (``applied``), which gives what a read answers; undo takes a pair back
out, redo puts it in again, a shuffle changes none of it, the solution demo and Finish add
theirs, a restart starts empty, and a paused game hides it."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api_support import checked, play, post
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.connect import connect_deal_from_code

CODE = "MJ1-L00-AAAAABL"
CONNECT_CODE = "CN1-1006B-AAAAABL"


def read(client: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    return checked(client.get(f"/api/games/{state['id']}"))


def start(client: TestClient, mode: str) -> tuple[dict[str, Any], Any]:
    if mode == "connect":
        state = checked(client.post("/api/connect/games", json={"code": CONNECT_CODE}))
        return state, connect_deal_from_code(CONNECT_CODE)
    return checked(client.post("/api/games", json={"code": CODE})), deal_from_code(CODE)


def faces(state: dict[str, Any], move: Any) -> list[str]:
    """The faces the page drew at the two positions of ``move``."""
    shown = {tile["i"]: tile["tile"] for tile in state["tiles"]}
    return [shown[move.a], shown[move.b]]


@pytest.mark.parametrize("mode", ["classic", "connect"])
def test_removed_lists_the_faces_taken_in_order_and_undo_and_redo_follow(
    client: TestClient, mode: str
) -> None:
    state, deal = start(client, mode)
    assert state["removed"] == [] and read(client, state)["removed"] == []
    expected: list[str] = []
    for move in deal.solution[:3]:
        expected += faces(state, move)
        state = play(client, state, move)
        assert state["removed"] == expected  # the page's own sum of the taps' pairs
        assert read(client, state)["removed"] == expected  # is what the server says
    assert len(expected) == 6 and all(expected)
    undone = post(client, state, "undo")
    assert undone["removed"] == expected[:4]
    again = post(client, undone, "undo")
    assert again["removed"] == expected[:2]
    redone = post(client, again, "redo")
    assert redone["removed"] == expected[:4]
    assert read(client, redone)["removed"] == expected[:4]


@pytest.mark.parametrize("mode", ["classic", "connect"])
def test_a_paused_game_hides_removed_and_resume_shows_it_again(
    client: TestClient, mode: str
) -> None:
    state, deal = start(client, mode)
    state = play(client, state, deal.solution[0])
    shown = state["removed"]
    paused = post(client, state, "pause")
    assert paused["status"] == "paused" and paused["removed"] is None
    assert read(client, paused)["removed"] is None
    resumed = post(client, paused, "resume")
    assert resumed["removed"] == shown


@pytest.mark.parametrize("mode", ["classic", "connect"])
def test_a_shuffle_keeps_removed_the_demo_adds_its_pair_and_a_restart_starts_empty(
    client: TestClient, mode: str
) -> None:
    state, deal = start(client, mode)
    state = play(client, state, deal.solution[0])
    shown = state["removed"]
    shuffled = post(client, state, "shuffle")
    assert shuffled["removed"] == shown
    demoed = post(client, shuffled, "solve")
    pair = demoed["demo"]["move"]
    drawn = {tile["i"]: tile["tile"] for tile in shuffled["tiles"]}
    assert demoed["removed"] == [*shown, drawn[pair[0]], drawn[pair[1]]]
    undone = post(client, demoed, "undo")
    assert undone["removed"] == shown
    restarted = post(client, undone, "restart")
    assert restarted["removed"] == [] and restarted["tiles_left"] == len(deal.tiles)


def test_finish_adds_every_pair_it_clears(client: TestClient) -> None:
    state, deal = start(client, "classic")
    solution = deal.solution
    for move in solution[:-2]:
        state = play(client, state, move)
    before = state["removed"]
    finished = post(client, state, "finish")
    assert finished["status"] == "won" and finished["tiles"] == []
    assert len(finished["removed"]) == len(deal.tiles)
    assert finished["removed"][: len(before)] == before
    assert sorted(finished["removed"]) == sorted(deal.tiles)


def test_the_tap_answer_carries_no_removed_list(client: TestClient) -> None:
    state, deal = start(client, "classic")
    move = deal.solution[0]
    first = post(client, state, "tap", position=move.a)
    answer = post(client, {**state, "version": first["version"]}, "tap", position=move.b)
    assert answer["event"]["move"] == [move.a, move.b] and "removed" not in answer
