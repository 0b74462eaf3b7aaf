"""The layout editor's check (rules §8.3): how long ``check_draft`` takes on every built-in
layout and on a draft drawn tile by tile, and the ``POST /api/layout-checks`` round trip in
process.

Target: a check well under 50 ms at the median, so that the verdict follows each tile the
player places (the page waits 150 ms after the last change before asking).

    python benchmarks/bench_editor.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from _report import percentile, summary_ms, time_calls, write_section
from mahjong_solitaire.classic.draft import check_draft
from mahjong_solitaire.layouts import builtin_layout, builtin_layouts
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app

#: Three towers of 16 tiles and one of 2: few free tiles at any step, so reverse play
#: backtracks.
TOWERS = [(x, 0, z) for x in (0, 4, 8) for z in range(16)] + [(12, 0, 0), (12, 0, 1)]


def cpu_ms(fn: object, *args: object) -> float:
    start = time.process_time()
    fn(*args)  # type: ignore[operator]
    return (time.process_time() - start) * 1e3


def main() -> None:
    per_layout = {
        layout.name: min(cpu_ms(check_draft, layout.positions) for _ in range(5))
        for layout in builtin_layouts()
    }
    values = list(per_layout.values())
    slowest = max(per_layout, key=per_layout.__getitem__)

    turtle = builtin_layout("turtle").positions
    drawn = [cpu_ms(check_draft, turtle[: n + 1]) for n in range(len(turtle))]
    towers = [cpu_ms(check_draft, TOWERS) for _ in range(20)]

    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'games.db'}")
        client = TestClient(create_app(store))
        body = {"positions": [list(p) for p in turtle]}
        times = time_calls(lambda: client.post("/api/layout-checks", json=body), 200)
        store.close()

    lines = [
        f"- `check_draft` on each of the {len(values)} built-in layouts (best of 5, CPU): "
        f"median {statistics.median(values):.2f} ms, max {max(values):.2f} ms ({slowest})",
        f"- the Turtle drawn tile by tile, a check after each of its {len(drawn)} tiles: "
        f"total {sum(drawn):.0f} ms, median {statistics.median(drawn):.2f} ms, "
        f"p99 {percentile(drawn, 0.99):.2f} ms, max {max(drawn):.2f} ms",
        f"- three towers of 16 and one of 2 (few free tiles at any step): "
        f"median {statistics.median(towers):.1f} ms, max {max(towers):.1f} ms",
        f"- `POST /api/layout-checks` of the Turtle, in process (TestClient): {summary_ms(times)}",
        "- target: median check well under 50 ms (the page asks 150 ms after the last change)",
    ]
    write_section("editor", "Layout editor checks (benchmarks/bench_editor.py)", lines)


if __name__ == "__main__":
    main()
