"""Challenges through the JSON API (docs/web-api.md, rules §13): the list of rule sets,
starting a game under one (by name or by code), the figures every answer carries, the
aids refused, a lost game, and blackout's promise that no answer carries the face of a
tile that is not free."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api_support import checked, post, refused, tap, tap_answer
from mahjong_solitaire import Move, deal_from_code
from mahjong_solitaire.core.game import GameStatus

CODE = "MJ2-L00-AAAAABL"
NAMES = ["scored", "countdown", "sprint", "blackout", "suit-hunt"]


def start(client: TestClient, **body: object) -> dict[str, Any]:
    return checked(client.post("/api/games", json=body))


def later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The server's clock ``seconds`` ahead from now on."""
    from mahjong_solitaire.web.games import lifecycle

    monkeypatch.setattr(lifecycle, "now", lambda: datetime.now(UTC) + timedelta(seconds=seconds))


# -- the list ----------------------------------------------------------------------------


def test_the_list_names_every_rule_set_in_the_request_language(client: TestClient) -> None:
    listed = checked(client.get("/api/challenges"))["challenges"]
    assert [entry["name"] for entry in listed] == NAMES
    scored = listed[0]
    assert scored["title"] == "Scored" and scored["ranks_by"] == "score"
    assert scored["refuses"] == ["solve"] and scored["hides_faces"] is False
    blackout = listed[3]
    assert blackout["hides_faces"] is True and "undo" in blackout["refuses"]
    assert {entry["ranks_by"] for entry in listed} == {"score", "time"}
    german = checked(client.get("/api/challenges", headers={"Accept-Language": "de"}))
    assert [entry["title"] for entry in german["challenges"]] != [e["title"] for e in listed]
    assert all(entry["rule"] for entry in german["challenges"])
    assert "set-cookie" not in client.get("/api/challenges").headers  # a read


# -- starting one ------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_game_started_under_a_rule_set_carries_its_figures(client: TestClient, name: str) -> None:
    state = start(client, layout="turtle", difficulty="normal", challenge=name)
    figures = state["challenge"]
    assert figures["name"] == name and state["code"].endswith(f"-{name.upper()}")
    assert figures["matches"] == 0 and figures["reason"] is None and figures["parts"] is None
    assert "solve" in figures["refused"]
    again = checked(client.get(f"/api/games/{state['id']}"))
    clocked = ("score", "time_left")  # a race's figures run with the clock
    assert {k: v for k, v in again["challenge"].items() if k not in clocked} == {
        k: v for k, v in figures.items() if k not in clocked
    }
    assert again["code"] == state["code"]
    current = checked(client.get("/api/game"))
    assert current["id"] == state["id"] and current["challenge"]["name"] == name
    # the code the state shows starts the same deal under the same rules
    copy = start(client, code=state["code"])
    assert copy["code"] == state["code"] and copy["challenge"]["name"] == name
    assert [t["i"] for t in copy["tiles"]] == [t["i"] for t in state["tiles"]]


def test_plain_play_has_no_challenge(client: TestClient) -> None:
    state = start(client, code=CODE)
    assert state["challenge"] is None and state["code"] == CODE
    answer = post(client, state, "tap", position=min(t["i"] for t in state["tiles"] if t["free"]))
    assert answer["challenge"] is None and answer["revealed"] is None


def test_a_code_with_a_challenge_starts_it(client: TestClient) -> None:
    state = start(client, code=f"{CODE.lower()}-suit-hunt")
    assert state["code"] == f"{CODE}-SUIT-HUNT"
    figures = state["challenge"]
    assert figures["marked"] in ("bamboo", "characters", "circles")
    assert figures["target"] > 0 and 420 < figures["time_left"] <= 432.0
    same = start(client, code=f"{CODE}-SUIT-HUNT", challenge="suit-hunt")
    assert same["challenge"]["name"] == "suit-hunt"


def test_a_fresh_deal_of_a_challenge_code_is_played_under_it(client: TestClient) -> None:
    shown = checked(client.get(f"/api/games/new:{CODE}-SCORED"))
    assert shown["challenge"]["name"] == "scored" and shown["code"] == f"{CODE}-SCORED"
    first = min(t["i"] for t in shown["tiles"] if t["free"])
    answer = post(client, shown, "tap", position=first)
    assert answer["challenge"]["name"] == "scored" and not answer["id"].startswith("new:")
    assert checked(client.get(f"/api/games/{answer['id']}"))["code"] == f"{CODE}-SCORED"


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"layout": "turtle", "challenge": "chess"}, 400, "bad_request"),
        ({"code": f"{CODE}-CHESS"}, 400, "bad_code"),
        ({"code": f"{CODE}-SCORED", "challenge": "sprint"}, 400, "bad_request"),
        ({"daily": True, "challenge": "scored"}, 400, "bad_request"),
        ({"layout": "turtle", "challenge": 7}, 422, "bad_body"),
        ({"layout": "turtle", "challenge": "x" * 17}, 422, "bad_body"),
    ],
)
def test_a_bad_challenge_is_refused(
    client: TestClient, body: dict[str, object], status: int, error: str
) -> None:
    detail = refused(client.post("/api/games", json=body), status, error)
    if body.get("challenge") == "chess" or "CHESS" in str(body.get("code")):
        assert "there is no challenge" in detail


def test_a_connect_game_takes_no_challenge_code(client: TestClient) -> None:
    refused(
        client.post("/api/connect/games", json={"code": "CN2-1808B-AAAAABL-SCORED"}),
        400,
        "bad_code",
    )


# -- aids --------------------------------------------------------------------------------


def test_a_refused_aid_is_aid_refused(client: TestClient) -> None:
    state = start(client, code=f"{CODE}-BLACKOUT")
    for action in ("shuffle", "solve"):
        refused(
            client.post(f"/api/games/{state['id']}/{action}", json={"version": state["version"]}),
            409,
            "aid_refused",
        )
    refused(client.get(f"/api/games/{state['id']}/solution"), 409, "aid_refused")
    hinted = post(client, state, "hint")  # blackout allows hints
    assert hinted["hint"] is not None and hinted["hints"] == 1
    race = start(client, code=f"{CODE}-SPRINT")
    refused(
        client.post(f"/api/games/{race['id']}/pause", json={"version": race["version"]}),
        409,
        "aid_refused",
    )


def test_scored_counts_pairs_and_hints(client: TestClient) -> None:
    state = start(client, code=f"{CODE}-SCORED")
    deal = deal_from_code(CODE)
    state = post(client, state, "hint")
    for move in list(deal.solution)[:3]:
        state = tap(client, tap(client, state, move.a), move.b)
    figures = state["challenge"]
    assert figures["matches"] == 3
    assert figures["score"] == 0  # 30 for the pairs (and any combos), less 50 for the hint


# -- lost --------------------------------------------------------------------------------


def test_a_race_the_clock_ran_out_on_is_lost_and_recorded(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, sqlite_store: Any
) -> None:
    state = start(client, code=f"{CODE}-COUNTDOWN")
    later(monkeypatch, 721)
    shown = checked(client.get(f"/api/games/{state['id']}"))
    assert shown["status"] == "lost" and shown["running"] is False
    assert shown["challenge"]["reason"] == "time_ran_out"
    assert shown["challenge"]["time_left"] == 0
    assert shown["challenge"]["parts"] is not None
    first = min(t["i"] for t in state["tiles"] if t["free"])
    response = client.post(
        f"/api/games/{state['id']}/tap", json={"position": first, "version": state["version"]}
    )
    assert response.status_code == 409, response.text
    player = client.cookies.get("mj_player")
    stored = sqlite_store.get_game(player, state["id"])
    assert stored.status is GameStatus.LOST and stored.running_since is None
    assert stored.finished_at is not None
    assert sqlite_store.current_game(player) is None


def test_a_new_game_records_a_lost_race_as_lost(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, sqlite_store: Any
) -> None:
    state = start(client, code=f"{CODE}-SPRINT")
    later(monkeypatch, 200)
    start(client, layout="turtle")
    stored = sqlite_store.get_game(client.cookies.get("mj_player"), state["id"])
    assert stored.status is GameStatus.LOST  # not abandoned


# -- blackout: no hidden face, ever ------------------------------------------------------


def faces_in(answer: Any) -> list[tuple[int, str]]:
    """Every (position, face) an answer carries for a tile on the board."""
    found = []
    for tile in answer.get("tiles", ()):
        if tile.get("tile") is not None:
            found.append((tile["i"], tile["tile"]))
    for tile in answer.get("revealed") or ():
        found.append((tile["i"], tile["tile"]))
    return found


def assert_no_hidden_face(answer: Any, free_now: set[int]) -> None:
    for position, _ in faces_in(answer):
        assert position in free_now, f"the face of {position}, not free, was sent"
    for tile in answer.get("tiles", ()):
        assert tile["free"] == (tile["i"] in free_now)


def test_a_whole_blackout_game_never_shows_a_hidden_face(client: TestClient) -> None:
    from mahjong_solitaire.classic.game import Game

    state = start(client, code=f"{CODE}-BLACKOUT")
    game = Game(deal_from_code(CODE), clock=lambda: 0.0)  # the truth, to check against

    def free_now() -> set[int]:
        return set(game.board.free_positions())

    assert_no_hidden_face(state, free_now())
    assert any(tile["tile"] is None for tile in state["tiles"])
    seen = {tile["i"]: tile["tile"] for tile in state["tiles"] if tile["tile"] is not None}
    answers = 0
    while state["status"] == "playing":
        # the player sees every free face (and only those): a pair is picked among them
        assert free_now() <= set(seen)
        spots = sorted(free_now())
        pair = next(
            ((a, b) for a in spots for b in spots if a < b and game.board.is_legal(Move(a, b))),
            None,
        )
        if answers % 7 == 0:
            hinted = post(client, state, "hint")
            assert_no_hidden_face(hinted, free_now())
            state = {**state, **{k: v for k, v in hinted.items() if k != "hint"}}
        if pair is None:
            break
        for position in pair:
            answer = tap_answer(state, post(client, state, "tap", position=position))
            if position == pair[1]:
                game.play(Move(*pair))
            assert_no_hidden_face(answer, free_now())
            for tile in answer["revealed"] or ():
                seen[tile["i"]] = tile["tile"]
            assert set(answer["freed"]) <= free_now()
            assert {tile["i"] for tile in answer["revealed"]} == set(answer["freed"])
            state = {**state, **answer, "tiles": state["tiles"]}
            answers += 1
        full = checked(client.get(f"/api/games/{state['id']}"))
        assert_no_hidden_face(full, free_now())
        text = json.dumps(full)
        assert '"removed"' in text  # removed tiles were free: their faces may show
        state = full
    final = checked(client.get(f"/api/games/{state['id']}"))
    assert_no_hidden_face(final, free_now())
    assert final["status"] in ("won", "lost")
    if final["status"] == "lost":
        assert final["challenge"]["reason"] == "no_moves"
    assert final["challenge"]["parts"] is not None
    assert checked(client.get("/api/game"))["id"] != final["id"]  # not the open game any more
    exported = checked(client.get("/api/history"))
    assert '"tiles"' not in json.dumps(exported)  # codes and moves, no faces
    assert answers > 10


def test_a_blackout_taps_answer_applied_is_the_state_a_read_answers(client: TestClient) -> None:
    from mahjong_solitaire.web.games.taps import applied

    state = start(client, code=f"{CODE}-BLACKOUT")
    for move in list(deal_from_code(CODE).solution)[:6]:
        for position in (move.a, move.b):
            answer = tap_answer(state, post(client, state, "tap", position=position))
            state = applied(state, answer)
        read = checked(client.get(f"/api/games/{state['id']}"))
        skip = ("elapsed", "event")
        assert {k: v for k, v in state.items() if k not in skip} == {
            k: v for k, v in read.items() if k not in skip
        }
