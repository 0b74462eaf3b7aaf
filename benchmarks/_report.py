"""Shared by the benchmark scripts: timing helpers and the BENCHMARKS.md section writer.

Each script owns one section of ``BENCHMARKS.md``, delimited by
``<!-- bench:NAME -->`` and ``<!-- /bench:NAME -->``, and replaces only that section.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

BENCHMARKS_MD = Path(__file__).resolve().parent.parent / "BENCHMARKS.md"


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by nearest rank."""
    ordered = sorted(values)
    rank = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[rank]


def time_calls(fn: Callable[[], object], repeat: int) -> list[float]:
    """Seconds taken by each of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def summary_ms(times: list[float]) -> str:
    return (
        f"median {statistics.median(times) * 1e3:.3f} ms, "
        f"p99 {percentile(times, 0.99) * 1e3:.3f} ms, n={len(times)}"
    )


def machine() -> str:
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()}, {datetime.now(UTC):%Y-%m-%d}"
    )


def write_section(name: str, title: str, lines: list[str]) -> None:
    """Replace (or append) this benchmark's section of BENCHMARKS.md and echo it."""
    body = "\n".join([f"## {title}", "", f"_{machine()}_", "", *lines, ""])
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    block = f"{start}\n{body}{end}"
    text = (
        BENCHMARKS_MD.read_text()
        if BENCHMARKS_MD.exists()
        else ("# Benchmarks\n\nLatest figures, written by the scripts under `benchmarks/`.\n")
    )
    if start in text and end in text:
        before, rest = text.split(start, 1)
        _, after = rest.split(end, 1)
        text = before + block + after
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    BENCHMARKS_MD.write_text(text)
    sys.stdout.write(body + "\n")
