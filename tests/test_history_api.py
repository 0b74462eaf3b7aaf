"""The history in the web game (rules §12.4): ``GET /api/history`` downloads the file
``mahjong-solitaire export`` writes, and ``POST /api/history`` imports one with the
command line's checks; a bad file is refused with one clear error and nothing changes.
Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api_support import checked, refused
from mahjong_solitaire.cli import main
from mahjong_solitaire.store import Store
from mahjong_solitaire.store.history import FORMAT, VERSION
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.games.lifecycle import COOKIE
from mahjong_solitaire.web.routes.history import MAX_HISTORY_BYTES
from test_store_history import SOLUTION, play, scripted_history


@pytest.fixture
def app_store(store: Store) -> Iterator[tuple[Store, object]]:
    yield store, create_app(store)


def player_client(app: object) -> tuple[TestClient, str]:
    """A browser of its own, with a player (made by setting a name, as the page may)."""
    client = TestClient(app)  # type: ignore[arg-type]
    checked(client.put("/api/player", json={"name": "Ana"}))
    return client, str(client.cookies.get(COOKIE))


def exported_history(store: Store, app: object) -> bytes:
    """The history file another browser's player exports after the scripted games."""
    source, source_id = player_client(app)
    scripted_history(store, source_id)
    return source.get("/api/history").content


def upload(client: TestClient, data: bytes, name: str = "history.json"):  # type: ignore[no-untyped-def]
    return client.post("/api/history", files={"file": (name, data, "application/json")})


def without_moment(document: dict) -> dict:
    return {key: value for key, value in document.items() if key != "exported_at"}


def test_the_history_downloads_as_the_file_the_command_line_writes(
    app_store: tuple[Store, object], tmp_path: Path, database_url: str
) -> None:
    store, app = app_store
    client, player = player_client(app)
    scripted_history(store, player)
    response = client.get("/api/history")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    disposition = response.headers["content-disposition"]
    assert disposition.startswith('attachment; filename="mahjong-solitaire-history-')
    assert disposition.endswith('.json"')
    document = response.json()
    assert (document["format"], document["version"]) == (FORMAT, VERSION)
    assert document["player"] == {"display_name": "Ana"}
    assert len(document["games"]) == 5
    assert without_moment(document) == without_moment(
        json.loads(json.dumps(store.export_history(player)))
    )
    # the command line's file of the same games is the same file, byte for byte but the
    # moment of the export
    local = store.local_player().id
    scripted_history(store, local)
    store.set_display_name(local, "Ana")
    written = tmp_path / "cli.json"
    assert main(["export", str(written), "--database", database_url]) == 0
    cli_text = written.read_text(encoding="utf-8")
    web_text = response.text
    cli_document = json.loads(cli_text)
    cli_document["exported_at"] = document["exported_at"]
    for game_of_cli, game_of_web in zip(cli_document["games"], document["games"], strict=True):
        # the two players' games started at their own moments
        game_of_cli["started_at"] = game_of_web["started_at"]
        game_of_cli["finished_at"] = game_of_web["finished_at"]
    assert json.dumps(cli_document, ensure_ascii=False, indent=1) + "\n" == web_text


def test_reading_the_history_writes_nothing(app_store: tuple[Store, object]) -> None:
    store, app = app_store
    client = TestClient(app)  # type: ignore[arg-type]
    response = client.get("/api/history")
    document = checked(response)
    assert document["games"] == [] and document["format"] == FORMAT
    assert "set-cookie" not in response.headers
    assert COOKIE not in client.cookies
    assert store.find_local_player() is None


def test_a_history_exported_in_one_browser_imports_into_another(
    app_store: tuple[Store, object],
) -> None:
    store, app = app_store
    source, source_id = player_client(app)
    scripted_history(store, source_id)
    data = source.get("/api/history").content
    target, target_id = player_client(app)
    assert checked(upload(target, data)) == {"imported": 5, "present": 0}
    assert checked(upload(target, data)) == {"imported": 0, "present": 5}
    assert store.statistics(target_id) == store.statistics(source_id)
    copied = target.get("/api/history").json()["games"]
    expected = copy.deepcopy(json.loads(data)["games"])
    expected[-1]["status"] = "paused"  # an imported unfinished game waits, clock stopped
    assert copied == expected


def test_a_history_import_from_a_browser_without_a_player_makes_its_player(
    app_store: tuple[Store, object],
) -> None:
    store, app = app_store
    data = exported_history(store, app)
    newcomer = TestClient(app)  # type: ignore[arg-type]
    assert checked(upload(newcomer, data))["imported"] == 5
    assert store.statistics(str(newcomer.cookies.get(COOKIE))).started == 5


def _bad_files() -> list[tuple[str, object]]:
    """(what the detail says, how to make a bad file of a good document's text)"""

    def edited(change):  # type: ignore[no-untyped-def]
        def make(text: bytes) -> bytes:
            document = json.loads(text)
            change(document)
            return json.dumps(document).encode()

        return make

    return [
        ("the file is not JSON", lambda text: text[: len(text) // 2]),
        ("the file is not UTF-8 text", lambda text: b"\xff\xfe\x00" + text),
        ("the file is not JSON", lambda text: b'{"version": ' + b"9" * 5000 + b"}"),
        ("the file nests too deeply", lambda text: b"[" * 100_000 + b"]" * 100_000),
        ("not a mahjong-solitaire history file", lambda text: b"[1, 2]"),
        (
            "not a mahjong-solitaire history file",
            edited(lambda d: d.update(format="someone-else/history")),
        ),
        ("version 4 is not supported", edited(lambda d: d.update(version=4))),
        (
            "game 1: status won does not match its moves",
            edited(lambda d: d["games"][0].update(actions=SOLUTION[:-1])),
        ),
        ("game 1: won in 0.001 s", edited(lambda d: d["games"][0].update(elapsed=0.001))),
        ("game 2: aid counts", edited(lambda d: d["games"][1].update(hints=7))),
    ]


@pytest.mark.parametrize(("message", "spoil"), _bad_files())
def test_a_bad_history_file_is_refused_with_one_clear_error_and_changes_nothing(
    app_store: tuple[Store, object], message: str, spoil
) -> None:  # type: ignore[no-untyped-def]
    store, app = app_store
    data = spoil(exported_history(store, app))
    target, target_id = player_client(app)
    play(store, target_id, SOLUTION[:2], status="playing", elapsed=1.0)
    before = store.export_history(target_id)["games"]
    detail = refused(upload(target, data), 400, "bad_history")
    assert message in detail
    # the store's checks say that nothing was imported; a file that cannot be read says why
    assert detail.endswith("nothing was imported") or detail.startswith("the file ")
    assert store.export_history(target_id)["games"] == before


def test_a_history_upload_that_is_not_a_file_or_too_large_is_refused(
    app_store: tuple[Store, object],
) -> None:
    store, app = app_store
    client, player = player_client(app)
    refused(client.post("/api/history", json={"format": FORMAT}), 400, "bad_request")
    refused(
        client.post("/api/history", files={"other": ("h.json", b"{}", "application/json")}),
        400,
        "bad_request",
    )
    big = b" " * (MAX_HISTORY_BYTES + 1)
    answer = upload(client, big)
    refused(answer, 413, "too_large")
    assert "history file" in answer.json()["message"]
    assert store.statistics(player).started == 0


def test_a_history_upload_sent_by_another_site_is_refused(
    app_store: tuple[Store, object],
) -> None:
    store, app = app_store
    data = exported_history(store, app)
    target, target_id = player_client(app)
    answer = target.post(
        "/api/history",
        files={"file": ("h.json", data, "application/json")},
        headers={"Origin": "https://elsewhere.example"},
    )
    refused(answer, 403, "cross_site")
    answer = target.post(
        "/api/history",
        files={"file": ("h.json", data, "application/json")},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    refused(answer, 403, "cross_site")
    assert store.statistics(target_id).started == 0
