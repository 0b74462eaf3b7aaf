"""Server load (issue, goal 4): one client tapping in a closed loop, and 200 simulated players.

Starts its own server, as a player does (``python -m mahjong_solitaire play --no-browser
--host 127.0.0.1``, with ``--workers N`` for several processes), on a fresh database: a
SQLite file in a temporary directory, or with ``--postgres URL`` a schema of its own on that
PostgreSQL server (dropped afterwards).  Then, over HTTP on loopback:

1. **closed loop**: one client taps through whole deals (their solutions), one request at a
   time, for ``--closed-seconds``: taps per second and the round trip (target: >= 400 taps/s,
   median <= 2.5 ms, p99 <= 50 ms);
2. **crowd**: ``--players`` simulated players (default 200) for ``--seconds``, each with a
   cookie of its own, thinking 0.5-2 s before each action: taps (mostly on a matching free
   pair, sometimes a slip), hints (then the hinted pair), undo and redo, new games (a random
   deal of a random layout and difficulty, or a code; after a win, on a stuck board or now
   and then), and, as the page does, ``GET /api/games/{id}/winnability`` once per new
   position without waiting for it.  Two ways of arriving (``--arrival``, default both,
   each on a server and database of its own):

   - ``ramp``: the players arrive one by one over the first 10 s, whose requests are not
     counted, and each starts with ``POST /api/games``; then per endpoint p50/p99 over
     ``--seconds``;
   - ``burst``: they all arrive within 2 s (a daily challenge at midnight, a link shared in
     a chat) as a first visit does: ``GET /api/game`` without a cookie (a deal nobody
     owns yet), whose first tap stores the player and the game; every request is counted,
     the burst included.

   The target is p99 <= 100 ms and no error (during the arrival too).  Each crowd arrives
   at a server at rest (its processes, engine workers included, under 5 % of a core), as
   one that was waiting for it is: a server for many players deals its stock of welcome
   deals as it starts;
3. after the crowd, every player's stored action log is compared with the actions the server
   acknowledged (in order; no loss, no duplicate), and every game's acknowledged versions
   must strictly increase.

    python benchmarks/bench_server.py --postgres postgresql+psycopg://postgres@127.0.0.1/db \\
        [--workers 4] [--players 200] [--seconds 40] [--closed-seconds 10] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import os
import random
import secrets
import statistics
import subprocess
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from _report import percentile, write_section
from _serving import start_server
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.core.tiles import matches
from mahjong_solitaire.web.games.taps import applied

#: Seconds a simulated player thinks before each action (the issue's 0.5-2 s).
THINK = (0.5, 2.0)
#: What the page adds to its winnability request (web/static/js/shell/api.js): the chip shows the
#: verdict alone.  ``--whole-verdict`` asks without it, as the page did before.
WINNABILITY_QUERY = "?last_winnable=false"
#: Seconds over which the players arrive; requests started before the end are not counted
#: (the steady load, without the arrival).
RAMP = 10.0
#: Seconds within which the players of a burst arrive, every request counted.
BURST = 2.0
#: The per-client limits the crowd's server is started without: the limits count each
#: address, and the benchmark's 200 players all come from 127.0.0.1, where 200 real
#: players have 200 addresses.
UNLIMITED = ("--rate-limit", "players=off", "--rate-limit", "games=off")
CODES = [f"MJ1-L00-{letters}" for letters in ("AAAAABL", "AAAAABO", "AAAAABR", "AAAAABU")]
LAYOUTS = ["turtle", "turtle", "turtle", "crab", "fortress", "pyramid"]
DIFFICULTIES = ["easy", "normal", "normal", "hard"]


def load_average() -> str:
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


# -- the database and the server ---------------------------------------------------------


@contextmanager
def fresh_database(postgres: str | None, work: Path) -> Iterator[str]:
    """A SQLite file in ``work``, or a fresh schema on the PostgreSQL server ``postgres``."""
    if postgres is None:
        yield f"sqlite:///{work / 'games.db'}"
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    schema = f"bench_{secrets.token_hex(6)}"
    admin = create_engine(postgres, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield (
            make_url(postgres)
            .update_query_dict({"options": f"-csearch_path={schema}"})
            .render_as_string(hide_password=False)
        )
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def _process_tree(pid: int) -> list[int]:
    found = [pid]
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as children:
                for child in children.read().split():
                    found += _process_tree(int(child))
    except OSError:
        pass
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` and its living descendants (Linux)."""
    total = 0
    for one in _process_tree(pid):
        try:
            with open(f"/proc/{one}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / os.sysconf("SC_CLK_TCK")


def at_rest(pid: int, longest: float = 30.0) -> float:
    """Wait until the server's processes (with its engine workers) are at rest, as a
    server that was waiting for a crowd is: under 5 % of a core over half a second (the
    stock of welcome deals dealt as it starts), at most ``longest`` seconds; the seconds
    waited."""
    start = time.monotonic()
    while time.monotonic() - start < longest:
        before = cpu_seconds(pid)
        time.sleep(0.5)
        if cpu_seconds(pid) - before < 0.025:
            break
    return time.monotonic() - start


# -- 1. the closed loop ------------------------------------------------------------------


def closed_loop(base: str, seconds: float) -> tuple[list[float], float]:
    """Round trips of taps sent one at a time by one player for ``seconds``; and the
    wall time they took."""
    deals = [deal_from_code(code) for code in CODES]
    times: list[float] = []
    with httpx.Client(base_url=base, timeout=10) as client:
        for warm in range(20):  # the first requests import and fill caches
            client.get("/api/layouts" if warm % 2 else "/api/game")
        start_all = time.perf_counter()
        deadline = time.monotonic() + seconds
        n = 0
        while time.monotonic() < deadline:
            deal = deals[n % len(deals)]
            n += 1
            state = client.post("/api/games", json={"code": deal.code}).json()
            for move in deal.solution:
                for position in move:
                    start = time.perf_counter()
                    response = client.post(
                        f"/api/games/{state['id']}/tap",
                        json={"position": position, "version": state["version"]},
                    )
                    times.append(time.perf_counter() - start)
                    response.raise_for_status()
                    state = response.json()
                if time.monotonic() >= deadline:
                    break
        wall = time.perf_counter() - start_all
    return times, wall


# -- 2. the crowd ------------------------------------------------------------------------


@dataclass(frozen=True)
class Arrival:
    """How the players of a crowd arrive: within ``spread`` seconds, counted from the start
    or only after the spread, with their first request."""

    name: str
    spread: float
    counted_during: bool
    #: ``True``: the page's first visit (``GET /api/game``, a deal nobody owns yet);
    #: ``False``: a new game (``POST /api/games``)
    first_visit: bool

    def describe(self, players: int, seconds: float) -> str:
        if self.counted_during:
            return (
                f"{players} players arriving within {self.spread:g} s as first visits "
                f"(`GET /api/game`, then play), everything counted for {seconds:g} s"
            )
        return f"{players} players arriving over {self.spread:g} s, then counted for {seconds:g} s"


ARRIVALS = {
    "ramp": Arrival("ramp", RAMP, counted_during=False, first_visit=False),
    "burst": Arrival("burst", BURST, counted_during=True, first_visit=True),
}


@dataclass
class Crowd:
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    #: requests started before this moment are not counted (the players' arrival)
    counted_from: float = 0.0
    during_ramp: int = 0
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    #: the cores other work on the machine took, second by second while counting
    others: list[float] = field(default_factory=list)
    #: (seconds since counting began, round trip, endpoint) of every counted request
    trace: list[tuple[float, float, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: per game: the acknowledged (version, logged action or None) in order
    acknowledged: dict[str, list[tuple[int, str | None]]] = field(
        default_factory=lambda: defaultdict(list)
    )

    async def call(
        self,
        client: httpx.AsyncClient,
        name: str,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
    ) -> dict[str, Any] | None:
        start = time.perf_counter()
        try:
            response = await client.request(method, path, json=body)
        except httpx.HTTPError as error:
            self.errors.append(f"{name} {path}: {error!r}")
            return None
        if start >= self.counted_from:
            self.times[name].append(time.perf_counter() - start)
            self.trace.append((start - self.counted_from, self.times[name][-1], name))
        else:
            self.during_ramp += 1
        if response.status_code != 200:
            self.errors.append(f"{name} {path}: {response.status_code} {response.text[:200]}")
            return None
        return response.json()  # type: ignore[no-any-return]

    def acknowledge(self, state: dict[str, Any], action: str | None) -> None:
        self.acknowledged[state["id"]].append((state["version"], action))


def _logged(name: str, state: dict[str, Any]) -> str | None:
    """The action log entry an acknowledged answer stands for (None: nothing logged)."""
    if name == "tap":
        move = state["event"]["move"]
        return None if move is None else f"{min(move)},{max(move)}"
    return name if name in ("hint", "undo", "redo") else None


def _tap_target(state: dict[str, Any], rng: random.Random, plan: list[int]) -> int:
    free = [tile for tile in state["tiles"] if tile["free"]]
    faces = {tile["i"]: tile["tile"] for tile in free}
    while plan:
        wanted = plan.pop(0)
        if wanted in faces:
            return wanted
    selected = state["selection"]
    if selected in faces:
        partners = [i for i in faces if i != selected and matches(faces[i], faces[selected])]
        if partners and rng.random() < 0.9:
            return rng.choice(partners)
        return rng.choice(list(faces))  # a slip: deselects or moves the selection
    paired = [i for i in faces if any(j != i and matches(faces[i], faces[j]) for j in faces)]
    if paired and rng.random() < 0.9:
        return rng.choice(paired)
    return rng.choice(list(faces))


def _position(state: dict[str, Any]) -> str:
    """What the page asks the verdict about: the game and its tiles (js/shell/app.js
    positionKey)."""
    return state["id"] + ":" + ",".join(f"{t['i']}{t['tile']}" for t in state["tiles"])


async def _player(
    crowd: Crowd, client: httpx.AsyncClient, seed: int, deadline: float, arrival: Arrival
) -> None:
    rng = random.Random(seed)
    pending: set[asyncio.Task[Any]] = set()
    await asyncio.sleep(rng.uniform(0, arrival.spread))  # players arrive one by one

    async def new_game() -> dict[str, Any] | None:
        if rng.random() < 0.4:
            body: dict[str, Any] = {"code": rng.choice(CODES)}
        else:
            body = {"layout": rng.choice(LAYOUTS), "difficulty": rng.choice(DIFFICULTIES)}
        return await crowd.call(client, "POST /api/games", "POST", "/api/games", body)

    async with client:
        if arrival.first_visit:
            state = await crowd.call(client, "GET /api/game", "GET", "/api/game")
        else:
            state = await new_game()
        asked = ""
        plan: list[int] = []
        while state is not None and time.monotonic() < deadline:
            key = _position(state)
            if key != asked and state["status"] not in ("paused", "won"):
                asked = key  # the page asks once per position and does not wait
                if state["winnability"] == "unknown":
                    task = asyncio.create_task(
                        crowd.call(
                            client,
                            "GET winnability",
                            "GET",
                            f"/api/games/{state['id']}/winnability{WINNABILITY_QUERY}",
                        )
                    )
                    pending.add(task)
                    task.add_done_callback(pending.discard)
            await asyncio.sleep(rng.uniform(*THINK))
            if time.monotonic() >= deadline:
                break
            game = f"/api/games/{state['id']}"
            version = {"version": state["version"]}
            roll = rng.random()
            if (
                state["status"] == "won"
                or roll < 0.01
                or (state["status"] == "stuck" and not state["can_undo"])
            ):
                plan = []
                state = await new_game()
                continue
            if state["status"] == "stuck" or (roll < 0.05 and state["can_undo"]):
                name = "undo"
            elif roll < 0.06 and state["can_redo"]:
                name = "redo"
            elif roll < 0.10:
                name = "hint"
            else:
                name = "tap"
            if name == "tap":
                body = {"position": _tap_target(state, rng, plan), **version}
            else:
                body = version
            answer = await crowd.call(client, name, "POST", f"{game}/{name}", body)
            if answer is None:
                break
            if answer["version"] != state["version"]:
                crowd.acknowledge(answer, _logged(name, answer))
            if name == "hint" and answer["hint"] is not None:
                plan = list(answer["hint"])
            state = applied(state, answer) if name == "tap" else answer
        if pending:
            await asyncio.gather(*pending)


def machine_busy() -> float:
    """CPU seconds the whole machine has spent not idle since boot (Linux)."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


async def _counting(crowd: Crowd, pid: int, seconds: float, wait: float) -> None:
    """Count the CPU after ``wait`` seconds (the arrival not counted) for ``seconds``, and
    each second the cores that other work on the machine took (all busy time less the
    server's and this client's)."""
    await asyncio.sleep(wait)
    crowd.server_cpu = -cpu_seconds(pid)
    crowd.client_cpu = -time.process_time()
    before = (machine_busy(), cpu_seconds(pid), time.process_time(), time.monotonic())
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(1.0)
        now = (machine_busy(), cpu_seconds(pid), time.process_time(), time.monotonic())
        span = now[3] - before[3]
        crowd.others.append(
            ((now[0] - before[0]) - (now[1] - before[1]) - (now[2] - before[2])) / span
        )
        before = now


@contextmanager
def collector_held() -> Iterator[None]:
    """This client's garbage collector held while it measures: the 200 players live in one
    process here (their states, connections and round trips; about 150,000 objects), and
    its full collections stopped every player for 50-70 ms at a time, counted as the
    server's round trips; 200 real players are 200 browsers, each with its own small heap.
    What exists when the crowd starts is set aside (``gc.freeze``); what is left as
    garbage meanwhile is collected afterwards."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()


async def run_crowd(base: str, players: int, seconds: float, pid: int, arrival: Arrival) -> Crowd:
    wait = 0.0 if arrival.counted_during else arrival.spread
    # each player is a client (a cookie jar) of its own, made before the clock starts
    limits = httpx.Limits(max_connections=4)
    clients = [httpx.AsyncClient(base_url=base, timeout=30, limits=limits) for _ in range(players)]
    with collector_held():
        crowd = Crowd(counted_from=time.perf_counter() + wait)
        deadline = time.monotonic() + wait + seconds
        await asyncio.gather(
            _counting(crowd, pid, seconds, wait),
            *(
                _player(crowd, client, seed, deadline, arrival)
                for seed, client in enumerate(clients)
            ),
        )
    crowd.server_cpu += cpu_seconds(pid)
    crowd.client_cpu += time.process_time()
    return crowd


def check_logs(database: str, crowd: Crowd) -> list[str]:
    """Every acknowledged game's stored log against the acknowledged actions."""
    from sqlalchemy import create_engine, select

    from mahjong_solitaire.store.schema import games

    problems = []
    engine = create_engine(database)
    try:
        with engine.connect() as connection:
            stored = {
                row.id: list(row.actions)
                for row in connection.execute(
                    select(games.c.id, games.c.actions).where(
                        games.c.id.in_(list(crowd.acknowledged))
                    )
                )
            }
    finally:
        engine.dispose()
    for game_id, acks in crowd.acknowledged.items():
        versions = [version for version, _ in acks]
        if any(b <= a for a, b in itertools.pairwise(versions)):
            problems.append(f"{game_id}: acknowledged versions not increasing: {versions}")
        expected = [action for _, action in acks if action is not None]
        if stored.get(game_id) != expected:
            problems.append(f"{game_id}: stored {stored.get(game_id)} != acknowledged {expected}")
    return problems


# -- the report --------------------------------------------------------------------------


def _ms(values: list[float], q: float) -> str:
    return f"{percentile(values, q) * 1e3:.1f}"


def closed_loop_line(base: str, pid: int, seconds: float) -> str:
    """The closed loop's figures, as a line of the report."""
    cpu, busy, mine = (cpu_seconds(pid), machine_busy(), time.process_time())
    times, wall = closed_loop(base, seconds)
    cpu = cpu_seconds(pid) - cpu
    others = (machine_busy() - busy - cpu - (time.process_time() - mine)) / wall
    median = statistics.median(times) * 1e3
    p99 = percentile(times, 0.99) * 1e3
    rate = len(times) / wall
    met = rate >= 400 and median <= 2.5 and p99 <= 50
    return (
        f"- closed loop, one client: {rate:.0f} taps/s, round trip median "
        f"{median:.2f} ms, p99 {p99:.2f} ms, n={len(times)}; server CPU "
        f"{cpu / len(times) * 1e3:.2f} ms a tap; other work on the machine "
        f"{others:.2f} cores; load average {load_average()} "
        f"(target >= 400 taps/s, median <= 2.5 ms, p99 <= 50 ms: "
        f"{'met' if met else 'MISSED'})"
    )


def crowd_lines(
    crowd: Crowd, problems: list[str], players: int, seconds: float, arrival: Arrival
) -> list[str]:
    """A crowd's figures, as lines of the report."""
    cpu = crowd.server_cpu
    everything = [t for values in crowd.times.values() for t in values]
    p99 = percentile(everything, 0.99) * 1e3 if everything else float("inf")
    met = not crowd.errors and not problems and p99 <= 100
    moves = sum(len(acks) for acks in crowd.acknowledged.values())
    lines = [
        f"- {arrival.describe(players, seconds)} (think {THINK[0]:g}-{THINK[1]:g} s): "
        f"{len(everything)} requests ({len(everything) / seconds:.0f}/s), "
        f"{len(crowd.errors)} errors, all requests p50 {_ms(everything, 0.5)} ms, "
        f"p99 {p99:.1f} ms; server CPU {cpu / max(1, len(everything)) * 1e3:.2f} "
        f"ms a request ({cpu / seconds:.2f} of a core; the client "
        f"{crowd.client_cpu / seconds:.2f}); load average {load_average()} "
        f"(target p99 <= 100 ms, no error: {'met' if met else 'MISSED'})"
    ]
    if arrival.counted_during:
        first = [rtt for t, rtt, _ in crowd.trace if t < arrival.spread + 1]
        if first:
            lines.append(
                f"  - the first {arrival.spread + 1:g} s (the burst): {len(first)} requests, "
                f"p50 {_ms(first, 0.5)} ms, p99 {_ms(first, 0.99)} ms, "
                f"max {max(first) * 1e3:.1f} ms"
            )
    if crowd.others:
        others = crowd.others
        quiet = [n for n, cores in enumerate(others) if cores < 0.5]
        calm = [rtt for t, rtt, _ in crowd.trace if int(t) in quiet]
        found = (
            f"{len(calm)} requests, p50 {_ms(calm, 0.5)} ms, p99 {_ms(calm, 0.99)} ms"
            if calm
            else "none"
        )
        lines.append(
            f"  - other work on the machine meanwhile: {statistics.mean(others):.2f} "
            f"cores on average (from {min(others):.2f} to {max(others):.2f} a "
            f"second); in the {len(quiet)} seconds when it took under half a core: "
            f"{found}"
        )
    for name in sorted(crowd.times):
        values = crowd.times[name]
        lines.append(
            f"  - {name}: p50 {_ms(values, 0.5)} ms, p99 {_ms(values, 0.99)}"
            f" ms, max {max(values) * 1e3:.1f} ms, n={len(values)}"
        )
    lines.append(
        f"  - stored action logs of {len(crowd.acknowledged)} games against the "
        f"{moves} acknowledged changes: {len(problems)} lost, duplicated or "
        f"reordered"
    )
    for problem in (crowd.errors + problems)[:5]:
        lines.append(f"  - problem: {problem[:300]}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--postgres",
        metavar="URL",
        default=os.environ.get("BENCH_POSTGRES_URL"),
        help="a PostgreSQL server (a fresh schema is made on it); default "
        "$BENCH_POSTGRES_URL, else a SQLite file",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--closed-seconds", type=float, default=10.0)
    parser.add_argument(
        "--arrival",
        choices=[*ARRIVALS, "both"],
        default="both",
        help="how the crowd arrives: over 10 s and counted after (ramp), all within 2 s "
        "and counted from the start (burst), or each on a fresh server (both, the default)",
    )
    parser.add_argument(
        "--whole-verdict",
        action="store_true",
        help="ask the winnability with last_winnable (the page before)",
    )
    parser.add_argument(
        "--trace",
        type=Path,
        metavar="FILE",
        help="write every counted request (start s, round trip s, endpoint) of the last crowd",
    )
    parser.add_argument("--no-write", action="store_true", help="do not update BENCHMARKS.md")
    parser.add_argument("--section", default="server", help="the BENCHMARKS.md section")
    args = parser.parse_args()
    if args.workers < 1 or args.players < 0 or args.seconds <= 0 or args.closed_seconds < 0:
        parser.error("give --workers >= 1, --players >= 0, --seconds > 0, --closed-seconds >= 0")
    if args.whole_verdict:
        global WINNABILITY_QUERY
        WINNABILITY_QUERY = ""
    arrivals = list(ARRIVALS.values()) if args.arrival == "both" else [ARRIVALS[args.arrival]]
    kind = "PostgreSQL" if args.postgres else "SQLite (WAL)"
    lines = [
        f"`play --workers {args.workers}` on {kind}, HTTP on loopback, client in "
        f"another process; {os.cpu_count()} cores shared with other work; "
        f"winnability asked as `GET …/winnability{WINNABILITY_QUERY}`; each crowd on a "
        f"fresh server and database, once its processes are at rest.",
        "",
    ]
    # the closed loop runs on the first server; each crowd gets a server of its own
    runs: list[Arrival | None] = [None] if args.closed_seconds > 0 else []
    runs += arrivals if args.players > 0 else []
    for run in runs:
        with tempfile.TemporaryDirectory() as tmp, fresh_database(args.postgres, Path(tmp)) as db:
            workers = ["--workers", str(args.workers)] if args.workers > 1 else []
            process, base = start_server(db, Path(tmp) / "server.log", *workers, *UNLIMITED)
            try:
                at_rest(process.pid)
                if run is None:
                    lines.append(closed_loop_line(base, process.pid, args.closed_seconds))
                    continue
                crowd = asyncio.run(run_crowd(base, args.players, args.seconds, process.pid, run))
                if args.trace is not None:
                    args.trace.write_text(
                        "".join(
                            f"{t:.4f}\t{rtt:.5f}\t{name}\n" for t, rtt, name in sorted(crowd.trace)
                        )
                    )
                problems = check_logs(db, crowd)
                figures = crowd_lines(crowd, problems, args.players, args.seconds, run)
                print("\n".join(figures), flush=True)
                lines += figures
            finally:
                process.terminate()
                try:
                    process.wait(20)
                except subprocess.TimeoutExpired:
                    process.kill()
    if args.no_write:
        print("\n".join(lines))
    else:
        write_section(
            args.section, f"Server load (benchmarks/bench_server.py, {args.section})", lines
        )


if __name__ == "__main__":
    main()
