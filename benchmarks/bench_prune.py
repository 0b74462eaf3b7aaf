"""How long ``Store.prune`` takes on a database of many players who left (issue #25, item 4).

Fills a fresh SQLite file (or ``--database URL``) with ``--players`` players who left 200 days
ago without a win (two games each: one abandoned, one left open), as many who won once, and a
tenth as many who played yesterday, then times the dry run and the prune (each one
transaction of set-based statements; the prune in batches, as the command and the server run
it), and a second prune that finds nothing::

    PYTHONPATH=src python3 benchmarks/bench_prune.py            # 20,000 players who left
    PYTHONPATH=src python3 benchmarks/bench_prune.py --quick    # 2,000

Writes its section of BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import secrets
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert

from _report import write_section
from mahjong_solitaire.store import PruneReport, Store
from mahjong_solitaire.store.pruning import BATCH, prune_all
from mahjong_solitaire.store.schema import games, players

CODE = "MJ1-L00-AAAAABL"
NOW = datetime.now(UTC)


def _game(player: str, status: str, at: datetime) -> dict[str, object]:
    return dict(
        id=secrets.token_urlsafe(16),
        player_id=player,
        mode="classic",
        code=CODE,
        layout_name="turtle",
        layout_positions=None,
        seed=12,
        difficulty="normal",
        started_at=at,
        finished_at=None if status != "won" and status != "abandoned" else at,
        actions=["1,2"] * 10,
        elapsed=300.0,
        running_since=None,
        status=status,
        hints=0,
        undos=0,
        shuffles=0,
        version=3,
        saved_at=at,
    )


def fill(store: Store, left: int) -> None:
    """``left`` leavers, ``left`` winners and ``left // 10`` recent players."""
    long_ago, yesterday = NOW - timedelta(days=200), NOW - timedelta(days=1)
    groups = (("left", left, long_ago), ("won", left, long_ago), ("recent", left // 10, yesterday))
    with store.engine.begin() as connection:
        for kind, count, at in groups:
            ids = [secrets.token_urlsafe(16) for _ in range(count)]
            connection.execute(insert(players), [{"id": i, "created_at": at} for i in ids])
            rows = []
            for player in ids:
                rows.append(_game(player, "won" if kind == "won" else "abandoned", at))
                rows.append(_game(player, "paused", at))
            connection.execute(insert(games), rows)


def timed(work: object) -> tuple[object, float]:
    start = time.perf_counter()
    result = work()  # type: ignore[operator]
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--quick", action="store_true", help="2,000 players who left")
    parser.add_argument("--database", help="default: a fresh SQLite file")
    args = parser.parse_args()
    left = 2_000 if args.quick else args.players
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'games.db'}"
        with Store(url) as store:
            fill(store, left)
            age = timedelta(days=90)
            dry, dry_s = timed(lambda: store.prune(age, dry_run=True))
            batches: list[float] = []

            def batch(*args: object, **options: object) -> PruneReport:
                start = time.perf_counter()
                try:
                    return store.prune(*args, **options)  # type: ignore[arg-type]
                finally:
                    batches.append(time.perf_counter() - start)

            report, prune_s = timed(lambda: prune_all(batch, age, now=datetime.now(UTC)))
            again, again_s = timed(lambda: prune_all(store.prune, age, now=datetime.now(UTC)))
    lines = [
        f"{left:,} players who left 200 days ago without a win (2 games each), {left:,} who "
        f"won once, {left // 10:,} active yesterday; `{url.split(':')[0]}`.",
        "",
        "| step | result | seconds |",
        "|---|---|---|",
        f"| dry run | {dry} | {dry_s:.3f} |",
        f"| prune (`prune_all`, {len(batches)} transactions of at most {BATCH} players; "
        f"the longest {max(batches):.3f} s) | {report} | {prune_s:.3f} |",
        f"| prune again | {again} | {again_s:.3f} |",
    ]
    write_section("prune", "Pruning (benchmarks/bench_prune.py)", lines)


if __name__ == "__main__":
    main()
