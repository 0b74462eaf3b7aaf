"""Dealing by versions (issue 19 item 8): how far apart a kind's pairs lie on the removal
order, the difficulty score of easy, normal and hard deals, and the time of a complete deal,
for the first codes (``MJ1``, ``CN1``) and the current ones (``MJ2``, ``CN2``).

    python benchmarks/bench_dealing.py                 # 60 seeds per layout and level
    python benchmarks/bench_dealing.py --seeds 200

Classic: on several built-in layouts, seeds 0..n-1 at every difficulty under each version;
the score is the deal's own (the mean number of matching free pairs before each step of its
order, rules §4.3), so the figures of both versions count alike.  Connect: stage-like grids
and rules; the score of ``CN1`` deals sampled every third step, so both versions' deals are
also scored on every step here (the figure players meet), and ``CN2`` deals are chosen by
that.  Times are CPU time of this process per complete deal (six candidates and scoring),
the two versions measured in turn so machine noise hits both alike.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

from _report import percentile, write_section
from mahjong_solitaire.classic.codes import VERSIONS
from mahjong_solitaire.classic.generator import Deal, generate
from mahjong_solitaire.connect.codes import VERSIONS as CONNECT_VERSIONS
from mahjong_solitaire.connect.generator import ConnectDeal
from mahjong_solitaire.connect.generator import generate as connect_generate
from mahjong_solitaire.connect.grid import Shape
from mahjong_solitaire.connect.slide import Slide
from mahjong_solitaire.core.dealing import DealVersion
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.tiles import match_key
from mahjong_solitaire.layouts import builtin_layout

LAYOUTS = ("turtle", "pyramid", "spider", "fortress", "pagoda")
GRIDS = ((Shape(12, 6), Slide.LEFT), (Shape(16, 8), Slide.SPLIT_V), (Shape(18, 8), Slide.DOWN))


def gap(keys: Sequence[str]) -> float:
    """The mean distance, in steps, between the first two pairs of each kind on an order."""
    seen: dict[str, int] = {}
    gaps = []
    for step, key in enumerate(keys):
        if key in seen:
            gaps.append(step - seen.pop(key))
        else:
            seen[key] = step
    return statistics.mean(gaps)


def classic_keys(deal: Deal) -> list[str]:
    return [match_key(deal.tiles[m.a]) for m in deal.solution]


def connect_keys(deal: ConnectDeal) -> list[str]:
    board = deal.board()
    keys = []
    for move in deal.solution:
        keys.append(match_key(board.tile_at(move.a) or ""))
        board.play([move])
    return keys


def every_step_score(deal: ConnectDeal) -> float:
    """The mean number of legal pairs before every step of the deal's solution."""
    board = deal.board()
    counts = []
    for move in deal.solution:
        counts.append(board.pair_count())
        board.play([move])
    return statistics.mean(counts)


def spread(values: list[float]) -> str:
    return (
        f"mean {statistics.mean(values):.2f} (p10 {percentile(values, 0.1):.2f}, "
        f"median {statistics.median(values):.2f}, p90 {percentile(values, 0.9):.2f})"
    )


def timed(make: Callable[[], object]) -> tuple[object, float]:
    start = time.process_time()
    made = make()
    return made, time.process_time() - start


def classic_section(seeds: int) -> list[str]:
    lines = [
        f"**Classic**, seeds 0..{seeds - 1} per layout and level: the score (matching free pairs "
        "before each step of the deal's order; higher is more forgiving) and the mean distance "
        "in steps between the two pairs of a kind.",
        "",
        "| layout | level | MJ1 score | MJ2 score | MJ1 gap | MJ2 gap |",
        "|---|---|---|---|---|---|",
    ]
    times: dict[str, list[float]] = {v.prefix: [] for v in VERSIONS.all}
    for name in LAYOUTS:
        layout = builtin_layout(name)
        for difficulty in Difficulty:
            scores: dict[str, list[float]] = {v.prefix: [] for v in VERSIONS.all}
            gaps: dict[str, list[float]] = {v.prefix: [] for v in VERSIONS.all}
            for seed in range(seeds):
                order: Sequence[DealVersion] = VERSIONS.all if seed % 2 else VERSIONS.all[::-1]
                for version in order:
                    made, took = timed(partial(generate, layout, seed, difficulty, version))
                    deal = made
                    assert isinstance(deal, Deal)
                    times[version.prefix].append(took)
                    scores[version.prefix].append(deal.score)
                    gaps[version.prefix].append(gap(classic_keys(deal)))
            old, new = VERSIONS.first.prefix, VERSIONS.current.prefix
            lines.append(
                f"| {name} | {difficulty.value} | {spread(scores[old])} | {spread(scores[new])} "
                f"| {statistics.mean(gaps[old]):.1f} | {statistics.mean(gaps[new]):.1f} |"
            )
    lines.append("")
    for prefix, values in times.items():
        lines.append(
            f"- complete classic deal, {prefix}: median {statistics.median(values) * 1e3:.2f} ms, "
            f"p99 {percentile(values, 0.99) * 1e3:.2f} ms CPU, n={len(values)} "
            "(budget: ≤ 12 ms median, `bench_engine.py`)"
        )
    return lines


def connect_section(seeds: int) -> list[str]:
    lines = [
        "",
        f"**Connect**, seeds 0..{seeds - 1} per grid and level: the deals' score counted on "
        "every step for both versions (CN1 chose its deals by every third step), and the "
        "mean distance between a kind's two pairs.",
        "",
        "| grid | level | CN1 score | CN2 score | CN1 gap | CN2 gap |",
        "|---|---|---|---|---|---|",
    ]
    times: dict[str, list[float]] = {v.prefix: [] for v in CONNECT_VERSIONS.all}
    for shape, rule in GRIDS:
        for difficulty in Difficulty:
            scores: dict[str, list[float]] = {v.prefix: [] for v in CONNECT_VERSIONS.all}
            gaps: dict[str, list[float]] = {v.prefix: [] for v in CONNECT_VERSIONS.all}
            for seed in range(seeds):
                order = CONNECT_VERSIONS.all if seed % 2 else CONNECT_VERSIONS.all[::-1]
                for version in order:
                    made, took = timed(
                        partial(connect_generate, shape, rule, seed, difficulty, version)
                    )
                    deal = made
                    assert isinstance(deal, ConnectDeal)
                    times[version.prefix].append(took)
                    scores[version.prefix].append(every_step_score(deal))
                    gaps[version.prefix].append(gap(connect_keys(deal)))
            old, new = CONNECT_VERSIONS.first.prefix, CONNECT_VERSIONS.current.prefix
            lines.append(
                f"| {shape.width}×{shape.height} {rule.value} | {difficulty.value} "
                f"| {spread(scores[old])} | {spread(scores[new])} "
                f"| {statistics.mean(gaps[old]):.1f} | {statistics.mean(gaps[new]):.1f} |"
            )
    lines.append("")
    for prefix, values in times.items():
        lines.append(
            f"- complete Connect deal, {prefix}: median {statistics.median(values) * 1e3:.2f} ms, "
            f"p99 {percentile(values, 0.99) * 1e3:.2f} ms CPU, n={len(values)} "
            "(budget: ≤ 50 ms median, `bench_connect.py`)"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--connect-seeds", type=int, default=20)
    args = parser.parse_args()
    lines = classic_section(args.seeds) + connect_section(args.connect_seeds)
    write_section("dealing", "Dealing by versions (benchmarks/bench_dealing.py)", lines)


if __name__ == "__main__":
    main()
