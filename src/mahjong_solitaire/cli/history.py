"""``mahjong-solitaire stats | leaderboard | export FILE | import FILE``: the local
player's history.

All four open the store (``--database URL``, else ``$DATABASE_URL``, else the SQLite file
in the user's data directory) and act for the install's local player::

    mahjong-solitaire stats --json
    mahjong-solitaire leaderboard
    mahjong-solitaire export history.json
    mahjong-solitaire import history.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from ..store import LeaderboardEntry, Statistics, Store
from .common import CliError

__all__ = ["format_leaderboard", "format_statistics", "format_time", "register"]


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    def add(name: str, help_text: str, handler: object) -> argparse.ArgumentParser:
        parser = subparsers.add_parser(name, help=help_text, description=help_text)
        parser.add_argument("--database", metavar="URL",
                            help="database URL (default: $DATABASE_URL, else the SQLite file "
                                 "in the user's data directory)")
        parser.set_defaults(handler=handler)
        return parser

    add("stats", "show your statistics", run_stats).add_argument(
        "--json", action="store_true", help="print them as one JSON object")
    add("leaderboard", "show your 10 best winning times", run_leaderboard).add_argument(
        "--json", action="store_true", help="print them as a JSON list")
    add("export", "write your history of games to a JSON file", run_export).add_argument(
        "file", metavar="FILE", help="where to write it ('-' for standard output)")
    add("import", "add the games of a history JSON file to yours", run_import).add_argument(
        "file", metavar="FILE", help="the file to read ('-' for standard input)")


def format_time(seconds: float | None) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour on).

    >>> format_time(72.4), format_time(3725.0), format_time(None)
    ('1:12', '1:02:05', '-')
    """
    if seconds is None:
        return "-"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_statistics(stats: Statistics) -> str:
    rate = stats.win_rate
    lines = [
        f"Games started     {stats.started}",
        f"Games won         {stats.won}"
        + ("" if rate is None else f" ({100 * rate:.1f} %)"),
        f"Best time         {format_time(stats.best_time)}",
        f"Average time      {format_time(stats.average_time)}",
        f"Aids used         {stats.hints} hints, {stats.undos} undos, "
        f"{stats.shuffles} shuffles",
        f"Streak            current {stats.current_streak}, best {stats.best_streak}",
        f"Daily challenges  played {stats.daily_played}, won {stats.daily_won}",
    ]
    if stats.groups:
        lines.append("")
        lines.append(f"{'layout':<16} {'difficulty':<10} {'started':>7} {'won':>5} "
                     f"{'best':>8} {'average':>8}")
        for group in stats.groups:
            lines.append(f"{group.layout_name:<16} {group.difficulty:<10} {group.started:>7} "
                         f"{group.won:>5} {format_time(group.best_time):>8} "
                         f"{format_time(group.average_time):>8}")
    return "\n".join(lines)


def format_leaderboard(entries: list[LeaderboardEntry]) -> str:
    if not entries:
        return "No games won yet."
    lines = [f"{'#':>2}  {'time':>8}  {'layout':<16} {'difficulty':<10} {'date':<10}  aids"]
    for entry in entries:
        aids = f"{entry.hints} hints, {entry.undos} undos"
        if entry.shuffled:
            aids += f", {entry.shuffles} shuffles (shuffled)"
        lines.append(f"{entry.rank:>2}  {format_time(entry.time):>8}  {entry.layout_name:<16} "
                     f"{entry.difficulty:<10} {entry.finished_at.date().isoformat():<10}  {aids}")
    return "\n".join(lines)


def _print_json(value: object) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")


def run_stats(args: argparse.Namespace) -> int:
    with Store(args.database) as store:
        stats = store.statistics(store.local_player().id)
    if args.json:
        _print_json(stats.to_json())
    else:
        print(format_statistics(stats))
    return 0


def run_leaderboard(args: argparse.Namespace) -> int:
    with Store(args.database) as store:
        entries = store.leaderboard(store.local_player().id)
    if args.json:
        _print_json([entry.to_json() for entry in entries])
    else:
        print(format_leaderboard(entries))
    return 0


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader never sees half a file."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def run_export(args: argparse.Namespace) -> int:
    with Store(args.database) as store:
        document = store.export_history(store.local_player().id)
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if args.file == "-":
        sys.stdout.write(text)
    else:
        path = Path(args.file)
        if not path.parent.is_dir():
            raise CliError(f"{path.parent} is not a directory")
        _write_atomically(path, text)
        print(f"exported {len(document['games'])} games to {path}", file=sys.stderr)
    return 0


def run_import(args: argparse.Namespace) -> int:
    try:
        raw = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except UnicodeDecodeError:
        raise CliError(f"{args.file}: not a text file") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise CliError(f"{args.file}: not JSON ({error})") from None
    with Store(args.database) as store:
        player = store.local_player()
        try:
            added = store.import_history(player.id, data)
        except ValueError as error:
            raise CliError(f"{args.file}: {error}; nothing was imported") from None
    total = len(data["games"])
    print(f"imported {added} games from {args.file}"
          + (f" ({total - added} already present)" if total > added else ""))
    return 0
