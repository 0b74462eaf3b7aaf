"""A new mode is one package and one line in ``modes.MODES``: the application then serves
its routes, reads its games through ``GET /api/game`` and ``GET /api/games/{id}``, stores
and ranks them, and keeps the other modes' routes off them.  The toy of
:mod:`toy_mode` proves it: nothing else in the package names it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import toy_mode
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.games.registry import view_of


@pytest.fixture
def toy_client(sqlite_store: Store) -> Iterator[TestClient]:
    with toy_mode.registered():
        yield TestClient(create_app(sqlite_store))


def test_a_registered_mode_serves_its_own_routes(toy_client: TestClient) -> None:
    started = toy_client.post("/api/toy/games")
    assert started.status_code == 200, started.text
    state = started.json()
    assert state["mode"] == "toy" and state["code"].startswith("TY1-L00-")
    assert state["tiles_left"] == 144 and state["status"] == "playing"
    assert view_of("toy") is toy_mode.VIEW


def test_a_registered_mode_is_played_through_the_shared_lifecycle(toy_client: TestClient) -> None:
    state = toy_client.post("/api/toy/games").json()
    deal = toy_mode.TOY.deal(state["code"])
    first = deal.solution[0]
    selected = toy_client.post(f"/api/toy/games/{state['id']}/tap", json={"position": first.a})
    assert selected.json()["selection"] == first.a
    matched = toy_client.post(
        f"/api/toy/games/{state['id']}/tap",
        json={"position": first.b, "version": selected.json()["version"]},
    )
    assert matched.json()["tiles_left"] == 142
    stale = toy_client.post(f"/api/toy/games/{state['id']}/tap", json={"position": 0, "version": 1})
    assert stale.status_code == 409 and stale.json()["error"] == "stale_version"


def test_the_shared_reads_answer_a_game_of_the_new_mode(toy_client: TestClient) -> None:
    state = toy_client.post("/api/toy/games").json()
    current = toy_client.get("/api/game").json()
    assert (current["id"], current["mode"]) == (state["id"], "toy")
    again = toy_client.get(f"/api/games/{state['id']}").json()
    assert (again["id"], again["version"], again["mode"]) == (state["id"], 1, "toy")
    assert "tiles" not in again  # the toy's own state model, not classic's


def test_the_other_modes_routes_refuse_a_game_of_the_new_mode(toy_client: TestClient) -> None:
    state = toy_client.post("/api/toy/games").json()
    for path in (f"/api/games/{state['id']}/tap", f"/api/connect/games/{state['id']}/tap"):
        refused = toy_client.post(path, json={"position": 0})
        assert refused.status_code == 409 and refused.json()["error"] == "wrong_mode"
        assert "/api/toy/games/" in refused.json()["detail"]


def test_a_mode_that_is_not_registered_has_no_routes(client: TestClient) -> None:
    assert client.post("/api/toy/games").status_code == 404
