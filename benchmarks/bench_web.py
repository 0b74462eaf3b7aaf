"""Web server speed: a tap's round trip on loopback, and 50 players playing at once.

Runs the product as a player does (``python -m mahjong_solitaire play --no-browser``) on a
fresh SQLite database in a temporary directory, and drives it over HTTP on loopback:

1. one player taps through whole games, one request at a time: the round trip of each tap
   (target: p99 <= 20 ms);
2. 50 simulated players, each with their own cookie, play at once for 30 s on that one
   process: each taps through deals (a think time of 0.25-1.25 s before each tap, faster than
   a quick human player; a hint or an undo now and then; a new game after a win); every
   request must succeed (target: no error, p99 <= 100 ms).

    python benchmarks/bench_web.py [--seconds 30] [--players 50] [--taps 600]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

import httpx

from _report import percentile, summary_ms, write_section
from _serving import start_server
from mahjong_solitaire import Deal, deal_from_code

#: Seconds a simulated player thinks before each tap: 1.3 taps a second on average, while a
#: quick human clears a Turtle (144 taps) in three minutes or more (under 1 tap a second).
THINK = (0.25, 1.25)
CODES = [f"MJ1-L00-{letters}" for letters in ("AAAAABL", "AAAAABO", "AAAAABR", "AAAAABU")]


def tap_round_trips(base: str, deals: list[Deal], taps: int) -> list[float]:
    """Seconds per tap, one player, one request at a time (keep-alive connection)."""
    times: list[float] = []
    with httpx.Client(base_url=base, timeout=10) as client:
        client.get("/api/game").raise_for_status()
        n = 0
        while len(times) < taps:
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
                if len(times) >= taps:
                    break
    return times


async def _player(
    client: httpx.AsyncClient,
    deals: list[Deal],
    seed: int,
    deadline: float,
    times: list[float],
    errors: list[str],
) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, THINK[1]))  # players arrive within the first second
    async with client:

        async def call(path: str, body: dict[str, object]) -> dict[str, object] | None:
            start = time.perf_counter()
            try:
                response = await client.post(path, json=body)
            except httpx.HTTPError as error:
                errors.append(f"{path}: {error!r}")
                return None
            times.append(time.perf_counter() - start)
            if response.status_code != 200:
                errors.append(f"{path}: {response.status_code} {response.text[:200]}")
                return None
            return response.json()  # type: ignore[no-any-return]

        while time.monotonic() < deadline:
            deal = rng.choice(deals)
            state = await call("/api/games", {"code": deal.code})
            if state is None:
                return
            for move in deal.solution:
                if time.monotonic() >= deadline:
                    return
                aid = rng.random()
                if aid < 0.03:
                    state = await call(
                        f"/api/games/{state['id']}/hint", {"version": state["version"]}
                    )
                elif aid < 0.05 and state["can_undo"]:
                    state = await call(
                        f"/api/games/{state['id']}/undo", {"version": state["version"]}
                    )
                    if state is None:
                        return
                    state = await call(
                        f"/api/games/{state['id']}/redo", {"version": state["version"]}
                    )
                for position in move:
                    if state is None:
                        return
                    await asyncio.sleep(rng.uniform(THINK[0], THINK[1]))
                    state = await call(
                        f"/api/games/{state['id']}/tap",
                        {"position": position, "version": state["version"]},
                    )
                if state is None:
                    return


async def crowd(
    base: str, deals: list[Deal], players: int, seconds: float
) -> tuple[list[float], list[str]]:
    times: list[float] = []
    errors: list[str] = []
    # Each player has a client (a cookie jar) of their own, made before the clock starts:
    # making one costs the client process tens of milliseconds (its TLS context).
    clients = [httpx.AsyncClient(base_url=base, timeout=10) for _ in range(players)]
    deadline = time.monotonic() + seconds
    await asyncio.gather(
        *(
            _player(client, deals, seed, deadline, times, errors)
            for seed, client in enumerate(clients)
        )
    )
    return times, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--taps", type=int, default=600)
    parser.add_argument("--no-write", action="store_true", help="do not update BENCHMARKS.md")
    args = parser.parse_args()
    deals = [deal_from_code(code) for code in CODES]
    with tempfile.TemporaryDirectory() as work:
        database = f"sqlite:///{Path(work) / 'games.db'}"
        process, base = start_server(database, Path(work) / "server.log")
        try:
            single = tap_round_trips(base, deals, args.taps)
            times, errors = asyncio.run(crowd(base, deals, args.players, args.seconds))
        finally:
            process.terminate()
            process.wait(15)
    single_p99 = percentile(single, 0.99) * 1e3
    crowd_p99 = percentile(times, 0.99) * 1e3 if times else float("inf")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    lines = [
        "One server process (`mahjong-solitaire play`), SQLite store (WAL, synchronous=NORMAL), "
        f"HTTP on loopback, client in another process; {os.cpu_count()} cores, load average "
        f"{load} at the end (other work on the machine slows every figure).",
        "",
        f"- tap round trip, one player: {summary_ms(single)} "
        f"(target p99 <= 20 ms: {'met' if single_p99 <= 20 else 'MISSED'})",
        f"- {args.players} players at once for {args.seconds:g} s (think time "
        f"{THINK[0]:g}-{THINK[1]:g} s before each tap, some hints and undo/redo): "
        f"{len(times)} requests "
        f"({len(times) / args.seconds:.0f}/s), {len(errors)} errors, {summary_ms(times)} "
        f"(target no error, p99 <= 100 ms: "
        f"{'met' if not errors and crowd_p99 <= 100 else 'MISSED'})",
    ]
    for error in errors[:5]:
        lines.append(f"  - error: {error}")
    if args.no_write:
        print("\n".join(lines))
    else:
        write_section("web", "Web server (benchmarks/bench_web.py)", lines)


if __name__ == "__main__":
    main()
