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

from .. import i18n
from ..connect import ConnectCodeError
from ..core.codes import CodeError
from ..core.layout import LayoutError
from . import connect, deal, history, layouts, play, solve
from .common import CliError, Parser, language

__all__ = ["CliError", "build_parser", "error_line", "main"]

#: Sub-command modules, in the order ``--help`` lists them.
COMMANDS = (deal, play, history, connect, layouts, solve)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="mahjong-solitaire",
        description="Mahjong Solitaire: solvable deals, a solver, and a browser game.",
    )
    parser.add_argument("--lang", choices=i18n.languages(), default=None,
                        help="the language of the messages (default: the terminal's, from "
                             "LANGUAGE, LC_ALL, LC_MESSAGES or LANG)")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND",
                                       parser_class=Parser)
    for command in COMMANDS:
        command.register(subparsers)
    return parser


#: Errors with a message of their own for the player (the API's codes); the details follow.
_ERROR_CODES: tuple[tuple[type[Exception], str], ...] = (
    (ConnectCodeError, "bad_connect_code"), (CodeError, "bad_code"), (LayoutError, "bad_layout"))


def error_line(error: Exception, lang: str) -> str:
    """The one line printed for a refused command, in ``lang``; the specifics stay as the
    engine wrote them.

    >>> error_line(CliError("--count must be at least 1"), "en")
    'mahjong-solitaire: error: --count must be at least 1'
    >>> error_line(CodeError("'X' is not a game code"), "pt")  # doctest: +NORMALIZE_WHITESPACE
    "mahjong-solitaire: erro: Isto não é um código da partida. Um código tem este aspeto:
     MJ1-L00-ABCDEFG. ('X' is not a game code)"
    """
    _ = i18n.translator(lang)
    message = error.translated(lang) if isinstance(error, CliError) else str(error)
    if lang != i18n.DEFAULT_LANGUAGE:
        code = next((code for kind, code in _ERROR_CODES if isinstance(error, kind)), None)
        if code is not None:
            message = f"{i18n.error_message(code, lang)} ({message})"
    return _("{program}: error: {message}", program="mahjong-solitaire", message=message)


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
        print(error_line(error, language(args)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
