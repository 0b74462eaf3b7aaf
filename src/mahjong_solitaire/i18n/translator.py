"""The runtime translator: a language's messages, looked up by their English ``msgid``.

Placeholders are named, ``{count}`` style, as in the page's scripts; a counted message
picks its plural form by the language's CLDR rule::

    >>> _ = translator("pt")
    >>> _("No moves")
    'Sem jogadas'
    >>> _.ngettext("{n} tile", "{n} tiles", 3)
    '3 peças'
    >>> translator("it")("{name}, free", name="Drago rosso")
    'Drago rosso, libera'

A string defined in one place and shown in another is marked for extraction with
:func:`N_` (or :func:`Nn_` for a counted one) where it is defined, and translated where it
is shown::

    >>> NO_MOVES = N_("No moves")
    >>> translator("es")(NO_MOVES)
    'No hay más movimientos'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from babel import Locale

from .catalogues import (
    DEFAULT_LANGUAGE,
    catalogue_locale,
    check_language,
    forget,
    load_catalogue,
    translations,
)

__all__ = [
    "N_",
    "PLACEHOLDER",
    "Nn_",
    "Translator",
    "fill",
    "placeholders",
    "reload",
    "translator",
]

#: A ``{name}`` placeholder of a message.
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: CLDR plural categories in the order gettext numbers the forms (Babel's ``to_gettext``).
_PLURAL_ORDER = ("zero", "one", "two", "few", "many", "other")


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction where it is defined, translate it where it is shown.

    >>> N_("No moves")
    'No moves'
    """
    return msgid


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """The plural counterpart of :func:`N_` (extracted with the ``Nn_:1,2`` keyword).

    >>> Nn_("{n} tile", "{n} tiles")
    ('{n} tile', '{n} tiles')
    """
    return singular, plural


def placeholders(text: str) -> set[str]:
    """The names of the ``{name}`` placeholders in ``text``.

    >>> sorted(placeholders("{hints}H {undos}U"))
    ['hints', 'undos']
    """
    return set(PLACEHOLDER.findall(text))


def fill(text: str, params: Mapping[str, object]) -> str:
    """``text`` with its placeholders filled from ``params``; as the page's ``t()`` does, a
    name without a value stays as written.

    >>> fill("{n} of {total}", {"n": 3})
    '3 of {total}'
    """
    return PLACEHOLDER.sub(
        lambda match: str(params[match[1]]) if match[1] in params else match[0], text
    )


@dataclass(frozen=True, eq=False)
class Translator:
    """The messages of one language; ``translator(lang)`` gives the cached one.

    A message missing from the language falls back to the English catalogue, then to the
    msgid itself, so a half-translated catalogue never shows a hole.
    """

    language: str
    locale: Locale
    _messages: Mapping[str, str | tuple[str, ...]]
    _fallback: Translator | None

    def __call__(self, msgid: str, /, **params: object) -> str:
        return self.gettext(msgid, **params)

    def gettext(self, msgid: str, /, **params: object) -> str:
        """``msgid`` in this language, placeholders filled from ``params``."""
        found = self._messages.get(msgid)
        if isinstance(found, str):
            return fill(found, params)
        if self._fallback is not None:
            return self._fallback.gettext(msgid, **params)
        return fill(msgid, params)

    def ngettext(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The form for ``n`` of a counted message; ``{n}`` is filled with ``n``.

        >>> translator("en").ngettext("{n} move", "{n} moves", 1)
        '1 move'
        """
        values = {"n": n, **params}
        found = self._messages.get(singular)
        if isinstance(found, tuple):
            return fill(found[self.plural_index(n)], values)
        if self._fallback is not None:
            return self._fallback.ngettext(singular, plural, n, **params)
        return fill(singular if n == 1 else plural, values)

    def plural_forms(self, singular: str, plural: str) -> tuple[str, ...]:
        """Every form of a counted message in this language, unfilled, in the order of
        :attr:`plural_categories` (the msgids themselves when this language lacks it).

        >>> translator("it").plural_forms("{n} tile", "{n} tiles")
        ('{n} tessera', '{n} di tessere', '{n} tessere')
        """
        found = self._messages.get(singular)
        if isinstance(found, tuple):
            return found
        return tuple(singular if tag == "one" else plural for tag in self.plural_categories)

    @property
    def plural_categories(self) -> tuple[str, ...]:
        """The CLDR categories of the plural forms, in the order of the ``msgstr[i]``.

        >>> translator("es").plural_categories
        ('one', 'many', 'other')
        """
        tags = self.locale.plural_form.tags | {"other"}
        return tuple(tag for tag in _PLURAL_ORDER if tag in tags)

    def plural_index(self, n: float) -> int:
        """Which ``msgstr[i]`` counts ``n`` (the page does the same with ``Intl.PluralRules``).

        >>> [translator("pt").plural_index(n) for n in (0, 1, 2, 1_000_000)]
        [2, 0, 2, 1]
        """
        return self.plural_categories.index(self.locale.plural_form(n))


@cache
def translator(lang: str) -> Translator:
    """The translator of a language code from :func:`~.catalogues.languages`;
    ``ValueError`` otherwise."""
    catalog = load_catalogue(check_language(lang))
    fallback = None if lang == DEFAULT_LANGUAGE else translator(DEFAULT_LANGUAGE)
    return Translator(lang, catalogue_locale(lang), translations(catalog), fallback)


def reload() -> None:
    """Forget the cached catalogues, translators and glossary: the next call reads the
    ``.po`` files (and ``glossary.toml``) again (after a catalogue was edited or added under
    a running server)."""
    from .glossary import glossary

    forget()
    translator.cache_clear()
    glossary.cache_clear()
