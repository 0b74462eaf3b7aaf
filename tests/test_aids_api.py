"""The aids of rules §5.9–§5.11 through the JSON API, on SQLite and PostgreSQL: the
solution and its demo (recorded, unranked, counted apart), the way back to the last
winnable position, Finish, and Restart, in both modes where they apply."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from api_support import checked, human_pace, play, post, refused, row_counts
from mahjong_solitaire import Game, Move, daily_code, deal_from_code
from mahjong_solitaire.connect.game import ConnectGame
from mahjong_solitaire.connect.generator import connect_deal_from_code
from mahjong_solitaire.store import Store
from mahjong_solitaire.store.schema import games
from mahjong_solitaire.web import create_app

CODE = "MJ1-L00-AAAAABL"
DEAL = deal_from_code(CODE)
CONNECT_CODE = "CN1-1006B-AAAAABL"


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    """The web app on the parametrised ``store`` (SQLite, then PostgreSQL)."""
    yield TestClient(create_app(store))


def start(client: TestClient, **body: object) -> Any:
    return checked(client.post("/api/games", json=body or {"code": CODE}))


def owner(store: Store, game_id: str) -> str:
    """The id of the player whose game ``game_id`` is."""
    with store.engine.connect() as connection:
        return connection.execute(
            select(games.c.player_id).where(games.c.id == game_id)
        ).scalar_one()


def lost_position(client: TestClient, seed: int = 0) -> dict:
    """A game played at random until no pair is left (a lost position of ``CODE``)."""
    state = start(client)
    game = Game(DEAL, clock=lambda: 0.0)
    chance = random.Random(seed)
    while game.board.matching_pairs():
        move = chance.choice(game.board.matching_pairs())
        game.play(move)
        state = play(client, state, move)
    assert state["status"] == "stuck"
    return state


def demo_to_the_end(client: TestClient, state: dict, path: str = "/api/games") -> dict:
    """Step the solution demo until the game is won, each step with the highlighted pair."""
    plan = checked(client.get(f"{path}/{state['id']}/solution"))
    assert plan["winnability"] == "winnable" and plan["version"] == state["version"]
    highlighted = plan["plan"][0]
    while state["status"] != "won":
        state = post(client, state, "solve", move=highlighted)
        assert state["demo"]["move"] == sorted(highlighted)
        highlighted = state["demo"]["next"]
    assert highlighted is None
    return state


def test_the_solution_is_a_winning_plan_and_reading_it_writes_nothing(client, store):
    state = start(client)
    state = play(client, state, DEAL.solution[0])
    before = row_counts(store), checked(client.get(f"/api/games/{state['id']}"))["version"]
    answer = checked(client.get(f"/api/games/{state['id']}/solution"))
    assert (row_counts(store), answer["version"]) == before
    assert answer["winnability"] == "winnable" and answer["last_winnable"] is None
    game = Game.replay(DEAL, [str(DEAL.solution[0])])
    game.board.play([Move(a, b) for a, b in answer["plan"]])
    assert game.board.is_won()


def test_each_demo_step_is_recorded_as_solve_and_marks_the_game(client, store):
    state = start(client)
    highlighted = checked(client.get(f"/api/games/{state['id']}/solution"))["plan"][0]
    state = post(client, state, "solve", move=highlighted)
    assert state["solution_shown"] is True and state["tiles_left"] == 142
    assert state["demo"]["move"] == sorted(highlighted)
    following = Move(*state["demo"]["next"])
    assert Game.replay(DEAL, [f"{Move(*highlighted)}"]).board.is_legal(following)
    stored = store.export_history(owner(store, state["id"]))["games"][0]
    assert stored["actions"] == [f"solve {Move(*highlighted)}"] and stored["solution_shown"]


def test_a_game_won_by_the_demo_is_off_the_boards_and_counted_apart(client, monkeypatch):
    human_pace(monkeypatch)
    state = start(client, daily=True)
    assert state["code"] == str(daily_code(date.fromisoformat(state["daily"])))
    state = demo_to_the_end(client, state)
    assert state["result"]["ranked"] is False and state["result"]["solution_shown"] is True
    assert checked(client.get("/api/leaderboard"))["entries"] == []
    assert checked(client.get("/api/daily-board"))["entries"] == []
    figures = checked(client.get("/api/statistics"))
    assert (figures["started"], figures["won"], figures["solved"]) == (1, 0, 1)


def test_a_lost_position_says_so_and_the_way_back_is_one_recorded_action(client, store):
    state = lost_position(client)
    answer = checked(client.get(f"/api/games/{state['id']}/solution"))
    assert answer["winnability"] == "lost" and answer["plan"] == []
    steps = answer["last_winnable"]
    assert isinstance(steps, int) and steps > 0
    refused(client.post(f"/api/games/{state['id']}/solve", json={}), 409, "illegal_action")
    back = post(client, state, "undo-to-winnable")
    assert back["status"] == "playing" and back["undos"] == steps
    game = store.export_history(owner(store, state["id"]))["games"][0]
    assert game["actions"][-1] == f"back {steps}"
    assert checked(client.get(f"/api/games/{state['id']}/solution"))["winnability"] == "winnable"


def test_a_demo_step_with_a_pair_that_is_no_pair_is_refused(client):
    state = start(client)
    refused(client.post(f"/api/games/{state['id']}/solve", json={"move": [3, 3]}), 422, "bad_body")
    refused(
        client.post(f"/api/games/{state['id']}/solve", json={"move": ["a", 3]}), 422, "bad_body"
    )
    assert checked(client.get(f"/api/games/{state['id']}"))["version"] == state["version"]


def test_finish_appears_only_when_no_choice_matters_and_wins(client, store):
    state = start(client)
    refused(client.post(f"/api/games/{state['id']}/finish", json={}), 409, "illegal_action")
    moves = list(DEAL.solution)
    while not state["finishable"]:
        state = play(client, state, moves.pop(0))
    done = post(client, state, "finish")
    assert done["status"] == "won" and done["tiles_left"] == 0
    assert len(done["finished"]) == state["tiles_left"] // 2
    game = store.export_history(owner(store, state["id"]))["games"][0]
    assert game["actions"][-1] == "finish"


def test_restart_deals_the_same_deal_again_as_a_new_attempt(client):
    """Rules §5.11: the same deal (and daily challenge) from the start, as a new game; the
    old one is abandoned and counts as started."""
    state = start(client, daily=True)
    move = Game(deal_from_code(state["code"])).board.matching_pairs()[0]
    played = play(client, state, move)
    again = post(client, played, "restart")
    assert again["id"] != state["id"] and again["code"] == state["code"]
    assert again["daily"] == state["daily"] and again["version"] == 1
    assert again["tiles"] == state["tiles"] and again["hints"] == again["undos"] == 0
    assert checked(client.get(f"/api/games/{state['id']}"))["status"] == "abandoned"
    refused(client.post(f"/api/games/{state['id']}/restart", json={}), 409, "game_over")
    assert checked(client.get("/api/statistics"))["started"] == 2


def test_restart_refuses_a_stale_version_and_a_game_of_the_other_mode(client):
    state = start(client)
    state = play(client, state, DEAL.solution[0])
    refused(
        client.post(f"/api/games/{state['id']}/restart", json={"version": 1}),
        409,
        "stale_version",
    )
    refused(client.post(f"/api/connect/games/{state['id']}/restart", json={}), 409, "wrong_mode")


def test_connect_shows_its_solution_step_by_step_and_restarts(client, monkeypatch):
    human_pace(monkeypatch)
    state = checked(client.post("/api/connect/games", json={"code": CONNECT_CODE}))
    plan = checked(client.get(f"/api/connect/games/{state['id']}/solution"))
    deal = connect_deal_from_code(CONNECT_CODE)
    assert plan["plan"][0] == [deal.solution[0].a, deal.solution[0].b]
    first = post(client, state, "solve", move=plan["plan"][0])
    assert first["event"]["outcome"] == "matched" and first["event"]["path"]
    won = demo_to_the_end(client, first, "/api/connect/games")
    assert won["result"]["ranked"] is False and won["solution_shown"] is True
    again = post(client, won, "restart")
    assert again["code"] == CONNECT_CODE and again["tiles_left"] == len(state["tiles"])
    figures = checked(client.get("/api/statistics?mode=connect"))
    assert (figures["won"], figures["solved"]) == (0, 1)


def test_connect_goes_back_to_its_last_winnable_position_as_one_action(client, store):
    deal = connect_deal_from_code(CONNECT_CODE)
    state = checked(client.post("/api/connect/games", json={"code": CONNECT_CODE}))
    game = ConnectGame(deal, clock=lambda: 0.0)
    chance = random.Random(2)
    while game.board.matching_pairs():
        move = chance.choice(game.board.matching_pairs())
        game.play(move)
        state = post(client, post(client, state, "tap", position=move.a), "tap", position=move.b)
    assert state["status"] == "stuck"
    answer = checked(client.get(f"/api/connect/games/{state['id']}/solution"))
    assert answer["winnability"] == "lost" and answer["last_winnable"]
    back = post(client, state, "undo-to-winnable")
    assert back["status"] == "playing" and back["undos"] == answer["last_winnable"]
    logged = store.export_history(owner(store, state["id"]))["games"][-1]["actions"]
    assert logged[-1] == f"back {answer['last_winnable']}"
