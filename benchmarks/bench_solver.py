"""Solver speed on random Turtle deals, hint latency along constructed deals, and the
unsolvable share of random deals.

    python benchmarks/bench_solver.py                 # 1,000 random deals + hints
    python benchmarks/bench_solver.py --share 10000 --jobs 2   # the unsolvable share (once)

Targets (issue 3): every deal decided, median <= 10 ms, p99 <= 1 s, total <= 120 s; hint
p99 <= 50 ms; the winnability check small enough that play never waits.  Later: on positions
of random legal play from generated deals (several layouts, every difficulty), ``Game.hint()``
and the winnability check p99 <= 20 ms CPU (``--aids-only`` prints just those).  de Bondt found
2.95-2.96 % of random Turtle deals unsolvable.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import percentile, write_section
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.solver import Verdict, solve_random
from mahjong_solitaire.solver.hint import suggest
from mahjong_solitaire.solver.winnability import winnability

TURTLE = builtin_layout("turtle")


def decide(seed: int) -> tuple[str, int, float]:
    result = solve_random(TURTLE, seed)
    return result.verdict.value, result.nodes, result.seconds


def decide_all(count: int, jobs: int, chunksize: int) -> tuple[list[tuple[str, int, float]], float]:
    """``decide`` for seeds 0..count-1 on ``jobs`` processes, and the wall time taken."""
    start = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(decide, range(count), chunksize=chunksize)
    else:
        results = [decide(seed) for seed in range(count)]
    return results, time.perf_counter() - start


def random_deals(count: int, jobs: int) -> list[str]:
    results, wall = decide_all(count, jobs, chunksize=1)
    times = [seconds for _, _, seconds in results]
    verdicts = [verdict for verdict, _, _ in results]
    unsolvable = verdicts.count(Verdict.UNSOLVABLE.value)
    unknown = verdicts.count(Verdict.UNKNOWN.value)
    nodes = sorted(n for _, n, _ in results)
    slowest = max(range(count), key=lambda seed: times[seed])
    return [
        f"**{count:,} random Turtle deals** (seeds 0..{count - 1}, `random_deal`), "
        f"{'one process' if jobs == 1 else f'{jobs} processes'}:",
        "",
        f"- decided: {count - unknown:,} of {count:,} ({unknown} unknown)",
        f"- solve time: median {statistics.median(times) * 1e3:.1f} ms, "
        f"p90 {percentile(times, 0.90) * 1e3:.0f} ms, p99 {percentile(times, 0.99) * 1e3:.0f} ms, "
        f"max {max(times):.2f} s (seed {slowest}); total {sum(times):.1f} s "
        f"(wall {wall:.1f} s)",
        f"- branch points: median {nodes[len(nodes) // 2]}, max {nodes[-1]}",
        f"- unsolvable: {unsolvable} ({unsolvable / count:.1%})",
        "- targets: median <= 10 ms, p99 <= 1 s, total <= 120 s",
    ]


def hints(seeds: int) -> list[str]:
    lines = [
        "",
        "**Hint from every position along constructed deals** (`suggest`, no "
        "plan kept, so every call searches):",
        "",
    ]
    every: list[float] = []
    for difficulty in Difficulty:
        times = []
        for seed in range(seeds):
            deal = generate(TURTLE, seed, difficulty)
            board = deal.board()
            for move in deal.solution:
                start = time.perf_counter()
                suggest(board)
                times.append(time.perf_counter() - start)
                board.push(move)
        every.extend(times)
        lines.append(
            f"- {difficulty.value}: median {statistics.median(times) * 1e3:.1f} ms, "
            f"p99 {percentile(times, 0.99) * 1e3:.1f} ms, max "
            f"{max(times) * 1e3:.1f} ms ({len(times)} positions, {seeds} deals)"
        )
    lines.append(f"- all: p99 {percentile(every, 0.99) * 1e3:.1f} ms (target <= 50 ms)")
    return lines


def winnability_along_play(deals: int) -> list[str]:
    """The "still winnable?" check after every move of careless play: random matching
    pairs on constructed hard deals, so many positions are lost along the way."""
    import random

    rnd = random.Random(1)
    verdicts: dict[str, int] = {}
    times = []
    for seed in range(deals):
        board = generate(TURTLE, seed, Difficulty.HARD).board()
        while pairs := board.matching_pairs():
            board.push(rnd.choice(pairs))
            start = time.perf_counter()
            status = winnability(board).status.value
            times.append(time.perf_counter() - start)
            verdicts[status] = verdicts.get(status, 0) + 1
    counts = ", ".join(f"{status} {count}" for status, count in sorted(verdicts.items()))
    return [
        "",
        f'**"Still winnable?" after every move of random play** ({deals} hard deals, '
        f"{len(times)} positions, `winnability` with its default budget):",
        "",
        f"- verdicts: {counts}",
        f"- time: median {statistics.median(times) * 1e3:.1f} ms, "
        f"p99 {percentile(times, 0.99) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms",
    ]


#: Layouts of the hint and "still winnable?" figures along random play.
PLAY_LAYOUTS = ("turtle", "pyramid", "fortress", "spider", "towers", "butterfly")


def aids_along_random_play(deals: int) -> list[str]:
    """``Game.hint()`` and the winnability check on every position reached by random legal
    play (a random matching pair each move, to the end) from generated deals of every
    difficulty on several layouts.  Each position gets a fresh game, as a request to the
    server rebuilds one: no plan is kept from the position before.  CPU time per call."""
    import random

    from mahjong_solitaire.classic.game import Game

    rnd = random.Random(2)
    hint_times: list[float] = []
    check_times: list[float] = []
    chip_times: list[float] = []  # the page's chip: the verdict alone (last_winnable=false)
    by_difficulty: dict[str, list[float]] = {}
    verdicts: dict[str, int] = {}
    positions = 0
    for name in PLAY_LAYOUTS:
        layout = builtin_layout(name)
        for difficulty in Difficulty:
            for seed in range(deals):
                deal = generate(layout, seed, difficulty)
                played = []
                board = deal.board()
                while pairs := board.matching_pairs():
                    move = rnd.choice(pairs)
                    board.push(move)
                    played.append(move)
                    game = Game(deal)
                    game.board.play(played)
                    start = time.process_time()
                    if not game.board.is_won():
                        game.hint()
                    hint_times.append(time.process_time() - start)
                    by_difficulty.setdefault(difficulty.value, []).append(hint_times[-1])
                    start = time.process_time()
                    status = winnability(game.board).status.value
                    check_times.append(time.process_time() - start)
                    verdicts[status] = verdicts.get(status, 0) + 1
                    start = time.process_time()
                    chip = winnability(game.board, look_back=False)  # a fresh search again
                    chip_times.append(time.process_time() - start)
                    assert chip.status.value == status, (chip, status)
                    positions += 1
    counts = ", ".join(f"{status} {count}" for status, count in sorted(verdicts.items()))
    per = ", ".join(f"{d} p99 {percentile(t, 0.99) * 1e3:.1f} ms" for d, t in by_difficulty.items())
    return [
        "",
        f"**Aids along random legal play** ({len(PLAY_LAYOUTS)} layouts "
        f"({', '.join(PLAY_LAYOUTS)}) × 3 difficulties × {deals} generated deals, "
        f"{positions:,} positions, a fresh `Game` for each, CPU time per call):",
        "",
        f"- `Game.hint()`: median {statistics.median(hint_times) * 1e3:.1f} ms, "
        f"p99 {percentile(hint_times, 0.99) * 1e3:.1f} ms, max "
        f"{max(hint_times) * 1e3:.1f} ms ({per}; target p99 <= 20 ms)",
        f"- `winnability`: median {statistics.median(check_times) * 1e3:.1f} ms, "
        f"p99 {percentile(check_times, 0.99) * 1e3:.1f} ms, max "
        f"{max(check_times) * 1e3:.1f} ms, with the way back of a lost position; verdicts: "
        f"{counts}",
        f"- the page's chip after each move (`GET …/winnability?last_winnable=false`: the "
        f"verdict alone): median {statistics.median(chip_times) * 1e3:.1f} ms, "
        f"p99 {percentile(chip_times, 0.99) * 1e3:.1f} ms, max "
        f"{max(chip_times) * 1e3:.1f} ms (target p99 <= 20 ms)",
    ]


def wilson_interval(hits: int, count: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of the proportion ``hits / count``."""
    p = hits / count
    centre = (p + z * z / (2 * count)) / (1 + z * z / count)
    half = z * (p * (1 - p) / count + z * z / (4 * count * count)) ** 0.5 / (1 + z * z / count)
    return centre - half, centre + half


def share(count: int, jobs: int) -> list[str]:
    results, wall = decide_all(count, jobs, chunksize=20)
    verdicts = [verdict for verdict, _, _ in results]
    unsolvable = verdicts.count(Verdict.UNSOLVABLE.value)
    unknown = verdicts.count(Verdict.UNKNOWN.value)
    cpu = sum(seconds for _, _, seconds in results)
    low, high = wilson_interval(unsolvable, count)
    return [
        f"**Unsolvable share on {count:,} random Turtle deals** (seeds 0..{count - 1}): "
        f"{unsolvable:,} unsolvable = **{unsolvable / count:.2%}** ({unknown} unknown); "
        f"published figure (de Bondt, 10 million deals): 2.95-2.96 %.",
        "",
        f"95 % confidence interval of the share (Wilson): {low:.2%} - {high:.2%}.",
        "",
        f"Took {wall:.0f} s wall on {jobs} process{'es' if jobs > 1 else ''} "
        f"({cpu:.0f} s of solving in all).",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--hint-deals", type=int, default=5, help="deals per difficulty")
    parser.add_argument(
        "--play-deals",
        type=int,
        default=15,
        help="deals played at random for the winnability check",
    )
    parser.add_argument(
        "--aid-deals",
        type=int,
        default=3,
        help="generated deals per layout "
        "and difficulty played at random for the hint and winnability figures",
    )
    parser.add_argument(
        "--aids-only",
        action="store_true",
        help="print only the figures of the aids along random play (BENCHMARKS.md is not changed)",
    )
    parser.add_argument(
        "--share", type=int, metavar="N", help="only measure the unsolvable share on N random deals"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes for the random deals "
        "(each deal's time is its own either way; two processes on two cores "
        "slow each a little)",
    )
    args = parser.parse_args()
    if args.aids_only:
        print("\n".join(aids_along_random_play(args.aid_deals)))
        return
    if args.share:
        write_section(
            "solver-share", "Solver: unsolvable share of random deals", share(args.share, args.jobs)
        )
        return
    write_section(
        "solver",
        "Solver and hints",
        random_deals(args.deals, args.jobs)
        + hints(args.hint_deals)
        + winnability_along_play(args.play_deals)
        + aids_along_random_play(args.aid_deals),
    )


if __name__ == "__main__":
    main()
