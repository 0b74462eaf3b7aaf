"""Start-up of the command line: what ``deal``, ``solve`` and ``layouts show`` cost as a
process, against ``python -c pass``, and which modules they import.

    python benchmarks/bench_startup.py

Target: ``deal``, ``solve`` and ``layouts show`` of a built-in layout import no web,
database or migration module (``python -X importtime``), and a ``deal --seed N --json``
process takes at most 4x the time of ``python -c pass`` plus the deal's own time.  Times
are CPU seconds of the child processes (user + system), so other work on the machine does
not inflate them; the commands run in turn, ``--runs`` times each, and the median counts.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.layouts import builtin_layout

#: Top-level packages a command that does not touch the database must not import.
FORBIDDEN = ("sqlalchemy", "alembic", "fastapi", "starlette", "uvicorn")
CODE = "MJ1-L00-AAAAABL"
COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "deal --seed 1 --json": ["-m", "mahjong_solitaire", "deal", "--seed", "1", "--json"],
    f"solve --code {CODE} --json": ["-m", "mahjong_solitaire", "solve", "--code", CODE, "--json"],
    "layouts show turtle": ["-m", "mahjong_solitaire", "layouts", "show", "turtle"],
}


def cpu_of(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one run of ``python args``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime), wall


def imported(args: list[str], env: dict[str, str]) -> set[str]:
    """The top-level packages ``python -X importtime args`` imports."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    names = set()
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    env = dict(os.environ)
    cpu: dict[str, list[float]] = {name: [] for name in COMMANDS}
    wall: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.runs):
        for name, argv in COMMANDS.items():
            c, w = cpu_of(argv, env)
            cpu[name].append(c)
            wall[name].append(w)
    deal_times = []
    for _ in range(20):
        start = time.process_time()
        generate(builtin_layout("turtle"), 1, Difficulty.NORMAL)
        deal_times.append(time.process_time() - start)
    deal_own = statistics.median(deal_times)
    base = statistics.median(cpu["python -c pass"])
    lines = [
        f"CPU seconds of each process (user + system), median of {args.runs} runs in turn; "
        "wall in brackets.",
        "",
    ]
    for name, argv in COMMANDS.items():
        line = (
            f"- `{name}`: {statistics.median(cpu[name]) * 1e3:.0f} ms "
            f"({statistics.median(wall[name]) * 1e3:.0f} ms wall)"
        )
        if argv[0] == "-m":
            bad = sorted(imported(argv, env) & set(FORBIDDEN))
            line += f"; imports {'no web or database module' if not bad else ', '.join(bad)}"
        lines.append(line)
    bound = 4 * base + deal_own
    deal = statistics.median(cpu["deal --seed 1 --json"])
    lines.append(
        f"- `deal --seed 1 --json` against 4 × `python -c pass` + the deal's own "
        f"time ({deal_own * 1e3:.1f} ms) = {bound * 1e3:.0f} ms: "
        f"{'met' if deal <= bound else 'not met'} ({deal / base:.1f}× `python -c pass`)"
    )
    if args.no_write:
        print("\n".join(lines))
    else:
        write_section("startup", "Command-line start-up", lines)


if __name__ == "__main__":
    main()
