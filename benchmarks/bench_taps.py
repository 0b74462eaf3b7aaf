"""The tap path (issue #26, item 2): closed-loop taps on one process against what the same
stack serves for a trivial JSON endpoint, measured in the same run.

The server is the product's application (``create_app``, as ``play`` makes it on loopback:
SQLite, the middleware, one uvicorn process with ``play``'s options) plus one bare route
that only this benchmark's server has, ``GET /bench/trivial`` answering a small dict.
It runs in a subprocess of its own (this script with ``--serve``), started like the
product's server (``_serving.start_server``).

One client (``httpx``, one kept-alive connection) then alternates, ``--rounds`` times:

1. the trivial route, one request at a time, for ``--seconds``;
2. taps, one at a time, through whole deals (their solutions: each tap selects or
   matches), for ``--seconds``.

It prints both rates, the taps' median and p99 round trip, the server's CPU per request,
and the ratio; the goal is taps ≥ 50 % of the trivial route with p99 ≤ 20 ms (≥ 1,000
taps/s where the trivial route does ≥ 2,000).

    python benchmarks/bench_taps.py [--seconds 10] [--rounds 2]
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import httpx

from _report import percentile, write_section
from _serving import start_server
from mahjong_solitaire import deal_from_code

#: Deals played through by the taps (their solutions), one after another.
CODES = [f"MJ1-L00-{letters}" for letters in ("AAAAABL", "AAAAABO", "AAAAABR", "AAAAABU")]
TRIVIAL = "/bench/trivial"
T = TypeVar("T")


# -- the benchmark's server --------------------------------------------------------------


def serve(argv: list[str]) -> int:
    """The product's application plus :data:`TRIVIAL`, served as ``play`` serves it."""
    import uvicorn

    from mahjong_solitaire.cli import play
    from mahjong_solitaire.store import Store
    from mahjong_solitaire.web import create_app

    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", action="store_true")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database", required=True)
    args = parser.parse_args(argv)
    store = Store(args.database)
    app = create_app(store, local_player=True, allowed_hosts=play.allowed_hosts(None, None))

    @app.get(TRIVIAL)
    def trivial() -> dict[str, object]:
        return {"ok": True, "n": 1}

    sock = play.listen(args.host, args.port)
    print(f"bench server running at http://{args.host}:{args.port}", flush=True)
    sys.setswitchinterval(play.SWITCH_INTERVAL)  # as play tunes its process
    gc.collect()
    gc.freeze()
    uvicorn.Server(uvicorn.Config(app, **play.server_options(None))).run(sockets=[sock])
    store.close()
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (Linux)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the loops ---------------------------------------------------------------------------


def trivial_loop(client: httpx.Client, seconds: float) -> list[float]:
    """Round trips of the trivial route, one at a time, for ``seconds``."""
    times: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        start = time.perf_counter()
        response = client.get(TRIVIAL)
        times.append(time.perf_counter() - start)
        response.raise_for_status()
    return times


def tap_loop(client: httpx.Client, seconds: float) -> tuple[list[float], int]:
    """Round trips of taps, one at a time, through whole deals for ``seconds``; and the
    bytes of their answers, in all."""
    deals = [deal_from_code(code) for code in CODES]
    times: list[float] = []
    size = 0
    deadline = time.monotonic() + seconds
    n = 0
    while time.monotonic() < deadline:
        deal = deals[n % len(deals)]
        n += 1
        state = client.post("/api/games", json={"code": deal.code}).json()
        game_id, version = state["id"], state["version"]
        for move in deal.solution:
            for position in move:
                start = time.perf_counter()
                response = client.post(
                    f"/api/games/{game_id}/tap", json={"position": position, "version": version}
                )
                times.append(time.perf_counter() - start)
                response.raise_for_status()
                answer = response.json()
                version = answer["version"]
                size += len(response.content)
            if time.monotonic() >= deadline:
                break
    return times, size


def measured(pid: int, loop: Callable[[], T]) -> tuple[T, float, float]:
    """What ``loop`` returns, its wall time and the server's CPU seconds meanwhile."""
    cpu = cpu_seconds(pid)
    start = time.perf_counter()
    found = loop()
    return found, time.perf_counter() - start, cpu_seconds(pid) - cpu


def main() -> int:
    if "--serve" in sys.argv[1:]:
        return serve(sys.argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        database = f"sqlite:///{Path(work) / 'games.db'}"
        process, base = start_server(
            database, Path(work) / "server.log", command=(str(Path(__file__).resolve()), "--serve")
        )
        try:
            trivial: list[float] = []
            taps: list[float] = []
            walls = {"trivial": 0.0, "taps": 0.0}
            cpus = {"trivial": 0.0, "taps": 0.0}
            size = 0
            with httpx.Client(base_url=base, timeout=10) as client:
                for warm in range(50):  # the first requests import and fill caches
                    client.get(TRIVIAL if warm % 2 else "/api/game")
                tap_loop(client, 1.0)
                for _ in range(args.rounds):
                    found, wall, cpu = measured(
                        process.pid, lambda: trivial_loop(client, args.seconds)
                    )
                    trivial += found
                    walls["trivial"] += wall
                    cpus["trivial"] += cpu
                    (found, sent), wall, cpu = measured(
                        process.pid, lambda: tap_loop(client, args.seconds)
                    )
                    size += sent
                    taps += found
                    walls["taps"] += wall
                    cpus["taps"] += cpu
        finally:
            process.terminate()
            process.wait(timeout=30)
    trivial_rate = len(trivial) / walls["trivial"]
    tap_rate = len(taps) / walls["taps"]
    ratio = tap_rate / trivial_rate
    p99 = percentile(taps, 0.99) * 1e3
    met = ratio >= 0.5 and p99 <= 20 and (trivial_rate < 2000 or tap_rate >= 1000)
    lines = [
        f"- trivial route (`GET {TRIVIAL}`, the benchmark's own), one client: "
        f"{trivial_rate:.0f} requests/s, median {statistics.median(trivial) * 1e3:.2f} ms, "
        f"p99 {percentile(trivial, 0.99) * 1e3:.2f} ms, server CPU "
        f"{cpus['trivial'] / len(trivial) * 1e3:.2f} ms a request, n={len(trivial)}",
        f"- taps (`POST /api/games/{{id}}/tap`, whole deals), one client: {tap_rate:.0f} "
        f"taps/s, median {statistics.median(taps) * 1e3:.2f} ms, p99 {p99:.2f} ms, server "
        f"CPU {cpus['taps'] / len(taps) * 1e3:.2f} ms a tap, answers {size / len(taps):.0f} "
        "bytes on average, "
        f"n={len(taps)}",
        f"- taps / trivial: {ratio:.0%}; load average "
        + ", ".join(f"{value:.2f}" for value in os.getloadavg())
        + f" (target >= 50 % with p99 <= 20 ms: {'met' if met else 'MISSED'})",
    ]
    if args.no_write:
        print("\n".join(lines))
    else:
        write_section("taps", "The tap path against a trivial route (one process)", lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
