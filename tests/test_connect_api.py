"""The Connect mode's JSON API (docs/web-api.md, "Connect mode"): every endpoint, its bad
inputs, and that the engine (ConnectGame, rules §9) decides every answer."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api_support import checked, human_pace, play, post, refused, tap
from mahjong_solitaire import Move
from mahjong_solitaire.connect import ConnectBoard, ConnectDeal, connect_deal_from_code, stage
from mahjong_solitaire.store import Progress, Store
from mahjong_solitaire.web.connect.models import StagesList
from mahjong_solitaire.web.games.lifecycle import COOKIE

CODE = "CN1-1206B-AAAAAAP"  # stage 2's grid and rule: 12×6, "down", easy
DEAL = connect_deal_from_code(CODE)


def start(client: TestClient, **body: object) -> dict:
    return checked(client.post("/api/connect/games", json=body or {"code": CODE}))


def grid(state: dict) -> list[list[str | None]]:
    """The state's tiles as rows, ``grid[y][x]``."""
    rows: list[list[str | None]] = [
        [None] * state["layout"]["width"] for _ in range(state["layout"]["height"])
    ]
    for tile in state["tiles"]:
        rows[tile["y"]][tile["x"]] = tile["tile"]
    return rows


def win(client: TestClient, state: dict, deal: ConnectDeal) -> dict:
    for move in deal.solution:
        state = play(client, state, move)
    return state


# -- starting games --------------------------------------------------------------------


def test_a_code_starts_exactly_its_deal(client: TestClient) -> None:
    state = start(client, code=CODE.lower())
    assert state["mode"] == "connect" and state["code"] == CODE and state["stage"] is None
    assert state["layout"]["width"] == 12 and state["layout"]["slide"] == "down"
    assert grid(state) == DEAL.grid()
    assert state["tiles_left"] == 72 and state["status"] == "playing"
    assert state["pairs_available"] == DEAL.board().pair_count()
    assert all(tile["free"] for tile in state["tiles"])
    assert state["winnability"] == "winnable"  # on the deal's own winning line


def test_a_new_player_starts_at_stage_one(client: TestClient) -> None:
    state = start(client, stage=None)
    first = stage(1)
    assert state["stage"] == 1 and state["difficulty"] == "easy"
    assert (state["layout"]["width"], state["layout"]["height"]) == (10, 6)
    code = connect_deal_from_code(state["code"])
    assert (code.shape, code.rule) == (first.shape, first.rule)


def test_stages_after_the_next_one_are_locked(client: TestClient) -> None:
    refused(client.post("/api/connect/games", json={"stage": 2}), 409, "stage_locked")
    first = start(client, stage=1)
    won = win(client, first, connect_deal_from_code(first["code"]))
    assert won["status"] == "won"
    assert won["result"]["stage"] == 1 and won["result"]["next_stage"]["number"] == 2
    second = start(client, stage=2)
    assert second["stage"] == 2 and second["layout"]["slide"] == "down"


def test_the_next_stage_is_titled_in_the_request_language(client: TestClient) -> None:
    from mahjong_solitaire.i18n import LANGUAGE_COOKIE

    client.cookies.set(LANGUAGE_COOKIE, "es")
    first = start(client, stage=1)
    assert first["layout"]["title"] == "10×6 · Sin deslizamiento"
    won = win(client, first, connect_deal_from_code(first["code"]))
    assert won["result"]["next_stage"]["title"] == "12×6 · Abajo"


def test_a_code_played_as_a_stage_must_be_a_deal_of_that_stage(client: TestClient) -> None:
    refused(client.post("/api/connect/games", json={"stage": 1, "code": CODE}), 400, "bad_code")
    first = stage(1)
    code = first.deal(seed=3).code
    state = start(client, stage=1, code=code)
    assert state["stage"] == 1 and state["code"] == code


@pytest.mark.parametrize(
    "body, status, error",
    [
        ({"code": "CN1-1807B-AAAAABL"}, 400, "bad_code"),  # 126 cells: not whole bundles
        ({"code": "MJ1-L00-AAAAABL"}, 400, "bad_code"),  # a classic code
        ({"code": "CN1-1808Z-AAAAABL"}, 400, "bad_code"),  # no such rule
        ({"stage": 0}, 422, "bad_body"),
        ({"stage": -3}, 422, "bad_body"),
        ({"stage": "2"}, 422, "bad_body"),
        ({"stage": 1.5}, 422, "bad_body"),
        ({"code": 5}, 422, "bad_body"),
        ({"layout": "turtle"}, 422, "bad_body"),
    ],
)
def test_a_bad_new_game_request_is_refused(
    client: TestClient, body: dict, status: int, error: str
) -> None:
    refused(client.post("/api/connect/games", json=body), status, error)


def test_a_bad_connect_code_is_explained_with_the_connect_form(client: TestClient) -> None:
    from mahjong_solitaire.i18n import error_message

    answer = client.post(
        "/api/connect/games", json={"code": "CN1-1808Z-AAAAABL"}, headers={"Accept-Language": "es"}
    )
    refused(answer, 400, "bad_code")
    assert answer.json()["message"] == error_message("bad_connect_code", "es")
    assert "CN1-" in answer.json()["message"]


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    refused(
        client.post(
            "/api/connect/games", content=b"{stage", headers={"Content-Type": "application/json"}
        ),
        422,
        "bad_body",
    )


# -- playing -----------------------------------------------------------------------------


def test_a_match_answers_its_link_and_what_slid(client: TestClient) -> None:
    state = start(client)
    board = DEAL.board()
    for move in DEAL.solution[:12]:
        before = board.rows()
        path = board.path(move)
        board.push(move)
        first = tap(client, state, move.a)
        assert first["event"]["outcome"] == "selected" and first["selection"] == move.a
        state = tap(client, first, move.b)
        event = state["event"]
        assert event["outcome"] == "matched" and event["move"] == [move.a, move.b]
        assert event["path"] == [list(point) for point in path]
        assert grid(state) == board.rows()
        for slid in event["slid"]:  # the same tile, one cell lower in its column ("down")
            (x0, y0), (x1, y1) = slid["from"], slid["to"]
            assert x0 == x1 and y1 > y0
            assert before[y0][x0] == board.rows()[y1][x1]
        ids = {tile["id"]: (tile["x"], tile["y"]) for tile in state["tiles"]}
        for slid in event["slid"]:
            assert ids[slid["id"]] == tuple(slid["to"])
    assert state["tiles_left"] == 72 - 24


def test_some_tiles_slide_on_a_down_stage(client: TestClient) -> None:
    state = start(client)
    moved = 0
    for move in DEAL.solution:
        state = play(client, state, move)
        moved += len(state["event"]["slid"])
    assert state["status"] == "won" and moved > 0


def test_tile_ids_follow_the_tiles_through_the_slides(client: TestClient) -> None:
    state = start(client)
    faces = {tile["id"]: tile["tile"] for tile in state["tiles"]}
    for move in DEAL.solution[:20]:
        state = play(client, state, move)
        assert all(faces[tile["id"]] == tile["tile"] for tile in state["tiles"])


def test_a_tile_that_does_not_connect_moves_the_selection(client: TestClient) -> None:
    board = DEAL.board()
    pairs = {(m.a, m.b) for m in board.matching_pairs()}
    label = {i: t for i, t in enumerate(board.tiles)}
    a, b = next(
        (a, b)
        for a in range(72)
        for b in range(a + 1, 72)
        if label[a] == label[b] and (a, b) not in pairs
    )
    state = tap(client, start(client), a)
    state = tap(client, state, b)
    assert state["event"]["outcome"] == "reselected" and state["selection"] == b
    assert state["tiles_left"] == 72


def test_tapping_the_selected_tile_deselects_it(client: TestClient) -> None:
    state = tap(client, start(client), 5)
    state = tap(client, state, 5)
    assert state["event"]["outcome"] == "deselected" and state["selection"] is None


def test_a_tap_on_an_empty_or_missing_cell_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    state = play(client, start(client), DEAL.solution[0])
    empty = next(i for i in range(72) if all(t["i"] != i for t in state["tiles"]))
    for position in (empty, 72):
        refused(
            client.post(f"/api/connect/games/{state['id']}/tap", json={"position": position}),
            409,
            "illegal_action",
        )
    refused(
        client.post(f"/api/connect/games/{state['id']}/tap", json={"position": -1}),
        422,
        "bad_body",
    )
    again = checked(client.get(f"/api/connect/games/{state['id']}"))
    assert again["version"] == state["version"] and grid(again) == grid(state)
    refused(
        client.post(f"/api/connect/games/{state['id']}/tap", json={"position": "3"}),
        422,
        "bad_body",
    )
    refused(client.post(f"/api/connect/games/{state['id']}/tap", json={}), 422, "bad_body")


def test_a_stale_version_is_refused(client: TestClient) -> None:
    state = start(client)
    moved = tap(client, state, DEAL.solution[0].a)
    refused(
        client.post(
            f"/api/connect/games/{state['id']}/tap",
            json={"position": 3, "version": state["version"]},
        ),
        409,
        "stale_version",
    )
    assert checked(client.get(f"/api/connect/games/{state['id']}"))["version"] == moved["version"]


def test_the_hint_is_a_pair_that_connects(client: TestClient) -> None:
    state = play(client, start(client), DEAL.solution[0])
    hinted = post(client, state, "hint")
    a, b = hinted["hint"]
    board = DEAL.board()
    board.push(DEAL.solution[0])
    assert board.is_legal(Move(a, b)) and hinted["hints"] == 1
    assert Move(a, b) == DEAL.solution[1]  # still on the deal's line


def test_a_connect_hint_pressed_again_shows_another_pair_and_counts_once(client: TestClient):
    first = post(client, start(client), "hint")
    second = post(client, first, "hint")
    assert second["hint"] != first["hint"] and second["hints"] == 1
    assert DEAL.board().is_legal(Move(*second["hint"]))


def test_undo_restores_the_grid_exactly_and_redo_replays_it(client: TestClient) -> None:
    state = start(client)
    for move in DEAL.solution[:3]:
        state = play(client, state, move)
    before = play(client, state, DEAL.solution[3])
    assert before["event"]["slid"], "pick a step that slides"
    undone = post(client, before, "undo")
    assert undone["tiles"] == state["tiles"] and undone["can_redo"] and undone["undos"] == 1
    redone = post(client, undone, "redo")
    assert redone["tiles"] == before["tiles"] and not redone["can_redo"]
    refused(client.post(f"/api/connect/games/{redone['id']}/redo", json={}), 409, "illegal_action")


def test_nothing_to_undo_is_refused(client: TestClient) -> None:
    state = start(client)
    refused(client.post(f"/api/connect/games/{state['id']}/undo"), 409, "illegal_action")


def test_a_shuffle_keeps_the_cells_and_the_tiles_and_stays_winnable(client: TestClient) -> None:
    state = play(client, start(client), DEAL.solution[0])
    shuffled = post(client, state, "shuffle")
    assert shuffled["shuffles"] == 1
    assert sorted((t["x"], t["y"]) for t in shuffled["tiles"]) == sorted(
        (t["x"], t["y"]) for t in state["tiles"]
    )
    assert sorted(t["tile"] for t in shuffled["tiles"]) == sorted(t["tile"] for t in state["tiles"])
    board = ConnectBoard(DEAL.shape, DEAL.rule, [cell for row in grid(shuffled) for cell in row])
    while not board.is_won():  # the hints lead to a win
        hinted = post(client, shuffled, "hint")
        move = Move(*hinted["hint"])
        board.push(move)
        shuffled = play(client, hinted, move)
    assert shuffled["status"] == "won"


def test_pause_hides_the_tiles_and_resume_shows_them(client: TestClient) -> None:
    state = tap(client, start(client), 0)
    paused = post(client, state, "pause")
    assert paused["status"] == "paused" and not paused["running"]
    assert {tile["tile"] for tile in paused["tiles"]} == {None} and paused["selection"] is None
    refused(
        client.post(f"/api/connect/games/{state['id']}/tap", json={"position": 1}),
        409,
        "illegal_action",
    )
    assert post(client, paused, "pause")["version"] == paused["version"]  # nothing changes
    resumed = post(client, paused, "resume")
    assert resumed["status"] == "playing" and grid(resumed) == DEAL.grid()


def test_a_won_game_reports_its_result_and_takes_no_more_actions(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    human_pace(monkeypatch)
    state = start(client)
    state = post(client, state, "hint")
    won = win(client, state, DEAL)
    assert won["status"] == "won" and won["tiles"] == [] and won["winnability"] == "winnable"
    assert won["result"]["rank"] == 1 and won["result"]["hints"] == 1
    assert won["result"].get("stage") is None  # a code game is no stage
    for action in ("hint", "undo", "shuffle"):
        refused(client.post(f"/api/connect/games/{won['id']}/{action}"), 409, "illegal_action")


# -- games of either mode ----------------------------------------------------------------


def test_the_current_game_may_be_a_connect_game(client: TestClient) -> None:
    state = tap(client, start(client), 7)
    current = checked(client.get("/api/game"))
    assert current["mode"] == "connect" and current["id"] == state["id"]
    assert current["selection"] == 7
    assert checked(client.get(f"/api/games/{state['id']}"))["mode"] == "connect"


def test_each_mode_plays_only_through_its_own_routes(client: TestClient) -> None:
    connect = start(client)
    refused(client.post(f"/api/games/{connect['id']}/tap", json={"position": 1}), 409, "wrong_mode")
    refused(client.post(f"/api/games/{connect['id']}/hint"), 409, "wrong_mode")
    classic = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    refused(client.get(f"/api/connect/games/{classic['id']}"), 409, "wrong_mode")
    refused(client.post(f"/api/connect/games/{classic['id']}/undo"), 409, "wrong_mode")
    refused(client.post("/api/games", json={"code": CODE}), 400, "bad_code")


def test_a_new_game_of_either_mode_abandons_the_other(client: TestClient) -> None:
    connect = start(client)
    checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    refused(
        client.post(f"/api/connect/games/{connect['id']}/tap", json={"position": 0}),
        409,
        "game_over",
    )
    assert checked(client.get("/api/game"))["mode"] == "classic"


def test_unknown_games_and_other_players_games_are_not_found(
    client: TestClient, sqlite_store: Store
) -> None:
    state = start(client)
    refused(client.get("/api/connect/games/nope"), 404, "unknown_game")
    stranger = TestClient(client.app)
    stranger.cookies.set(COOKIE, sqlite_store.player(None).id, domain="testserver.local")
    refused(stranger.get(f"/api/connect/games/{state['id']}"), 404, "unknown_game")
    refused(
        stranger.post(f"/api/connect/games/{state['id']}/tap", json={"position": 0}),
        404,
        "unknown_game",
    )
    cookieless = TestClient(client.app)
    refused(cookieless.post(f"/api/connect/games/{state['id']}/hint"), 404, "unknown_game")


# -- stages, statistics and the leaderboard, per mode ------------------------------------


def test_the_stage_list_shows_rules_progress_and_locks(client: TestClient) -> None:
    listed = StagesList.model_validate(checked(client.get("/api/connect/stages")))
    assert listed.next == 1 and len(listed.stages) >= 22
    first, second = listed.stages[:2]
    assert (first.slide, first.locked, first.cleared) == ("none", False, False)
    assert (second.slide, second.locked) == ("down", True)
    state = start(client, stage=1)
    win(client, state, connect_deal_from_code(state["code"]))
    listed = StagesList.model_validate(checked(client.get("/api/connect/stages")))
    first, second = listed.stages[:2]
    assert listed.next == 2 and first.cleared and first.best_time is not None
    assert not second.locked and not second.cleared and listed.stages[2].locked


def test_statistics_and_leaderboard_are_kept_per_mode(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    human_pace(monkeypatch)
    state = start(client)
    won = win(client, state, DEAL)
    connect_board = checked(client.get("/api/leaderboard?mode=connect"))
    assert [entry["game_id"] for entry in connect_board["entries"]] == [won["id"]]
    assert connect_board["entries"][0]["layout"] == "connect-12x6-down"
    assert checked(client.get("/api/leaderboard"))["entries"] == []
    assert checked(client.get("/api/leaderboard?mode=classic"))["entries"] == []
    classic = checked(client.get("/api/statistics"))
    assert classic["started"] == 0 and classic["won"] == 0 and classic["wins"] == []
    connect = checked(client.get("/api/statistics?mode=connect"))
    assert connect["started"] == 1 and connect["won"] == 1 and len(connect["wins"]) == 1
    assert connect["layouts"][0]["layout"] == "connect-12x6-down"
    refused(client.get("/api/statistics?mode=mahjong"), 422, "bad_body")
    refused(client.get("/api/leaderboard?mode="), 422, "bad_body")


def test_a_connect_game_survives_export_and_import(sqlite_store: Store) -> None:
    me, other = sqlite_store.player(None).id, sqlite_store.player(None).id
    game = sqlite_store.create_game(me, mode="connect", code=CODE, stage=2)
    actions = [str(move) for move in DEAL.solution]
    sqlite_store.save_game(
        me,
        game.id,
        version=1,
        progress=Progress(
            actions=actions, elapsed=80.0, running=False, status="won", hints=0, undos=0, shuffles=0
        ),
    )
    document = sqlite_store.export_history(me)
    assert sqlite_store.import_history(other, document) == 1
    assert sqlite_store.statistics(other, "connect").won == 1
    assert sqlite_store.statistics(other).won == 0
    assert sqlite_store.stage_progress(other, "connect").cleared == [2]
    broken = {**document, "games": [{**document["games"][0], "actions": actions[:-1]}]}
    with pytest.raises(ValueError, match="does not match its moves"):
        sqlite_store.import_history(sqlite_store.player(None).id, broken)


# -- grids of the player's choice (rules §9.1) -------------------------------------------


def test_a_grid_of_the_players_choice_is_dealt_with_its_rule_and_difficulty(client) -> None:
    listed = checked(client.get("/api/connect/stages"))
    assert "24x12" in listed["grid_sizes"] and "down" in listed["slide_rules"]
    state = checked(
        client.post(
            "/api/connect/games", json={"size": "24x12", "slide": "down", "difficulty": "hard"}
        )
    )
    grid = state["layout"]
    assert (grid["width"], grid["height"], state["stage"]) == (24, 12, None)
    assert state["code"].startswith("CN2-2412B-") and state["difficulty"] == "hard"
    assert len(state["tiles"]) == 288
    plain = checked(client.post("/api/connect/games", json={"size": "14x6"}))
    assert plain["code"].startswith("CN2-1406A-") and plain["difficulty"] == "normal"


@pytest.mark.parametrize(
    "body",
    [
        {"size": "20x10"},
        {"size": "huge"},
        {"size": "18x8", "stage": 2},
        {"slide": "down"},
    ],
)
def test_a_grid_that_cannot_be_dealt_is_refused_and_starts_nothing(client, body) -> None:
    before = checked(client.post("/api/connect/games", json={"stage": 1}))
    refused(client.post("/api/connect/games", json=body), 400, "bad_request")
    assert checked(client.get("/api/game"))["id"] == before["id"]


@pytest.mark.parametrize(
    "body", [{"size": "18x8", "slide": "sideways"}, {"size": "18x8", "difficulty": "extreme"}]
)
def test_a_rule_or_difficulty_no_game_has_is_refused_as_in_classic(client, body) -> None:
    """The schema names every rule and difficulty: another is 422 ``bad_body`` in both modes."""
    before = checked(client.post("/api/connect/games", json={"stage": 1}))
    refused(client.post("/api/connect/games", json=body), 422, "bad_body")
    classic = {"layout": "turtle", "difficulty": body.get("difficulty", "extreme")}
    refused(client.post("/api/games", json=classic), 422, "bad_body")
    assert checked(client.get("/api/game"))["id"] == before["id"]


def test_two_ways_to_start_a_game_are_refused_alike_in_both_modes(client) -> None:
    refused(
        client.post("/api/connect/games", json={"size": "18x8", "stage": 2}), 400, "bad_request"
    )
    refused(client.post("/api/games", json={"layout": "turtle", "daily": True}), 400, "bad_request")


def test_each_grid_of_the_players_choice_has_its_own_leaderboard(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    human_pace(monkeypatch)
    chosen = start(client, size="14x6", slide="left")
    small = win(client, chosen, connect_deal_from_code(chosen["code"]))
    stage_win = win(client, start(client), DEAL)
    own = checked(client.get("/api/leaderboard?mode=connect&layout=connect-14x6-left"))
    assert [entry["game_id"] for entry in own["entries"]] == [small["id"]]
    other = checked(client.get("/api/leaderboard?mode=connect&layout=connect-12x6-down"))
    assert [entry["game_id"] for entry in other["entries"]] == [stage_win["id"]]
    both = checked(client.get("/api/leaderboard?mode=connect"))["entries"]
    assert {entry["game_id"] for entry in both} == {small["id"], stage_win["id"]}
    assert checked(client.get("/api/leaderboard?mode=connect&layout=connect-24x12-up")) == {
        "entries": [],
        "all": False,
        "challenge": None,  # Connect has no challenges: plain play's board, by time
        "ranks_by": "time",
    }
