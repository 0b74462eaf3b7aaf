"""The access log an operator reads (docs/web-api.md, "Access log"): one line per request
with the method, the route's template, the status, the duration and the request id that
the answer carries back; no cookie, no body, no query and no database URL in any line."""

from __future__ import annotations

import json
import logging
import re

import pytest
from fastapi.testclient import TestClient

from api_support import checked
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.http.access_log import ACCESS_LOG

TEXT_LINE = re.compile(
    r"(?P<method>[A-Z]+) (?P<route>\S+) (?P<status>\d{3}) [\d.]+ ms id=(?P<id>\S+)"
)


@pytest.fixture
def logged(sqlite_store, caplog):
    """A client of an app that logs in text, and the lines it wrote."""
    caplog.set_level(logging.INFO, logger=ACCESS_LOG.name)
    client = TestClient(create_app(sqlite_store, access_log="text"))

    def lines() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.name == ACCESS_LOG.name]

    return client, lines


def test_each_request_is_one_line_with_its_route_template_status_and_id(logged):
    client, lines = logged
    state = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    answer = client.post(f"/api/games/{state['id']}/tap", json={"position": 0, "version": 0})
    found = [TEXT_LINE.fullmatch(line) for line in lines()]
    assert all(found), lines()
    assert [(m["method"], m["route"], m["status"]) for m in found] == [
        ("POST", "/api/games", "200"),
        ("POST", "/api/games/{game_id}/tap", str(answer.status_code)),
    ]
    assert found[1]["id"] == answer.headers["x-request-id"]
    assert state["id"] not in "\n".join(lines())


def test_no_cookie_body_query_or_database_url_reaches_the_log(logged, sqlite_store):
    client, lines = logged
    client.cookies.set("mj_player", "cookie-value-0123456789")
    client.put("/api/player", json={"name": "Secret Name"})
    client.get("/api/statistics?mode=connect&secret=query-value")
    text = "\n".join(lines())
    for secret in ("cookie-value-0123456789", "Secret Name", "query-value", "mode=", "sqlite"):
        assert secret not in text
    assert str(sqlite_store.url) not in text


def test_refusals_and_unknown_paths_are_logged_without_their_path(logged):
    client, lines = logged
    client.post("/api/games", json={}, headers={"Origin": "https://evil.example"})
    client.get("/no/such/place-with-an-id-42")
    assert [TEXT_LINE.fullmatch(line)["status"] for line in lines()] == ["403", "404"]
    assert "place-with-an-id-42" not in "\n".join(lines())


def test_a_proxys_request_id_is_kept_and_a_strange_one_replaced(logged):
    client, lines = logged
    assert (
        client.get("/healthz", headers={"X-Request-Id": "lb-1234"}).headers["x-request-id"]
        == "lb-1234"
    )
    strange = client.get("/healthz", headers={"X-Request-Id": "a b\tc" * 30})
    assert re.fullmatch(r"[0-9a-f]{32}", strange.headers["x-request-id"])
    assert lines()[-1].endswith(f"id={strange.headers['x-request-id']}")


def test_the_json_log_has_the_same_fields(sqlite_store, caplog):
    caplog.set_level(logging.INFO, logger=ACCESS_LOG.name)
    client = TestClient(create_app(sqlite_store, access_log="json"))
    answer = client.get("/api/layouts/{name}/preview.svg".replace("{name}", "turtle"))
    (record,) = [r for r in caplog.records if r.name == ACCESS_LOG.name]
    line = json.loads(record.getMessage())
    assert set(line) == {"method", "route", "status", "duration_ms", "request_id"}
    assert line["route"] == "/api/layouts/{name}/preview.svg"
    assert line["status"] == answer.status_code
    assert line["request_id"] == answer.headers["x-request-id"]


def test_without_an_access_log_nothing_is_logged(client, caplog):
    caplog.set_level(logging.INFO, logger=ACCESS_LOG.name)
    client.get("/healthz")
    assert [r for r in caplog.records if r.name == ACCESS_LOG.name] == []
    assert "x-request-id" not in client.get("/healthz").headers


def test_play_for_several_players_writes_json_lines_to_standard_error(tmp_path):
    import httpx

    from serving import ProductServer

    log = tmp_path / "server.log"
    database = f"sqlite:///{tmp_path / 'games.db'}"
    args = ("--host", "127.0.0.1", "--log-format", "json")
    with ProductServer(database, log=log, args=args) as server:
        answer = httpx.get(
            server.url + "api/games/new:MJ1-L00-AAAAABL",
            cookies={"mj_player": "cookie-value-0123456789"},
        )
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    assert {"method": "GET", "route": "/api/games/{game_id}", "status": answer.status_code} in [
        {key: line[key] for key in ("method", "route", "status")} for line in lines
    ]
    assert answer.headers["x-request-id"] in [line["request_id"] for line in lines]
    assert "cookie-value-0123456789" not in log.read_text()
    assert "games.db" not in log.read_text()
