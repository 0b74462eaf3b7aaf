"""A game's review (issue 28): the server's CPU for the review of a full 144-tile game
(target ≤ 1 s) and how rare the ``unknown`` verdict is (a position the solver's budget left
unproven).

Each game is played as a player might: the deal's winning line for a random number of
pairs, then careless play (a random free pair, now and then an undo or a hint) until the
board is won or stuck.  Its review is :func:`~mahjong_solitaire.core.review.reviewed`, the
function the web's engine job runs (the game rebuilt from its deal, a verdict after every
action), timed in process CPU:

* **classic**: the built-in layouts of 144 tiles, at the three difficulties;
* **Connect**: the full 18×8 grid (144 tiles) under every slide rule.

    python benchmarks/bench_review.py [--games N]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter
from collections.abc import Iterator

from _report import percentile, write_section
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.connect import Slide
from mahjong_solitaire.connect import generate as connect_generate
from mahjong_solitaire.connect.stages import FULL
from mahjong_solitaire.core.game import GameStatus, PlayableDeal, TileGame
from mahjong_solitaire.core.review import REVIEW_LIMIT, REVIEW_NODES, REVIEW_PASSES, reviewed
from mahjong_solitaire.layouts import builtin_layouts
from mahjong_solitaire.modes import mode_named

TARGET = 1.0  # seconds of CPU for a full game's review


def played(game_class: type[TileGame], deal: PlayableDeal, chance: random.Random) -> list[str]:
    """An action log: the winning line for a while, then careless play with some aids."""
    game = game_class(deal)
    for move in deal.solution[: chance.randrange(0, len(deal.solution) // 2)]:
        game.apply(f"{move.a},{move.b}")
    while game.status is GameStatus.PLAYING:
        roll = chance.random()
        if roll < 0.05 and game.moves:
            game.apply("undo")
        elif roll < 0.08:
            game.apply("hint")
        else:
            move = chance.choice(sorted(game.board.matching_pairs()))
            game.apply(f"{move.a},{move.b}")
    return list(game.actions)


def classic_deals(games: int) -> Iterator[PlayableDeal]:
    layouts = [layout for layout in builtin_layouts() if len(layout.positions) == 144]
    for n in range(games):
        layout = layouts[n % len(layouts)]
        yield generate(layout, 500 + n, ("easy", "normal", "hard")[n % 3])


def connect_deals(games: int) -> Iterator[PlayableDeal]:
    rules = list(Slide)
    for n in range(games):
        yield connect_generate(FULL, rules[n % len(rules)], seed=700 + n)


def run(
    game_class: type[TileGame], deals: Iterator[PlayableDeal], chance: random.Random
) -> tuple[list[float], Counter[str], int, int]:
    """CPU per review, the verdicts counted, the games with an unknown, the games lost."""
    times: list[float] = []
    verdicts: Counter[str] = Counter()
    with_unknown = lost = 0
    for deal in deals:
        actions = played(game_class, deal, chance)
        start = time.process_time()
        review = reviewed(game_class, deal, actions)
        times.append(time.process_time() - start)
        counted = Counter(str(v) for v in review["verdicts"])  # type: ignore[attr-defined]
        verdicts.update(counted)
        with_unknown += counted["unknown"] > 0
        lost += review["first_losing_move"] is not None
    return times, verdicts, with_unknown, lost


def line(name: str, found: tuple[list[float], Counter[str], int, int]) -> list[str]:
    times, verdicts, with_unknown, lost = found
    positions = sum(verdicts.values())
    unknown = verdicts["unknown"]
    return [
        f"- {name}: {len(times)} games ({lost} lost along the way), review CPU median "
        f"{percentile(times, 0.5) * 1e3:.0f} ms, p99 {percentile(times, 0.99) * 1e3:.0f} ms, "
        f"max {max(times) * 1e3:.0f} ms (target ≤ {TARGET * 1e3:.0f} ms: "
        f"{'met' if max(times) <= TARGET else 'missed'})",
        f"  - verdicts of {positions} positions: {verdicts['winnable']} winnable, "
        f"{verdicts['lost']} lost, {unknown} unknown ({unknown / max(positions, 1):.2%}); "
        f"{with_unknown} of {len(times)} games have an unknown",
    ]


def _load() -> str:
    return ", ".join(f"{load:.2f}" for load in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games of each mode")
    args = parser.parse_args()
    load_before = _load()
    chance = random.Random(28)
    classic = run(mode_named("classic").game, classic_deals(args.games), chance)
    connect = run(mode_named("connect").game, connect_deals(args.games), chance)
    load_after = _load()
    write_section(
        "review",
        "Review (benchmarks/bench_review.py, issue 28)",
        [
            "Process CPU of `core.review.reviewed` (what the engine job of "
            "`GET /api/games/{id}/review` runs) on full 144-tile games: the winning line for "
            "a while, then careless play with some undos and hints until won or stuck.",
            "",
            *line("Classic, the 144-tile built-in layouts, easy/normal/hard", classic),
            *line("Connect 18×8, every slide rule", connect),
            "",
            "Each position costs one search at most (a position seen again keeps its verdict, "
            "a pair taken from a lost position is lost, a pair taken from a winnable position "
            "is first tried against its plan mended for it, rules §5.14); the stretches of "
            "positions no plan covers are searched by bisection (about log2 n searches for "
            "n positions).  Connect's searches share one budget per review "
            f"(`REVIEW_LIMIT` = {REVIEW_LIMIT} positions, passes of {REVIEW_PASSES} positions "
            "a search) and the positions proven lost; classic's share "
            f"`REVIEW_NODES` = {REVIEW_NODES} branch points of its solver.  The worst case "
            "of either is thus bounded, and a position the budget could not afford is "
            "`unknown`.",
            "",
            f"Load average (1, 5, 15 min) before: {load_before}, after: {load_after} "
            "(2 cores shared with other work: compare runs of the same load only).",
        ],
    )


if __name__ == "__main__":
    main()
