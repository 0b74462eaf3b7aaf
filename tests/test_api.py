"""The JSON API (docs/web-api.md): every endpoint, its bad inputs, and that the engine
decides every move while the store keeps every game."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api_support import checked, human_pace, play, post, refused, row_counts, tap
from mahjong_solitaire import Game, Move, builtin_layouts, daily_code, deal_from_code
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.games.lifecycle import COOKIE

CODE = "MJ1-L00-AAAAABL"
DEAL = deal_from_code(CODE)


def as_player(client: TestClient, player_id: str) -> TestClient:
    """``client`` with the player cookie ``player_id`` (as the browser would send it)."""
    client.cookies.set(COOKIE, player_id, domain="testserver.local")
    return client


def start(client: TestClient, code: str = CODE) -> dict:
    return checked(client.post("/api/games", json={"code": code}))


def labels(state: dict) -> dict[int, str]:
    return {tile["i"]: tile["tile"] for tile in state["tiles"]}


def free(state: dict) -> set[int]:
    return {tile["i"] for tile in state["tiles"] if tile["free"]}


def two_free_tiles_that_do_not_match(state: dict) -> tuple[int, int]:
    board = Game.replay(DEAL, []).board
    positions = sorted(free(state))
    for a in positions:
        for b in positions:
            if a < b and not board.is_legal(Move(a, b)):
                return a, b
    raise AssertionError("no such tiles")


# -- starting games ----------------------------------------------------------------------


def test_first_visit_shows_a_normal_turtle_deal_and_the_first_tap_makes_the_player(client):
    response = client.get("/api/game")
    state = checked(response)
    assert "set-cookie" not in response.headers  # a read: no player yet
    assert state["id"] == f"new:{state['code']}" and state["version"] == 0
    assert state["layout"]["name"] == "turtle" and state["difficulty"] == "normal"
    assert state["status"] == "playing" and state["running"] is True
    assert state["tiles_left"] == 144 and len(state["tiles"]) == 144
    assert len(free(state)) == 35  # rules §2.3: 35 free tiles at the start of a Turtle game
    assert state["selection"] is None and state["result"] is None
    assert state["can_undo"] is False and state["can_redo"] is False
    assert state["pairs_available"] == Game(deal_from_code(state["code"])).board.pair_count()
    verdict = checked(client.get(f"/api/games/{state['id']}/winnability"))
    assert verdict["version"] == 0 and verdict["winnability"] in ("winnable", "unknown")
    assert checked(client.get(f"/api/games/{state['id']}"))["code"] == state["code"]
    first_free = sorted(free(state))[0]
    response = client.post(
        f"/api/games/{state['id']}/tap", json={"position": first_free, "version": 0}
    )
    tapped = checked(response)
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower()
    assert len(client.cookies[COOKIE]) >= 20
    assert tapped["code"] == state["code"] and not tapped["id"].startswith("new:")
    assert tapped["version"] == 2 and tapped["selection"] == first_free
    assert checked(client.get("/api/game"))["id"] == tapped["id"]


def test_the_first_action_on_a_shown_deal_does_not_replace_a_game_started_meanwhile(client):
    shown = checked(client.get("/api/game"))
    started = start(client)  # another tab started a game
    refused(client.post(f"/api/games/{shown['id']}/hint", json={"version": 0}), 409, "game_over")
    assert checked(client.get("/api/game"))["id"] == started["id"]


def test_the_current_game_is_resumed_on_the_next_visit(client):
    first = start(client)
    moved = play(client, first, DEAL.solution[0])
    again = checked(client.get("/api/game"))
    assert again["id"] == first["id"] and again["version"] == moved["version"]


def test_game_ids_are_unguessable(client):
    ids = {start(client)["id"] for _ in range(3)}
    assert len(ids) == 3 and all(len(i) >= 20 for i in ids)


@pytest.mark.parametrize("layout", [layout.name for layout in builtin_layouts()][:3])
@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_a_game_is_started_on_a_layout_at_a_difficulty(client, layout, difficulty):
    state = checked(client.post("/api/games", json={"layout": layout, "difficulty": difficulty}))
    assert state["layout"]["name"] == layout and state["difficulty"] == difficulty
    deal = deal_from_code(state["code"])
    assert deal.layout.name == layout and deal.difficulty.value == difficulty
    assert labels(state) == dict(enumerate(deal.tiles))


def test_a_code_reproduces_its_deal_whatever_its_case(client):
    state = start(client, CODE.lower())
    assert state["code"] == CODE
    assert labels(state) == dict(enumerate(DEAL.tiles))
    assert [(t["x"], t["y"], t["z"]) for t in state["tiles"]] == list(DEAL.layout.positions)


def test_the_daily_challenge_is_the_same_deal_for_every_player(sqlite_store):
    first, second = TestClient(create_app(sqlite_store)), TestClient(create_app(sqlite_store))
    one = checked(first.post("/api/games", json={"daily": True}))
    two = checked(second.post("/api/games", json={"daily": True}))
    today = datetime.now(UTC).date()
    assert one["daily"] == two["daily"] == today.isoformat()
    assert one["code"] == two["code"] == str(daily_code(today))
    assert one["id"] != two["id"]


@pytest.mark.parametrize(
    "body, status, error",
    [
        ({"code": "MJ1-L00-AAAAAB"}, 400, "bad_code"),
        ({"code": "MJ9-L00-AAAAABL"}, 400, "bad_code"),
        ({"code": "MJ1-L99-AAAAABL"}, 400, "bad_code"),
        ({"layout": "no-such-layout"}, 400, "bad_layout"),
        ({"layout": "turtle", "difficulty": "insane"}, 422, "bad_body"),
        ({"layout": "turtle", "code": CODE}, 400, "bad_request"),
        ({"code": CODE, "daily": True}, 400, "bad_request"),
        ({"daily": "2026-W48-1"}, 400, "bad_date"),
        ({"code": 12}, 422, "bad_body"),
        ({"daily": "yes"}, 400, "bad_date"),
        ({"daily": 1}, 422, "bad_body"),
        ({"colour": "red"}, 422, "bad_body"),
        ([1, 2], 422, "bad_body"),
    ],
)
def test_a_bad_new_game_request_is_refused_and_starts_nothing(client, body, status, error):
    current = start(client)
    refused(client.post("/api/games", json=body), status, error)
    assert client.get("/api/game").json()["id"] == current["id"]


def test_a_body_that_is_not_json_is_refused(client):
    message = refused(
        client.post("/api/games", content=b"{nope", headers={"content-type": "application/json"}),
        422,
        "bad_body",
    )
    assert "JSON" in message


def test_a_new_game_abandons_the_unfinished_one(client):
    old = start(client)
    new = start(client)
    assert checked(client.get("/api/game"))["id"] == new["id"]
    assert checked(client.get(f"/api/games/{old['id']}"))["status"] == "abandoned"
    refused(client.post(f"/api/games/{old['id']}/tap", json={"position": 0}), 409, "game_over")


# -- the selection rules of rules §3.1 -------------------------------------------------------


def test_tapping_a_free_tile_selects_it(client):
    state = start(client)
    position = DEAL.solution[0].a
    after = tap(client, state, position)
    assert after["selection"] == position and after["version"] == state["version"] + 1
    assert after["event"] == {"outcome": "selected", "position": position, "move": None}


def test_tapping_the_selected_tile_again_deselects_it(client):
    state = start(client)
    position = DEAL.solution[0].a
    after = tap(client, tap(client, state, position), position)
    assert after["selection"] is None and after["event"]["outcome"] == "deselected"


def test_tapping_a_second_matching_free_tile_removes_both(client):
    state = start(client)
    move = DEAL.solution[0]
    after = play(client, state, move)
    assert after["event"] == {"outcome": "matched", "position": move.b, "move": [move.a, move.b]}
    assert after["tiles_left"] == 142 and after["selection"] is None
    assert move.a not in labels(after) and move.b not in labels(after)
    assert after["can_undo"] is True


def test_tapping_a_second_free_tile_that_does_not_match_moves_the_selection(client):
    state = start(client)
    a, b = two_free_tiles_that_do_not_match(state)
    after = tap(client, tap(client, state, a), b)
    assert after["event"]["outcome"] == "reselected" and after["selection"] == b
    assert after["tiles_left"] == 144


def test_tapping_a_blocked_tile_removes_nothing_and_cancels_the_selection(client):
    state = start(client)
    blocked = min(set(range(144)) - free(state))
    selected = tap(client, state, DEAL.solution[0].a)
    after = tap(client, selected, blocked)
    assert after["event"]["outcome"] == "blocked" and after["selection"] is None
    assert after["tiles_left"] == 144


def test_a_blocked_tap_without_a_selection_changes_nothing_stored(client):
    state = start(client)
    blocked = min(set(range(144)) - free(state))
    after = tap(client, state, blocked)
    assert after["event"]["outcome"] == "blocked" and after["version"] == state["version"]


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"position": "3"},
        {"position": 1.5},
        {"position": True},
        {"position": 3, "version": "x"},
        {"position": 3, "extra": 1},
    ],
)
def test_a_tap_with_a_bad_body_is_refused_and_changes_nothing(client, body):
    state = start(client)
    refused(client.post(f"/api/games/{state['id']}/tap", json=body), 422, "bad_body")
    assert checked(client.get(f"/api/games/{state['id']}"))["version"] == state["version"]


def test_a_tap_outside_the_layout_is_refused(client):
    state = start(client)
    refused(
        client.post(f"/api/games/{state['id']}/tap", json={"position": 144}),
        409,
        "illegal_action",
    )


@pytest.mark.parametrize("position", [-1, 1152, 10**9, 8.5, "8", True])
def test_a_tap_outside_every_board_is_not_what_the_schema_takes(client, position):
    state = start(client)
    refused(
        client.post(f"/api/games/{state['id']}/tap", json={"position": position}),
        422,
        "bad_body",
    )


def test_a_whole_number_written_with_a_fraction_is_an_integer(client):
    """JSON Schema's ``integer`` is any number without a fraction: ``8.0`` is the tap 8."""
    state = start(client)
    tapped = checked(
        client.post(
            f"/api/games/{state['id']}/tap",
            json={"position": 8.0, "version": float(state["version"])},
        )
    )
    assert tapped["event"]["position"] == 8


def test_a_tap_on_a_removed_tile_is_refused_and_changes_nothing(client):
    state = play(client, start(client), DEAL.solution[0])
    message = refused(
        client.post(f"/api/games/{state['id']}/tap", json={"position": DEAL.solution[0].a}),
        409,
        "illegal_action",
    )
    assert "no tile" in message
    again = checked(client.get(f"/api/games/{state['id']}"))
    assert again["version"] == state["version"] and again["tiles"] == state["tiles"]


# -- versions, players, unknown games ---------------------------------------------------


def test_a_stale_version_is_refused_and_the_game_is_unchanged(client):
    state = start(client)
    moved = play(client, state, DEAL.solution[0])
    message = refused(
        client.post(
            f"/api/games/{state['id']}/tap",
            json={"position": DEAL.solution[1].a, "version": state["version"]},
        ),
        409,
        "stale_version",
    )
    assert "reload" in message
    assert checked(client.get(f"/api/games/{state['id']}"))["version"] == moved["version"]


def test_an_unknown_game_is_a_404(client):
    client.get("/api/game")
    refused(client.get("/api/games/no-such-game"), 404, "unknown_game")
    refused(client.post("/api/games/no-such-game/tap", json={"position": 0}), 404, "unknown_game")
    refused(client.post("/api/games/no-such-game/undo", json={}), 404, "unknown_game")


def test_another_players_game_is_a_404_to_them(sqlite_store, client):
    state = start(client)
    stranger = TestClient(create_app(sqlite_store))
    stranger.get("/api/game")
    refused(stranger.get(f"/api/games/{state['id']}"), 404, "unknown_game")
    refused(
        stranger.post(f"/api/games/{state['id']}/tap", json={"position": 0}), 404, "unknown_game"
    )
    nobody = TestClient(create_app(sqlite_store))
    refused(nobody.get(f"/api/games/{state['id']}"), 404, "unknown_game")
    assert checked(client.get(f"/api/games/{state['id']}"))["version"] == state["version"]


def test_a_forged_player_cookie_gets_a_new_player(sqlite_store):
    client = as_player(TestClient(create_app(sqlite_store)), "forged-id")
    assert checked(client.get("/api/game"))["id"].startswith("new:")  # no such player
    start(client)
    assert client.cookies[COOKIE] != "forged-id"


def test_a_local_install_serves_the_local_player_to_a_visitor_without_cookie(sqlite_store):
    client = TestClient(create_app(sqlite_store, local_player=True))
    assert sqlite_store.find_local_player() is None
    shown = client.get("/api/game").json()
    assert sqlite_store.find_local_player() is None  # reading created nobody
    state = post(client, shown, "hint")
    assert client.cookies[COOKIE] == sqlite_store.local_player().id
    other_browser = TestClient(create_app(sqlite_store, local_player=True))
    assert checked(other_browser.get("/api/game"))["id"] == state["id"]
    # ... and plays it, still without a cookie: it is the same local player's game
    read = checked(other_browser.get(f"/api/games/{state['id']}"))
    assert read["version"] == state["version"]
    assert checked(other_browser.get(f"/api/games/{state['id']}/winnability"))
    hinted = post(other_browser, read, "hint")
    assert hinted["id"] == state["id"] and hinted["version"] == state["version"] + 1


def test_a_first_tap_on_one_server_and_the_second_on_another_remove_the_pair(sqlite_store):
    one, two = TestClient(create_app(sqlite_store)), TestClient(create_app(sqlite_store))
    state = start(one)
    as_player(two, one.cookies[COOKIE])
    move = DEAL.solution[0]
    after = tap(two, tap(one, state, move.a), move.b)
    assert after["event"]["outcome"] == "matched" and after["tiles_left"] == 142


# -- aids --------------------------------------------------------------------------------


def test_hint_marks_a_playable_pair_and_is_counted(client):
    state = start(client)
    after = post(client, state, "hint")
    a, b = after["hint"]
    assert Game(DEAL).board.is_legal(Move(a, b))
    assert after["hints"] == 1 and after["tiles_left"] == 144


def test_hint_pressed_again_shows_another_pair_and_counts_once(client):
    state = start(client)
    first = post(client, state, "hint")
    second = post(client, first, "hint")
    assert second["hint"] != first["hint"]
    assert Game(DEAL).board.is_legal(Move(*second["hint"]))
    assert second["hints"] == 1


def test_undo_restores_the_last_pair_and_redo_removes_it_again(client):
    state = start(client)
    moved = play(client, state, DEAL.solution[0])
    undone = post(client, moved, "undo")
    assert undone["tiles"] == state["tiles"] and undone["undos"] == 1
    assert undone["can_redo"] is True and undone["can_undo"] is False
    redone = post(client, undone, "redo")
    assert redone["tiles"] == moved["tiles"] and redone["can_redo"] is False


def test_undo_and_redo_with_nothing_to_undo_or_redo_are_refused(client):
    state = start(client)
    assert "nothing to undo" in refused(
        client.post(f"/api/games/{state['id']}/undo", json={}), 409, "illegal_action"
    )
    assert "nothing to redo" in refused(
        client.post(f"/api/games/{state['id']}/redo"), 409, "illegal_action"
    )
    assert checked(client.get(f"/api/games/{state['id']}"))["version"] == state["version"]


@pytest.mark.parametrize("action", ["hint", "undo", "redo", "shuffle", "pause", "resume"])
@pytest.mark.parametrize("body", [{"version": "1"}, {"version": 1, "more": True}, [1]])
def test_an_aid_with_a_bad_body_is_refused(client, action, body):
    state = start(client)
    refused(client.post(f"/api/games/{state['id']}/{action}", json=body), 422, "bad_body")


def test_shuffle_puts_the_same_tiles_on_the_same_places_and_is_counted(client):
    state = start(client)
    after = post(client, state, "shuffle")
    assert after["shuffles"] == 1
    assert sorted(labels(after)) == sorted(labels(state))
    assert sorted(labels(after).values()) == sorted(labels(state).values())
    assert labels(after) != labels(state)
    assert checked(client.get("/api/game"))["tiles"] == after["tiles"]


def test_a_shuffle_not_found_yet_is_said_so_and_a_longer_search_finds_it(client, monkeypatch):
    """rules §6.2: when the search merely runs out, the answer is ``shuffle_not_found``
    (nothing changes); ``shuffle-longer`` searches longer, and its shuffle replays."""
    from mahjong_solitaire.classic import construction, shuffle

    monkeypatch.setattr(construction, "MAX_ATTEMPTS", 0)
    monkeypatch.setattr(shuffle, "EXACT_NODES", 1)
    state = start(client)
    moved = play(client, state, DEAL.solution[0])
    message = refused(
        client.post(f"/api/games/{state['id']}/shuffle", json={}), 409, "shuffle_not_found"
    )
    assert "not found yet" in message or "found yet" in message
    assert checked(client.get(f"/api/games/{state['id']}"))["version"] == moved["version"]
    after = post(client, moved, "shuffle-longer")
    assert after["shuffles"] == 1
    assert sorted(labels(after).values()) == sorted(labels(moved).values())
    assert checked(client.get(f"/api/games/{state['id']}"))["tiles"] == after["tiles"]


def test_pause_hides_the_tiles_and_stops_the_clock(client):
    state = start(client)
    time.sleep(0.15)
    paused = post(client, state, "pause")
    assert paused["status"] == "paused" and paused["running"] is False
    assert paused["elapsed"] >= 0.15
    assert {tile["tile"] for tile in paused["tiles"]} == {None}
    time.sleep(0.15)
    again = checked(client.get(f"/api/games/{state['id']}"))
    assert again["elapsed"] == paused["elapsed"]
    assert {tile["tile"] for tile in again["tiles"]} == {None}
    assert "paused" in refused(
        client.post(f"/api/games/{state['id']}/tap", json={"position": DEAL.solution[0].a}),
        409,
        "illegal_action",
    )
    resumed = post(client, again, "resume")
    assert resumed["status"] == "playing" and labels(resumed) == labels(state)
    time.sleep(0.1)
    assert checked(client.get(f"/api/games/{state['id']}"))["elapsed"] >= paused["elapsed"] + 0.1


def test_the_clock_runs_between_requests(client):
    state = start(client)
    time.sleep(0.2)
    assert checked(client.get(f"/api/games/{state['id']}"))["elapsed"] >= state["elapsed"] + 0.2


def test_a_whole_game_won_by_taps_shows_the_result_leaderboard_and_statistics(client, monkeypatch):
    human_pace(monkeypatch)
    state = start(client)
    for move in DEAL.solution:
        state = play(client, state, move)
    assert state["status"] == "won" and state["tiles"] == [] and state["running"] is False
    assert state["winnability"] == "winnable"
    assert state["result"] == {
        "time": state["elapsed"],
        "rank": 1,
        "hints": 0,
        "undos": 0,
        "shuffles": 0,
        "ranked": True,
        "solution_shown": False,
    }
    board = checked(client.get("/api/leaderboard"))["entries"]
    assert [(e["rank"], e["game_id"], e["code"]) for e in board] == [(1, state["id"], CODE)]
    statistics = checked(client.get("/api/statistics"))
    assert statistics["won"] == 1 and statistics["started"] == 1
    refused(
        client.post(f"/api/games/{state['id']}/tap", json={"position": 0}), 409, "illegal_action"
    )
    refused(client.post(f"/api/games/{state['id']}/pause", json={}), 409, "illegal_action")
    assert checked(client.get(f"/api/games/{state['id']}"))["result"]["rank"] == 1


def stuck_line(seed: int = 1) -> list[Move]:
    """Random legal moves on the deal until no pair is left (found with the engine)."""
    rng = random.Random(seed)
    for _ in range(200):
        board = DEAL.board()
        moves = []
        while board.has_move():
            move = rng.choice(board.matching_pairs())
            board.push(move)
            moves.append(move)
        if board.is_stuck():
            return moves
    raise AssertionError("no stuck line found")


def test_a_stuck_game_says_so_and_undo_leaves_it(client):
    state = start(client)
    for move in stuck_line():
        state = play(client, state, move)
    assert state["status"] == "stuck" and state["pairs_available"] == 0
    assert (
        state["tiles_left"] > 0 and state["running"] is False
    )  # rules §3.4: stuck stops the clock
    undone = post(client, state, "undo")
    assert undone["status"] == "playing" and undone["pairs_available"] > 0


def test_a_stuck_game_offers_the_way_back_to_the_last_winnable_position(client):
    state = start(client)
    for move in stuck_line():
        state = play(client, state, move)
    assert state["winnability"] == "lost"
    steps = state["last_winnable"]
    assert isinstance(steps, int) and steps >= 1
    back = post(client, state, "undo-to-winnable")
    assert back["status"] == "playing" and back["undos"] == steps
    assert back["tiles_left"] == 144 - 2 * (len(stuck_line()) - steps)
    verdict = checked(client.get(f"/api/games/{state['id']}/winnability"))
    assert verdict == {"version": back["version"], "winnability": "winnable", "last_winnable": None}


def test_winnability_during_play_is_asked_separately_and_changes_nothing(client):
    state = start(client)
    assert state["winnability"] == "unknown"  # a tap never waits for the solver
    verdict = checked(client.get(f"/api/games/{state['id']}/winnability"))
    assert verdict["winnability"] == "winnable" and verdict["version"] == state["version"]
    assert checked(client.get(f"/api/games/{state['id']}"))["version"] == state["version"]


def test_undo_to_winnable_on_a_winnable_position_undoes_nothing(client):
    state = start(client)
    state = play(client, state, DEAL.solution[0])
    again = post(client, state, "undo-to-winnable")
    assert again["tiles_left"] == 142 and again["undos"] == 0


def test_winnability_of_an_unknown_game_is_404(client):
    start(client)
    refused(client.get("/api/games/nope/winnability"), 404, "unknown_game")


# -- boards, layouts, the player, the page -----------------------------------------------


def test_the_leaderboard_and_statistics_of_a_new_player_are_empty(client):
    assert checked(client.get("/api/leaderboard")) == {
        "entries": [],
        "all": False,
        "challenge": None,  # plain play's board, by time
        "ranks_by": "time",
    }
    statistics = checked(client.get("/api/statistics"))
    assert statistics["started"] == 0 and statistics["won"] == 0


def test_the_daily_board_lists_todays_winners_with_their_names(client, monkeypatch):
    human_pace(monkeypatch)
    checked(client.put("/api/player", json={"name": "Ana"}))
    state = checked(client.post("/api/games", json={"daily": True}))
    deal = deal_from_code(state["code"])
    for move in deal.solution:
        state = tap(client, tap(client, state, move.a), move.b)
    board = checked(client.get("/api/daily-board"))
    assert board["date"] == state["daily"] and board["code"] == state["code"]
    assert [(e["rank"], e["name"], e["mine"]) for e in board["entries"]] == [(1, "Ana", True)]
    other_day = checked(client.get("/api/daily-board", params={"date": "2020-02-29"}))
    assert other_day["entries"] == [] and other_day["code"] == str(
        daily_code(datetime(2020, 2, 29).date())
    )


@pytest.mark.parametrize("day", ["yesterday", "2021-02-30", "2021-13-01", ""])
def test_a_bad_daily_board_date_is_refused(client, day):
    refused(client.get("/api/daily-board", params={"date": day}), 400, "bad_date")


def test_the_layouts_list_every_builtin_with_its_positions(client):
    found = checked(client.get("/api/layouts"))
    expected = list(builtin_layouts())
    assert [item["name"] for item in found] == [layout.name for layout in expected]
    turtle = found[0]
    assert (
        turtle["number"],
        turtle["tiles"],
        turtle["width"],
        turtle["height"],
        turtle["depth"],
    ) == (0, 144, 30, 16, 5)
    assert [tuple(p) for p in turtle["positions"]] == list(expected[0].positions)


def test_the_player_sets_a_display_name(client):
    assert checked(client.get("/api/player")) == {"name": None}
    assert checked(client.put("/api/player", json={"name": "  Ana  "})) == {"name": "Ana"}
    assert checked(client.get("/api/player")) == {"name": "Ana"}


@pytest.mark.parametrize(
    "body, status",
    [
        ({"name": ""}, 422),
        ({"name": "   "}, 422),
        ({"name": "x" * 33}, 422),
        ({"name": "a\u0007b"}, 400),
        ({"name": 5}, 422),
        ({}, 422),
    ],
)
def test_a_bad_display_name_is_refused_and_changes_nothing(client, body, status):
    client.put("/api/player", json={"name": "Ana"})
    checked(client.put("/api/player", json=body), status)
    assert checked(client.get("/api/player")) == {"name": "Ana"}


def test_the_openapi_schema_lists_every_endpoint(client):
    paths = checked(client.get("/openapi.json"))["paths"]
    game = "/api/games/{game_id}"
    for path in [
        "/api/game",
        "/api/games",
        game,
        f"{game}/tap",
        f"{game}/hint",
        f"{game}/undo",
        f"{game}/redo",
        f"{game}/shuffle",
        f"{game}/shuffle-longer",
        f"{game}/pause",
        f"{game}/resume",
        "/api/leaderboard",
        "/api/statistics",
        "/api/daily-board",
        "/api/layouts",
        "/api/player",
    ]:
        assert path in paths, path
    assert "GameState" in checked(client.get("/openapi.json"))["components"]["schemas"]


def test_unknown_api_paths_and_methods_answer_json_errors(client):
    refused(client.get("/api/nothing-here"), 404, "not_found")
    refused(client.delete("/api/games"), 405, "method_not_allowed")


def test_the_page_is_served_from_the_static_directory(client):
    from mahjong_solitaire.web.app import STATIC
    from mahjong_solitaire.web.pwa.page import page_html

    sample = next(path for path in STATIC.rglob("*") if path.is_file())
    response = client.get(f"/static/{sample.relative_to(STATIC).as_posix()}")
    assert response.status_code == 200 and response.content == sample.read_bytes()
    if (STATIC / "index.html").exists():
        # a first visit gets the first-run guide's first step drawn in (web/pwa/page.py)
        assert client.get("/").text == page_html(STATIC, "en", guide=True)
        seen = client.get("/", headers={"Cookie": "mj_guide=1"})
        assert seen.text == page_html(STATIC, "en")


# -- the server is the engine ------------------------------------------------------------

REQUESTS = st.lists(
    st.one_of(
        st.tuples(st.just("tap"), st.integers(-2, 145)),
        st.tuples(
            st.sampled_from(["hint", "undo", "redo", "shuffle", "pause", "resume"]), st.none()
        ),
        st.tuples(st.just("stale"), st.none()),
        st.tuples(st.just("play"), st.integers(0, 10)),
    ),
    max_size=25,
)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(requests=REQUESTS)
def test_every_answer_is_the_engines_verdict_on_the_stored_game(client, requests):
    """Whatever is asked, the state equals the engine's game replayed from the accepted
    actions, and a refused request changes nothing."""
    state = start(client)
    model = Game(DEAL)
    pending = list(requests)
    while pending:
        kind, value = pending.pop(0)
        if kind == "play":  # the two taps of a pair that matches now
            pairs = model.board.matching_pairs()
            if pairs:
                move = pairs[value % len(pairs)]
                pending[:0] = [("tap", move.a), ("tap", move.b)]
            continue
        game_url = f"/api/games/{state['id']}"
        if kind == "stale":
            response = client.post(f"{game_url}/undo", json={"version": state["version"] - 1})
        elif kind == "tap":
            response = client.post(
                f"{game_url}/tap", json={"position": value, "version": state["version"]}
            )
        else:
            response = client.post(f"{game_url}/{kind}", json={"version": state["version"]})
        before = (list(model.actions), model.selection, model.is_paused)
        try:
            if kind == "tap":
                outcome = model.tap(value).outcome.value
            elif kind == "stale":
                raise ValueError("stale")
            else:
                outcome = None
                getattr(model, kind)()
        except ValueError:
            assert 400 <= response.status_code < 500, response.text
            assert (list(model.actions), model.selection, model.is_paused) == before
            continue
        state = checked(response)
        if outcome is not None:
            assert state["event"]["outcome"] == outcome
        assert state["selection"] == (None if model.is_paused else model.selection)
        assert state["status"] == model.status.value
    stored = checked(client.get(f"/api/games/{state['id']}"))
    assert stored["version"] == state["version"]
    assert {t["i"] for t in stored["tiles"]} == {i for i in range(144) if model.board.is_present(i)}
    if not model.is_paused:
        assert labels(stored) == {i: model.board.tile_at(i) for i in labels(stored)}
    assert (stored["hints"], stored["undos"], stored["shuffles"]) == (
        model.hints,
        model.undos,
        model.shuffles,
    )


# -- integrity: reads write nothing, one open game, ranked wins, the daily board --------


@pytest.mark.parametrize("local", [False, True])
def test_a_cookieless_read_writes_nothing_to_the_database(store, local):
    client = TestClient(create_app(store, local_player=local))
    before = row_counts(store)
    for path in (
        "/",
        "/api/game",
        "/api/leaderboard",
        "/api/statistics",
        "/api/player",
        "/api/stages",
        "/api/layouts",
        "/api/daily-board",
        "/api/connect/stages",
    ):
        response = client.get(path)
        assert response.status_code == 200, (path, response.text)
        assert "set-cookie" not in response.headers, path
    shown = checked(client.get("/api/game"))
    checked(client.get(f"/api/games/{shown['id']}/winnability"))
    assert row_counts(store) == before
    post(client, shown, "tap", position=sorted(free(shown))[0])  # the first action
    after = row_counts(store)
    assert (after["players"], after["games"]) == (before["players"] + 1, before["games"] + 1)


def test_concurrent_new_game_requests_of_one_player_leave_one_open_game(store):
    import threading

    player = store.player(None).id
    barrier = threading.Barrier(20)
    answers: list[int] = []

    def new_game() -> None:
        client = as_player(TestClient(create_app(store)), player)
        barrier.wait()
        answers.append(client.post("/api/games", json={"layout": "turtle"}).status_code)

    threads = [threading.Thread(target=new_game) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200] * 20
    games = store.export_history(player)["games"]
    assert len(games) == 20
    assert [game["status"] for game in games].count("playing") == 1


def test_a_win_faster_than_a_human_is_kept_off_the_boards(client):
    checked(client.put("/api/player", json={"name": "Bot"}))
    state = checked(client.post("/api/games", json={"daily": True}))
    for move in deal_from_code(state["code"]).solution:  # a script: no human is this fast
        state = play(client, state, move)
    assert state["status"] == "won" and state["result"]["ranked"] is False
    assert state["result"]["rank"] is None
    assert checked(client.get("/api/leaderboard"))["entries"] == []
    assert checked(client.get("/api/daily-board"))["entries"] == []
    statistics = checked(client.get("/api/statistics"))
    assert statistics["won"] == 1  # saved, and counted in the player's own statistics


def test_the_daily_board_refuses_dates_after_today(client):
    today = datetime.now(UTC).date()
    assert (
        checked(client.get("/api/daily-board", params={"date": today.isoformat()}))["date"]
        == today.isoformat()
    )
    tomorrow = today.fromordinal(today.toordinal() + 1).isoformat()
    detail = refused(client.get("/api/daily-board", params={"date": tomorrow}), 400, "future_date")
    assert tomorrow in detail


# -- what a read or a refused first action leaves behind ---------------------------------


@pytest.mark.parametrize("local", [False, True])
def test_a_refused_first_action_on_a_fresh_deal_stores_nothing(store, local):
    client = TestClient(create_app(store, local_player=local))
    fresh = checked(client.get("/api/game"))
    before = row_counts(store)
    answer = client.post(f"/api/games/{fresh['id']}/undo", json={})
    refused(answer, 409, "illegal_action")
    assert "set-cookie" not in answer.headers and row_counts(store) == before
    first_free = next(tile["i"] for tile in fresh["tiles"] if tile["free"])
    played = checked(client.post(f"/api/games/{fresh['id']}/tap", json={"position": first_free}))
    assert played["selection"] == first_free  # the next action stores it, no game_over


@pytest.mark.parametrize(
    "method, path, error",
    [
        ("GET", "/api/games/%00x", "unknown_game"),
        ("GET", "/api/games/%00x/winnability", "unknown_game"),
        ("POST", "/api/games/%00x/hint", "unknown_game"),
        ("GET", "/api/connect/games/%00x", "unknown_game"),
        ("DELETE", "/api/layouts/%00x", "unknown_layout"),
    ],
)
def test_an_id_no_database_can_hold_names_nothing(store, method, path, error):
    """A NUL byte cannot be in a PostgreSQL text: such an id is unknown, not an outage."""
    client = TestClient(create_app(store))
    checked(client.post("/api/games", json={"code": CODE}))
    refused(client.request(method, path), 404, error)


def test_anyone_may_read_a_fresh_connect_deal(client):
    fresh = checked(client.get("/api/connect/games/new:CN1-1206B-AAAAAAP"))
    assert fresh["version"] == 0 and fresh["mode"] == "connect"
