"""The ``mahjong-solitaire`` command line.

Each sub-command lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``handler`` to a function taking
the parsed arguments and returning the exit status.  Expected failures raise
:class:`CliError` (or one of the engine's ``ValueError`` subclasses): they are printed as one
line on stderr with exit status 2, never as a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import connect, deal, history, layouts, play, solve
from .common import CliError, Parser

__all__ = ["CliError", "build_parser", "main"]

#: Sub-command modules, in the order ``--help`` lists them.
COMMANDS = (deal, play, history, connect, layouts, solve)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="mahjong-solitaire",
        description="Mahjong Solitaire: solvable deals, a solver, and a browser game.",
    )
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND",
                                       parser_class=Parser)
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv or ["play"])  # no arguments: play in the browser
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    try:
        return int(handler(args) or 0)
    except BrokenPipeError:
        return 0
    except (CliError, ValueError, OSError) as error:
        print(f"mahjong-solitaire: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
