"""A load balancer's probes (docs/web-api.md, "Health and readiness"): ``/healthz`` says
the process is alive, ``/readyz`` that its database answers too; both write nothing."""

from __future__ import annotations

import shutil

from fastapi.testclient import TestClient

from api_support import checked, refused
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app


def test_a_live_process_is_healthy(client):
    answer = client.get("/healthz")
    assert checked(answer) == {"status": "alive"}
    assert answer.headers["cache-control"] == "no-store"


def test_a_server_whose_database_answers_is_ready(client):
    answer = client.get("/readyz")
    assert checked(answer) == {"status": "ready"}
    assert answer.headers["cache-control"] == "no-store"


def test_probes_write_nothing_and_set_no_cookie(client):
    for path in ("/healthz", "/readyz"):
        assert "set-cookie" not in client.get(path).headers
    assert client.app.state.store.find_local_player() is None


def test_a_server_without_its_database_is_alive_but_not_ready(tmp_path):
    folder = tmp_path / "data"
    store = Store(f"sqlite:///{folder / 'games.db'}")
    try:
        client = TestClient(create_app(store))
        checked(client.get("/readyz"))
        shutil.rmtree(folder)
        store.engine.dispose()
        refused(client.get("/readyz"), 503, "unavailable")
        assert checked(client.get("/healthz")) == {"status": "alive"}
    finally:
        store.close()
