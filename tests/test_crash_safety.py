"""A move is acknowledged only once it is committed: after SIGKILL of the running product
and a restart, every acknowledged move is still there."""

from __future__ import annotations

import threading

import httpx
import pytest

from api_support import applied
from mahjong_solitaire import deal_from_code
from serving import ProductServer

pytestmark = pytest.mark.slow  # each test starts server processes

CODE = "MJ1-L00-AAAAABL"
DEAL = deal_from_code(CODE)


def removed(state: dict) -> set[int]:
    return set(range(144)) - {tile["i"] for tile in state["tiles"]}


def tap(client: httpx.Client, server: ProductServer, state: dict, position: int) -> dict:
    response = client.post(
        f"{server.url}api/games/{state['id']}/tap",
        json={"position": position, "version": state["version"]},
    )
    response.raise_for_status()
    return applied(state, response.json())  # the tap answers what changed


def test_every_acknowledged_move_survives_sigkill_and_restart(tmp_path):
    database = f"sqlite:///{tmp_path / 'games.db'}"
    server = ProductServer(database, log=tmp_path / "server.log")
    with httpx.Client(timeout=30) as client:
        with server:
            state = client.post(f"{server.url}api/games", json={"code": CODE}).json()
            for move in DEAL.solution[:10]:
                state = tap(client, server, tap(client, server, state, move.a), move.b)
            state = tap(client, server, state, DEAL.solution[10].a)  # a selection, too
            server.kill()
        assert server.process is not None and server.process.returncode == -9
        with ProductServer(database, log=tmp_path / "server.log", port=server.port) as again:
            resumed = client.get(f"{again.url}api/game").json()
    assert resumed["id"] == state["id"] and resumed["version"] == state["version"]
    assert resumed["tiles"] == state["tiles"] and resumed["selection"] == DEAL.solution[10].a
    assert removed(resumed) == {p for move in DEAL.solution[:10] for p in move}


def test_a_kill_in_the_middle_of_a_burst_of_taps_loses_no_acknowledged_move(tmp_path):
    database = f"sqlite:///{tmp_path / 'games.db'}"
    server = ProductServer(database, log=tmp_path / "server.log")
    acknowledged: list[dict] = []
    burst_under_way = threading.Event()  # set once the server has acknowledged a dozen taps
    with httpx.Client(timeout=30) as client, server:
        state = client.post(f"{server.url}api/games", json={"code": CODE}).json()
        acknowledged.append(state)

        def player() -> None:
            current = state
            try:
                for move in DEAL.solution:
                    for position in move:
                        current = tap(client, server, current, position)
                        acknowledged.append(current)
                        if len(acknowledged) >= 12:
                            burst_under_way.set()
            except httpx.HTTPError:
                return  # the server died under us: what was answered is what counts

        thread = threading.Thread(target=player)
        thread.start()
        assert burst_under_way.wait(60), "the server acknowledged fewer than a dozen taps"
        server.kill()
        thread.join(30)
        cookies = httpx.Cookies(client.cookies)
    last = acknowledged[-1]
    assert len(acknowledged) > 5 and last["status"] == "playing"
    with (
        httpx.Client(timeout=30, cookies=cookies) as client,
        ProductServer(database, log=tmp_path / "server.log") as again,
    ):
        resumed = client.get(f"{again.url}api/games/{state['id']}").json()
    # Every acknowledged tap is there; at most the one in flight was committed unanswered.
    assert resumed["version"] in (last["version"], last["version"] + 1)
    assert removed(resumed) >= removed(last)
    assert len(removed(resumed) - removed(last)) <= 2
