"""Layouts made from a seed: the time to generate a layout (draws and the check that it can
be cleared) and to deal it, from its code, with nothing cached.

Target (issue 29, item 1): generating and dealing a layout of 144 tiles in at most 50 ms.
Every family at 144 tiles over 30 seeds each, then the extremes (72 and 288 tiles).

    python benchmarks/bench_generated_layouts.py
"""

from __future__ import annotations

import statistics
import time

from _report import percentile, write_section
from mahjong_solitaire.classic.codes import GameCode
from mahjong_solitaire.classic.generated import generated_layout
from mahjong_solitaire.classic.generator import deal_from_code, fingerprint
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.layouts.generated import FAMILIES, GeneratedSpec

TARGET_MS = 50.0
SEEDS = range(1000, 1030)


def generate_and_deal(spec: GeneratedSpec) -> float:
    """Seconds to make ``spec``'s layout and deal its code, caches emptied first."""
    generated_layout.cache_clear()
    fingerprint.cache_clear()
    start = time.perf_counter()
    layout = generated_layout(spec)
    deal_from_code(GameCode.of(layout, 7, Difficulty.NORMAL))
    return time.perf_counter() - start


def main() -> None:
    lines = ["| family | tiles | median | p99 | worst |", "|---|---|---|---|---|"]
    all_144: list[float] = []
    for tiles in (144, 72, 288):
        for family in FAMILIES:
            times = [generate_and_deal(GeneratedSpec(s, family.name, tiles)) for s in SEEDS]
            if tiles == 144:
                all_144 += times
            lines.append(
                f"| {family.name} | {tiles} | {statistics.median(times) * 1e3:.1f} ms | "
                f"{percentile(times, 0.99) * 1e3:.1f} ms | {max(times) * 1e3:.1f} ms |"
            )
    p99 = percentile(all_144, 0.99) * 1e3
    verdict = "met" if p99 <= TARGET_MS else "MISSED"
    lines += [
        "",
        f"- 144 tiles, every family: median {statistics.median(all_144) * 1e3:.1f} ms, "
        f"p99 {p99:.1f} ms, worst {max(all_144) * 1e3:.1f} ms, n={len(all_144)} "
        f"(target <= {TARGET_MS:.0f} ms: {verdict})",
    ]
    write_section("generated-layouts", "Layouts made from a seed (issue 29, item 1)", lines)


if __name__ == "__main__":
    main()
