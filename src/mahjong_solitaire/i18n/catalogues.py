"""The catalogues: which languages we speak, reading their ``.po`` files, and which one a
request or a terminal gets.

Each language is one catalogue, ``locale/<code>/LC_MESSAGES/messages.po``, read directly
with Babel (no compile step, no ``.mo`` file) and cached until :func:`forget`::

    >>> languages()[0], {"es", "it", "pt"} <= set(languages())
    ('en', True)
    >>> catalogue_path("it").relative_to(LOCALE_DIR).as_posix()
    'it/LC_MESSAGES/messages.po'
    >>> load_catalogue("pt").get("No moves").string
    'Sem jogadas'

The language of a request follows the player's choice (a cookie), then the browser::

    >>> negotiate("pt-BR,pt;q=0.9,en;q=0.8"), negotiate("xx-YY, it;q=0.5"), negotiate(None)
    ('pt', 'it', 'en')
    >>> negotiate("es", cookie_value="it")
    'it'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGE_COOKIE",
    "LOCALE_DIR",
    "available_languages",
    "catalogue_locale",
    "catalogue_path",
    "check_language",
    "forget",
    "language_from_environment",
    "languages",
    "load_catalogue",
    "native_name",
    "negotiate",
    "translations",
]

#: The catalogues: ``LOCALE_DIR / code / "LC_MESSAGES" / "messages.po"``, and the template
#: ``messages.pot``.  Read at each call, so a test may point it elsewhere (then
#: :func:`forget` the cached catalogues).
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"
#: The language of the msgids, and of any request that names no language we speak.
DEFAULT_LANGUAGE = "en"
#: The cookie that remembers the language chosen in the settings (wins over the browser).
LANGUAGE_COOKIE = "mj_lang"


def catalogue_path(language: str) -> Path:
    """The ``.po`` file of a language (present or not)."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def languages() -> tuple[str, ...]:
    """The codes of the catalogues present: English first, then alphabetical."""
    found = sorted(
        path.name for path in LOCALE_DIR.iterdir() if catalogue_path(path.name).is_file()
    )
    return tuple(sorted(found, key=lambda code: code != DEFAULT_LANGUAGE))


def check_language(lang: str) -> str:
    """``lang`` itself when it has a catalogue; ``ValueError`` naming the ones we have.

    >>> check_language("xx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no catalogue for language 'xx' (we have en, ..., it, ...)
    """
    if lang not in languages():
        raise ValueError(f"no catalogue for language {lang!r} (we have {', '.join(languages())})")
    return lang


@cache
def load_catalogue(language: str) -> Catalog:
    """The catalogue of a language from :func:`languages`, read once (``ValueError``
    for any other code)."""
    with catalogue_path(check_language(language)).open("rb") as file:
        return read_po(file, locale=None, domain=DOMAIN)


def catalogue_locale(lang: str) -> Locale:
    """The Babel locale of a language's catalogue (its ``Language`` header, e.g. ``pt_PT``).

    >>> str(catalogue_locale("pt"))
    'pt_PT'
    """
    return load_catalogue(lang).locale or Locale.parse(lang)


def forget() -> None:
    """Forget the cached catalogues: the next call reads the ``.po`` files again (the
    translators are forgotten with them by :func:`~.translator.reload`)."""
    languages.cache_clear()
    load_catalogue.cache_clear()


def translations(catalog: Catalog) -> dict[str, str | tuple[str, ...]]:
    """msgid (the singular one for plurals) to its translation; fuzzy and empty ones left out
    (gettext shows the source text for those).

    >>> translations(load_catalogue("it"))["{n} tile"]
    ('{n} tessera', '{n} di tessere', '{n} tessere')
    """
    found: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, str):
            if isinstance(message.string, str) and message.string:
                found[message.id] = message.string
        elif message.string:
            forms = tuple(message.string)
            if all(forms):
                found[message.id[0]] = forms
    return found


def native_name(lang: str) -> str:
    """A language's name in that language, capitalised.

    >>> native_name("pt")
    'Português'
    """
    locale = catalogue_locale(lang)
    name = locale.get_language_name(locale) or lang
    return name[:1].upper() + name[1:]


def available_languages() -> list[dict[str, str]]:
    """The language switcher's choices: each code with its name in its own language.

    >>> available_languages()[0]
    {'code': 'en', 'name': 'English'}
    """
    return [{"code": code, "name": native_name(code)} for code in languages()]


# -- choosing the language -------------------------------------------------------------


def _supported(tag: str) -> str | None:
    """The catalogue for a language tag: the tag itself (``pt_BR``) or its language."""
    text = tag.strip().replace("-", "_")
    if not text:
        return None
    language, _, region = text.partition("_")
    exact = f"{language.lower()}_{region.upper()}" if region else language.lower()
    for candidate in (exact, language.lower()):
        if candidate in languages():
            return candidate
    return None


def _accepted(header: str) -> list[str]:
    """The tags of an ``Accept-Language`` header, most wanted first; ``q=0`` and malformed
    weights are dropped, ``*`` stands for the default language."""
    weighted: list[tuple[float, int, str]] = []
    for order, item in enumerate(header[:2000].split(",")):
        tag, *params = (part.strip() for part in item.split(";"))
        quality = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = -1.0
        if tag and 0 < quality <= 1:
            weighted.append((-quality, order, DEFAULT_LANGUAGE if tag == "*" else tag))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(accept_language: str | None, cookie_value: str | None = None) -> str:
    """The language of a request: the remembered choice, else the browser's first language
    with a catalogue (``pt-BR`` gets ``pt``), else English.

    >>> negotiate("xx-CH, xx;q=0.9, es;q=0.8, *;q=0.5")
    'es'
    >>> negotiate("en;q=0.1, it;q=0.9"), negotiate("xx, it;q=0"), negotiate("!!;;q=x")
    ('it', 'en', 'en')
    """
    candidates = [cookie_value] if cookie_value else []
    candidates += _accepted(accept_language or "")
    for tag in candidates:
        found = _supported(tag)
        if found is not None:
            return found
    return DEFAULT_LANGUAGE


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of a terminal (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
    for the CLI.

    >>> language_from_environment({"LANG": "it_IT.UTF-8"})
    'it'
    >>> language_from_environment({"LANGUAGE": "xx:es", "LANG": "C.UTF-8"})
    'es'
    """
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for item in environ.get(variable, "").split(":"):
            tag = item.split(".")[0].split("@")[0]
            if tag in ("C", "POSIX"):
                continue
            found = _supported(tag)
            if found is not None:
                return found
    return DEFAULT_LANGUAGE
