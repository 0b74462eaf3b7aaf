"""Shared pieces of the command line: the error type and the one-line-error parser."""

from __future__ import annotations

import argparse
import sys

from ..i18n import N_, language_from_environment, translator

__all__ = ["CliError", "Parser", "language", "read_text"]


def language(args: argparse.Namespace) -> str:
    """The language of the command's messages: ``--lang``, else the terminal's.

    >>> language(argparse.Namespace(lang="it")), language(argparse.Namespace())[:0]
    ('it', '')
    """
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
        super().__init__(translator("en")(message, **params))

    def translated(self, lang: str) -> str:
        """The message in ``lang``."""
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
        raise CliError(N_("cannot read {name}: {reason}"), name=name,
                       reason=error.strerror) from None
    except UnicodeDecodeError:
        raise CliError(N_("{file}: not a text file"), file=name) from None


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")
