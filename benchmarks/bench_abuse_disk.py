"""How much one abusive client can add to the database in a minute, with the default
quotas per client (``web/http/quotas.py``; ``SECURITY.md``, "Quotas per client").

Each pattern of issue #25 runs against a server of its own (``play --host 127.0.0.1``,
the multi-player mode, its own SQLite file): one sequential client sends the same request
as fast as the server answers, for ``--seconds`` (60; ``--quick``: 10), once dropping its
cookie before every request (a new browser each time, as a script that never keeps one)
and once keeping the cookie it got.  The figure is the growth of the database file
(the pages in use times the page size, read after a checkpoint), with the answers counted.

Goal: at most 1 MB added over 60 s by any pattern.

Test plays make games of 1,152 tiles here; that test plays are kept as games at all is
another item of the issue (#25, item 4), so this measures what the quotas alone allow.

    python benchmarks/bench_abuse_disk.py [--seconds 60 | --quick]
"""

from __future__ import annotations

import argparse
import copy
import json
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from _report import write_section
from _serving import start_server
from mahjong_solitaire.store import Store

#: One KMahjongg file of 12 tiles (as tests/test_layouts_api.py uploads).
KMAHJONGG = b"""kmahjongg-layout-v1.1
# Half steps: a row, a shifted pair, two on top
w8
h5
d2
12121212
43434343
........
.1212...
.4343...
........
........
........
.1212...
.4343...
"""

#: A draft of 1,152 tiles (the most a draft may have): two layers of 24 x 24.
BIG_DRAFT = [[2 * x, 2 * y, z] for z in range(2) for y in range(24) for x in range(24)]

#: What the same client did before the quotas (issue #25's figures), for comparison.
BEFORE = (
    "Before the quotas (issue #25): 33 players and 33 games a second through "
    "`POST /api/games`, 43 players a second through `PUT /api/player`, 173 layouts a "
    "second through `POST /api/layouts` (about 2.5 GB an hour), 15 games of 1,152 tiles a "
    "second through `POST /api/test-plays` (244 KiB/s), 31 games a second from history "
    "imports.  The layout here is a 12-tile file and the history file one unplayed game; "
    "the test plays are kept as games (what the quotas alone allow: not keeping them is "
    "item 4 of the issue).  Small rows share pages, so a few of them may add no page."
)

#: The goal: at most this many bytes added over 60 s.
GOAL_BYTES = 1_000_000


def history_file() -> Callable[[int], bytes]:
    """History files of one unplayed game each, a new start time each (so every one is
    new to the player)."""
    store = Store("sqlite://")
    player = store.player(None).id
    store.create_game(player, code="MJ1-L00-AAAAABL")
    document = store.export_history(player)
    store.close()
    start = datetime.fromisoformat(document["games"][0]["started_at"])

    def nth(n: int) -> bytes:
        changed = copy.deepcopy(document)
        changed["games"][0]["started_at"] = (start - timedelta(seconds=n + 1)).isoformat()
        return json.dumps(changed).encode()

    return nth


def patterns() -> dict[str, Callable[[httpx.Client, int], httpx.Response]]:
    """Each abuse of issue #25: the request the client repeats (its ``n``th)."""
    history = history_file()
    return {
        "POST /api/games": lambda c, n: c.post("/api/games", json={"layout": "turtle"}),
        "POST /api/connect/games": lambda c, n: c.post("/api/connect/games", json={}),
        "POST /api/stages/1": lambda c, n: c.post("/api/stages/1"),
        "PUT /api/player": lambda c, n: c.put("/api/player", json={"name": f"p{n}"}),
        "POST /api/layouts": lambda c, n: c.post(
            "/api/layouts", files={"file": (f"l{n}.layout", KMAHJONGG, "text/plain")}
        ),
        "POST /api/test-plays (1,152 tiles)": lambda c, n: c.post(
            "/api/test-plays", json={"positions": BIG_DRAFT, "title": "Big", "difficulty": "easy"}
        ),
        "POST /api/history": lambda c, n: c.post(
            "/api/history", files={"file": ("h.json", history(n), "application/json")}
        ),
    }


def database_bytes(path: Path) -> int:
    """The database's size in use: its pages but the free ones (the migrations leave some),
    with the write-ahead log checkpointed into it."""
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        free = connection.execute("PRAGMA freelist_count").fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
    return int((pages - free) * size)


def row_counts(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as connection:
        return {
            table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("players", "games", "layouts")
        }


def abuse(
    send: Callable[[httpx.Client, int], httpx.Response], seconds: float, keep_cookie: bool
) -> dict[str, Any]:
    """Run one pattern against a fresh server; what it added and what it was answered."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.db"
        process, base = start_server(f"sqlite:///{path}", Path(folder) / "server.log")
        try:
            before, rows_before = database_bytes(path), row_counts(path)
            answers: Counter[int] = Counter()
            headers = {"Origin": base}
            with httpx.Client(base_url=base, headers=headers, timeout=30) as client:
                deadline = time.monotonic() + seconds
                n = 0
                while time.monotonic() < deadline:
                    if not keep_cookie:
                        client.cookies.clear()
                    answers[send(client, n).status_code] += 1
                    n += 1
        finally:
            process.terminate()
            process.wait(30)
        after, rows_after = database_bytes(path), row_counts(path)
    return {
        "added": after - before,
        "rows": {table: rows_after[table] - rows_before[table] for table in rows_after},
        "answers": dict(sorted(answers.items())),
        "requests": sum(answers.values()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--quick", action="store_true", help="10 s per pattern")
    args = parser.parse_args()
    seconds = 10.0 if args.quick else args.seconds
    lines = [
        f"One sequential client, {seconds:.0f} s per pattern, "
        "against `play --host 127.0.0.1` with the default quotas (a fresh SQLite file "
        "each); growth of the pages in use (after a checkpoint).  Goal: at most 1 MB in 60 s.",
        "",
        "| pattern | cookie | requests | answers | rows added (players/games/layouts) "
        "| database growth |",
        "|---|---|---:|---|---|---:|",
    ]
    worst = 0
    for name, send in patterns().items():
        for keep_cookie in (False, True):
            found = abuse(send, seconds, keep_cookie)
            worst = max(worst, found["added"])
            rows = found["rows"]
            answers = ", ".join(f"{status}: {n}" for status, n in found["answers"].items())
            line = (
                f"| {name} | {'kept' if keep_cookie else 'dropped'} | {found['requests']:,} "
                f"| {answers} | {rows['players']}/{rows['games']}/{rows['layouts']} "
                f"| {found['added'] / 1024:,.0f} KiB |"
            )
            print(line, flush=True)
            lines.append(line)
    verdict = "meets" if worst <= GOAL_BYTES else "misses"
    lines += [
        "",
        f"Worst pattern: {worst / 1024:,.0f} KiB in {seconds:.0f} s: {verdict} the goal of "
        "at most 1 MB in 60 s."
        + (
            "  (A minute's budget is spent in the run's first seconds, so a shorter run "
            "shows nearly a whole minute's growth.)"
            if seconds < 60
            else ""
        ),
        "",
        BEFORE,
    ]
    print(lines[-1])
    write_section("abuse-disk", "Abuse: database growth under the quotas per client", lines)


if __name__ == "__main__":
    main()
