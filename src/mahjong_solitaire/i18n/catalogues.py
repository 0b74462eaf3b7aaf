"""The catalogues: which languages we speak, reading their ``.po`` files, and which one a
request or a terminal gets.

Each language is one catalogue, ``locale/<code>/LC_MESSAGES/messages.po``, read directly
with Babel (no compile step, no ``.mo`` file) and cached until :func:`forget`.  The code
is a language (``it``), or a language and a region or script (``pt_BR``, ``zh_Hans``) when
one language has several catalogues::

    >>> {"en", "es", "it", "pt", "pt_BR"} <= set(languages()), languages()[0]
    (True, 'en')
    >>> catalogue_path("it").relative_to(LOCALE_DIR).as_posix()
    'it/LC_MESSAGES/messages.po'
    >>> load_catalogue("pt").get("No moves").string
    'Sem jogadas'

The language of a request follows the player's choice (a cookie), then the browser, with
region fallbacks: a region we have a catalogue for gets it (``pt-BR``), else the catalogue
of the language whose ``Language`` header names that region (``pt-PT`` gets ``pt``, which
is European Portuguese), else the language's own (``it-CH`` gets ``it``)::

    >>> negotiate("pt-BR,pt;q=0.9,en;q=0.8"), negotiate("pt-PT"), negotiate("pt")
    ('pt_BR', 'pt', 'pt')
    >>> negotiate("xx-XX, it;q=0.5"), negotiate(None), negotiate("es", cookie_value="it")
    ('it', 'en', 'it')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel import Locale
from babel.core import get_global
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGE_COOKIE",
    "LOCALE_DIR",
    "available_languages",
    "catalogue_for",
    "catalogue_locale",
    "catalogue_path",
    "check_language",
    "forget",
    "language_from_environment",
    "language_tag",
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
    ValueError: no catalogue for language 'xx' (we have en, ...)
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
    _header_parts.cache_clear()


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


def language_tag(lang: str) -> str:
    """The BCP 47 tag of a language's catalogue, from its ``Language`` header (the page's
    ``lang`` attribute and ``Intl`` locale).

    >>> language_tag("pt"), language_tag("pt_BR"), language_tag("en")
    ('pt-PT', 'pt-BR', 'en')
    """
    return str(catalogue_locale(lang)).replace("_", "-")


def native_name(lang: str) -> str:
    """A language's name in that language, capitalised; with its region (or script) when
    another catalogue speaks the same language, so that the two can be told apart.

    >>> native_name("pt"), native_name("pt_BR"), native_name("it")
    ('Português (Portugal)', 'Português (Brasil)', 'Italiano')
    """
    locale = catalogue_locale(lang)
    siblings = [code for code in languages() if _tag_parts(code)[0] == locale.language]
    shown = locale if len(siblings) > 1 else Locale(locale.language, script=locale.script)
    name = shown.get_display_name(locale) or lang
    return name[:1].upper() + name[1:]


def available_languages() -> list[dict[str, str]]:
    """The language switcher's choices: each code with its name in its own language and its
    BCP 47 tag (for the ``lang`` attribute of the choice).

    >>> next(choice for choice in available_languages() if choice["code"] == "es")
    {'code': 'es', 'name': 'Español', 'locale': 'es'}
    """
    return [
        {"code": code, "name": native_name(code), "locale": language_tag(code)}
        for code in languages()
    ]


# -- choosing the language -------------------------------------------------------------


def _tag_parts(tag: str) -> tuple[str, str | None, str | None]:
    """The language, script and region of a tag (``zh-Hant-TW``, ``pt_BR``, ``de``).

    >>> _tag_parts("zh-hant-tw"), _tag_parts("pt_BR"), _tag_parts("es-419")
    (('zh', 'Hant', 'TW'), ('pt', None, 'BR'), ('es', None, '419'))
    """
    language, *rest = tag.strip().replace("-", "_").split("_")
    script = next((part.title() for part in rest if len(part) == 4 and part.isalpha()), None)
    region = next((part.upper() for part in rest if len(part) in (2, 3) and part.isalnum()), None)
    return language.lower(), script, region


def _likely_script(language: str, script: str | None, region: str | None) -> str | None:
    """The script a tag is written in: its own, else CLDR's likely one (``zh-TW``: Hant)."""
    if script:
        return script
    likely = get_global("likely_subtags")
    found = likely.get(f"{language}_{region}") or likely.get(language) or ""
    return _tag_parts(found)[1] if found else None


@cache
def _header_parts(lang: str) -> tuple[str, str | None, str | None]:
    """The language, likely script and region a catalogue's ``Language`` header names,
    read from the header alone (choosing a terminal's language does not parse every
    catalogue)."""
    tag = lang
    with catalogue_path(lang).open(encoding="utf-8") as file:
        for line in file:
            if line.startswith('"Language:'):
                tag = line.split(":", 1)[1].strip().strip('"').removesuffix("\\n").strip()
                break
            if not line.strip():
                break
    language, script, region = _tag_parts(tag or lang)
    return language, _likely_script(language, script, region), region


def catalogue_for(tag: str) -> str | None:
    """The catalogue for a language tag, with region fallbacks: the catalogue named as the
    tag (``pt_BR``), else one whose header names the tag's region (``pt-PT``: ``pt``, a
    ``pt_PT`` catalogue), else one in the tag's script (``zh-TW``: a ``zh_Hant`` one), else
    the language's own (``de-AT``: ``de``), else any of the language's in the tag's script (a
    Traditional Chinese tag never gets a Simplified catalogue).

    >>> [catalogue_for(tag) for tag in ("PT-br", "pt-PT", "pt-AO", "it-CH")]
    ['pt_BR', 'pt', 'pt', 'it']
    >>> catalogue_for("xx-YY") is None, catalogue_for("") is None
    (True, True)
    """
    if not tag.strip():
        return None
    language, script, region = _tag_parts(tag)
    exact = "_".join(part for part in (language, script, region) if part)
    wanted_script = _likely_script(language, script, region)
    # A catalogue written in another script than the tag's is no fallback: a Traditional
    # Chinese reader (zh-TW) goes on to the next language asked for, not to Simplified.
    candidates = [
        code
        for code in languages()
        if _tag_parts(code)[0] == language
        and (wanted_script is None or _header_parts(code)[1] in (None, wanted_script))
    ]
    if not candidates:
        return None

    def distance(code: str) -> tuple[bool, bool, bool, bool]:
        _, header_script, header_region = _header_parts(code)
        return (
            code != exact,
            region is None or header_region != region,
            header_script != wanted_script,
            code != language,
        )

    return min(candidates, key=distance)


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
    with a catalogue (region fallbacks as :func:`catalogue_for` says), else English.

    >>> negotiate("tlh-CH, tlh;q=0.9, es;q=0.8, *;q=0.5")
    'es'
    >>> negotiate("en;q=0.1, it;q=0.9"), negotiate("xx, it;q=0"), negotiate("!!;;q=x")
    ('it', 'en', 'en')
    """
    candidates = [cookie_value] if cookie_value else []
    candidates += _accepted(accept_language or "")
    for tag in candidates:
        found = catalogue_for(tag)
        if found is not None:
            return found
    return DEFAULT_LANGUAGE


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of a terminal (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
    for the CLI.

    >>> language_from_environment({"LANG": "it_IT.UTF-8"})
    'it'
    >>> [language_from_environment({"LANG": tag}) for tag in ("pt_BR.UTF-8", "pt_PT")]
    ['pt_BR', 'pt']
    >>> language_from_environment({"LANGUAGE": "tlh:es", "LANG": "C.UTF-8"})
    'es'
    """
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for item in environ.get(variable, "").split(":"):
            tag = item.split(".")[0].split("@")[0]
            if tag in ("C", "POSIX"):
                continue
            found = catalogue_for(tag)
            if found is not None:
                return found
    return DEFAULT_LANGUAGE
