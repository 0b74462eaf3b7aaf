"""The glossary (``locale/glossary.toml``): the game's key terms, the messages that carry
each one, and the words each language's players use for them.

A catalogue keeps to its glossary when every message listed under a term is translated with
one of the language's words for it (a word matches at the start of a word, ignoring case,
so a stem covers its inflections) and with none of the words it should ``avoid``::

    >>> glossary().words("pt_BR", "hint"), glossary().avoided("pt_BR", "hint")
    (('Dica',), ('Sugest',))
    >>> [slip.translation for slip in slips("pt_BR", {"Hint": "Sugestão", "Hints": "Dicas"})]
    ['Sugestão']
    >>> slips("it")
    []
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from . import catalogues
from .catalogues import load_catalogue, translations

__all__ = ["Glossary", "Slip", "glossary", "glossary_path", "slips", "uses_word"]


def glossary_path() -> Path:
    """The glossary file, beside the catalogues."""
    return catalogues.LOCALE_DIR / "glossary.toml"


def _unspaced(char: str) -> bool:
    """Whether ``char`` is of a script written without spaces between words (Chinese
    characters, hiragana, katakana), where a word may start at any character."""
    return unicodedata.name(char, "").startswith(
        ("CJK UNIFIED", "CJK COMPATIBILITY IDEOGRAPH", "HIRAGANA", "KATAKANA", "HALFWIDTH KATAKANA")
    )


def uses_word(text: str, word: str) -> bool:
    """Whether ``word`` starts a word of ``text`` (ignoring case).  Japanese and Chinese
    write no spaces between words: a word of theirs may start anywhere in the text.

    >>> uses_word("Peças baralhadas", "baralh"), uses_word("Embaralhar", "baralh")
    (True, False)
    >>> uses_word("最後の手を元に戻す", "元に戻"), uses_word("五条", "条")
    (True, True)
    """
    start = "" if word and _unspaced(word[0]) else r"(?<!\w)"
    return re.search(start + re.escape(word), text, re.IGNORECASE) is not None


def _as_words(value: object) -> tuple[str, ...]:
    words = (value,) if isinstance(value, str) else tuple(value)  # type: ignore[arg-type]
    if not words or not all(isinstance(word, str) and word.strip() for word in words):
        raise ValueError(f"a glossary entry is a word or a list of words, not {value!r}")
    return words


@dataclass(frozen=True)
class Glossary:
    """The terms (each with its msgids) and, per language, the words for each term."""

    terms: Mapping[str, tuple[str, ...]]
    languages: Mapping[str, Mapping[str, tuple[str, ...]]]
    avoid: Mapping[str, Mapping[str, tuple[str, ...]]]

    @classmethod
    def parse(cls, text: str) -> Glossary:
        """Read the TOML text of a glossary; ``ValueError`` when it is malformed."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ValueError(f"the glossary is not TOML: {error}") from None
        terms = {name: _as_words(term["msgids"]) for name, term in data.pop("terms").items()}
        languages: dict[str, dict[str, tuple[str, ...]]] = {}
        avoid: dict[str, dict[str, tuple[str, ...]]] = {}
        for lang, table in data.items():
            avoid[lang] = {term: _as_words(v) for term, v in table.pop("avoid", {}).items()}
            languages[lang] = {term: _as_words(value) for term, value in table.items()}
            unknown = (set(languages[lang]) | set(avoid[lang])) - set(terms)
            if unknown:
                raise ValueError(f"glossary [{lang}]: no such term {sorted(unknown)}")
        return cls(terms, languages, avoid)

    def words(self, lang: str, term: str) -> tuple[str, ...]:
        """The language's words for a term (empty when the glossary lacks them)."""
        return self.languages.get(lang, {}).get(term, ())

    def avoided(self, lang: str, term: str) -> tuple[str, ...]:
        """The words a language must not use for a term."""
        return self.avoid.get(lang, {}).get(term, ())


@cache
def glossary() -> Glossary:
    """The glossary of ``locale/glossary.toml``, read once."""
    return Glossary.parse(glossary_path().read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Slip:
    """A message that does not keep to the glossary: its msgid, the term, the translation,
    and what is wrong (``missing``: none of the words; ``avoided``: a word to avoid)."""

    term: str
    msgid: str
    translation: str
    problem: str


def slips(lang: str, messages: Mapping[str, str | tuple[str, ...]] | None = None) -> list[Slip]:
    """Where the translations of ``lang`` (its catalogue, else ``messages``: msgid to text,
    or to its plural forms) leave the glossary; a term the glossary gives no word for in
    ``lang`` is a slip of every message that carries it.  Messages without a translation
    are not looked at (the catalogue tests find those)."""
    found = translations(load_catalogue(lang)) if messages is None else messages
    book = glossary()
    result = []
    for term, msgids in book.terms.items():
        words, avoided = book.words(lang, term), book.avoided(lang, term)
        for msgid in msgids:
            value = found.get(msgid)
            for text in () if value is None else (value,) if isinstance(value, str) else value:
                if not words or not any(uses_word(text, word) for word in words):
                    result.append(Slip(term, msgid, text, "missing"))
                elif any(uses_word(text, word) for word in avoided):
                    result.append(Slip(term, msgid, text, "avoided"))
    return result
