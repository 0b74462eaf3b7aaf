"""``GET /metrics`` (issue #26, item 4; ``SECURITY.md``, "Metrics"): Prometheus's text
format, read by whom the server allows, with the requests by route template and status,
their latency, the games in progress, the fair-share refusals and the engine jobs, and the
database errors; with ``play --workers 2``, one scrape counts both workers.

The counts live in the process (prometheus-client's metrics are the module's), so each test
compares a scrape after its requests with one before them.
"""

from __future__ import annotations

import os
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from starlette.requests import Request

from api_support import checked, refused, row_counts
from mahjong_solitaire.cli import main
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.games.jobs import EngineJobs
from mahjong_solitaire.web.http.errors import ApiError, ErrorCode
from mahjong_solitaire.web.http.quotas import Kind, Quotas
from serving import ProductServer
from test_errors import requests_of_a_player

TOKEN = "metrics-token-0123456789"
BEARER = {"Authorization": f"Bearer {TOKEN}"}
#: How long one request to a server of two workers may take: as long as the test waits for
#: a state (a worker still starting on a busy machine answers its first requests late, and
#: a request given up on could be counted by the server but not by the test).
WAIT = 120
CODE = "MJ1-L00-AAAAABL"
#: Where a test client stands: any address but loopback.
PEER = ("203.0.113.7", 50000)

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def samples(text: str) -> Samples:
    """Every sample of a scrape by its name and labels (the text parsed by the official
    parser, so that a scrape it cannot read fails here)."""
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(found: Samples, name: str, **labels: str) -> float:
    """The sum of the samples named ``name`` whose labels include ``labels`` (0 if none)."""
    wanted = set(labels.items())
    return sum(v for (n, have), v in found.items() if n == name and wanted <= have)


def scrape(client: TestClient) -> Samples:
    answer = client.get("/metrics", headers=BEARER)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return samples(answer.text)


@pytest.fixture
def metered(sqlite_store: Store) -> TestClient:
    """A multi-player server with a metrics token, no quotas, a client off loopback."""
    app = create_app(sqlite_store, quotas=Quotas({}), metrics_token=TOKEN)
    return TestClient(app, client=PEER)


# -- who may read them ----------------------------------------------------------------


def test_a_multi_player_server_without_a_token_serves_no_metrics(sqlite_store):
    client = TestClient(create_app(sqlite_store), client=("127.0.0.1", 5000))
    nowhere = client.get("/nowhere-at-all")
    for headers in ({}, BEARER):
        answer = client.get("/metrics", headers=headers)
        refused(answer, 404, "not_found")
        assert answer.json() == nowhere.json()


@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer wrong-token-0123456789", f"Basic {TOKEN}", TOKEN, f"Bearer {TOKEN}x", "Bearer"],
)
def test_with_a_token_anyone_without_it_gets_the_404_of_an_unknown_path(metered, authorization):
    headers = {} if authorization is None else {"Authorization": authorization}
    answer = metered.get("/metrics", headers=headers)
    refused(answer, 404, "not_found")
    assert answer.json() == metered.get("/nowhere-at-all").json()
    assert "mahjong_" not in answer.text
    refused(metered.post("/metrics", headers=headers, json={}), 404, "not_found")


@pytest.mark.parametrize("method", ["TRACE", "PROPFIND", "FOO"])
def test_an_unusual_method_cannot_tell_that_metrics_are_served(metered, method):
    answer = metered.request(method, "/metrics")
    nowhere = metered.request(method, "/nowhere-at-all")
    assert (answer.status_code, answer.json()) == (nowhere.status_code, nowhere.json())
    assert answer.status_code == 404 and "allow" not in answer.headers


def test_the_bearer_of_the_token_reads_metrics_that_write_nothing_and_leak_nothing(
    metered, sqlite_store
):
    checked(metered.post("/api/games", json={"code": CODE}))
    before = row_counts(sqlite_store)
    answer = metered.get("/metrics", headers={**BEARER, "Cookie": "mj_player=someone"})
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-store"
    assert "set-cookie" not in answer.headers
    assert row_counts(sqlite_store) == before
    for secret in (sqlite_store.url, "games.db", "sqlite", "mj_player", TOKEN):
        assert secret not in answer.text
    refused(metered.delete("/metrics", headers=BEARER), 405, "method_not_allowed")


def test_metrics_are_not_in_the_openapi_schema(metered):
    assert "/metrics" not in metered.get("/openapi.json").json()["paths"]


@pytest.mark.parametrize("peer", [("127.0.0.1", 5000), ("::1", 5000)])
def test_a_personal_game_answers_its_metrics_on_loopback(sqlite_store, peer):
    app = create_app(sqlite_store, local_player=True)
    assert TestClient(app, client=peer).get("/metrics").status_code == 200
    refused(TestClient(app, client=PEER).get("/metrics"), 404, "not_found")


def test_a_personal_game_with_a_token_wants_it_too(sqlite_store):
    client = TestClient(create_app(sqlite_store, local_player=True, metrics_token=TOKEN))
    loopback = TestClient(client.app, client=("127.0.0.1", 5000))
    refused(loopback.get("/metrics"), 404, "not_found")
    assert loopback.get("/metrics", headers=BEARER).status_code == 200


# -- what they count -------------------------------------------------------------------


def test_requests_are_counted_by_route_template_and_status_with_their_latency(metered):
    state = checked(metered.post("/api/games", json={"code": CODE}))
    tap = "/api/games/{game_id}/tap"
    before = scrape(metered)
    for _ in range(3):
        metered.post(f"/api/games/{state['id']}/tap", json={"position": 0, "version": 1})
    assert metered.get("/api/games/no-such-game").status_code == 404
    after = scrape(metered)

    def grown(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grown("mahjong_http_requests_total", method="POST", route=tap) == 3
    assert grown("mahjong_http_request_duration_seconds_count", method="POST", route=tap) == 3
    assert grown("mahjong_http_request_duration_seconds_sum", method="POST", route=tap) > 0
    route = "/api/games/{game_id}"
    assert grown("mahjong_http_requests_total", route=route, status="404") == 1
    assert grown("mahjong_http_requests_total", route="/metrics", status="200") == 1
    assert not any(state["id"] in dict(labels).get("route", "") for _, labels in after)


def test_games_in_progress_are_counted_by_the_database(metered):
    before = value(scrape(metered), "mahjong_games_in_progress")
    for _ in range(2):  # two players (a player's new game ends their last one)
        checked(TestClient(metered.app, client=PEER).post("/api/games", json={"code": CODE}))
    assert value(scrape(metered), "mahjong_games_in_progress") == before + 2


def test_a_quota_refusal_is_counted_by_its_kind(sqlite_store):
    app = create_app(sqlite_store, quotas=Quotas({Kind.GAMES: "1/minute"}), metrics_token=TOKEN)
    client = TestClient(app, client=PEER)
    before = scrape(client)
    checked(client.post("/api/games", json={"code": CODE}))
    refused(client.post("/api/games", json={"code": CODE}), 429, "too_many_requests")
    after = scrape(client)
    name = "mahjong_refusals_total"
    assert value(after, name, reason="games") - value(before, name, reason="games") == 1
    assert value(after, name) - value(before, name) == 1
    requests = "mahjong_http_requests_total"
    assert value(after, requests, status="429") - value(before, requests, status="429") == 1


def _request_of(app: Any, address: str) -> Request:
    scope = {"type": "http", "client": (address, 50000), "headers": [], "app": app}
    return Request(scope)


def test_engine_job_refusals_and_the_queue_depth_are_counted(metered):
    jobs = EngineJobs(workers=1, waiting=0)
    ana, bea = _request_of(metered.app, "198.51.100.1"), _request_of(metered.app, "198.51.100.2")
    before = scrape(metered)
    with jobs.place(ana):
        assert value(scrape(metered), "mahjong_engine_jobs") == 1
        for request, code in ((ana, ErrorCode.TOO_MANY_REQUESTS), (bea, ErrorCode.BUSY)):
            with pytest.raises(ApiError) as refusal, jobs.place(request):
                pass
            assert refusal.value.code is code
    after = scrape(metered)
    assert value(after, "mahjong_engine_jobs") == 0
    for reason in ("engine-one-per-client", "engine-queue-full"):
        grown = value(after, "mahjong_refusals_total", reason=reason) - value(
            before, "mahjong_refusals_total", reason=reason
        )
        assert grown == 1, reason


def test_a_database_outage_is_counted_as_database_errors(tmp_path):
    folder = tmp_path / "hidden-folder"
    store = Store(f"sqlite:///{folder / 'games.db'}")
    try:
        client = TestClient(create_app(store, quotas=Quotas({}), metrics_token=TOKEN))
        state = checked(client.post("/api/games", json={"code": CODE}))
        before = scrape(client)
        assert "mahjong_games_in_progress" in {name for name, _ in before}
        shutil.rmtree(folder)
        store.engine.dispose()
        outage = requests_of_a_player(client, state)
        for method, path, body in outage:
            refused(client.request(method, path, json=body), 503, "unavailable")
        during = scrape(client)  # still answered, without the games it cannot count
        name = "mahjong_database_errors_total"
        assert value(during, name) - value(before, name) == len(outage)
        assert "mahjong_games_in_progress" not in {name for name, _ in during}
        assert value(scrape(client), name) - value(before, name) == len(outage) + 1
    finally:
        store.close()


# -- the command line ------------------------------------------------------------------


@pytest.mark.parametrize("token", ["short", "sixteen chars ok", "é" * 20, "x" * 257])
def test_a_bad_metrics_token_exits_2_with_one_clear_line(token, capsys):
    status = main(["play", "--no-browser", "--host", "127.0.0.1", "--metrics-token", token])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "--metrics-token: give 16 to 256" in err
    assert token not in err


def test_a_bad_metrics_token_in_the_environment_exits_2_naming_it(capsys, monkeypatch):
    monkeypatch.setenv("MAHJONG_METRICS_TOKEN", "too short")
    status = main(["play", "--no-browser", "--host", "127.0.0.1"])
    assert status == 2
    assert "$MAHJONG_METRICS_TOKEN: give 16 to 256" in capsys.readouterr().err


# -- several workers -------------------------------------------------------------------


def _worker_folders(pid: int) -> Iterator[Path]:
    """The metrics folder each child of ``pid`` was given (Linux's /proc)."""
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as found:
            for child in found.read().split():
                try:
                    environ = Path(f"/proc/{child}/environ").read_bytes().split(b"\0")
                except OSError:  # it has just ended
                    continue
                for entry in environ:
                    if entry.startswith(b"PROMETHEUS_MULTIPROC_DIR="):
                        yield Path(entry.partition(b"=")[2].decode())


def _served_by_each(found: Samples) -> dict[str, float]:
    """The requests each worker served, by its pid."""
    return {
        dict(labels)["pid"]: v for (n, labels), v in found.items() if n == "mahjong_worker_requests"
    }


def _all_counted(found: Samples, sent: int) -> bool:
    return value(found, "mahjong_http_requests_total", route="/healthz") == sent and sum(
        _served_by_each(found).values()
    ) == value(found, "mahjong_http_requests_total")


@pytest.mark.slow  # two server processes
def test_one_scrape_sees_the_requests_served_by_both_workers(tmp_path):
    database = f"sqlite:///{tmp_path / 'games.db'}"
    args = ("--host", "127.0.0.1", "--workers", "2", "--metrics-token", TOKEN)
    with ProductServer(database, log=tmp_path / "server.log", args=args) as server:
        no_reuse = httpx.Limits(max_keepalive_connections=0)
        with httpx.Client(base_url=server.url, timeout=WAIT, limits=no_reuse) as client:
            sent = 0
            found: Samples = {}
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:  # until both workers have answered some
                for _ in range(10):
                    if client.get("/healthz").status_code == 200:
                        sent += 1
                answer = client.get("/metrics", headers=BEARER)
                if answer.status_code != 200:
                    continue
                found = samples(answer.text)
                served = _served_by_each(found)
                if len(served) == 2 and all(served.values()):
                    break
            # one scrape, answered by either, counts every request of both (a request's
            # count lands just after its answer: the last one may take a moment)
            while time.monotonic() < deadline and not _all_counted(found, sent):
                found = samples(client.get("/metrics", headers=BEARER).text)
            workers = _served_by_each(found)
            assert len(workers) == 2 and all(workers.values()), workers
            assert value(found, "mahjong_http_requests_total", route="/healthz") == sent
            assert sum(workers.values()) == value(found, "mahjong_http_requests_total")
            assert server.process is not None
            folders = set(_worker_folders(server.process.pid))
            assert len(folders) == 1 and all(folder.is_dir() for folder in folders)
            # a worker that stops leaves the gauges' sums; what it counted stays counted
            gone = min(workers)
            os.kill(int(gone), signal.SIGTERM)
            while time.monotonic() < deadline and gone in _served_by_each(found):
                answer = client.get("/metrics", headers=BEARER)
                found = samples(answer.text) if answer.status_code == 200 else found
            assert gone not in _served_by_each(found)
            assert value(found, "mahjong_http_requests_total", route="/healthz") == sent
    assert not any(folder.exists() for folder in folders)  # removed when play stopped


@pytest.mark.slow  # two server processes
def test_a_worker_killed_outright_leaves_the_gauges_sums_once_replaced(tmp_path):
    database = f"sqlite:///{tmp_path / 'games.db'}"
    args = ("--host", "127.0.0.1", "--workers", "2", "--metrics-token", TOKEN)
    with ProductServer(database, log=tmp_path / "server.log", args=args) as server:
        no_reuse = httpx.Limits(max_keepalive_connections=0)
        with httpx.Client(base_url=server.url, timeout=WAIT, limits=no_reuse) as client:

            def scraped() -> Samples:
                answer = client.get("/metrics", headers=BEARER)
                return samples(answer.text) if answer.status_code == 200 else {}

            deadline = time.monotonic() + 120
            workers: dict[str, float] = {}
            while time.monotonic() < deadline and len(workers) < 2:
                client.get("/healthz")
                workers = _served_by_each(scraped())
            assert len(workers) == 2, workers
            gone = min(workers)
            os.kill(int(gone), signal.SIGKILL)  # no shutdown of its own: the supervisor's job
            found = scraped()
            while time.monotonic() < deadline and (
                gone in _served_by_each(found) or len(_served_by_each(found)) < 2
            ):
                client.get("/healthz")
                found = scraped()
            assert gone not in _served_by_each(found)
            assert len(_served_by_each(found)) == 2  # its replacement serves and counts
