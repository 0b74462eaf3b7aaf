"""Boards of several tile sets (issue 16, item 1): generation and solving beyond 144 tiles.

The layouts are built here (our own): Turtles side by side, four to a row (288, 576 and
1,152 positions: two, four and eight tile sets), and a 228-position board (the largest
size of the real big KMahjongg layouts: one Turtle and the first 84 positions of another,
a full set plus 21 bundles).  For each: the CPU time of generating deals at each
difficulty; of solving them (the solver's play-outs over whole faces and grouped search);
of solving random deals (not built to be solvable: solvable or unknown, never unsolvable on
such boards); of a shuffle in mid-game and of solving after it; of reading the layout back
from a KMahjongg and a GNOME file.

    python benchmarks/bench_big_boards.py
"""

from __future__ import annotations

import statistics
import time

from _report import write_section
from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.layouts import builtin_layout, export_layout, read_layout_file
from mahjong_solitaire.solver import Verdict, solve
from mahjong_solitaire.solver.random_deals import random_board

SEEDS = range(20)
RANDOM_SEEDS = range(20)


def turtles(count: int, keep: int | None = None) -> Layout:
    positions = [
        (x + 32 * (n % 4), y + 18 * (n // 4), z)
        for n in range(count)
        for x, y, z in builtin_layout("turtle").positions
    ]
    if keep is not None:
        positions = sorted(positions, key=lambda p: (p[0] >= 32, p[2], p[1], p[0]))[:keep]
    return Layout.from_positions(positions, name=f"turtles-{keep or 144 * count}")


def timed(work) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    start = time.process_time()
    result = work()
    return time.process_time() - start, result


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1e3:.1f} ms, max {max(values) * 1e3:.1f} ms"


def measure(layout: Layout) -> list[str]:
    full, rest = divmod(len(layout), 144)
    sets = f"{full} full set{'s' if full != 1 else ''}" + (f" and {rest} more" if rest else "")
    lines = [f"**{len(layout)} positions** ({sets}):"]
    for difficulty in Difficulty:
        made, solved, verdicts = [], [], {}
        for seed in SEEDS:
            spent, deal = timed(lambda seed=seed, level=difficulty: generate(layout, seed, level))
            made.append(spent)
            spent, result = timed(lambda deal=deal: solve(deal.board()))
            solved.append(spent)
            verdicts[result.verdict.value] = verdicts.get(result.verdict.value, 0) + 1
        lines.append(
            f"- {difficulty.value}: generation {ms(made)}; solving its deals {ms(solved)} "
            f"({', '.join(f'{n} {v}' for v, n in sorted(verdicts.items()))})"
        )
    randoms, verdicts = [], {}
    for seed in RANDOM_SEEDS:
        spent, result = timed(lambda seed=seed: solve(random_board(layout, seed)))
        randoms.append(spent)
        verdicts[result.verdict.value] = verdicts.get(result.verdict.value, 0) + 1
    lines.append(
        f"- random deals: solving {ms(randoms)} "
        f"({', '.join(f'{n} {v}' for v, n in sorted(verdicts.items()))})"
    )
    shuffles, after, won = [], [], 0
    for seed in SEEDS:
        deal = generate(layout, seed, Difficulty.HARD)
        game = Game(deal)
        for move in deal.solution[: len(deal.solution) // 3]:
            game.play(move)
        spent, _ = timed(game.shuffle)
        shuffles.append(spent)
        spent, result = timed(lambda game=game: solve(game.board))
        after.append(spent)
        won += result.verdict is Verdict.SOLVABLE
    lines.append(
        f"- a shuffle a third of the way in: {ms(shuffles)}; solving after it {ms(after)} "
        f"({won} of {len(SEEDS)} solvable)"
    )
    for fmt in ("kmahjongg", "gnome"):
        text = export_layout(layout, fmt).encode()
        spent, _ = timed(lambda text=text, fmt=fmt: read_layout_file(text, f"big.{fmt}"))
        lines.append(f"- reading it as a {fmt} file ({len(text):,} bytes): {spent * 1e3:.1f} ms")
    return lines


def main() -> None:
    lines = [
        f"CPU time per deal ({len(SEEDS)} seeds per difficulty, {len(RANDOM_SEEDS)} random "
        "deals); the solver runs without limits (on these boards it answers solvable or "
        "unknown: rules §5.1).",
        "",
    ]
    for layout in (turtles(2, keep=228), turtles(2), turtles(4), turtles(8)):
        lines += measure(layout)
        lines.append("")
    write_section(
        "big-boards", "Boards of several tile sets (benchmarks/bench_big_boards.py)", lines
    )


if __name__ == "__main__":
    main()
