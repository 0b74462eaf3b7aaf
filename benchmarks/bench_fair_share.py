"""Heavy work off the request path (issue #25, item 2): one honest player's taps while
other clients hammer the most expensive operations.

Starts its own multi-player server (``python -m mahjong_solitaire play --no-browser
--host 127.0.0.1``, so the engine's worker processes are used) on a fresh SQLite file.
One honest player taps a free tile of a Turtle deal every ``PACE`` seconds (select,
deselect, ...), one request at a time, and the round trips are measured:

1. **unloaded**, for ``--seconds``;
2. **loaded**: 8 other clients (each with a cookie of its own, in another process) send,
   in a loop and without pause, the costliest requests there are: a layout check and a
   test play of a 16-tile tower beside 14 lone tiles (the construction uses up all its
   attempts and the exact search's budget), and the upload of a GNOME file of that map;
3. **after a hang-up**: one client fires 48 such checks at once and hangs up after 1 s;
   the taps of the second after the hang-up are measured (the work must stop with it).

The goal: the loaded p99, and the p99 of the second after the hang-up, within 2x the
unloaded p99.  Every client is on loopback, so all share one address: the rule of one
heavy job per client (its address or its cookie) lets one of them run at a time and
answers the rest ``429``; the answers are counted by status.

With ``--impatient`` the hammering clients ask again at once after a ``429`` instead of
waiting as ``Retry-After`` says: a flood of refused requests, which the quotas of item 3
(and a reverse proxy) are there for; it writes a section of its own.

    python benchmarks/bench_fair_share.py [--seconds 10] [--quick] [--impatient] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from _report import percentile, write_section
from _serving import start_server
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.layouts import export_layout

#: Seconds between the honest player's taps (a quick player).
PACE = 0.05
#: The longest the honest player waits for a tap's answer (seconds).
TAP_TIMEOUT = 20.0
#: The honest player's deal.
CODE = "MJ1-L00-AAAAABL"
#: The costliest draft: a tower of 16 tiles beside 14 lone ones.
TOWER = [(0, 0, z) for z in range(16)] + [(4 + 4 * n, 0, 0) for n in range(14)]
#: How many clients hammer, and how many checks the one that hangs up fires.
HAMMERS = 8
HANG_UP = 48


def load_average() -> str:
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


# -- the honest player -------------------------------------------------------------------


def honest_taps(base: str, seconds: float) -> list[float]:
    """Round trips of one player's taps, one every :data:`PACE` s, for ``seconds``."""
    deal = deal_from_code(CODE)
    position = deal.solution[0].a  # a free tile of the deal
    times: list[float] = []
    with httpx.Client(base_url=base, timeout=TAP_TIMEOUT) as client:
        state = client.post("/api/games", json={"code": CODE}).json()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            start = time.perf_counter()
            try:
                response = client.post(
                    f"/api/games/{state['id']}/tap",
                    json={"position": position, "version": state["version"]},
                )
            except httpx.TimeoutException:  # counted as the time it waited
                times.append(time.perf_counter() - start)
                state = client.get(f"/api/games/{state['id']}").json()
                continue
            times.append(time.perf_counter() - start)
            response.raise_for_status()
            state = response.json()
            time.sleep(PACE)
    return times


# -- the heavy clients (in a process of their own) ---------------------------------------


def _requests(base: str) -> list[tuple[str, str, dict[str, Any]]]:
    gnome = export_layout(Layout.from_positions(TOWER, name="tower", title="Tower"), "gnome")
    files = {"file": ("tower.map", gnome.encode(), "application/xml")}
    return [
        ("POST", "/api/layout-checks", {"json": {"positions": TOWER}}),
        ("POST", "/api/test-plays", {"json": {"positions": TOWER, "title": "Tower"}}),
        ("POST", "/api/layouts", {"files": files, "headers": {"Origin": base}}),
    ]


async def _hammer(
    base: str, stop: Any, under_way: Any, statuses: Counter[str], n: int, patient: bool
) -> None:
    requests = _requests(base)
    async with httpx.AsyncClient(base_url=base, timeout=120) as client:
        turn = n
        while not stop.is_set():
            method, path, options = requests[turn % len(requests)]
            turn += 1
            try:
                response = await client.request(method, path, **options)
                statuses[f"{path} {response.status_code}"] += 1
                under_way.set()
                if response.status_code in (429, 503):
                    # as told by Retry-After, or (impatient) at once again
                    wait = float(response.headers["retry-after"]) if patient else 0.01
                    await asyncio.sleep(wait)
            except httpx.HTTPError as error:
                statuses[f"{path} {type(error).__name__}"] += 1


def hammering(base: str, stop: Any, under_way: Any, out: Any, patient: bool) -> None:
    """:data:`HAMMERS` clients in a loop until ``stop`` (``under_way`` once the first is
    answered), waiting as ``Retry-After`` says when ``patient``; their answers' statuses to
    ``out``."""
    statuses: Counter[str] = Counter()

    async def main() -> None:
        await asyncio.gather(
            *(_hammer(base, stop, under_way, statuses, n, patient) for n in range(HAMMERS))
        )

    asyncio.run(main())
    out.put(dict(statuses))


def hanging_up(base: str, gone: Any, out: Any) -> None:
    """Fire :data:`HANG_UP` checks at once, and hang up after 1 s (``gone`` then)."""
    statuses: Counter[str] = Counter()

    async def main() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=120) as client:

            async def check() -> None:
                response = await client.post("/api/layout-checks", json={"positions": TOWER})
                statuses[str(response.status_code)] += 1

            tasks = [asyncio.create_task(check()) for _ in range(HANG_UP)]
            _, pending = await asyncio.wait(tasks, timeout=1.0)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            statuses["hung up"] += len(pending)
        gone.set()  # every connection is closed

    asyncio.run(main())
    out.put(dict(statuses))


# -- the report --------------------------------------------------------------------------


def _figures(times: list[float]) -> str:
    return (
        f"p50 {statistics.median(times) * 1e3:.1f} ms, p99 {percentile(times, 0.99) * 1e3:.1f} "
        f"ms, max {max(times) * 1e3:.1f} ms, n={len(times)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per phase")
    parser.add_argument("--quick", action="store_true", help="3 s phases")
    parser.add_argument("--engine-workers", type=int, default=2, metavar="N")
    parser.add_argument(
        "--impatient",
        action="store_true",
        help="the hammering clients ignore Retry-After (a flood of refused requests)",
    )
    parser.add_argument("--no-write", action="store_true", help="do not update BENCHMARKS.md")
    args = parser.parse_args()
    seconds = 3.0 if args.quick else args.seconds
    context = multiprocessing.get_context("spawn")
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{Path(tmp) / 'bench.sqlite'}"
        process, base = start_server(
            database, Path(tmp) / "server.log", "--engine-workers", str(args.engine_workers)
        )
        try:
            load_before = load_average()
            honest_taps(base, 1.0)  # warm up
            unloaded = honest_taps(base, seconds)

            stop, under_way, out = context.Event(), context.Event(), context.Queue()
            hammer = context.Process(
                target=hammering, args=(base, stop, under_way, out, not args.impatient)
            )
            hammer.start()
            under_way.wait()
            loaded = honest_taps(base, seconds)
            stop.set()
            hammered = out.get()
            hammer.join()

            gone, out = context.Event(), context.Queue()
            hanger = context.Process(target=hanging_up, args=(base, gone, out))
            hanger.start()
            gone.wait()
            after = honest_taps(base, 1.0)
            hung = out.get()
            hanger.join()
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:  # work that goes on after its client left
                process.kill()
                process.wait()
    base_p99 = percentile(unloaded, 0.99)
    verdicts = [
        "met" if percentile(times, 0.99) <= 2 * base_p99 else "MISSED" for times in (loaded, after)
    ]
    lines += [
        f"`play --host 127.0.0.1 --engine-workers {args.engine_workers}` on SQLite, HTTP "
        f"on loopback; the honest player taps every {PACE * 1e3:.0f} ms; {seconds:g} s a phase; "
        f"{os.cpu_count()} cores shared with other work, load average {load_before} "
        f"before, {load_average()} after.",
        "",
        f"- unloaded: {_figures(unloaded)}",
        f"- while {HAMMERS} clients hammer checks, test plays and uploads of the tower "
        f"draft ({'ignoring' if args.impatient else 'honouring'} Retry-After): "
        f"{_figures(loaded)} (goal p99 <= 2x unloaded: {verdicts[0]})",
        f"  - their answers: {', '.join(f'{k}: {v}' for k, v in sorted(hammered.items()))}",
        f"- the second after a client that fired {HANG_UP} checks hung up: {_figures(after)} "
        f"(goal p99 <= 2x unloaded: {verdicts[1]})",
        f"  - its answers: {', '.join(f'{k}: {v}' for k, v in sorted(hung.items()))}",
    ]
    if args.no_write:
        print("\n".join(lines))
    else:
        name = "fair_share_impatient" if args.impatient else "fair_share"
        title = "Fair share: heavy work off the request path"
        write_section(name, title + (" (impatient clients)" if args.impatient else ""), lines)


if __name__ == "__main__":
    main()
