"""Connect mode speed: the connection test, complete stage deals, and stuck detection.

Targets (issue 7): a connection test on an 18×8 grid ≤ 50 µs median; a complete stage deal
(six candidates, construction with the stage's slide and scoring) ≤ 50 ms median; stuck
detection ≤ 5 ms.

The grids are real game positions: 18×8 deals of every rule played part-way along their
solution (from the full board to a few tiles left), so the test meets dense and sparse grids
as a player does.

    python benchmarks/bench_connect.py
"""

from __future__ import annotations

import os
import statistics
import time

from _report import percentile, summary_ms, time_calls, write_section
from mahjong_solitaire.connect import ConnectBoard, Slide, generate, stage
from mahjong_solitaire.connect.stages import FULL
from mahjong_solitaire.core.rng import Rng
from mahjong_solitaire.core.tiles import BUNDLES

STAGES = range(1, 34)  # three rounds: every rule at easy (growing grids), normal, hard


def positions() -> list[ConnectBoard]:
    """18×8 positions of every rule, at every fifth step of a solution."""
    boards = []
    for n, rule in enumerate(Slide):
        deal = generate(FULL, rule, seed=100 + n)
        board = deal.board()
        for k, move in enumerate(deal.solution):
            if k % 5 == 0:
                boards.append(board.copy(stack=False))
            board.push(move)
    return boards


def summary_us(times: list[float]) -> str:
    return (
        f"median {statistics.median(times) * 1e6:.1f} µs, "
        f"p99 {percentile(times, 0.99) * 1e6:.1f} µs, n={len(times)}"
    )


def main() -> None:
    lines = []
    boards = positions()
    rng = Rng.from_seed(7)
    probes = []
    for board in boards:
        tiles = [i for i, t in enumerate(board.tiles) if t is not None]
        for _ in range(40):
            a, b = tiles[rng.below(len(tiles))], tiles[rng.below(len(tiles))]
            if a != b:
                probes.append((board.grid, a, b))
    calls = iter(probes * 2)
    times = time_calls(lambda: (lambda g, a, b: g.path(a, b))(*next(calls)), len(probes))
    lines.append(
        f"- connection test with the path (`Grid.path`), 18×8 positions: "
        f"{summary_us(times)} (target ≤ 50 µs median)"
    )
    times = time_calls(lambda: (lambda g, a, b: g.connects(a, b))(*next(calls)), len(probes))
    lines.append(f"- connection test alone (`Grid.connects`): {summary_us(times)}")

    seeds = iter(range(10**6))
    deal_times: list[float] = []
    deal_cpu: list[float] = []
    full_times: list[float] = []
    for number in STAGES:
        current = stage(number)
        for _ in range(6):
            seed = next(seeds)
            start, cpu = time.perf_counter(), time.process_time()
            current.deal(seed)
            deal_cpu.append(time.process_time() - cpu)
            deal_times.append(time.perf_counter() - start)
            if current.shape == FULL:
                full_times.append(deal_times[-1])
    lines.append(
        f"- complete stage deal, stages 1-33: {summary_ms(deal_times)} (target ≤ 50 ms median)"
    )
    lines.append(
        f"- the same deals in CPU time of this process: {summary_ms(deal_cpu)} "
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores while "
        "measured: wall-clock figures grow with other work on the machine)"
    )
    lines.append(f"- complete stage deal, 18×8 stages only: {summary_ms(full_times)}")

    cycle = iter(boards * 3)
    stuck_times = time_calls(lambda: next(cycle).is_stuck(), len(boards) * 3)
    stuck_boards = [b for b in boards if b.is_stuck()]
    lines.append(
        f"- stuck detection (`is_stuck`) on the 18×8 positions: "
        f"{summary_ms(stuck_times)}, max {max(stuck_times) * 1e3:.3f} ms "
        "(target ≤ 5 ms)"
    )
    worst = stuck_worst_case()
    times = time_calls(worst.is_stuck, 200)
    lines.append(
        f"- stuck detection on a full 18×8 grid with no legal pair (every pair "
        f"examined): {summary_ms(times)}, max {max(times) * 1e3:.3f} ms"
    )
    assert worst.is_stuck() and not stuck_boards
    write_section("connect", "Connect mode (issue 7)", lines)


def stuck_worst_case() -> ConnectBoard:
    """A full 18×8 board where no matching pair connects, so every pair is examined.

    Cell ``(x, y)`` gets bundle ``(2x + 5y) mod 36``: four tiles per bundle, neighbours
    always differ (by 2 across, 5 down), and each border line has 18 or 8 different kinds.
    """
    copies = [list(bundle) for bundle in BUNDLES]
    labels = [copies[(2 * x + 5 * y) % 36].pop() for y in range(8) for x in range(18)]
    return ConnectBoard(FULL, Slide.NONE, labels)


if __name__ == "__main__":
    main()
