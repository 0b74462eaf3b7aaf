"""Quotas per client (issue #25, item 3; ``SECURITY.md``, "Quotas per client"): how fast
one client, its address and its cookie, may create players, games, layouts, test plays
and history imports.  Over its limit a request is ``429 too_many_requests`` with
``Retry-After`` and the error object, and nothing is written.

The limits are injected small (``create_app(..., quotas=Quotas({...}))``); the window's
clock is a fake one where time must pass, so that no test waits.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

import limits.storage.memory
import pytest
import uvicorn
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from api_support import checked, refused
from mahjong_solitaire.cli import main
from mahjong_solitaire.cli.play import WORKER_SETTINGS_ENV, server_options, worker_app
from mahjong_solitaire.store import Store
from mahjong_solitaire.store.schema import games, layouts, players
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.games.lifecycle import COOKIE
from mahjong_solitaire.web.games.registry import web_modes
from mahjong_solitaire.web.http.clients import Client
from mahjong_solitaire.web.http.quotas import (
    DEFAULT_RATES,
    Kind,
    Quotas,
    RouteKinds,
    limited_routes,
    rates_from_options,
)
from test_editor_api import DRAFT
from test_history_api import exported_history
from test_layouts_api import KMAHJONGG

PEER = ("203.0.113.7", 50000)


def rows(store: Store) -> dict[str, int]:
    """How many players, games and layouts the database holds."""
    with store.engine.connect() as connection:
        return {
            table.name: connection.execute(select(func.count()).select_from(table)).scalar_one()
            for table in (players, games, layouts)
        }


def browser(app: Any, peer: tuple[str, int] = PEER, **options: Any) -> TestClient:
    """A new browser (no cookie yet) at the address ``peer``."""
    return TestClient(app, client=peer, **options)


def over_the_limit(response: Any) -> int:
    """A 429 ``too_many_requests`` with the error object; its ``Retry-After`` (seconds)."""
    refused(response, 429, "too_many_requests")
    wait = int(response.headers["retry-after"])
    assert 1 <= wait <= 60
    return wait


# -- what is refused, and that nothing is written ---------------------------------------


def _upload_layout(client: TestClient, _: Any) -> Any:
    return client.post("/api/layouts", files={"file": ("a.layout", KMAHJONGG, "text/plain")})


def _import_history(client: TestClient, history: bytes) -> Any:
    return client.post("/api/history", files={"file": ("h.json", history, "application/json")})


#: One request of each kind that writes when a new browser sends it: a new player, and
#: the game, layout or games it creates.
CREATING: dict[str, tuple[Kind, Callable[[TestClient, Any], Any]]] = {
    "a classic game": (
        Kind.GAMES,
        lambda client, _: client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}),
    ),
    "the first tap on a deal not stored yet": (
        Kind.GAMES,
        lambda client, _: client.post("/api/games/new:MJ1-L00-AAAAABL/tap", json={"position": 0}),
    ),
    "a Connect game": (Kind.GAMES, lambda client, _: client.post("/api/connect/games", json={})),
    "a stage": (Kind.GAMES, lambda client, _: client.post("/api/stages/1")),
    "a layout file": (Kind.LAYOUTS, _upload_layout),
    "a test play": (
        Kind.TEST_PLAYS,
        lambda client, _: client.post(
            "/api/test-plays", json={"positions": DRAFT, "title": "Hill", "difficulty": "easy"}
        ),
    ),
    "a history file": (Kind.HISTORY, _import_history),
}


@pytest.mark.parametrize("what", CREATING)
def test_a_client_over_its_limit_gets_429_with_retry_after_and_nothing_is_written(
    sqlite_store, what
):
    kind, send = CREATING[what]
    app = create_app(sqlite_store, quotas=Quotas({kind: "1/minute"}))
    history = exported_history(sqlite_store, app) if kind is Kind.HISTORY else None
    assert send(browser(app), history).status_code in (200, 201)
    before = rows(sqlite_store)
    over_the_limit(send(browser(app), history))  # a new browser: it would add a player
    assert rows(sqlite_store) == before


def test_a_new_player_beyond_the_address_limit_is_refused_before_it_is_created(sqlite_store):
    app = create_app(sqlite_store, quotas=Quotas({Kind.PLAYERS: "2/minute"}))
    for _ in range(2):
        checked(browser(app).put("/api/player", json={"name": "Ana"}))
    before = rows(sqlite_store)
    over_the_limit(browser(app).put("/api/player", json={"name": "Ana"}))
    over_the_limit(browser(app).post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    assert rows(sqlite_store) == before == {**before, "players": 2}


def test_a_known_player_is_not_a_new_one(sqlite_store):
    app = create_app(sqlite_store, quotas=Quotas({Kind.PLAYERS: "1/minute"}))
    ana = browser(app)
    for name in ("Ana", "Ana B.", "Ana C."):
        checked(ana.put("/api/player", json={"name": name}))
    assert rows(sqlite_store)["players"] == 1


def test_rotating_or_inventing_cookies_does_not_escape_the_address_limit(sqlite_store):
    app = create_app(sqlite_store, quotas=Quotas({Kind.GAMES: "2/minute"}))
    new_game = {"code": "MJ1-L00-AAAAABL"}
    for cookie in ("a" * 32, "b" * 32):
        checked(browser(app, cookies={COOKIE: cookie}).post("/api/games", json=new_game))
    before = rows(sqlite_store)
    over_the_limit(browser(app, cookies={COOKIE: "c" * 32}).post("/api/games", json=new_game))
    over_the_limit(browser(app).post("/api/games", json=new_game))
    assert rows(sqlite_store) == before


def test_one_player_on_several_addresses_meets_the_cookie_limit(sqlite_store):
    app = create_app(sqlite_store, quotas=Quotas({Kind.GAMES: "2/minute"}))
    home = browser(app)
    checked(home.put("/api/player", json={"name": "Ana"}))
    cookie = {COOKIE: home.cookies[COOKIE]}
    new_game = {"code": "MJ1-L00-AAAAABL"}
    for address in ("203.0.113.7", "198.51.100.4"):
        checked(browser(app, (address, 4000), cookies=cookie).post("/api/games", json=new_game))
    away = browser(app, ("192.0.2.5", 5000), cookies=cookie)
    over_the_limit(away.post("/api/games", json=new_game))


def test_separate_addresses_have_separate_budgets(sqlite_store):
    app = create_app(sqlite_store, quotas=Quotas({Kind.GAMES: "1/minute"}))
    new_game = {"code": "MJ1-L00-AAAAABL"}
    checked(browser(app, ("203.0.113.1", 1000)).post("/api/games", json=new_game))
    over_the_limit(browser(app, ("203.0.113.1", 1001)).post("/api/games", json=new_game))
    checked(browser(app, ("203.0.113.2", 1000)).post("/api/games", json=new_game))


def test_the_moves_of_a_stored_game_are_not_limited(sqlite_store):
    app = create_app(
        sqlite_store, quotas=Quotas({Kind.GAMES: "1/minute", Kind.PLAYERS: "1/minute"})
    )
    ana = browser(app)
    game = checked(ana.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    for _ in range(5):
        checked(ana.post(f"/api/games/{game['id']}/hint"))


def test_local_mode_is_never_limited(sqlite_store):
    app = create_app(sqlite_store, local_player=True, quotas=Quotas({Kind.GAMES: "1/minute"}))
    for _ in range(5):
        checked(browser(app).post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    assert app.state.quotas is None


def test_the_multi_player_server_has_the_documented_limits_by_default(sqlite_store):
    app = create_app(sqlite_store)
    assert app.state.quotas.described() == Quotas(DEFAULT_RATES).described()
    assert set(DEFAULT_RATES) == set(Kind)


# -- the window ------------------------------------------------------------------------


class FakeClock:
    """The time ``limits``' memory storage and the quotas read, moved by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(limits.storage.memory, "time", fake)
    return fake


def test_retry_after_is_when_the_window_lets_one_more_through(clock):
    quotas = Quotas({Kind.GAMES: "2/minute"}, clock=clock.time)
    keys = Client("203.0.113.7", None).keys
    assert quotas.admit(Kind.GAMES, keys) is None
    clock.now += 10
    assert quotas.admit(Kind.GAMES, keys) is None
    clock.now += 20
    assert quotas.admit(Kind.GAMES, keys) == pytest.approx(30)  # the first leaves at 60 s
    clock.now += 29
    assert quotas.admit(Kind.GAMES, keys) == pytest.approx(1)
    clock.now += 1.5
    assert quotas.admit(Kind.GAMES, keys) is None
    assert quotas.admit(Kind.GAMES, keys) == pytest.approx(9.5)  # the second leaves at 70 s


def test_a_refused_request_counts_against_no_key(clock):
    quotas = Quotas({Kind.GAMES: "1/minute"}, clock=clock.time)
    assert quotas.admit(Kind.GAMES, Client("203.0.113.7", None).keys) is None
    assert quotas.admit(Kind.GAMES, Client("203.0.113.7", "ab12").keys) is not None
    # the cookie's budget was not spent by the refusal: from another address it may go
    assert quotas.admit(Kind.GAMES, Client("198.51.100.1", "ab12").keys) is None


def test_a_limit_of_several_windows_keeps_each(clock):
    quotas = Quotas({Kind.HISTORY: "2/minute;3/hour"}, clock=clock.time)
    keys = Client("203.0.113.7", None).keys
    for _ in range(2):
        assert quotas.admit(Kind.HISTORY, keys) is None
    clock.now += 61
    assert quotas.admit(Kind.HISTORY, keys) is None
    clock.now += 61
    assert quotas.admit(Kind.HISTORY, keys) == pytest.approx(3600 - 122)


# -- behind a reverse proxy ------------------------------------------------------------


def behind_proxy(app: Any, peer: tuple[str, int], forwarded_for: str) -> TestClient:
    """A browser sending from ``peer`` to ``app`` as uvicorn serves it with the options of
    ``play --forwarded-allow-ips 10.0.0.1`` (its proxy headers middleware around the app)."""
    config = uvicorn.Config(app, **server_options("10.0.0.1"))
    config.load()
    return TestClient(config.loaded_app, client=peer, headers={"X-Forwarded-For": forwarded_for})


def test_behind_a_trusted_proxy_the_client_is_the_address_it_forwards(sqlite_store):
    app = create_app(sqlite_store, quotas=Quotas({Kind.GAMES: "1/minute"}))
    new_game = {"code": "MJ1-L00-AAAAABL"}
    proxy = ("10.0.0.1", 3000)
    checked(behind_proxy(app, proxy, "203.0.113.1").post("/api/games", json=new_game))
    checked(behind_proxy(app, proxy, "203.0.113.2").post("/api/games", json=new_game))
    over_the_limit(behind_proxy(app, proxy, "203.0.113.1").post("/api/games", json=new_game))


def test_without_forwarded_allow_ips_a_forwarded_address_is_not_believed(sqlite_store):
    app = create_app(sqlite_store, quotas=Quotas({Kind.GAMES: "1/minute"}))
    config = uvicorn.Config(app, **server_options(None))
    config.load()
    new_game = {"code": "MJ1-L00-AAAAABL"}
    for forwarded_for, status in (("203.0.113.1", 200), ("203.0.113.2", 429)):
        proxy = TestClient(
            config.loaded_app, client=("10.0.0.1", 3000), headers={"X-Forwarded-For": forwarded_for}
        )
        assert proxy.post("/api/games", json=new_game).status_code == status


def test_a_forged_forwarded_address_from_an_untrusted_peer_is_not_believed(sqlite_store):
    app = create_app(sqlite_store, quotas=Quotas({Kind.GAMES: "1/minute"}))
    new_game = {"code": "MJ1-L00-AAAAABL"}
    peer = ("192.0.2.66", 3000)
    checked(behind_proxy(app, peer, "203.0.113.1").post("/api/games", json=new_game))
    over_the_limit(behind_proxy(app, peer, "203.0.113.2").post("/api/games", json=new_game))


# -- the options -----------------------------------------------------------------------


def test_rate_limit_options_change_the_defaults_and_off_lifts_one():
    rates = rates_from_options(["games=60/minute", "HISTORY=off", "games=90/minute"])
    assert rates == {**DEFAULT_RATES, Kind.GAMES: "90/minute", Kind.HISTORY: None}
    assert "history" not in Quotas(rates).described()


@pytest.mark.parametrize(
    "option",
    ["games", "games=", "games=lots", "games=0/minute", "games=5/fortnight", "moves=5/minute"],
)
def test_a_bad_rate_limit_option_exits_2_with_one_clear_line(option, capsys):
    status = main(["play", "--no-browser", "--host", "127.0.0.1", "--rate-limit", option])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and f"--rate-limit {option}: give KIND=RATE" in err
    assert "players, games, layouts, test-plays, history" in err


def test_the_workers_get_the_rate_limit_options(monkeypatch, tmp_path):
    settings = {
        "database": f"sqlite:///{tmp_path / 'games.db'}",
        "local_player": False,
        "allowed_hosts": ["127.0.0.1"],
        "rate_limits": ["games=7/minute", "layouts=off"],
    }
    monkeypatch.setitem(os.environ, WORKER_SETTINGS_ENV, json.dumps(settings))
    app = worker_app()
    described = app.state.quotas.described()
    assert described["games"] == "7 per 1 minute" and "layouts" not in described
    app.state.store.close()


# -- the schema ------------------------------------------------------------------------


def _example_path(template: str) -> str:
    return template.replace("{game_id}", "new:MJ1-L00-AAAAABL").replace("{number}", "1")


def test_every_limited_operation_lists_429_and_every_limit_names_an_operation(sqlite_store):
    schema = create_app(sqlite_store).openapi()
    table = limited_routes(web.view.path for web in web_modes())
    kinds = RouteKinds(table)
    limited = {
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if kinds.of(method.upper(), _example_path(path)) is not None
    }
    for method, path in limited:
        assert "429" in schema["paths"][path][method.lower()]["responses"], (method, path)
    for entry in table:  # no entry of the table is a path no route has
        alone = RouteKinds([entry])
        assert any(alone.of(method, _example_path(path)) for method, path in limited), entry
    named = {kind for method, path in limited if (kind := kinds.of(method, _example_path(path)))}
    assert named == set(Kind) - {Kind.PLAYERS}  # players are counted where one is made
    assert "429" in schema["paths"]["/api/player"]["put"]["responses"]
