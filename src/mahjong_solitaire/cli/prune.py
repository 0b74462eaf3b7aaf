"""``mahjong-solitaire prune``: remove the players who left long ago and never won, with
their games and layouts (the rules are :mod:`mahjong_solitaire.store.pruning`'s).

    mahjong-solitaire prune --dry-run                 # what a prune would remove now
    mahjong-solitaire prune --older-than 30 --database postgresql://game@db/mahjong

It prints what it removed (with ``--dry-run``: what it would remove, removing nothing).
A SQLite file that does not exist is refused, not created.
The multi-player server runs the same pruning once a day (``play --prune-after DAYS``).

    >>> parser = argparse.ArgumentParser(); register(parser.add_subparsers())
    >>> args = parser.parse_args(["prune", "--dry-run"])
    >>> args.older_than, args.dry_run, args.database
    (90, True, None)
    >>> older_than(args)
    datetime.timedelta(days=90)
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from ..i18n import N_, count_label, translator
from .common import CliError, add_database_option, existing_database, language
from .parser import Text

if TYPE_CHECKING:
    from ..store import PruneReport

__all__ = ["DEFAULT_PRUNE_DAYS", "MAX_PRUNE_DAYS", "format_report", "older_than", "register"]

#: The default of ``prune --older-than`` and of the server's ``play --prune-after``: days.
DEFAULT_PRUNE_DAYS = 90

#: The longest ``--older-than`` (a century): any longer reaches before the first player.
MAX_PRUNE_DAYS = 36_500


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "prune",
        help=N_("remove players inactive for long who never won"),
        description=N_(
            "Remove the players who have been inactive for the given number of days "
            "and never won a game, with their games and the layouts they imported.  "
            "Nothing on a leaderboard or a daily board is removed, nor the local player."
        ),
    )
    parser.add_argument(
        "--older-than",
        type=int,
        default=DEFAULT_PRUNE_DAYS,
        metavar="DAYS",
        help=Text(
            N_("remove players inactive for more than DAYS days (default {days})"),
            days=DEFAULT_PRUNE_DAYS,
        ),
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help=N_("only print what would be removed; remove nothing"),
    )
    add_database_option(parser)
    parser.set_defaults(handler=run)


def older_than(args: argparse.Namespace) -> timedelta:
    """The ``--older-than`` days as a time span; :class:`CliError` outside 1..MAX."""
    if not 1 <= args.older_than <= MAX_PRUNE_DAYS:
        raise CliError(
            N_("--older-than {days}: give a whole number of days from 1 to {most}"),
            days=args.older_than,
            most=MAX_PRUNE_DAYS,
        )
    return timedelta(days=args.older_than)


def format_report(report: PruneReport, lang: str) -> str:
    """The line ``prune`` prints.

    >>> from mahjong_solitaire.store import PruneReport
    >>> format_report(PruneReport(2, 5, 1), "en")
    'removed 2 players, 5 games and 1 layout'
    >>> format_report(PruneReport(1, 0, 0, dry_run=True), "en")
    'would remove 1 player, 0 games and 0 layouts (dry run: nothing was removed)'
    """
    _ = translator(lang)
    counts = {
        "players": count_label("players", report.players, lang),
        "games": count_label("games", report.games, lang),
        "layouts": count_label("layouts", report.layouts, lang),
    }
    if report.dry_run:
        return _(
            "would remove {players}, {games} and {layouts} (dry run: nothing was removed)",
            **counts,
        )
    return _("removed {players}, {games} and {layouts}", **counts)


def run(args: argparse.Namespace) -> int:
    from ..store import Store  # loaded only when the command runs (not for --help)
    from ..store.pruning import prune_all

    span = older_than(args)
    with Store(existing_database(args.database)) as store:  # a missing file: nothing to prune
        if args.dry_run:
            report = store.prune(span, dry_run=True)
        else:  # in batches: a server on the same database keeps writing meanwhile
            report = prune_all(store.prune, span, now=datetime.now(UTC))
    print(format_report(report, language(args)))
    return 0
