"""The aids' speed (rules §5.9–§5.10): how long the solution takes to find from a position
the player left the plan at, and what the Finish check adds to every state answered.

* **Solution, classic**: hard deals of the 21 built-in layouts, played at random for 5 to
  40 pairs (off any known plan), then ``Game.solution()`` with a fresh hinter: the search
  of up to ``SOLVE_NODES`` branch points a demo's first step may need.  A demo's later
  steps follow the kept plan and search nothing.
* **Solution, Connect**: 18×8 deals of every rule played at random for 3 to 20 pairs.
* **Finish check**: ``finishing_moves`` on every position along the solutions of normal
  deals of the 21 layouts (it runs with every classic state).

    python benchmarks/bench_aids.py
"""

from __future__ import annotations

import random
import statistics
import time

from _report import percentile, summary_ms, write_section
from mahjong_solitaire.classic.game import SOLVE_NODES, Game, finishing_moves
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.connect import ConnectGame, Slide
from mahjong_solitaire.connect import generate as connect_generate
from mahjong_solitaire.connect.game import SOLVE_LIMIT
from mahjong_solitaire.connect.stages import FULL
from mahjong_solitaire.layouts import builtin_layouts


def classic_solutions(chance: random.Random) -> tuple[list[float], dict[str, int]]:
    times, verdicts = [], {"winnable": 0, "lost": 0, "unknown": 0}
    for layout in builtin_layouts():
        for seed in range(5):
            game = Game(generate(layout, 1000 + seed, "hard"))
            for _ in range(chance.randrange(5, 41)):
                pairs = game.board.matching_pairs()
                if not pairs:
                    break
                game.play(chance.choice(pairs))
            game = Game.replay(game.deal, game.actions)  # rebuilt: no plan kept (worst case)
            start = time.perf_counter()
            found = game.solution()
            times.append(time.perf_counter() - start)
            key = "winnable" if found.moves is not None else "lost" if found.lost else "unknown"
            verdicts[key] += 1
    return times, verdicts


def connect_solutions(chance: random.Random) -> tuple[list[float], dict[str, int]]:
    times, verdicts = [], {"winnable": 0, "lost": 0, "unknown": 0}
    for n, rule in enumerate(Slide):
        for seed in range(3):
            game = ConnectGame(connect_generate(FULL, rule, seed=200 + 10 * n + seed))
            for _ in range(chance.randrange(3, 21)):
                pairs = game.board.matching_pairs()
                if not pairs:
                    break
                game.play(chance.choice(pairs))
            start = time.perf_counter()
            found = game.solution()
            times.append(time.perf_counter() - start)
            key = "winnable" if found.moves is not None else "lost" if found.lost else "unknown"
            verdicts[key] += 1
    return times, verdicts


def finish_checks() -> tuple[list[float], int]:
    times, finishable = [], 0
    for layout in builtin_layouts():
        deal = generate(layout, 7, "normal")
        board = deal.board()
        for move in deal.solution:
            start = time.perf_counter()
            found = finishing_moves(board)
            times.append(time.perf_counter() - start)
            finishable += found is not None
            board.push(move)
    return times, finishable


def main() -> None:
    chance = random.Random(17)
    classic, classic_verdicts = classic_solutions(chance)
    connect, connect_verdicts = connect_solutions(chance)
    finish, finishable = finish_checks()
    write_section(
        "aids",
        "The aids: solution and Finish (benchmarks/bench_aids.py)",
        [
            f"- Solution, classic, first step off the plan (≤ {SOLVE_NODES} nodes): "
            f"{summary_ms(classic)}, max {max(classic) * 1e3:.0f} ms; {classic_verdicts}",
            f"- Solution, Connect 18×8 (≤ {SOLVE_LIMIT} positions): {summary_ms(connect)}, "
            f"max {max(connect) * 1e3:.0f} ms; {connect_verdicts}",
            f"- Finish check per position along 21 solutions: {summary_ms(finish)} "
            f"(p90 {percentile(finish, 0.9) * 1e3:.3f} ms, mean "
            f"{statistics.mean(finish) * 1e3:.3f} ms); {finishable} of {len(finish)} "
            "positions finishable",
        ],
    )


if __name__ == "__main__":
    main()
