"""The ``mahjong-solitaire`` command line.

Each sub-command lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``handler`` to a function taking
the parsed arguments and returning the exit status.  Only the module of the command being
run is imported (all of them for ``--help`` or an unknown command), so that ``deal`` or
``solve`` never loads the database or the web server.  Expected failures raise
:class:`CliError` (or one of the engine's ``ValueError`` subclasses): they are printed as one
line on stderr with exit status 2, never as a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path

from .common import N_, CliError, language
from .parser import parser_for

__all__ = ["CliError", "build_parser", "error_line", "lang_choice", "main"]

#: Sub-command modules of this package, in the order ``--help`` lists them, with the
#: commands each registers.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("deal", ("deal",)),
    ("challenges", ("challenges",)),
    ("play", ("play",)),
    ("history", ("stats", "leaderboard", "export", "import")),
    ("review", ("review",)),
    ("connect", ("connect",)),
    ("layouts", ("layouts",)),
    ("solve", ("solve",)),
    ("prune", ("prune",)),
)

#: The catalogues' directory (as :mod:`mahjong_solitaire.i18n` reads it).
_LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def _languages() -> list[str]:
    """The languages ``--lang`` takes, as ``i18n.languages()`` lists them, without loading
    the translator (a test checks that the two agree)."""
    found = sorted(
        path.name
        for path in _LOCALE_DIR.iterdir()
        if (path / "LC_MESSAGES" / "messages.po").is_file()
    )
    return sorted(found, key=lambda code: code != "en")


def _command_of(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs (its first word that is not an option), else ``None``."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word == "--lang":
            skip = True
        elif not word.startswith("-"):
            return word
        elif word in ("-h", "--help"):
            return None
    return None


def lang_choice(text: str) -> str:
    """The catalogue ``--lang`` names: a code (``pt_BR``) or a language tag, with the same
    region fallbacks as a browser's (``pt-BR``, ``it-CH``, ``de_AT.UTF-8``); an unknown one
    stays as given, for argparse to refuse among the choices.

    >>> lang_choice("pt_BR"), lang_choice("pt-BR"), lang_choice("it-CH"), lang_choice("xx")
    ('pt_BR', 'pt_BR', 'it', 'xx')
    """
    if text in _languages():
        return text
    from ..i18n import catalogue_for

    return catalogue_for(text.split(".")[0].split("@")[0]) or text


def _lang_of(argv: Sequence[str]) -> str | None:
    """The language ``argv`` asks for with ``--lang`` (``None``: the terminal's), so that
    the help of every command is printed in it.

    >>> _lang_of(["--lang", "it", "deal", "--help"]), _lang_of(["--lang=pt-BR"]), _lang_of([])
    ('it', 'pt_BR', None)
    """
    for at, word in enumerate(argv):
        value = argv[at + 1] if word == "--lang" and at + 1 < len(argv) else None
        if word.startswith("--lang="):
            value = word.partition("=")[2]
        if value is not None:
            chosen = lang_choice(value)
            return chosen if chosen in _languages() else None
        if word == "--" or not word.startswith("-"):
            return None
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; given the ``argv`` about to be parsed, with only the module of the
    command it names (every module when it names none it knows, or asks for help), and
    with its help in the language ``argv`` asks for."""
    parser = parser_for(None if argv is None else _lang_of(argv))(
        prog="mahjong-solitaire",
        description=N_("Mahjong Solitaire: solvable deals, a solver, and a browser game."),
    )
    parser.add_argument(
        "--lang",
        type=lang_choice,
        choices=_languages(),
        default=None,
        help=N_(
            "the language of the messages (default: the terminal's, from "
            "LANGUAGE, LC_ALL, LC_MESSAGES or LANG)"
        ),
    )
    subparsers = parser.add_subparsers(
        title=N_("commands"), metavar="COMMAND", parser_class=type(parser)
    )
    named = None if argv is None else _command_of(argv)
    modules = [module for module, commands in COMMANDS if named in commands]
    for module in modules or [module for module, _ in COMMANDS]:
        import_module(f".{module}", __name__).register(subparsers)
    return parser


def _error_codes() -> tuple[tuple[type[Exception], str], ...]:
    """Errors with a message of their own for the player (the API's codes)."""
    from ..connect import ConnectCodeError
    from ..core.codes import CodeError
    from ..core.layout import LayoutError

    return (
        (ConnectCodeError, "bad_connect_code"),
        (CodeError, "bad_code"),
        (LayoutError, "bad_layout"),
    )


def error_line(error: Exception, lang: str) -> str:
    """The one line printed for a refused command, in ``lang``; the specifics stay as the
    engine wrote them.

    >>> error_line(CliError("--count must be at least 1"), "en")
    'mahjong-solitaire: error: --count must be at least 1'
    >>> from mahjong_solitaire.core.codes import CodeError
    >>> error_line(CodeError("'X' is not a game code"), "pt")  # doctest: +NORMALIZE_WHITESPACE
    "mahjong-solitaire: erro: Isto não é um código da partida. Um código tem este aspeto:
     MJ2-L00-ABCDEFG (ou MJ1-L00-ABCDEFG numa partida mais antiga). ('X' is not a game code)"
    """
    from .. import i18n

    _ = i18n.translator(lang)
    message = error.translated(lang) if isinstance(error, CliError) else str(error)
    if lang != i18n.DEFAULT_LANGUAGE:
        code = next((code for kind, code in _error_codes() if isinstance(error, kind)), None)
        if code is not None:
            message = f"{i18n.error_message(code, lang)} ({message})"
    return _("{program}: error: {message}", program="mahjong-solitaire", message=message)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv or ["play"])
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
