"""``mahjong-solitaire review ID [--json]``: the review of one of the local player's games
that is over or stuck (issue 28), as ``GET /api/games/{id}/review`` answers it.

It opens the store as ``stats`` does (``--database URL``, else ``$DATABASE_URL``, else the
SQLite file in the user's data directory), reviews the game with the engine unless its
review is kept already, and keeps it with the game (the only write, as the API's)::

    mahjong-solitaire review 3f9c2a...           # the timeline and the losing move
    mahjong-solitaire review 3f9c2a... --json    # the API's object

``--json`` prints :func:`~mahjong_solitaire.store.reviews.review_answer`, the API's one
serialiser.  An id that names none of the player's games, or a game still in play, is one
line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..core.review import reviewed
from ..i18n import count_label, translator
from ..store import GameNotFoundError, Store
from ..store.reviews import kept_review, review_answer, review_arguments, reviewable
from .common import N_, CliError, add_database_option, existing_database, language
from .history import format_time, layout_label

__all__ = ["format_review", "register"]

#: What each verdict reads as (``unknown`` is the solver's word of ``solve``).
_VERDICTS = {"winnable": N_("winnable"), "lost": N_("lost"), "unknown": N_("unknown")}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    help_text = N_("review a game that is over or stuck: each move's verdict, the losing move")
    parser = subparsers.add_parser("review", help=help_text, description=help_text)
    parser.add_argument("id", metavar="ID", help=N_("the game's id (as in the history file)"))
    parser.add_argument(
        "--json", action="store_true", help=N_("print it as one JSON object (the web API's)")
    )
    add_database_option(parser)
    parser.set_defaults(handler=run_review)


def _rows(answer: dict[str, Any], lang: str) -> list[list[str]]:
    _ = translator(lang)
    rows = [["#", _("action"), _("verdict")]]
    for n, (action, verdict) in enumerate(zip(answer["actions"], answer["verdicts"], strict=True)):
        mark = " <" if n == answer["first_losing_move"] else ""
        rows.append([str(n + 1), action, _(_VERDICTS.get(verdict, verdict)) + mark])
    return rows


def format_review(answer: dict[str, Any], layout: str, lang: str = "en") -> str:
    """The review (:func:`~mahjong_solitaire.store.reviews.review_answer`'s object) as lines
    in ``lang``: the game, the timeline of its actions with their verdicts, the losing move
    and the better pair, and the summary."""
    _ = translator(lang)
    lines = [
        _(
            "Review of game {id}: {layout}, {code}",
            id=answer["game_id"],
            layout=layout,
            code=answer["code"] or "-",
        )
    ]
    rows = _rows(answer, lang)
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines += [
        f"{row[0].rjust(widths[0])}  {row[1].ljust(widths[1])}  {row[2]}".rstrip() for row in rows
    ]
    losing = answer["first_losing_move"]
    if losing is None:
        lines.append(_("The game never became lost."))
    else:
        lines.append(
            _(
                "The game was lost at move {n}: {action}.",
                n=losing + 1,
                action=answer["actions"][losing],
            )
        )
        better = answer["better"]
        if better is not None:
            lines.append(
                _(
                    "Better there: {pair}, which left {left} ({played} after the move played).",
                    pair=",".join(str(position) for position in better["pair"]),
                    left=count_label("pairs", better["pairs_left"], lang),
                    played=count_label("pairs", better["played_pairs_left"], lang),
                )
            )
    summary = answer["summary"]
    lines.append(
        ", ".join(
            count_label(what, summary[what], lang)
            for what in ("moves", "hints", "undos", "shuffles")
        )
    )
    lines.append(
        _(
            "Longest think {think}, time stuck {stuck}",
            think=format_time(summary["longest_think"]),
            stuck=format_time(summary["time_stuck"]),
        )
    )
    return "\n".join(lines)


def run_review(args: argparse.Namespace) -> int:
    with Store(existing_database(args.database)) as store:
        player = store.local_player().id
        try:
            stored = store.get_game(player, args.id)
        except GameNotFoundError:
            raise CliError(N_("{id}: you have no game of that id"), id=args.id) from None
        if not reviewable(stored):
            raise CliError(
                N_("{id}: this game is still in play; review it once it is over or stuck"),
                id=args.id,
            )
        review = kept_review(stored)
        if review is None:
            review = reviewed(*review_arguments(stored))
            stored = store.save_review(player, stored.id, review)
    answer = review_answer(stored, review)
    if args.json:
        sys.stdout.write(json.dumps(answer, ensure_ascii=False, indent=2) + "\n")
    else:
        lang = language(args)
        print(format_review(answer, layout_label(stored.layout_name, lang), lang))
    return 0
