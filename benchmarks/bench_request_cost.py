"""What one request costs (issue #25, item 1): for each operation that runs the engine, the
server CPU of its worst fixture (``tests/data/costly/``, ``tests/costly_inputs.py``)
against its budget (``web/games/budgets.py``), and what the same input cost without one.

CPU is ``time.process_time()`` around the in-process call (the TestClient for the HTTP
requests: the server's work and the client's, on one thread).  The goal: no request above
about 0.5 s.

    python benchmarks/bench_request_cost.py [--quick]

``--quick`` skips the unbounded runs of the big inputs (each several seconds) and repeats
each measure once.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from _report import write_section
from mahjong_solitaire.classic.codes import GameCode
from mahjong_solitaire.classic.draft import check_draft
from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.classic.playable import playable_maps
from mahjong_solitaire.connect.generator import generate as connect_generate
from mahjong_solitaire.connect.sizes import GRID_SIZES
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.core.moves import Move
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.layouts.files import read_layout_maps
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.games.budgets import (
    LAYOUT_CHECK,
    LAYOUT_IMPORT,
    SHARED_LAYOUT,
    TEST_PLAY,
    Budget,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from costly_inputs import FOLDER, draft

#: The page's origin, which the cross-site check asks of every write.
ORIGIN = {"Origin": "http://testserver"}


def cpu(fn: Callable[[], object], repeat: int) -> float:
    """The most CPU seconds one of ``repeat`` calls of ``fn`` took."""
    worst = 0.0
    for _ in range(repeat):
        start = time.process_time()
        fn()
        worst = max(worst, time.process_time() - start)
    return worst


def row(
    operation: str, fixture: str, seconds: float, budget: Budget | None, unbounded: str = ""
) -> str:
    bound = f"budget {budget.steps:,} steps, {budget.nodes:,} nodes" if budget else "own limits"
    bound = unbounded or bound
    mark = "" if seconds <= 0.5 else " **over 0.5 s**"
    return f"| {operation} | {fixture} | {seconds:.3f} s{mark} | {bound} |"


def unbounded_check(positions: list[tuple[int, int, int]]) -> None:
    with contextlib.suppress(ValueError):  # ran out of the construction's own limits
        check_draft(positions)


def post(client: TestClient, path: str, **kwargs: object) -> Callable[[], object]:
    """One request, ready to time (the page's origin, as every write needs), sent once
    first: a route's first request sets up what every later one reuses."""
    send = lambda: client.post(path, headers=ORIGIN, **kwargs)  # type: ignore[arg-type]  # noqa: E731
    send()
    return send


def careless(game: Game, moves: int, seed: int = 1) -> None:
    """Play ``moves`` random legal pairs on ``game`` (a position the deal's order does not
    lead to, where the aids must search)."""
    pick = random.Random(seed)
    for _ in range(moves):
        board = game.board
        free = [i for i in range(len(board.tiles)) if board.tiles[i] and board.is_free(i)]
        pairs = [
            (a, b) for n, a in enumerate(free) for b in free[n + 1 :] if board.is_legal(Move(a, b))
        ]
        if not pairs:
            return
        a, b = pick.choice(pairs)
        game.tap(a)
        game.tap(b)


def http_rows(client: TestClient, repeat: int) -> list[str]:
    tower = draft("tower-draft.json")
    flat = draft("big-flat-draft.json")
    rows = []
    for name, positions in (("tower", tower), ("big flat (1,152)", flat)):
        check = post(client, "/api/layout-checks", json={"positions": positions})
        rows.append(row("`POST /api/layout-checks`", name, cpu(check, repeat), LAYOUT_CHECK))
        play = post(client, "/api/test-plays", json={"positions": positions, "title": "Draft"})
        rows.append(row("`POST /api/test-plays`", name, cpu(play, repeat), TEST_PLAY))
    for name in ("tower-maps.map", "big-tower-maps.map", "hundred-tower-maps.map"):
        data = (FOLDER / name).read_bytes()
        send = post(client, "/api/layouts", files={"file": (name, data, "text/xml")})
        fixture = f"{name} ({len(data) // 1024} KiB)"
        rows.append(row("`POST /api/layouts`", fixture, cpu(send, repeat), LAYOUT_IMPORT))
    layout = Layout.from_positions(tower, name="tower", title="Tower")
    shared = {
        "code": str(GameCode.of(layout, 5, Difficulty.NORMAL)),
        "shared_layout": {"title": "Tower", "positions": tower},
    }
    seconds = cpu(post(client, "/api/games", json=shared), repeat)
    rows.append(row("`POST /api/games` + `shared_layout`", "tower", seconds, SHARED_LAYOUT))
    for name in ("ridges", "citadel"):
        seconds = cpu(post(client, "/api/games", json={"layout": name}), repeat)
        fixture = f"{name} ({len(builtin_layout(name))})"
        rows.append(row("`POST /api/games`", fixture, seconds, None))
    return rows


def engine_rows(repeat: int, quick: bool) -> list[str]:
    rows = []
    for name in ("tower-draft.json", "tower-row-draft.json", "big-tower-draft.json"):
        positions = draft(name)
        check = lambda: check_draft(positions, budget=LAYOUT_CHECK.search())  # noqa: B023, E731
        rows.append(row("layout check (engine)", name, cpu(check, repeat), LAYOUT_CHECK))
    data = (FOLDER / "big-tower-maps.map").read_bytes()
    seconds = cpu(lambda: playable_maps(read_layout_maps(data), LAYOUT_IMPORT.upload()), repeat)
    rows.append(row("layout import (engine)", "big-tower-maps.map", seconds, LAYOUT_IMPORT))
    largest = GRID_SIZES[-1]
    seconds = cpu(lambda: connect_generate(largest, "none", 1), repeat)
    rows.append(row("Connect deal", f"{largest.width}×{largest.height}", seconds, None))
    for name in ("ridges", "citadel"):
        layout = builtin_layout(name)
        seconds = cpu(lambda: generate(layout, 1), repeat)  # noqa: B023 (called at once)
        rows.append(row("classic deal", name, seconds, None))
    return rows


def unbounded_rows(quick: bool) -> list[str]:
    """What the inputs cost before the budgets (issue #25's figures)."""
    rows = []
    names = ["tower-draft.json"] if quick else ["tower-draft.json", "big-tower-draft.json"]
    for name in names:
        positions = draft(name)
        seconds = cpu(lambda: unbounded_check(positions), 1)  # noqa: B023 (called at once)
        rows.append(row("layout check, no budget", name, seconds, None, "nothing (before)"))
    if not quick:
        data = (FOLDER / "tower-maps.map").read_bytes()
        seconds = cpu(lambda: playable_maps(read_layout_maps(data)), 1)
        fixture = "tower-maps.map (40 maps)"
        rows.append(row("layout import, no budget", fixture, seconds, None, "nothing (before)"))
    return rows


def aid_rows(repeat: int) -> list[str]:
    """The aids on the largest boards, within the solver's own limits."""
    rows = []
    boards = [("ridges (288)", builtin_layout("ridges"))]
    boards.append(("big flat (1,152)", Layout.from_positions(draft("big-flat-draft.json"))))
    for name, layout in boards:
        game = Game(generate(layout, 3), clock=lambda: 0.0)
        careless(game, len(layout) // 6)
        aids: dict[str, Callable[[Game], object]] = {
            "hint": Game.hint,
            "winnability": lambda game: game.winnability(keep_plan=False),
            "solution": Game.solution,
            "undo-to-winnable's search": Game.steps_to_winnable,
            "shuffle": Game.shuffle,
            "shuffle-longer": lambda game: game.shuffle(patient=True),
        }
        for aid, act in aids.items():
            worst = 0.0
            for _ in range(repeat):
                fresh = copy.deepcopy(game)  # each aid on the same position, untimed
                start = time.process_time()
                act(fresh)
                worst = max(worst, time.process_time() - start)
            rows.append(row(aid, name, worst, None))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    quick = parser.parse_args().quick
    repeat = 1 if quick else 3
    lines = [
        "Server CPU (`time.process_time`) of the worst fixture of each operation "
        "(`tests/data/costly/`), in process; goal: no request above about 0.5 s.",
        "",
        "| operation | worst fixture | CPU | bounded by |",
        "|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'games.db'}")
        client = TestClient(create_app(store))
        lines += http_rows(client, repeat)
        store.close()
    lines += engine_rows(repeat, quick)
    lines += aid_rows(repeat)
    lines += unbounded_rows(quick)
    write_section("request-cost", "Request cost (benchmarks/bench_request_cost.py)", lines)


if __name__ == "__main__":
    main()
