"""Engine speed: reverse construction, complete deals, and ``deal --count 200 --json``.

Targets (issue 2): one reverse construction of the Turtle ≤ 2 ms median; a complete deal at
any difficulty (six candidates and scoring) ≤ 12 ms median; ``deal --count 200 --json`` for
the Turtle in under 3 s including start-up.

    python benchmarks/bench_engine.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from _report import summary_ms, time_calls, write_section
from mahjong_solitaire.classic.construction import construct
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.rng import Rng
from mahjong_solitaire.layouts import builtin_layout


def main() -> None:
    turtle = builtin_layout("turtle")
    lines = []
    seeds = iter(range(10**6))
    times = time_calls(lambda: construct(turtle, Rng.from_seed(next(seeds))), 2000)
    lines.append(
        f"- reverse construction of the Turtle: {summary_ms(times)} (target ≤ 2 ms median)"
    )
    for difficulty in Difficulty:
        seeds = iter(range(10**6))
        times = time_calls(lambda d=difficulty, s=seeds: generate(turtle, next(s), d), 500)
        lines.append(
            f"- complete {difficulty.value} deal (6 candidates + scoring): "
            f"{summary_ms(times)} (target ≤ 12 ms median)"
        )
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "mahjong_solitaire",
                "deal",
                "--seed",
                "0",
                "--count",
                "200",
                "--json",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        runs.append(time.perf_counter() - start)
    lines.append(
        f"- `deal --count 200 --json` including start-up: median "
        f"{statistics.median(runs):.2f} s of 3 runs (target < 3 s)"
    )
    write_section("engine", "Engine (issue 2)", lines)


if __name__ == "__main__":
    main()
