"""The command line's parser: usage errors in one line, and ``--help`` in the player's
language.

Every help text, description and group title of the commands is an English msgid marked
with ``N_`` where the parser is built; the help formatter translates each one when help is
printed, together with argparse's own words (the ``usage:`` prefix, the ``options`` and
``positional arguments`` titles, the ``-h`` help).  A help text with values in it is a
:class:`Text`, whose placeholders are filled after translating::

    >>> text = Text("seed 0..{max} (default: random)", max=9)
    >>> str(text), translated(text, "it")
    ('seed 0..9 (default: random)', 'seme 0..9 (predefinito: casuale)')

The language is the one ``--lang`` names, else the terminal's; it is looked up only when
help is printed, so that a command that prints none does not load the catalogues.  The
catalogues are read only then too: building the parsers costs nothing more.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from .common import N_

__all__ = [
    "ARGPARSE_ERRORS",
    "ARGPARSE_WORDS",
    "Parser",
    "Text",
    "formatter_for",
    "parser_for",
    "translated",
    "translated_error",
]

#: argparse's own words in a help page, translated like ours.
ARGPARSE_WORDS = (
    # Translators: the prefix of the command line's usage line ("usage: mahjong-solitaire …").
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
)


#: argparse's usage errors, as Python words them, and the msgid each one is said with (the
#: values it names stay as argparse wrote them).
ARGPARSE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"argument (?P<argument>.+?): (?P<problem>.+)"),
        N_("argument {argument}: {problem}"),
    ),
    (
        re.compile(r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)"),
        N_("invalid choice: {value} (choose from {choices})"),
    ),
    (
        re.compile(r"invalid (?P<kind>\w+) value: (?P<value>.+)"),
        N_("invalid {kind} value: {value}"),
    ),
    (
        re.compile(r"the following arguments are required: (?P<names>.+)"),
        N_("the following arguments are required: {names}"),
    ),
    (re.compile(r"unrecognized arguments: (?P<words>.+)"), N_("unrecognized arguments: {words}")),
    (
        re.compile(r"one of the arguments (?P<names>.+) is required"),
        N_("one of the arguments {names} is required"),
    ),
    (
        re.compile(r"not allowed with argument (?P<other>.+)"),
        N_("not allowed with argument {other}"),
    ),
    (re.compile(r"expected one argument"), N_("expected one argument")),
    (re.compile(r"expected at most one argument"), N_("expected at most one argument")),
    (re.compile(r"expected at least one argument"), N_("expected at least one argument")),
    (
        re.compile(r"ambiguous option: (?P<option>.+) could match (?P<matches>.+)"),
        N_("ambiguous option: {option} could match {matches}"),
    ),
    (
        re.compile(r"ignored explicit argument (?P<value>.+)"),
        N_("ignored explicit argument {value}"),
    ),
)


def translated_error(message: str, lang: str) -> str:
    """An argparse usage error in ``lang``; one it does not know stays as argparse wrote it.

    >>> translated_error("argument --seed: invalid int value: 'x'", "es")
    "argumento --seed: valor int no válido: 'x'"
    >>> translated_error("something new", "es")
    'something new'
    """
    from ..i18n import translator

    for pattern, msgid in ARGPARSE_ERRORS:
        found = pattern.fullmatch(message)
        if found is not None:
            values = found.groupdict()
            if "problem" in values:
                values["problem"] = translated_error(values["problem"], lang)
            return translator(lang)(msgid, **values)
    return message


class Text(str):
    """A help text with ``{name}`` placeholders: the English text filled in (what argparse
    itself shows), keeping its msgid and values for :func:`translated`."""

    msgid: str
    params: dict[str, object]

    def __new__(cls, msgid: str, /, **params: object) -> Text:
        text = super().__new__(cls, msgid.format(**params))
        text.msgid = msgid
        text.params = params
        return text


def translated(text: str, lang: str | None) -> str:
    """``text`` (a msgid or a :class:`Text`) in ``lang`` (``None``: the terminal's);
    a text without a translation stays as it is.

    >>> translated("options", "pt"), translated("not a msgid", "pt")
    ('opções', 'not a msgid')
    """
    from ..i18n import language_from_environment, translator

    _ = translator(lang or language_from_environment())
    if isinstance(text, Text):
        return _(text.msgid, **text.params)
    return _(text)


class TranslatedHelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, with every text translated into :attr:`language`
    (``None``: the terminal's); :func:`formatter_for` makes one per language."""

    language: str | None = None

    def _say(self, text: str) -> str:
        return translated(text, self.language)

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        if prefix is None:
            prefix = self._say("usage: ").rstrip() + " "
        super().add_usage(usage, actions, groups, prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(self._say(heading) if heading else heading)

    def add_text(self, text: str | None) -> None:
        if text and text != argparse.SUPPRESS:
            text = self._say(text)
        super().add_text(text)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        help_text = super()._get_help_string(action)
        if not help_text or help_text == argparse.SUPPRESS:
            return help_text
        said = self._say(help_text)
        # argparse expands %(name)s in a help text: a translation's own % signs are text.
        return said if "%" in help_text else said.replace("%", "%%")


@cache
def formatter_for(lang: str | None) -> type[TranslatedHelpFormatter]:
    """The help formatter class that speaks ``lang`` (``None``: the terminal's language).

    >>> formatter_for("it").language, formatter_for("it") is formatter_for("it")
    ('it', True)
    """
    return type(
        f"HelpFormatter_{lang or 'terminal'}", (TranslatedHelpFormatter,), {"language": lang}
    )


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line with exit status 2, and whose
    help speaks :attr:`language` (``None``: the terminal's; :func:`parser_for` makes the
    class of a language, and a parser's sub-commands, made with ``type(parser)``, speak it
    too)."""

    language: str | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", formatter_for(self.language))
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        from ..i18n import language_from_environment, translator

        lang = self.language or language_from_environment()
        said = translated_error(message, lang)
        line = translator(lang)("{program}: error: {message}", program=self.prog, message=said)
        self.exit(2, line + "\n")


@cache
def parser_for(lang: str | None) -> type[Parser]:
    """The :class:`Parser` class whose help and errors speak ``lang``.

    >>> parser_for("pt").language, parser_for(None).language
    ('pt', None)
    """
    return type(f"Parser_{lang or 'terminal'}", (Parser,), {"language": lang})
