"""``play --workers 4`` on one PostgreSQL database: many players at once, each request on
whichever process takes the connection, and every acknowledged move stored exactly once, in
order (each process keeps live games of its own; the stored version keeps them honest)."""

from __future__ import annotations

import os
import random
import threading
import time
from pathlib import Path

import httpx
import pytest

from mahjong_solitaire import deal_from_code
from mahjong_solitaire.store import Store
from mahjong_solitaire.web.games.taps import applied
from serving import ProductServer

pytestmark = pytest.mark.slow  # four server processes

PLAYERS = 40
ACTIONS = 20
CODES = ["MJ1-L00-AAAAABL", "MJ1-L00-AAAAABO", "MJ1-L00-AAAAABR"]


def workers_of(pid: int) -> int:
    """How many processes ``pid``'s children run (uvicorn's workers, Linux)."""
    children = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as found:
            children += found.read().split()
    return sum(
        1 for child in children if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
    )


class Player(threading.Thread):
    """Plays a deal through ``/api`` with no kept connection (so each request may go to
    another process), noting every change the server acknowledged."""

    def __init__(self, base: str, seed: int) -> None:
        super().__init__()
        self.base = base
        self.rng = random.Random(seed)
        self.code = CODES[seed % len(CODES)]
        self.game_id = ""
        self.player_id = ""
        self.acknowledged: list[tuple[int, str | None]] = []
        self.doubles = 0
        self.problems: list[str] = []

    def run(self) -> None:
        try:
            self.play()
        except Exception as error:  # reported by the test
            self.problems.append(repr(error))

    def play(self) -> None:
        limits = httpx.Limits(max_keepalive_connections=0)
        with httpx.Client(base_url=self.base, timeout=30, limits=limits) as client:
            state = self.ok(client.post("/api/games", json={"code": self.code}))
            self.game_id = state["id"]
            self.player_id = client.cookies["mj_player"]
            game = f"/api/games/{self.game_id}"
            taps = [p for move in deal_from_code(self.code).solution for p in move]
            for _ in range(ACTIONS):
                roll = self.rng.random()
                if roll < 0.1:
                    name, body = "hint", {}
                elif roll < 0.2 and state["can_undo"]:
                    name, body = "undo", {}
                elif roll < 0.25 and state["can_redo"]:
                    name, body = "redo", {}
                else:
                    name, body = "tap", {"position": self.next_tap(state, taps)}
                body["version"] = state["version"]
                if self.rng.random() < 0.15:  # a double click: the same request twice at once
                    state = self.twice(client, f"{game}/{name}", body, name, state)
                else:
                    answer = self.ok(client.post(f"{game}/{name}", json=body))
                    state = self.note(name, state, answer)
                if self.rng.random() < 0.5:
                    verdict = self.ok(client.get(f"{game}/winnability"))
                    assert verdict["version"] >= state["version"]

    def next_tap(self, state: dict, taps: list[int]) -> int:
        on_board = {tile["i"] for tile in state["tiles"]}
        return next((p for p in taps if p in on_board), state["tiles"][0]["i"])

    def ok(self, response: httpx.Response) -> dict:
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    def note(self, name: str, before: dict, answer: dict) -> dict:
        if answer["version"] != before["version"]:
            logged = name if name != "tap" else None
            move = answer.get("event", {}).get("move") if name == "tap" else None
            if move is not None:
                logged = f"{min(move)},{max(move)}"
            self.acknowledged.append((answer["version"], logged))
        return applied(before, answer) if name == "tap" else answer  # a tap answers changes

    def twice(self, client: httpx.Client, path: str, body: dict, name: str, state: dict) -> dict:
        answers: list[httpx.Response] = []
        barrier = threading.Barrier(2)

        def send() -> None:
            barrier.wait()
            answers.append(client.post(path, json=body))

        sent = [threading.Thread(target=send) for _ in range(2)]
        for thread in sent:
            thread.start()
        for thread in sent:
            thread.join(30)
        accepted = [a for a in answers if a.status_code == 200]
        refused = [a for a in answers if a.status_code != 200]
        changed = [a for a in accepted if a.json()["version"] != state["version"]]
        if changed:  # a change is made once: the other request is refused as stale
            assert len(changed) == 1 and len(accepted) == 1, [a.text for a in answers]
            assert refused[0].status_code == 409
            assert refused[0].json()["error"] == "stale_version"
            self.doubles += 1
            return self.note(name, state, changed[0].json())
        return self.note(name, state, accepted[0].json()) if accepted else state


def test_four_processes_on_one_database_lose_and_repeat_no_acknowledged_move(
    postgres_url, tmp_path
):
    start = time.monotonic()
    # forty players from one address at once: more new players and games than the
    # quotas per client allow one address in a minute (test_quotas.py tests those)
    unlimited = ("--rate-limit", "players=off", "--rate-limit", "games=off")
    with ProductServer(
        postgres_url,
        log=tmp_path / "server.log",
        args=("--host", "127.0.0.1", "--workers", "4", *unlimited),
    ) as server:
        base = server.url.rstrip("/")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # until the four processes answer
            try:
                if httpx.get(f"{base}/api/layouts", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        assert server.process is not None and workers_of(server.process.pid) == 4
        players = [Player(base, seed) for seed in range(PLAYERS)]
        for player in players:
            player.start()
        for player in players:
            player.join(120)
    assert [p.problems for p in players if p.problems] == []
    with Store(postgres_url) as store:
        for player in players:
            versions = [version for version, _ in player.acknowledged]
            assert versions == sorted(set(versions)), versions  # strictly increasing
            stored = store.get_game(player.player_id, player.game_id)
            assert stored.actions == [
                action for _, action in player.acknowledged if action is not None
            ]
            assert stored.version == versions[-1]
    assert sum(p.doubles for p in players) > 0  # the double clicks did race
    assert time.monotonic() - start < 90
