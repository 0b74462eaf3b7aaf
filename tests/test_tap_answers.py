"""A tap answers what changed, not the whole state (docs/web-api.md, "The tap's answer"):
applied to the state the page has, it gives exactly the state a read answers, in every mode;
the answer is exactly the route's schema model, which ``/openapi.json`` documents."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from api_support import applied, checked, human_pace, post, tap_answer
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.connect import connect_deal_from_code

CODE = "MJ1-L00-AAAAABL"
CONNECT_CODE = "CN1-1006B-AAAAABL"


def read(client: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    return checked(client.get(f"/api/games/{state['id']}"))


def but_the_clock(state: dict[str, Any]) -> dict[str, Any]:
    """A state without what a later read may tell apart: the running clock and the tap's
    event (a read has none)."""
    return {key: value for key, value in state.items() if key not in ("elapsed", "event")}


def tap_and_compare(client: TestClient, state: dict[str, Any], position: int) -> dict[str, Any]:
    """Tap ``position``: the answer applied to ``state`` is what a read answers next."""
    answer = tap_answer(state, post(client, state, "tap", position=position))
    after = applied(state, answer)
    assert but_the_clock(after) == but_the_clock(read(client, after)), answer["event"]
    return after


def a_blocked_position(state: dict[str, Any]) -> int:
    return next(tile["i"] for tile in state["tiles"] if not tile["free"])


def test_a_classic_taps_changes_give_the_state_a_read_answers_through_a_won_game(
    client, monkeypatch
):
    human_pace(monkeypatch)
    deal = deal_from_code(CODE)
    state = checked(client.post("/api/games", json={"code": CODE}))
    for n, move in enumerate(deal.solution):
        if n % 9 == 0:  # a blocked tap, a selection moved, a selection undone on the way
            state = tap_and_compare(client, state, a_blocked_position(state))
            assert state["event"]["outcome"] == "blocked"
            state = tap_and_compare(client, tap_and_compare(client, state, move.a), move.a)
            assert state["event"]["outcome"] == "deselected"
        state = tap_and_compare(client, tap_and_compare(client, state, move.a), move.b)
        assert state["event"]["move"] == [move.a, move.b]
    assert state["status"] == "won" and state["tiles"] == [] and state["result"]["rank"] == 1


def test_a_match_answers_the_tiles_it_freed(client):
    deal = deal_from_code(CODE)
    state = checked(client.post("/api/games", json={"code": CODE}))
    free_before = {tile["i"] for tile in state["tiles"] if tile["free"]}
    move = deal.solution[0]
    first = applied(state, tap_answer(state, post(client, state, "tap", position=move.a)))
    answer = tap_answer(first, post(client, first, "tap", position=move.b))
    after = read(client, first)
    free_after = {tile["i"] for tile in after["tiles"] if tile["free"]}
    assert answer["freed"] == sorted(free_after - free_before)
    assert answer["blocked"] == [] and answer["tiles_left"] == 142
    assert answer["event"] == {"outcome": "matched", "position": move.b, "move": list(move)}


def test_a_connect_taps_changes_give_the_state_a_read_answers_slides_included(client, monkeypatch):
    human_pace(monkeypatch)
    deal = connect_deal_from_code(CONNECT_CODE)
    state = checked(client.post("/api/connect/games", json={"code": CONNECT_CODE}))
    slid = 0
    for move in deal.solution:
        state = tap_and_compare(client, tap_and_compare(client, state, move.a), move.b)
        slid += len(state["event"]["slid"])
    assert slid > 0, "the stage's tiles slide"
    assert state["status"] == "won" and state["tiles"] == []


def test_the_schema_documents_the_taps_answer_not_the_whole_state(client):
    schema = checked(client.get("/openapi.json"))
    models = schema["components"]["schemas"]
    for path, name in (
        ("/api/games/{game_id}/tap", "TapAnswer"),
        ("/api/connect/games/{game_id}/tap", "ConnectTapAnswer"),
    ):
        answer = schema["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]
        assert answer["schema"] == {"$ref": f"#/components/schemas/{name}"}
        fields = set(models[name]["properties"])
        assert {"event", "freed", "blocked", "tiles_left", "version", "result"} <= fields
        assert not fields & {"tiles", "layout", "daily"}
