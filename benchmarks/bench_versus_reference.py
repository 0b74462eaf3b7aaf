"""Our solver and generator side by side with ffalt/mah's (de Bondt's exact solver, mah's
solvable-deal builder), run from ``../shared/bench/mah-ref/`` under node, never copied here.

    python benchmarks/bench_versus_reference.py                # 300 deals + 300 builds
    python benchmarks/bench_versus_reference.py --deals 1000 --chunk 25
    python benchmarks/bench_versus_reference.py --first 300 --deals 600 --builds 0 \\
        --section versus-reference-more      # a second range, kept beside the first

Solver: the same seeded random Turtle deals (``random_deal``) go to both, in chunks, one
side then the other (alternating which goes first), so machine noise hits both alike.  Our
side runs in this process and is timed per deal with ``time.process_time`` around building
the board and ``solve``; the reference is one long-lived ``node bench.js solve --solution``
process that reports its own CPU per deal.  Every verdict is compared, and every solution
(ours and the reference's) is replayed under our rules.

Generation: a complete difficulty-rated Turtle deal of ours (``generate``: six candidates
and scoring) against one deal of mah's builder (``bench.js build --stream``), interleaved
the same way.

Targets: solver total CPU <= 1.0x the reference's and median deal <= 2x; a rated
deal <= 1.0x the CPU of mah's builder for one deal.  Both processes warm up first (V8
compiles its hot loops meanwhile) and those deals are not counted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import percentile, write_section
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.core.board import Board
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.moves import IllegalMoveError, Move
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.solver import Verdict, solve
from mahjong_solitaire.solver.random_deals import random_deal

TURTLE = builtin_layout("turtle")
REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "mah-ref" / "bench.js"
#: Deals (and builds) each side runs before counting.
WARM_UP = 30
#: The warm-up deals' seeds lie far from the measured ones.
WARM_SEED = 10**6


def deal_line(tiles: tuple[str, ...]) -> str:
    """A deal-1 ``tiles`` object, one line, as bench.js reads it."""
    return json.dumps(
        {
            "tiles": [
                [x, y, z, label] for (x, y, z), label in zip(TURTLE.positions, tiles, strict=True)
            ]
        },
        separators=(",", ":"),
    )


def legal(tiles: tuple[str, ...], pairs: list[tuple[int, int]]) -> bool:
    """Whether ``pairs``, played from the deal, are legal moves that clear the board."""
    board = Board(TURTLE, tiles)
    try:
        board.play([Move(a, b) for a, b in pairs])
    except (IllegalMoveError, ValueError):
        return False
    return board.is_won()


class Node:
    """One long-lived bench.js process, asked line by line."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            ["node", str(REFERENCE), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, lines: list[str], answers: int | None = None) -> list[dict[str, object]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("".join(line + "\n" for line in lines))
        self.process.stdin.flush()
        count = len(lines) if answers is None else answers
        return [json.loads(self.process.stdout.readline()) for _ in range(count)]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def ours_solve(tiles: tuple[str, ...]) -> tuple[str, list[tuple[int, int]], float]:
    start = time.process_time()
    result = solve(Board(TURTLE, tiles))
    cpu = time.process_time() - start
    return result.verdict.value, [(m.a, m.b) for m in result.moves], cpu


def verdict_of(illegal: list[int]) -> str:
    return "all legal" if not illegal else f"illegal on seeds {illegal}"


def figures(name: str, times: list[float]) -> str:
    return (
        f"{name}: total {sum(times):.2f} s, median {statistics.median(times) * 1e3:.2f} ms, "
        f"p90 {percentile(times, 0.90) * 1e3:.1f} ms, p99 {percentile(times, 0.99) * 1e3:.0f} "
        f"ms, max {max(times) * 1e3:.0f} ms"
    )


def solver_side_by_side(count: int, first: int, chunk: int) -> list[str]:
    node = Node("solve", "--solution")
    for seed in range(WARM_SEED, WARM_SEED + WARM_UP):
        tiles = random_deal(TURTLE, seed)
        node.ask([deal_line(tiles)])
        ours_solve(tiles)
    mine: list[float] = []
    theirs: list[float] = []
    disagree: list[int] = []
    illegal_ours: list[int] = []
    illegal_theirs: list[int] = []
    unsolvable = 0
    seeds = list(range(first, first + count))
    for n, at in enumerate(range(0, count, chunk)):
        block = seeds[at : at + chunk]
        deals = [random_deal(TURTLE, seed) for seed in block]

        def run_ours(deals: list[tuple[str, ...]] = deals) -> list[tuple[str, list, float]]:
            return [ours_solve(tiles) for tiles in deals]

        def run_theirs(deals: list[tuple[str, ...]] = deals) -> list[dict[str, object]]:
            return node.ask([deal_line(tiles) for tiles in deals])

        if n % 2:
            answers, results = run_theirs(), run_ours()
        else:
            results, answers = run_ours(), run_theirs()
        for seed, tiles, (verdict, moves, cpu), answer in zip(
            block, deals, results, answers, strict=True
        ):
            mine.append(cpu)
            theirs.append(float(answer["cpu_ms"]) / 1e3)  # type: ignore[arg-type]
            if verdict != answer["verdict"]:
                disagree.append(seed)
            if verdict == Verdict.UNSOLVABLE.value:
                unsolvable += 1
            elif not legal(tiles, moves):
                illegal_ours.append(seed)
            if answer["verdict"] == "solvable" and not legal(
                tiles, [tuple(p) for p in answer["solution"]]
            ):  # type: ignore[union-attr]
                illegal_theirs.append(seed)
    node.close()
    total = sum(mine) / sum(theirs)
    median = statistics.median(mine) / statistics.median(theirs)
    return [
        f"**Solver, {count:,} random Turtle deals** (seeds {first}..{first + count - 1}, "
        f"`random_deal`; chunks of {chunk}, the two sides in turn; CPU time per deal; the "
        f"reference seeded as bench.js does by default):",
        "",
        f"- {figures('ours', mine)}",
        f"- {figures('reference', theirs)}",
        f"- ratio ours / reference: **total {total:.2f}×** (target ≤ 1.0), **median "
        f"{median:.2f}×** (target ≤ 2), p90 "
        f"{percentile(mine, 0.9) / percentile(theirs, 0.9):.2f}×, p99 "
        f"{percentile(mine, 0.99) / percentile(theirs, 0.99):.2f}×",
        f"- verdicts: {count - len(disagree):,} of {count:,} agree"
        + (f" (differ on seeds {disagree})" if disagree else "")
        + f"; {unsolvable} unsolvable",
        f"- solutions replayed under our rules: ours {verdict_of(illegal_ours)}, "
        f"the reference's {verdict_of(illegal_theirs)}",
    ]


def generation_side_by_side(count: int, chunk: int, difficulty: Difficulty) -> list[str]:
    node = Node("build", "--stream")
    node.ask([str(WARM_UP)], WARM_UP)
    for seed in range(WARM_SEED, WARM_SEED + WARM_UP):
        generate(TURTLE, seed, difficulty)
    mine: list[float] = []
    theirs: list[float] = []
    for n, at in enumerate(range(0, count, chunk)):
        block = range(at, min(count, at + chunk))

        def run_ours(block: range = block) -> list[float]:
            times = []
            for seed in block:
                start = time.process_time()
                generate(TURTLE, seed, difficulty)
                times.append(time.process_time() - start)
            return times

        def run_theirs(block: range = block) -> list[float]:
            return [
                float(a["cpu_ms"]) / 1e3  # type: ignore[arg-type]
                for a in node.ask([str(len(block))], len(block))
            ]

        if n % 2:
            theirs += run_theirs()
            mine += run_ours()
        else:
            mine += run_ours()
            theirs += run_theirs()
    node.close()
    return [
        "",
        f"**Generation, {count:,} Turtle deals** (ours: `generate`, a complete {difficulty.value} "
        f"deal, six candidates rated; the reference: mah's `SolvableBoardBuilder`, one deal; "
        f"chunks of {chunk} in turn, CPU time per deal):",
        "",
        f"- {figures('ours', mine)}",
        f"- {figures('reference', theirs)}",
        f"- ratio ours / reference: **total {sum(mine) / sum(theirs):.2f}×** (target ≤ 1.0), "
        f"median {statistics.median(mine) / statistics.median(theirs):.2f}×",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--builds", type=int, default=300)
    parser.add_argument(
        "--no-write", action="store_true", help="print, do not update BENCHMARKS.md"
    )
    parser.add_argument(
        "--section",
        default="versus-reference",
        help="the BENCHMARKS.md section (another one keeps a second range of seeds)",
    )
    args = parser.parse_args()
    lines: list[str] = []
    if args.deals:
        lines += solver_side_by_side(args.deals, args.first, args.chunk)
    if args.builds:
        lines += generation_side_by_side(args.builds, args.chunk, Difficulty.NORMAL)
    if args.no_write:
        print("\n".join(lines))
    else:
        title = "Side by side with ffalt/mah"
        if args.section != "versus-reference":
            title += f" ({args.section})"
        write_section(args.section, title, lines)


if __name__ == "__main__":
    main()
