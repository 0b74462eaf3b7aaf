"""Shared pieces of the command line: the error type and the one-line-error parser."""

from __future__ import annotations

import argparse

from ..i18n import language_from_environment

__all__ = ["CliError", "Parser", "language"]


def language(args: argparse.Namespace) -> str:
    """The language of the command's messages: ``--lang``, else the terminal's.

    >>> language(argparse.Namespace(lang="it")), language(argparse.Namespace())[:0]
    ('it', '')
    """
    return getattr(args, "lang", None) or language_from_environment()


class CliError(Exception):
    """A user error: printed as one line on stderr, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")
