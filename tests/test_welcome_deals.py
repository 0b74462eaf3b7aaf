"""A visitor without a game is shown a deal dealt ahead in the engine's worker processes
(web/games/welcome.py): the deal its code names, each shown once, kept by its mode for the
requests that follow; the local player's server, without a pool, deals its own.  The tests
wait for the stock to fill (a state), never for time."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api_support import checked
from engine_job_helpers import wait_for
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.modes import DEFAULT_MODE, welcome_deals, welcome_openings
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.games.jobs import shutdown_pool
from mahjong_solitaire.web.games.welcome import BATCH


@pytest.fixture(autouse=True)
def _fresh_pool() -> Any:
    yield
    shutdown_pool()


@pytest.fixture
def stocked(sqlite_store) -> Any:
    """A multi-player server's client and its stock of welcome deals, once a first visit
    has filled it with a batch (a state waited for)."""
    app = create_app(sqlite_store, engine_workers=1)
    stock = app.state.welcome_deals
    with TestClient(app) as client:
        checked(client.get("/api/game"))  # the first visit starts the refill
        wait_for(lambda: len(stock) >= BATCH)
        yield client, stock


def test_a_deal_dealt_in_a_worker_travels_as_its_code_would_deal_it():
    (deal,) = welcome_deals(DEFAULT_MODE.name, [2026])
    travelled = pickle.loads(pickle.dumps(deal))
    assert travelled == deal_from_code(deal.code)
    assert travelled.layout is deal.layout  # the built-in layout, by its number
    assert len(pickle.dumps(deal)) < 4000


def test_a_visitor_is_shown_a_deal_dealt_ahead_that_its_mode_keeps(stocked):
    client, stock = stocked
    before = len(stock)
    shown = checked(client.get("/api/game"))
    assert len(stock) == before - 1
    code = shown["id"].removeprefix("new:")
    kept = DEFAULT_MODE.deal(code)
    assert kept == deal_from_code(code)  # what its code deals, anywhere
    assert [tile["tile"] for tile in sorted(shown["tiles"], key=lambda t: t["i"])] == list(
        kept.tiles
    )


def test_each_deal_dealt_ahead_is_shown_once(stocked):
    client, _ = stocked
    codes = [checked(client.get("/api/game"))["id"] for _ in range(BATCH)]
    assert len(set(codes)) == len(codes)


def test_the_first_tap_on_a_deal_dealt_ahead_stores_it(stocked):
    client, _ = stocked
    shown = checked(client.get("/api/game"))
    free = next(tile["i"] for tile in shown["tiles"] if tile["free"])
    played = checked(
        client.post(f"/api/games/{shown['id']}/tap", json={"position": free, "version": 0})
    )
    assert played["code"] == shown["code"] and not played["id"].startswith("new:")


def test_the_local_players_server_deals_its_own_welcome_deals(sqlite_store):
    app = create_app(sqlite_store, local_player=True)
    with TestClient(app) as client:
        for _ in range(3):
            checked(client.get("/api/game"))
    assert len(app.state.welcome_deals) == 0


def test_a_stopped_application_asks_its_pool_for_no_more_welcome_deals(sqlite_store):
    app = create_app(sqlite_store, engine_workers=1)
    stock = app.state.welcome_deals
    with TestClient(app) as client:
        checked(client.get("/api/game"))
    # the lifespan has ended: the refill under way ends with the pool, and a visit now
    # takes what is left and starts no other
    wait_for(lambda: not stock.refilling)
    before = len(stock)
    stock.take()
    assert not stock.refilling and len(stock) == max(0, before - 1)


def test_the_opening_verdict_dealt_ahead_is_the_one_worked_out_afresh():
    """For many codes: the verdict a worker works out beside the deal is the one the web
    works out on the first position of a fresh game, with and without the way back."""
    from mahjong_solitaire.classic.game import Game
    from mahjong_solitaire.web.games.live_games import winnability

    seeds = list(range(3000, 3040))
    for deal, verdict in welcome_openings(DEFAULT_MODE.name, seeds):
        assert deal == deal_from_code(deal.code)  # the same deal as dealing afresh
        assert verdict == winnability(Game(deal_from_code(deal.code)), undo=True)
        assert verdict == Game(deal).winnability(look_back=False, keep_plan=False)
        assert pickle.loads(pickle.dumps(verdict)) == verdict  # it travels from the worker


def test_a_server_that_deals_ahead_fills_its_stock_as_it_starts(sqlite_store):
    app = create_app(sqlite_store, engine_workers=1, deal_ahead=True)
    stock = app.state.welcome_deals
    with TestClient(app) as client:
        wait_for(lambda: len(stock) >= BATCH)  # no visit asked for it
        shown = checked(client.get("/api/game"))
        verdict = checked(client.get(f"/api/games/{shown['id']}/winnability"))
    assert verdict["winnability"] == "winnable"


def test_the_first_verdict_of_a_deal_dealt_ahead_is_answered_as_a_fresh_one(
    sqlite_store, monkeypatch
):
    """The page's first verdict on a welcome deal, answered from the one kept beside it,
    is what a server that works it out itself (the local player's) answers."""
    ahead = create_app(sqlite_store, engine_workers=1, deal_ahead=True)
    with TestClient(ahead) as client:
        wait_for(lambda: len(ahead.state.welcome_deals) >= BATCH)
        shown = [checked(client.get("/api/game")) for _ in range(8)]
        kept = [
            checked(client.get(f"/api/games/{state['id']}/winnability{query}"))
            for state in shown
            for query in ("", "?last_winnable=false")
        ]
    from collections import OrderedDict

    from mahjong_solitaire.web.games import live_games

    monkeypatch.setattr(live_games, "_verdicts", OrderedDict())  # worked out afresh now
    with TestClient(create_app(sqlite_store, local_player=True)) as client:
        fresh = [
            checked(client.get(f"/api/games/{state['id']}/winnability{query}"))
            for state in shown
            for query in ("", "?last_winnable=false")
        ]
    assert kept == fresh


def test_a_server_that_does_not_deal_ahead_starts_no_pool_at_start(sqlite_store):
    from mahjong_solitaire.web.games.jobs import pool_started

    shutdown_pool()
    with TestClient(create_app(sqlite_store, engine_workers=1)):
        assert not pool_started()
