"""Every request has a bounded cost (issue #25, item 1): the operations that run reverse
play on positions a client chose (a layout check, a test play, an import, a share link's
layout) stop within their budget of engine work (``web/games/budgets.py``), counted in steps
and nodes, and answer why; a budget never changes what is found within it.  The solver's
aids search no layout larger than they can afford.

The inputs are the costliest we could craft (``tests/costly_inputs.py``,
``tests/data/costly/``); their CPU time is measured by ``benchmarks/bench_request_cost.py``.
"""

from __future__ import annotations

import pytest

from api_support import checked, refused
from costly_inputs import FOLDER, draft, gnome, tower
from mahjong_solitaire.classic.codes import GameCode
from mahjong_solitaire.classic.construction import SearchBudget
from mahjong_solitaire.classic.draft import check_draft, dealing_problem
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.classic.playable import (
    NOT_CHECKED,
    NOT_WITHIN_SHARE,
    UNCLEARABLE,
    playable_maps,
)
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.layouts import builtin_layout, export_layout
from mahjong_solitaire.layouts.files import read_layout_maps
from mahjong_solitaire.layouts.gnome import MAX_FILE_TILES, MAX_MAPS
from mahjong_solitaire.solver.hint import SEARCH_TILES, Hinter, most_freeing
from mahjong_solitaire.solver.verdict import Verdict
from mahjong_solitaire.solver.winnability import WINNABILITY_NODES, Status, winnability
from mahjong_solitaire.web.games.budgets import (
    BUDGETS,
    LAYOUT_CHECK,
    LAYOUT_IMPORT,
    SHARED_LAYOUT,
    TEST_PLAY,
)

TOWER = draft("tower-draft.json")
BIG_TOWER = draft("big-tower-draft.json")
TOWER_ROW = draft("tower-row-draft.json")
BIG_FLAT = draft("big-flat-draft.json")


def within(budget: SearchBudget) -> bool:
    return budget.steps_used <= budget.steps and budget.nodes_used <= budget.nodes


def upload(client, data: bytes, filename: str):  # type: ignore[no-untyped-def]
    return client.post("/api/layouts", files={"file": (filename, data, "text/xml")})


# -- the engine stops within the budget it is given ----------------------------------------


@pytest.mark.parametrize("positions", [TOWER, BIG_TOWER], ids=["tower", "big tower"])
def test_a_check_that_runs_out_of_its_budget_answers_unknown_having_spent_no_more(positions):
    budget = LAYOUT_CHECK.search()
    checked_draft = check_draft(positions, budget=budget)
    assert checked_draft.problem == "unknown" and not checked_draft.clearable
    assert within(budget) and budget.steps_used == LAYOUT_CHECK.steps


def test_a_draft_proven_unclearable_within_the_budget_is_called_unclearable():
    budget = LAYOUT_CHECK.search()
    assert check_draft(TOWER_ROW, budget=budget).problem == "unclearable"
    assert within(budget) and budget.nodes_used < LAYOUT_CHECK.nodes


def test_one_draft_gets_one_verdict_for_the_same_work():
    first, second = LAYOUT_CHECK.search(), LAYOUT_CHECK.search()
    assert check_draft(TOWER, budget=first) == check_draft(TOWER, budget=second)
    assert (first.steps_used, first.nodes_used) == (second.steps_used, second.nodes_used)


@pytest.mark.parametrize(
    "layout",
    [builtin_layout("turtle"), builtin_layout("ridges"), Layout.from_positions(BIG_FLAT)],
    ids=["turtle", "ridges", "big flat"],
)
def test_a_deal_made_within_a_budget_is_the_deal_made_without_one(layout):
    for seed, difficulty in ((0, Difficulty.NORMAL), (7, Difficulty.HARD)):
        budget = TEST_PLAY.search()
        assert dealing_problem(layout, seed, difficulty, budget=budget) is None
        bounded = generate(layout, seed, difficulty, budget=TEST_PLAY.search())
        free = generate(layout, seed, difficulty)
        assert (bounded.tiles, bounded.solution) == (free.tiles, free.solution)
        assert within(budget)


def test_a_draft_that_clears_still_clears_within_the_check_budget():
    for positions in (BIG_FLAT, builtin_layout("turtle").positions):
        budget = LAYOUT_CHECK.search()
        assert check_draft(positions, budget=budget).clearable
        assert within(budget)


def test_every_budget_names_its_operation_and_stays_under_half_a_second():
    assert {budget.operation for budget in BUDGETS} >= {
        "POST /api/layout-checks",
        "POST /api/test-plays",
        "POST /api/layouts",
    }
    assert all(0 < budget.cpu <= 0.5 and budget.steps > 0 for budget in BUDGETS)


# -- the layout import: a cap per file, a total per upload, a reason per map ---------------


def test_each_map_of_an_upload_is_refused_with_its_own_reason_within_the_total():
    budget = LAYOUT_IMPORT.upload()
    found = playable_maps(read_layout_maps((FOLDER / "tower-maps.map").read_bytes()), budget)
    assert found.layouts == [] and len(found.refused) == 40
    share = NOT_WITHIN_SHARE.format(steps=LAYOUT_IMPORT.map_steps, nodes=LAYOUT_IMPORT.map_nodes)
    searched = LAYOUT_IMPORT.steps // LAYOUT_IMPORT.map_steps
    assert [refused.reason for refused in found.refused] == [share] * searched + [NOT_CHECKED] * (
        40 - searched
    )
    assert [refused.title for refused in found.refused][:2] == ["Tower 1", "Tower 2"]
    assert within(budget.total) and budget.total.steps_used == LAYOUT_IMPORT.steps


def test_a_map_proven_unclearable_is_refused_as_unclearable_in_an_upload():
    rows = Layout.from_positions(TOWER_ROW, name="row", title="Row tower")
    found = playable_maps(read_layout_maps(export_layout(rows, "gnome")), LAYOUT_IMPORT.upload())
    assert [(refused.title, refused.reason) for refused in found.refused] == [
        ("Row tower", UNCLEARABLE)
    ]


def test_a_good_map_after_a_costly_one_is_still_imported(client):
    data = gnome([("Tower", tower(16, 14)), ("Turtle", list(builtin_layout("turtle").positions))])
    answer = checked(upload(client, data.encode(), "two.map"), 201)
    assert [layout["title"] for layout in answer["layouts"]] == ["Turtle"]
    share = NOT_WITHIN_SHARE.format(steps=LAYOUT_IMPORT.map_steps, nodes=LAYOUT_IMPORT.map_nodes)
    assert answer["refused"] == [{"title": "Tower", "reason": share}]


def test_an_upload_of_costly_maps_only_is_refused_naming_each_map(client):
    detail = refused(
        upload(client, (FOLDER / "tower-maps.map").read_bytes(), "towers.map"), 400, "bad_layout"
    )
    assert "nothing was imported" in detail and "'Tower 40': not checked" in detail


def test_a_file_of_more_maps_than_the_cap_is_refused_before_any_is_checked(client):
    detail = refused(
        upload(client, (FOLDER / "hundred-tower-maps.map").read_bytes(), "towers.map"),
        400,
        "bad_layout",
    )
    assert f"more than {MAX_MAPS} maps" in detail


def test_maps_beyond_the_tiles_a_file_may_hold_are_refused_unread():
    big = tower(512, 510)
    maps = [(f"Big {n}", big) for n in range(1, MAX_FILE_TILES // len(big) + 2)]
    found = read_layout_maps(gnome(maps))
    assert len(found.layouts) == MAX_FILE_TILES // len(big)
    assert [refused.title for refused in found.refused] == [maps[-1][0]]
    assert "import it in a file of its own" in found.refused[0].reason


def test_the_big_tower_maps_stop_within_the_uploads_budget():
    budget = LAYOUT_IMPORT.upload()
    found = playable_maps(read_layout_maps((FOLDER / "big-tower-maps.map").read_bytes()), budget)
    assert found.layouts == [] and len(found.refused) == 4
    assert within(budget.total)


# -- the editor's requests ------------------------------------------------------------------


def test_a_layout_check_of_the_tower_answers_unknown(client):
    answer = checked(client.post("/api/layout-checks", json={"positions": TOWER}))
    assert answer["problem"] == "unknown" and answer["clearable"] is False
    assert answer["tile_count"] == len(TOWER)


def test_a_test_play_of_the_tower_is_refused_for_its_budget_and_stores_nothing(client):
    response = client.post("/api/test-plays", json={"positions": TOWER, "title": "Tower"})
    assert "budget" in refused(response, 400, "bad_layout")
    assert "set-cookie" not in response.headers  # no player was made, no game stored


def test_a_test_play_of_a_proven_unclearable_draft_says_so(client):
    detail = refused(
        client.post("/api/test-plays", json={"positions": TOWER_ROW, "title": "Row"}),
        400,
        "bad_layout",
    )
    assert detail == "no order of removals clears every tile of it"


def test_a_share_links_costly_layout_is_refused_within_its_budget(client):
    layout = Layout.from_positions(TOWER, name="tower", title="Tower")
    code = GameCode.of(layout, 5, Difficulty.NORMAL)
    body = {"code": str(code), "shared_layout": {"title": "Tower", "positions": TOWER}}
    detail = refused(client.post("/api/games", json=body), 400, "bad_layout")
    assert f"{SHARED_LAYOUT.steps:,} steps" in detail


# -- the aids on the largest boards -----------------------------------------------------------


def test_no_limited_search_starts_on_a_layout_beyond_the_searched_size():
    layout = Layout.from_positions(BIG_FLAT)
    assert len(layout) > SEARCH_TILES
    board = generate(layout, 3).board()
    found = Hinter().search(board, node_limit=WINNABILITY_NODES)
    assert found.verdict is Verdict.UNKNOWN and found.nodes == 0
    assert winnability(board).status is Status.UNKNOWN
    assert Hinter().hint(board) == most_freeing(board)


def test_a_layout_of_the_searched_size_is_still_searched():
    layout = Layout.from_positions(BIG_FLAT[:SEARCH_TILES])
    board = generate(layout, 3).board()
    found = Hinter().search(board, node_limit=WINNABILITY_NODES)
    assert found.nodes > 0  # searched (winnable or not known within the limit)
