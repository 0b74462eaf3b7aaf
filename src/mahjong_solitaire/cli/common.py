"""Shared pieces of the command line: the error type, the ``N_`` marker, reading files and
the options several commands take (the parser itself is in :mod:`.parser`)."""

from __future__ import annotations

import argparse
import sys


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction (``i18n.N_``, kept here so that a command that prints
    no message does not load the translator)."""
    return msgid


__all__ = [
    "DATABASE_HELP",
    "CliError",
    "add_database_option",
    "existing_database",
    "language",
    "read_text",
    "require_code",
]

#: The help of ``--database`` on every command that reads or writes the database.
DATABASE_HELP = N_(
    "database URL (default: $DATABASE_URL, else the SQLite file in the user's data directory)"
)


def language(args: argparse.Namespace) -> str:
    """The language of the command's messages: ``--lang``, else the terminal's.

    >>> language(argparse.Namespace(lang="it")), language(argparse.Namespace())[:0]
    ('it', '')
    """
    from ..i18n import language_from_environment

    return getattr(args, "lang", None) or language_from_environment()


class CliError(Exception):
    """A user error: printed as one line on stderr, exit status 2.

    The message is an English msgid (marked ``N_``) with ``{name}`` placeholders filled from
    ``params``; ``str()`` is the English text, :meth:`translated` the player's language::

        >>> error = CliError("--stage {number}: stages start at 1", number=0)
        >>> str(error), error.translated("pt")
        ('--stage 0: stages start at 1', '--stage 0: as etapas começam em 1')
    """

    def __init__(self, message: str, /, **params: object) -> None:
        self.message = message
        self.params = params
        from ..i18n import translator

        super().__init__(translator("en")(message, **params))

    def translated(self, lang: str) -> str:
        """The message in ``lang``."""
        from ..i18n import translator

        return translator(lang)(self.message, **self.params)


def read_text(name: str) -> str:
    """The text of the file ``name`` (UTF-8), or of standard input for ``-``; a file that
    cannot be read, or is not text, is a :class:`CliError` naming it."""
    try:
        if name == "-":
            return sys.stdin.read()
        with open(name, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise CliError(
            N_("cannot read {name}: {reason}"), name=name, reason=error.strerror
        ) from None
    except UnicodeDecodeError:
        raise CliError(N_("{file}: not a text file"), file=name) from None


def add_database_option(parser: argparse.ArgumentParser, help_text: str = DATABASE_HELP) -> None:
    """Give ``parser`` the ``--database URL`` option every database command takes."""
    parser.add_argument("--database", metavar="URL", help=help_text)


def existing_database(url: str | None) -> str:
    """The database URL a read-only command opens (``url``, else ``$DATABASE_URL``, else
    the local file); a :class:`CliError` when it names a SQLite file that does not exist,
    which opening would create, empty (a mistyped name would then show nothing at all)."""
    from ..store.database import database_url, sqlite_file

    chosen = database_url(url)
    file = sqlite_file(chosen)
    if file is not None and not file.exists():
        raise CliError(N_("{path}: no such database file (nothing was created)"), path=file)
    return chosen


def require_code(text: str | None, example: str, option: str = "--code") -> str | None:
    """``text`` as given to ``option``, refused when it is empty or blank (an empty code
    must not fall back to a random deal); ``None`` when the option was not given.

    >>> require_code(None, "MJ1-L00-AAAAABL"), require_code("MJ1-L00-AAAAABL", "")
    (None, 'MJ1-L00-AAAAABL')
    >>> require_code("  ", "MJ1-L00-AAAAABL")
    Traceback (most recent call last):
    ...
    mahjong_solitaire.cli.common.CliError: --code is empty: give a code such as MJ1-L00-AAAAABL
    """
    if text is not None and not text.strip():
        raise CliError(
            N_("{option} is empty: give a code such as {example}"), option=option, example=example
        )
    return text
