"""Shared pieces of the command line: the error type and the one-line-error parser."""

from __future__ import annotations

import argparse

from ..i18n import language_from_environment, translator

__all__ = ["CliError", "Parser", "language"]


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


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")
