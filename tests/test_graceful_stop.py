"""A stop signal (SIGTERM, or SIGINT as Ctrl+C sends it) to ``play --workers 2`` while 200
players play: the requests in flight are answered whole, new connections are refused, every
process of the server (the supervisor, its workers, their engine-job pools) is gone within
10 s, and after a restart on the same database each game is exactly what its player was
last told: no acknowledged move lost, none doubled, none applied unanswered."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from mahjong_solitaire import deal_from_code
from mahjong_solitaire.store import Store
from serving import ProductServer

pytestmark = pytest.mark.slow  # server processes and a crowd

PLAYERS = 200
#: Seconds a player thinks before each tap: short, so that requests are always in flight.
THINK = (0.1, 0.5)
#: The longest the server may take to stop, every process of it.
STOP_WITHIN = 10.0
#: Players whose first request is heavy engine work, so that the workers' pools run.
HEAVY = 10
DRAFT = [(0, 0, 0), (2, 0, 0)]
CODES = ["MJ1-L00-AAAAABL", "MJ1-L00-AAAAABO", "MJ1-L00-AAAAABR"]
SERVER_ARGS = (
    "--host",
    "127.0.0.1",
    "--rate-limit",  # 200 players from one address: more than one client's quotas allow
    "players=off",
    "--rate-limit",
    "games=off",
    "--rate-limit",
    "layouts=off",
)
#: What a request may meet once the stop began, short of an answer: a refused connection, or
#: a kept connection closed (or reset) before the request was read.  An answer cut short,
#: a 5xx or a hang is none of these.
UNANSWERED = "Server disconnected without sending a response."


@dataclass
class Crowd:
    """What the players were told, and what went wrong."""

    signalled: float | None = None  # when the signal went (time.monotonic)
    in_flight: int = 0
    answered_in_flight: int = 0  # sent before the signal, answered 2xx after it
    refused_after_stop: int = 0
    #: the server's processes but the supervisor, and its listening socket
    processes: set[int] = field(default_factory=set)
    listener: str = ""
    supervisor: int = 0
    problems: list[str] = field(default_factory=list)


@dataclass
class Player:
    seed: int
    client: httpx.AsyncClient
    code: str = ""
    taps: list[int] = field(default_factory=list)
    game_id: str = ""
    #: the versions acknowledged (the new game's, then each tap's)
    versions: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.code = CODES[self.seed % len(CODES)]
        self.taps = [p for move in deal_from_code(self.code).solution for p in (move.a, move.b)]

    @property
    def tapped(self) -> list[int]:
        """The taps acknowledged, in order."""
        return self.taps[: len(self.versions) - 1]


def expected_actions(tapped: list[int]) -> list[str]:
    """The action log of a game of these acknowledged taps (each a solution's, in order)."""
    return [f"{min(a, b)},{max(a, b)}" for a, b in zip(tapped[::2], tapped[1::2], strict=False)]


async def request(
    crowd: Crowd, player: Player, what: str, path: str, body: object, *, busy: bool = False
) -> dict | None:
    """One request; its answer's body if 2xx, else ``None`` (the player stops) with a
    problem noted unless the stop explains it (or ``busy`` and the answer a 429: the
    heavy requests of one address take turns)."""
    before_signal = crowd.signalled is None
    crowd.in_flight += 1
    try:
        response = await player.client.post(path, json=body)
    except httpx.ConnectError:
        if crowd.signalled is None:
            crowd.problems.append(f"{what}: refused before the stop")
        crowd.refused_after_stop += 1
        return None
    except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError) as error:
        if crowd.signalled is None or (
            isinstance(error, httpx.RemoteProtocolError) and str(error) != UNANSWERED
        ):
            crowd.problems.append(f"{what}: {error!r}")
        return None
    except httpx.HTTPError as error:  # a timeout: the server hung
        crowd.problems.append(f"{what}: {error!r}")
        return None
    finally:
        crowd.in_flight -= 1
    if busy and response.status_code == 429:
        return {}
    if response.status_code != 200:
        crowd.problems.append(f"{what}: {response.status_code} {response.text[:200]}")
        return None
    if before_signal and crowd.signalled is not None:
        crowd.answered_in_flight += 1
    return response.json()  # type: ignore[no-any-return]


async def play(crowd: Crowd, player: Player) -> None:
    """Play the deal's solution, tap by tap with a short thought, until the server stops."""
    rng = random.Random(player.seed)
    await asyncio.sleep(rng.uniform(0, 2))  # the players arrive within 2 s
    if player.seed < HEAVY:
        checked = await request(
            crowd, player, "check", "/api/layout-checks", {"positions": DRAFT}, busy=True
        )
        if checked is None:
            return
    state = await request(crowd, player, "new game", "/api/games", {"code": player.code})
    if state is None:
        return
    player.game_id = state["id"]
    player.versions.append(state["version"])
    for position in player.taps:
        await asyncio.sleep(rng.uniform(*THINK))
        body = {"position": position, "version": player.versions[-1]}
        answer = await request(crowd, player, "tap", f"/api/games/{player.game_id}/tap", body)
        if answer is None:
            return
        if answer["version"] <= player.versions[-1]:
            crowd.problems.append(f"tap: version {answer['version']} after {player.versions}")
        player.versions.append(answer["version"])


def descendants(pid: int) -> set[int]:
    """Every process under ``pid`` (Linux)."""
    found: set[int] = set()
    parents = [pid]
    while parents:
        parent = parents.pop()
        try:
            tasks = list(Path(f"/proc/{parent}/task").iterdir())
        except FileNotFoundError:
            continue
        for task in tasks:
            try:
                children = {int(c) for c in (task / "children").read_text().split()}
            except FileNotFoundError:
                continue
            parents += children - found
            found |= children
    return found


def serving(database: str) -> set[int]:
    """Every process that a worker of ``play --workers N`` on ``database`` started or is,
    wherever it now hangs in the process tree: their environment carries the workers'
    settings, with the database's URL (Linux)."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            environ = (entry / "environ").read_bytes() if entry.name.isdigit() else b""
        except OSError:
            continue
        if b"MAHJONG_WORKER_SETTINGS=" in environ and database.encode() in environ:
            found.add(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not exited (a zombie has)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def listening_socket(port: int) -> str:
    """The listening socket on ``port``, as a process's descriptor names it (Linux)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":
            return f"socket:[{fields[9]}]"
    raise AssertionError(f"nothing listens on port {port}")


def holds(pid: int, name: str) -> bool:
    """Whether process ``pid`` has ``name`` open."""
    try:
        descriptors = list(Path(f"/proc/{pid}/fd").iterdir())
    except (FileNotFoundError, PermissionError):
        return False
    for descriptor in descriptors:
        try:
            if os.readlink(descriptor) == name:
                return True
        except OSError:
            continue
    return False


async def knock(crowd: Crowd, base: str) -> None:
    """From the signal on, a new connection after another until the server is gone: each is
    answered whole, or dropped unanswered while a worker still listens; once no process of
    the server listens, refused."""
    while crowd.signalled is None:
        await asyncio.sleep(0.01)
    while True:
        listening = any(holds(pid, crowd.listener) for pid in {crowd.supervisor, *crowd.processes})
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            try:
                answer = await client.get("/healthz")
            except httpx.ConnectError:
                crowd.refused_after_stop += 1
                return
            except httpx.HTTPError as error:
                if not listening or (
                    isinstance(error, httpx.RemoteProtocolError) and str(error) != UNANSWERED
                ):
                    crowd.problems.append(f"a new connection during the stop: {error!r}")
                    return
                continue
        if answer.status_code != 200:
            crowd.problems.append(f"a new connection during the stop: {answer.status_code}")
            return


async def watch_the_listener(crowd: Crowd) -> None:
    """From the signal until the server is gone: once no worker listens, neither does the
    supervisor (else the kernel takes new connections in on its copy of the socket, and
    they wait unanswered until it exits)."""
    while crowd.signalled is None:
        await asyncio.sleep(0.01)
    while running(crowd.supervisor):
        if not any(holds(pid, crowd.listener) for pid in crowd.processes) and holds(
            crowd.supervisor, crowd.listener
        ):
            crowd.problems.append("the supervisor listens on after every worker stopped")
            return
        await asyncio.sleep(0.005)


async def stop_and_wait(
    crowd: Crowd, server: ProductServer, how: signal.Signals
) -> tuple[float, set[int]]:
    """Send ``how`` while requests are in flight; the seconds until every process of the
    server has exited (bounded by :data:`STOP_WITHIN`) and the processes that ran."""
    assert server.process is not None
    crowd.supervisor = server.process.pid
    processes = crowd.processes = descendants(server.process.pid)
    assert serving(server.database) >= processes - {pid for pid in processes if not running(pid)}
    crowd.listener = listening_socket(server.port)
    crowd.signalled = time.monotonic()
    server.process.send_signal(how)
    deadline = crowd.signalled + STOP_WITHIN
    try:
        await asyncio.to_thread(server.process.wait, STOP_WITHIN)
    except Exception:
        server.kill()
        raise AssertionError(f"the server did not stop within {STOP_WITHIN} s") from None
    left = {pid for pid in processes | serving(server.database) if running(pid)}
    while left and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        left = {pid for pid in processes | serving(server.database) if running(pid)}
    assert not left, f"processes left {STOP_WITHIN} s after the signal: {left}"
    return time.monotonic() - crowd.signalled, processes


async def crowd_meets_a_stop(
    server: ProductServer, how: signal.Signals
) -> tuple[Crowd, list[Player], float, set[int]]:
    crowd = Crowd()
    base = server.url.rstrip("/")
    limits = httpx.Limits(max_connections=2)
    players = [
        Player(seed, httpx.AsyncClient(base_url=base, timeout=30, limits=limits))
        for seed in range(PLAYERS)
    ]
    games = [asyncio.create_task(play(crowd, player)) for player in players]
    games.append(asyncio.create_task(knock(crowd, base)))
    games.append(asyncio.create_task(watch_the_listener(crowd)))
    deadline = time.monotonic() + 60
    # the stop comes once every player plays, with requests in flight
    while (
        not (all(len(p.versions) >= 2 for p in players) and crowd.in_flight >= 5)
        and time.monotonic() < deadline
    ):
        if crowd.problems or all(game.done() for game in games):
            break
        await asyncio.sleep(0.01)
    assert crowd.problems == [], crowd.problems[:10]
    assert all(len(p.versions) >= 2 for p in players), "the players did not all play"
    took, processes = await stop_and_wait(crowd, server, how)
    await asyncio.wait_for(asyncio.gather(*games), 30)
    for player in players:
        await player.client.aclose()
    return crowd, players, took, processes


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stop_under_load_answers_what_is_in_flight_and_loses_no_acknowledged_move(
    database_url: str, tmp_path: Path, how: signal.Signals
) -> None:
    log = tmp_path / "server.log"
    server = ProductServer(database_url, log=log, args=(*SERVER_ARGS, "--workers", "2"))
    with server:
        crowd, players, took, processes = asyncio.run(crowd_meets_a_stop(server, how))
    assert crowd.problems == [], crowd.problems[:10]
    assert took < STOP_WITHIN
    assert server.process is not None and server.process.returncode == 0, log.read_text()
    assert crowd.answered_in_flight > 0  # the stop came with requests in flight
    # two workers, and the engine pool of at least one (its fork server and processes)
    assert len(processes) > 2, processes
    with pytest.raises(httpx.ConnectError):  # after the stop, new connections are refused
        httpx.get(server.url + "api/layouts", timeout=5)

    with ProductServer(database_url, log=log, port=server.port, args=SERVER_ARGS) as again:
        for player in players:
            cookies = httpx.Cookies(player.client.cookies)
            with httpx.Client(base_url=again.url, timeout=30, cookies=cookies) as client:
                resumed = client.get(f"api/games/{player.game_id}")
            assert resumed.status_code == 200, resumed.text
            state = resumed.json()
            tapped = player.tapped
            assert state["version"] == player.versions[-1]
            on_board = {tile["i"] for tile in state["tiles"]}
            cleared = set(tapped[: len(tapped) // 2 * 2])
            assert on_board.isdisjoint(cleared) and len(on_board) == 144 - len(cleared)
            assert state["selection"] == (tapped[-1] if len(tapped) % 2 else None)
    with Store(database_url) as store:
        for player in players:
            stored = store.get_game(player.client.cookies["mj_player"], player.game_id)
            assert stored.actions == expected_actions(player.tapped)
            assert stored.version == player.versions[-1]
