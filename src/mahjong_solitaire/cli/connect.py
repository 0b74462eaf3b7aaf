"""``mahjong-solitaire connect``: Connect-mode deals, as a picture or as JSON.

    mahjong-solitaire connect deal --stage 2 --seed 7
    mahjong-solitaire connect deal --size 24x12 --slide down --difficulty hard
    mahjong-solitaire connect deal --code CN2-1808B-AAAAABL --json

The JSON object is ``mahjong-solitaire/connect-1``: ``code``, ``width``, ``height``,
``slide``, ``grid`` (``grid[y][x]``, ``y = 0`` the top row, ``null`` for an empty cell) and
``solution``, the pairs as ``[[x1, y1], [x2, y2]]`` at the moment each is played (after the
previous slides).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..connect import ConnectDeal, Slide, generate, render, stage
from ..connect.generator import connect_deal_from_code
from ..connect.grid import ShapeError
from ..connect.sizes import GRID_SIZES, parse_size, size_text
from ..core.codes import MAX_SEED
from ..core.difficulty import Difficulty
from ..i18n import N_, connect_grid_title, difficulty_name, format_number, translator
from .common import CliError, language, require_code
from .parser import Text

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "connect",
        help=N_("Connect mode (Shisen-Sho): deals by stage or code"),
        description=N_(
            "Connect mode: join matching tiles by a path of at most two turns; "
            "each stage has a sliding rule."
        ),
    )
    parser.set_defaults(handler=lambda _args: _help(parser))
    commands = parser.add_subparsers(
        title=N_("commands"), metavar="COMMAND", parser_class=type(parser)
    )
    deal = commands.add_parser(
        "deal",
        help=N_("make a solvable Connect deal and print it"),
        description=N_(
            "Make a Connect deal that is solvable by construction.  Without --json, "
            "print the grid in the Numbers labels ('.' is empty); with --json, one "
            "mahjong-solitaire/connect-1 object."
        ),
    )
    source = deal.add_mutually_exclusive_group()
    source.add_argument(
        "--stage", type=int, default=None, help=N_("stage number, 1 or more (default: 1)")
    )
    source.add_argument("--code", help=N_("a Connect code such as CN2-1808B-AAAAABL"))
    source.add_argument(
        "--size",
        metavar="WxH",
        help=Text(
            N_("a grid of your own size instead of a stage, e.g. {sizes}"),
            sizes=", ".join(size_text(shape) for shape in GRID_SIZES),
        ),
    )
    deal.add_argument(
        "--slide",
        choices=[rule.value for rule in Slide],
        default=Slide.NONE.value,
        help=N_("the sliding rule of a --size grid (default: none)"),
    )
    deal.add_argument(
        "--difficulty",
        choices=[level.value for level in Difficulty],
        default=Difficulty.NORMAL.value,
        help=N_("the difficulty of a --size grid (default: normal)"),
    )
    deal.add_argument(
        "--seed", type=int, help=Text(N_("seed 0..{max} (default: random)"), max=MAX_SEED)
    )
    deal.add_argument("--json", action="store_true", help=N_("print one JSON object"))
    deal.set_defaults(handler=run)


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def _deal(args: argparse.Namespace) -> tuple[ConnectDeal, int | None]:
    if require_code(args.code, "CN2-1808B-AAAAABL") is not None:
        if args.seed is not None:
            raise CliError(N_("--code names one deal: --seed does not apply"))
        return connect_deal_from_code(args.code), None
    if args.size is None and (
        args.slide != Slide.NONE.value or args.difficulty != Difficulty.NORMAL.value
    ):
        raise CliError(
            N_("--slide and --difficulty choose a --size grid's deal: a stage fixes them")
        )
    number = 1 if args.stage is None else args.stage
    if number < 1:
        raise CliError(N_("--stage {number}: stages start at 1"), number=number)
    seed = args.seed
    if seed is None:
        import secrets

        seed = secrets.randbelow(MAX_SEED + 1)
    if not 0 <= seed <= MAX_SEED:
        raise CliError(N_("--seed must lie in 0..{max}"), max=MAX_SEED)
    if args.size is not None:
        try:
            shape = parse_size(args.size)
        except ShapeError as error:
            raise CliError(
                N_("--size {size}: {reason}"), size=args.size, reason=str(error)
            ) from None
        return generate(shape, args.slide, seed, args.difficulty), None
    return stage(number).deal(seed), number


def header(deal: ConnectDeal, number: int | None, lang: str) -> str:
    """The line above a Connect deal's grid, in ``lang`` (the stage first when there is one).

    >>> from mahjong_solitaire.connect import ConnectCode
    >>> header(connect_deal_from_code("CN1-1206B-AAAAAAP"), 2, "pt")[:41]
    'CN1-1206B-AAAAAAP  Etapa 2: 12×6 · Para b'
    """
    _ = translator(lang)
    grid = connect_grid_title(deal.width, deal.height, deal.rule, lang)
    if number is not None:
        grid = _("Stage {number}: {name}", number=number, name=grid)
    return _(
        "{code}  {layout}, {difficulty}, score {score}",
        code=deal.code,
        layout=grid,
        difficulty=difficulty_name(deal.difficulty, lang).lower(),
        score=format_number(deal.score, lang, decimals=2),
    )


def run(args: argparse.Namespace) -> int:
    deal, number = _deal(args)
    if args.json:
        sys.stdout.write(json.dumps(deal.to_json(), separators=(",", ":")) + "\n")
        return 0
    sys.stdout.write(f"{header(deal, number, language(args))}\n{render(deal.shape, deal.tiles)}\n")
    return 0
