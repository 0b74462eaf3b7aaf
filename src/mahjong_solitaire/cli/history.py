"""``mahjong-solitaire stats | leaderboard | export FILE | import FILE``: the local
player's history.

All four open the store (``--database URL``, else ``$DATABASE_URL``, else the SQLite file
in the user's data directory) and act for the install's local player.  The three that only
read (``stats``, ``leaderboard``, ``export``) refuse a SQLite file that does not exist rather
than create an empty one::

    mahjong-solitaire stats --json
    mahjong-solitaire leaderboard
    mahjong-solitaire leaderboard --challenge scored
    mahjong-solitaire export history.json
    mahjong-solitaire import history.json

``export`` writes version 3 of the history file (:mod:`mahjong_solitaire.store.history`),
with the aids' own action kinds and each game's challenge; ``import`` reads versions 1 to 3.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Collection
from datetime import UTC, datetime
from pathlib import Path

from ..challenges import CHALLENGES
from ..core.difficulty import Difficulty
from ..i18n import (
    N_,
    count_label,
    difficulty_name,
    format_date,
    format_number,
    format_percent,
    format_time_span,
    ranking_title,
    translator,
)
from ..store import LeaderboardEntry, Statistics, Store
from ..store.daily import DailyHistory
from ..store.limits import clamp_elapsed
from ..store.rankings import ranks_by
from .common import CliError, add_database_option, existing_database, language, read_text

__all__ = ["format_leaderboard", "format_statistics", "format_time", "layout_label", "register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    def add(name: str, help_text: str, handler: object) -> argparse.ArgumentParser:
        parser = subparsers.add_parser(name, help=help_text, description=help_text)
        add_database_option(parser)
        parser.set_defaults(handler=handler)
        return parser

    stats = add("stats", N_("show your statistics"), run_stats)
    stats.add_argument("--json", action="store_true", help=N_("print them as one JSON object"))
    _add_challenge_option(stats)
    board = add("leaderboard", N_("show your 10 best winning times"), run_leaderboard)
    board.add_argument("--json", action="store_true", help=N_("print them as a JSON list"))
    _add_challenge_option(board)
    board.add_argument(
        "--layout", metavar="NAME", help=N_("only the wins on this layout (e.g. turtle)")
    )
    board.add_argument(
        "--difficulty",
        choices=[difficulty.value for difficulty in Difficulty],
        help=N_("only the wins at this difficulty"),
    )
    board.add_argument(
        "--all",
        action="store_true",
        dest="show_all",
        help=N_("also list assisted wins (a hint, a shown solution or the way back was used)"),
    )
    add("export", N_("write your history of games to a JSON file"), run_export).add_argument(
        "file", metavar="FILE", help=N_("where to write it ('-' for standard output)")
    )
    add("import", N_("add the games of a history JSON file to yours"), run_import).add_argument(
        "file", metavar="FILE", help=N_("the file to read ('-' for standard input)")
    )


def _add_challenge_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--challenge",
        metavar="NAME",
        choices=[challenge.name for challenge in CHALLENGES],
        help=N_(
            "only the games of this challenge's rule set (see mahjong-solitaire challenges; "
            "default: plain play)"
        ),
    )


def format_time(seconds: float | None) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour on), ``-`` for no time; a stored time outside
    ``0..MAX_ELAPSED_SECONDS`` (a week) shows as its nearest bound, never as an error.

    >>> format_time(72.4), format_time(3725.0), format_time(None), format_time(1e308)
    ('1:12', '1:02:05', '-', '168:00:00')
    """
    return "-" if seconds is None else format_time_span(clamp_elapsed(seconds))


def layout_label(name: str, lang: str) -> str:
    """What a stored layout name reads as (:func:`~mahjong_solitaire.i18n.ranking_title`).

    >>> layout_label("turtle", "it"), layout_label("my-castle", "pt")
    ('Tartaruga', 'my-castle')
    """
    return ranking_title(name, lang)


def _difficulty(value: str, lang: str) -> str:
    try:
        return difficulty_name(value, lang).lower()
    except ValueError:
        return value


def _table(rows: list[list[str]], right: Collection[int]) -> list[str]:
    """Rows of cells as aligned columns (the ``right`` ones aligned right)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def format_statistics(
    stats: Statistics, lang: str = "en", daily: DailyHistory | None = None
) -> str:
    """The statistics as labelled lines (with the daily streak of ``daily``), then a table
    by layout and difficulty, in ``lang``."""
    _ = translator(lang)
    rate = stats.win_rate
    won = format_number(stats.won, lang)
    summary = [
        [_("Games started"), format_number(stats.started, lang)],
        [_("Games won"), won if rate is None else f"{won} ({format_percent(rate, lang, 1)})"],
        *([[_("Best score"), _score(stats.best_score, lang)]] if stats.challenge else []),
        [_("Best time"), format_time(stats.best_time)],
        [_("Median time"), format_time(stats.median_time)],
        [_("Average time"), format_time(stats.average_time)],
        [_("Assisted wins"), format_number(stats.assisted_won, lang)],
        [
            _("Aids used"),
            ", ".join(
                count_label(what, count, lang)
                for what, count in (
                    ("hints", stats.hints),
                    ("undos", stats.undos),
                    ("shuffles", stats.shuffles),
                )
            ),
        ],
        [
            _("Streak"),
            _(
                "current {current}, best {best}",
                current=stats.current_streak,
                best=stats.best_streak,
            ),
        ],
        [
            _("Daily challenges"),
            _("played {played}, won {won}", played=stats.daily_played, won=stats.daily_won),
        ],
        [_("Solution shown"), format_number(stats.solved, lang)],
    ]
    if daily is not None:
        summary.append(
            [
                _("Daily streak"),
                _(
                    "current {current}, best {best}",
                    current=daily.current_streak,
                    best=daily.best_streak,
                ),
            ]
        )
    lines = _table(summary, right=())
    if stats.groups:
        rows = [[_("layout"), _("difficulty"), _("started"), _("won"), _("best"), _("average")]]
        rows += [
            [
                layout_label(group.layout_name, lang),
                _difficulty(group.difficulty, lang),
                format_number(group.started, lang),
                format_number(group.won, lang),
                format_time(group.best_time),
                format_time(group.average_time),
            ]
            for group in stats.groups
        ]
        lines += ["", *_table(rows, right=(2, 3, 4, 5))]
    return "\n".join(lines)


def _score(score: int | None, lang: str) -> str:
    return "-" if score is None else format_number(score, lang)


def format_leaderboard(
    entries: list[LeaderboardEntry], lang: str = "en", *, scored: bool = False
) -> str:
    """The best winning times as a table, in ``lang`` (``scored``: a board that ranks by
    score, whose scores come first); a sentence when there are none."""
    _ = translator(lang)
    if not entries:
        return _("No games won yet.")
    rows = [["#", _("time"), _("layout"), _("difficulty"), _("date"), _("aids")]]
    if scored:
        rows[0].insert(1, _("score"))
    for entry in entries:
        aids = ", ".join(
            (count_label("hints", entry.hints, lang), count_label("undos", entry.undos, lang))
        )
        if entry.shuffled:
            aids = _(
                "{aids}, {shuffles} (shuffled)",
                aids=aids,
                shuffles=count_label("shuffles", entry.shuffles, lang),
            )
        if entry.assisted:
            aids = _("{aids}, assisted", aids=aids)
        rows.append(
            [
                str(entry.rank),
                format_time(entry.time),
                layout_label(entry.layout_name, lang),
                _difficulty(entry.difficulty, lang),
                format_date(entry.finished_at.date(), lang),
                aids,
            ]
        )
        if scored:
            rows[-1].insert(1, _score(entry.score, lang))
    return "\n".join(_table(rows, right=(0, 1, 2) if scored else (0, 1)))


def _print_json(value: object) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")


def run_stats(args: argparse.Namespace) -> int:
    with Store(existing_database(args.database)) as store:
        player = store.local_player().id
        stats = store.statistics(player, challenge=args.challenge)
        daily = store.daily_history(player, datetime.now(UTC).date())
    if args.json:
        streak = {"current": daily.current_streak, "best": daily.best_streak}
        _print_json({**stats.to_json(), "daily_streak": streak})
    else:
        print(format_statistics(stats, language(args), daily))
    return 0


def run_leaderboard(args: argparse.Namespace) -> int:
    with Store(existing_database(args.database)) as store:
        entries = store.leaderboard(
            store.local_player().id,
            layout=args.layout,
            difficulty=args.difficulty,
            show_all=args.show_all,
            challenge=args.challenge,
        )
    if args.json:
        _print_json([entry.to_json() for entry in entries])
    else:
        scored = args.challenge is not None and ranks_by(args.challenge) == "score"
        print(format_leaderboard(entries, language(args), scored=scored))
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
    with Store(existing_database(args.database)) as store:
        document = store.export_history(store.local_player().id)
    games = document["games"]
    assert isinstance(games, list)  # export_history's document always lists its games
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if args.file == "-":
        sys.stdout.write(text)
    else:
        path = Path(args.file)
        if not path.parent.is_dir():
            raise CliError(N_("{path} is not a directory"), path=path.parent)
        _write_atomically(path, text)
        print(
            translator(language(args)).ngettext(
                "exported {n} game to {path}", "exported {n} games to {path}", len(games), path=path
            ),
            file=sys.stderr,
        )
    return 0


def run_import(args: argparse.Namespace) -> int:
    raw = read_text(args.file)
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise CliError(N_("{file}: not JSON ({reason})"), file=args.file, reason=error) from None
    with Store(args.database) as store:
        player = store.local_player()
        try:
            added = store.import_history(player.id, data)
        except ValueError as error:
            raise CliError(
                N_("{file}: {reason}; nothing was imported"), file=args.file, reason=error
            ) from None
    total = len(data["games"])
    _ = translator(language(args))
    line = _.ngettext(
        "imported {n} game from {file}", "imported {n} games from {file}", added, file=args.file
    )
    if total > added:
        line = _(
            "{imported} ({present} already present)",
            imported=line,
            present=format_number(total - added, language(args)),
        )
    print(line)
    return 0
