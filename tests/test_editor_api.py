"""The layout editor's routes (rules §8.3): a draft is checked as it is drawn (its tiles,
free tiles and whether it can be cleared) without storing anything, written as a
KMahjongg or GNOME file that reads back to the same layout, saved through the import path
like any imported file, and test-played as a game that carries its positions."""

from __future__ import annotations

from itertools import islice, product

from sqlalchemy import func, select

from api_support import checked, play, refused
from mahjong_solitaire.classic.draft import check_draft
from mahjong_solitaire.core.layout import MAX_POSITIONS, Layout
from mahjong_solitaire.layouts import builtin_layout, read_layout_file
from mahjong_solitaire.store.schema import games, players
from mahjong_solitaire.web.games.lifecycle import COOKIE
from mahjong_solitaire.web.routes.editor_models import MAX_COLUMN, MAX_LAYER, MAX_ROW

#: Eight tiles with half-tile offsets on two layers, drawn away from the grid's corner.
DRAFT = [
    (4, 2, 0),
    (6, 2, 0),
    (8, 2, 0),
    (10, 2, 0),
    (5, 5, 0),
    (7, 5, 0),
    (5, 2, 1),
    (7, 2, 1),
]
#: The same draft moved to the corner: what files and games hold.
CORNERED = sorted(((x - 4, y - 2, z) for x, y, z in DRAFT), key=lambda p: (p[2], p[1], p[0]))


def check(client, positions) -> dict:  # type: ignore[no-untyped-def]
    return checked(client.post("/api/layout-checks", json={"positions": positions}))


def test_a_check_counts_the_tiles_and_names_the_free_ones_by_the_free_rule(client):
    answer = check(client, DRAFT)
    assert answer["tile_count"] == 8 and answer["max_tiles"] == MAX_POSITIONS
    assert answer["clearable"] is True and answer["problem"] is None
    layout = Layout.from_positions(DRAFT)
    free = [layout.positions[i] for i in range(8) if layout.is_free(i, layout.full)]
    assert [tuple(p) for p in answer["free"]] == free


def test_a_draft_that_cannot_be_played_says_why(client):
    assert check(client, [])["problem"] == "empty"
    odd = check(client, DRAFT[:3])
    assert odd["problem"] == "odd" and odd["clearable"] is False
    assert [tuple(p) for p in odd["free"]] == [(4, 2, 0), (8, 2, 0)]  # the middle one is held
    stacked = check(client, [(0, 0, 0), (0, 0, 1)])
    assert stacked["problem"] == "unclearable" and stacked["clearable"] is False


def test_every_built_in_layout_checks_as_clearable() -> None:
    for layout in (builtin_layout("turtle"), builtin_layout("owl"), builtin_layout("zigzag")):
        answer = check_draft(layout.positions)
        assert answer.clearable and answer.tiles == len(layout)


def test_overlapping_tiles_and_out_of_bounds_drafts_are_refused(client):
    detail = refused(
        client.post("/api/layout-checks", json={"positions": [[0, 0, 0], [1, 1, 0]]}),
        400,
        "bad_layout",
    )
    assert "overlap" in detail
    refused(
        client.post("/api/layout-checks", json={"positions": [[0, 0, 0]] * 2}), 400, "bad_layout"
    )
    grid = product(range(0, MAX_COLUMN, 2), range(0, MAX_ROW, 2), range(MAX_LAYER + 1))
    too_many = [[x, y, z] for x, y, z in islice(grid, MAX_POSITIONS + 1)]
    refused(client.post("/api/layout-checks", json={"positions": too_many}), 422, "bad_body")
    high = {"positions": [[0, 0, MAX_LAYER + 1]]}
    refused(client.post("/api/layout-checks", json=high), 422, "bad_body")
    refused(client.post("/api/layout-checks", json={"positions": [[-2, 0, 0]]}), 422, "bad_body")
    refused(client.post("/api/layout-checks", json={"positions": [["1", 0, 0]]}), 422, "bad_body")


def test_checking_and_exporting_store_nothing_and_set_no_cookie(client, sqlite_store):
    check(client, DRAFT)
    body = {"positions": DRAFT, "title": "Steps", "format": "gnome"}
    answer = client.post("/api/layout-files", json=body)
    assert answer.status_code == 200
    assert COOKIE not in answer.cookies and not client.cookies
    with sqlite_store.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(players)).scalar() == 0
        assert connection.execute(select(func.count()).select_from(games)).scalar() == 0


def test_an_exported_file_reads_back_as_the_draft_moved_to_the_corner(client):
    for format, media, ending in (("kmahjongg", "text/plain", "layout"), ("gnome", "xml", "map")):
        body = {"positions": DRAFT, "title": "Little Hill", "format": format}
        answer = client.post("/api/layout-files", json=body)
        assert answer.status_code == 200 and media in answer.headers["content-type"]
        disposition = answer.headers["content-disposition"]
        assert disposition == f'attachment; filename="little-hill.{ending}"'
        [layout] = read_layout_file(answer.content, f"little-hill.{ending}")
        assert list(layout.positions) == CORNERED
        if format == "gnome":
            assert layout.title == "Little Hill"
    odd = {"positions": DRAFT[:3], "title": "Odd", "format": "kmahjongg"}
    refused(client.post("/api/layout-files", json=odd), 400, "bad_layout")
    nameless = {"positions": DRAFT, "title": "", "format": "gnome"}
    refused(client.post("/api/layout-files", json=nameless), 422, "bad_body")
    other = {"positions": DRAFT, "title": "X", "format": "svg"}
    refused(client.post("/api/layout-files", json=other), 422, "bad_body")


def test_a_saved_draft_is_an_imported_layout_of_the_player(client):
    body = {"positions": DRAFT, "title": "Little Hill", "format": "gnome"}
    text = client.post("/api/layout-files", json=body).content
    files = {"file": ("little-hill.map", text, "application/xml")}
    [saved] = checked(client.post("/api/layouts", files=files), 201)["layouts"]
    assert saved["name"] == "little-hill" and saved["title"] == "Little Hill"
    assert saved["imported"] is True and saved["tiles"] == 8
    listed = {layout["name"] for layout in checked(client.get("/api/layouts"))}
    assert "little-hill" in listed
    state = checked(client.post("/api/games", json={"layout": "little-hill"}))
    assert state["layout"]["title"] == "Little Hill" and state["code"].startswith("MJ2-H")


def test_a_test_play_is_a_new_game_on_the_draft_that_stores_no_layout(client, sqlite_store):
    before = checked(client.post("/api/games", json={"layout": "turtle"}))
    body = {"positions": DRAFT, "title": "Little Hill", "difficulty": "easy"}
    state = checked(client.post("/api/test-plays", json=body))
    assert state["code"].startswith("MJ2-H") and state["difficulty"] == "easy"
    assert state["layout"]["title"] == "Little Hill" and state["tiles_left"] == 8
    assert sorted((t["x"], t["y"], t["z"]) for t in state["tiles"]) == sorted(CORNERED)
    assert checked(client.get(f"/api/games/{before['id']}"))["status"] == "abandoned"
    assert all(layout["number"] is not None for layout in checked(client.get("/api/layouts")))
    # the game is played to the end like any other
    stored = sqlite_store.get_game(str(client.cookies[COOKIE]), state["id"])
    for move in stored.deal().solution:
        state = play(client, state, move)
    assert state["status"] == "won"


def test_a_draft_that_cannot_be_cleared_is_not_test_played(client):
    body = {"positions": [[0, 0, 0], [0, 0, 1]], "title": "Tower"}
    detail = refused(client.post("/api/test-plays", json=body), 400, "bad_layout")
    assert "clears" in detail
    refused(
        client.post("/api/test-plays", json={**body, "positions": DRAFT, "difficulty": "extreme"}),
        422,
        "bad_body",
    )


# -- test plays are not kept (issue #25, item 4) --------------------------------------


def _test_play(client) -> dict:  # type: ignore[no-untyped-def]
    body = {"positions": DRAFT, "title": "Little Hill", "difficulty": "easy"}
    return checked(client.post("/api/test-plays", json=body))


def _games_of(store, player_id: str) -> list[tuple[str, str, bool]]:  # type: ignore[no-untyped-def]
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(games.c.id, games.c.status, games.c.test_play).where(
                games.c.player_id == player_id
            )
        ).all()
    return sorted((row.id, row.status, row.test_play) for row in rows)


def test_a_won_test_play_is_removed_when_it_ends(client, sqlite_store):
    before = checked(client.post("/api/games", json={"layout": "turtle"}))
    state = _test_play(client)
    me = str(client.cookies[COOKIE])
    assert _games_of(sqlite_store, me) == sorted(
        [(before["id"], "abandoned", False), (state["id"], "playing", True)]
    )
    for move in sqlite_store.get_game(me, state["id"]).deal().solution:
        state = play(client, state, move)
    assert state["status"] == "won" and state["result"]["rank"] is None
    assert _games_of(sqlite_store, me) == [(before["id"], "abandoned", False)]
    refused(client.get(f"/api/games/{state['id']}"), 404, "unknown_game")
    assert sqlite_store.leaderboard(me) == []


def test_a_test_play_abandoned_by_a_newer_game_is_removed(client, sqlite_store):
    played = _test_play(client)
    me = str(client.cookies[COOKIE])
    newer = checked(client.post("/api/games", json={"layout": "turtle"}))
    assert _games_of(sqlite_store, me) == [(newer["id"], "playing", False)]
    again = _test_play(client)
    third = _test_play(client)  # a test play after a test play: the first one goes
    assert {game_id for game_id, _, _ in _games_of(sqlite_store, me)} == {newer["id"], third["id"]}
    assert played["id"] != again["id"]


def test_a_restarted_test_play_is_a_test_play_and_the_old_one_is_removed(client, sqlite_store):
    state = _test_play(client)
    me = str(client.cookies[COOKIE])
    restarted = checked(
        client.post(f"/api/games/{state['id']}/restart", json={"version": state["version"]})
    )
    assert restarted["id"] != state["id"] and restarted["tiles_left"] == 8
    assert _games_of(sqlite_store, me) == [(restarted["id"], "playing", True)]


def test_a_test_play_counts_in_no_statistics_and_no_history_export(client, sqlite_store):
    checked(client.post("/api/games", json={"layout": "turtle"}))
    _test_play(client)
    statistics = checked(client.get("/api/statistics"))
    assert statistics["started"] == 1
    exported = client.get("/api/history")
    assert exported.status_code == 200
    assert [game["layout_name"] for game in exported.json()["games"]] == ["turtle"]
