"""``mahjong-solitaire deal``: make deals and print them as pictures or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from ..challenges import CHALLENGES, daily_rules
from ..classic.codes import GameCode, daily_code
from ..classic.generator import Deal, deal_from_code, generate
from ..core.codes import MAX_SEED
from ..core.difficulty import Difficulty
from .common import N_, CliError, add_database_option, language, require_code
from .parser import Text

if TYPE_CHECKING:  # pragma: no cover
    from ..core.layout import Layout

__all__ = ["header", "layer_heading", "register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "deal",
        help=N_("make a solvable deal and print it"),
        description=N_(
            "Make deals that are solvable by construction.  Without --json, print a "
            "picture of each layer in the Numbers labels; with --json, one "
            "mahjong-solitaire/deal-1 object per line."
        ),
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--layout", default="turtle", help=N_("layout name or number (default: turtle)")
    )
    source.add_argument("--code", help=N_("a game code such as MJ2-L00-AAAAABL"))
    source.add_argument(
        "--daily",
        nargs="?",
        const="today",
        metavar="YYYY-MM-DD",
        help=N_("the daily challenge of a UTC date (default: today)"),
    )
    parser.add_argument(
        "--challenge",
        type=str.lower,
        choices=[challenge.name for challenge in CHALLENGES],
        help=N_(
            "deal it under a challenge's rule set (see mahjong-solitaire challenges): "
            "its code ends in the name"
        ),
    )
    parser.add_argument(
        "--difficulty",
        default="normal",
        choices=[d.value for d in Difficulty],
        help=N_("how much room the deal leaves for mistakes (default: normal)"),
    )
    parser.add_argument(
        "--seed", type=int, help=Text(N_("seed 0..{max} (default: random)"), max=MAX_SEED)
    )
    parser.add_argument(
        "--count", type=int, default=1, help=N_("how many deals, from consecutive seeds")
    )
    parser.add_argument("--json", action="store_true", help=N_("one JSON object per line"))
    add_database_option(
        parser,
        N_(
            "database of imported layouts, for --layout (default: "
            "$DATABASE_URL, else the SQLite file in the user's data "
            "directory)"
        ),
    )
    parser.set_defaults(handler=run)


def _parse_day(text: str) -> date:
    if text == "today":
        return datetime.now(UTC).date()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise CliError(N_("--daily {text} is not a date YYYY-MM-DD"), text=repr(text)) from None


def _layout(name: str, database: str | None) -> Layout:
    """A built-in layout, else an imported one (only then are the database modules
    loaded)."""
    from ..core.layout import LayoutError
    from ..layouts import builtin_layout

    try:
        return builtin_layout(name)
    except LayoutError:
        from .layouts import find_layout

        return find_layout(name, database)


def _deal_of(code: GameCode, database: str | None) -> Deal:
    """The deal of a code; one naming an imported layout by its hash is looked up in the
    database (only then are the database modules loaded)."""
    if code.layout_hash is None:
        return deal_from_code(code)
    from .layouts import deal_of_code

    return deal_of_code(str(code), database)


def _deals(args: argparse.Namespace) -> list[GameCode] | list[Deal]:
    if args.count < 1:
        raise CliError(N_("--count must be at least 1"))
    require_code(args.code, "MJ2-L00-AAAAABL")
    fixed = args.code or args.daily
    if fixed and (args.seed is not None or args.count != 1):
        raise CliError(N_("--code and --daily name one deal: --seed and --count do not apply"))
    challenge = _challenge(args)
    if args.code:
        code = GameCode.parse(args.code)
        if challenge is not None and code.challenge not in (None, challenge):
            raise CliError(
                N_("{code} is a {name} game: --challenge {other} does not apply"),
                code=str(code),
                name=code.challenge,
                other=challenge,
            )
        return [code if challenge is None else replace(code, challenge=challenge)]
    if args.daily:
        day = _parse_day(args.daily)
        rules = daily_rules(day)  # from 2026-12-07 on, the day's deal has its rule set
        return [daily_code(day).with_challenge(None if rules is None else rules.name)]
    layout = _layout(args.layout, args.database)
    first = args.seed
    if first is None:
        if args.count > MAX_SEED + 1:  # more deals than there are seeds
            raise CliError(N_("seeds must lie in 0..{max}"), max=MAX_SEED)
        import secrets

        first = secrets.randbelow(MAX_SEED + 1 - args.count + 1)
    if first < 0 or first + args.count - 1 > MAX_SEED:
        raise CliError(N_("seeds must lie in 0..{max}"), max=MAX_SEED)
    difficulty = Difficulty(args.difficulty)
    deals = [generate(layout, seed, difficulty) for seed in range(first, first + args.count)]
    if challenge is None:
        return deals
    return [replace(GameCode.parse(deal.code), challenge=challenge) for deal in deals]


def _challenge(args: argparse.Namespace) -> str | None:
    """The rule set ``--challenge`` names, as the registry spells it (``None``: plain
    play); refused with ``--daily`` (the day's deal and rule set are the day's) and with a
    Connect code (challenges are classic play, rules §13)."""
    if args.challenge is None:
        return None
    name: str = args.challenge
    if args.daily:
        raise CliError(N_("--challenge does not apply to --daily: the day's deal is the day's"))
    if args.code:
        from ..modes import DEFAULT_MODE, mode_of_code

        mode = mode_of_code(args.code.strip().upper())
        if mode is not DEFAULT_MODE:  # challenges are played on classic boards
            raise CliError(
                N_("--challenge is classic play: {code} is a {mode} code"),
                code=args.code,
                mode=mode.name,
            )
    return name


def header(deal: Deal, lang: str, code: str | None = None) -> str:
    """The line above a deal's picture, in ``lang``; ``code``, the code asked for, when it
    names more than the deal (a challenge's, rules §13).

    >>> from mahjong_solitaire import deal_from_code
    >>> header(deal_from_code("MJ1-L00-AAAAABL"), "it")[:36]
    'MJ1-L00-AAAAABL  Tartaruga, normale,'
    """
    from ..i18n import difficulty_name, format_number, layout_title, translator

    _ = translator(lang)
    return _(
        "{code}  {layout}, {difficulty}, score {score}",
        code=code or deal.code,
        layout=layout_title(deal.layout, lang),
        difficulty=difficulty_name(deal.difficulty, lang).lower(),
        score=format_number(deal.score, lang, decimals=2),
    )


def layer_heading(lang: str) -> Callable[[int], str]:
    """The heading of a layer of the deal's picture, in ``lang``.

    >>> layer_heading("es")(2)
    'capa 2'
    """
    from ..i18n import translator

    _ = translator(lang)
    return lambda z: _("layer {z}", z=z)


def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    lang = None if args.json else language(args)
    for item in _deals(args):
        deal = _deal_of(item, args.database) if isinstance(item, GameCode) else item
        if lang is None:
            record = deal.to_json()
            if isinstance(item, GameCode) and item.challenge is not None:
                record["challenge"] = item.challenge
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
        else:
            from ..classic.picture import render

            picture = render(deal.board(), heading=layer_heading(lang))
            shown = str(item) if isinstance(item, GameCode) else None
            out.write(f"{header(deal, lang, shown)}\n{picture}\n\n")
    return 0
