"""Languages: the gettext catalogues, the language a request gets, names of engine data, and
numbers and dates formatted for the language.

Every player-visible string has an English ``msgid``; each language is one catalogue,
``locale/<code>/LC_MESSAGES/messages.po``, read directly with Babel (no compile step) and
cached.  Placeholders are named, ``{count}`` style, as in the page's scripts::

    >>> _ = translator("pt")
    >>> _("No moves")
    'Sem jogadas'
    >>> _.ngettext("{n} tile", "{n} tiles", 3)
    '3 peças'
    >>> translator("it")("{name}, free", name=tile_name("R", "it"))
    'Drago rosso, libera'

The engine stays free of I/O and of languages: its data is translated here, keyed on stable
ids (tile labels, layout numbers, slide rules, difficulties)::

    >>> tile_name("5B", "es"), tile_name("F1", "pt")
    ('5 de bambúes', 'Flor de ameixoeira')
    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> layout_title(builtin_layout("L00"), "it")
    'Tartaruga'

The language of a request follows the player's choice (a cookie), then the browser::

    >>> negotiate("pt-BR,pt;q=0.9,en;q=0.8"), negotiate("de-DE, it;q=0.5"), negotiate(None)
    ('pt', 'it', 'en')
    >>> negotiate("es", cookie_value="it")
    'it'

Numbers, dates and times come out as the language writes them::

    >>> format_number(1234.5, "en"), format_number(1234.5, "it")
    ('1,234.5', '1.234,5')
    >>> format_time_span(75), format_time_span(3725)
    ('1:15', '1:02:05')

Catalogues are extracted and updated with Babel (``babel.cfg`` at the repository root, see
CONTRIBUTING.md); the extractors for engine data and the page's string table are below.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import IO, Any

from babel import Locale
from babel.dates import format_date as _babel_format_date
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.numbers import format_percent as _babel_format_percent

from .classic.stages import Stage
from .connect.slide import Slide
from .connect.stages import Stage as ConnectStage
from .core.difficulty import Difficulty
from .core.layout import Layout
from .core.tiles import KINDS, kind
from .layouts import builtin_layout, builtin_layouts

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGE_COOKIE",
    "LOCALE_DIR",
    "N_",
    "Nn_",
    "Translator",
    "available_languages",
    "catalogue_json",
    "catalogue_path",
    "count_label",
    "difficulty_name",
    "error_message",
    "extract_layout_texts",
    "extract_page_strings",
    "extract_tile_names",
    "format_date",
    "format_number",
    "format_percent",
    "format_time_span",
    "language_from_environment",
    "languages",
    "layout_description",
    "layout_title",
    "negotiate",
    "placeholders",
    "reload",
    "slide_rule_description",
    "slide_rule_name",
    "stage_name",
    "tile_accessible_name",
    "tile_name",
    "translator",
]

#: The catalogues: ``LOCALE_DIR / code / "LC_MESSAGES" / "messages.po"``, and the template.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
#: The language of the msgids, and of any request that names no language we speak.
DEFAULT_LANGUAGE = "en"
#: The cookie that remembers the language chosen in the settings (wins over the browser).
LANGUAGE_COOKIE = "mj_lang"

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
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
    return set(_PLACEHOLDER.findall(text))


def _fill(text: str, params: Mapping[str, object]) -> str:
    # The page's ``t()`` fills the same way: a name without a value stays as written.
    return _PLACEHOLDER.sub(
        lambda match: str(params[match[1]]) if match[1] in params else match[0], text)


# -- catalogues ------------------------------------------------------------------------


def catalogue_path(language: str) -> Path:
    """The ``.po`` file of a language (present or not).

    >>> catalogue_path("it").relative_to(LOCALE_DIR).as_posix()
    'it/LC_MESSAGES/messages.po'
    """
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def languages() -> tuple[str, ...]:
    """The codes of the catalogues present: English first, then alphabetical.

    >>> languages()
    ('en', 'es', 'it', 'pt')
    """
    found = sorted(path.name for path in LOCALE_DIR.iterdir()
                   if catalogue_path(path.name).is_file())
    return tuple(sorted(found, key=lambda code: code != DEFAULT_LANGUAGE))


def _language(lang: str) -> str:
    if lang not in languages():
        raise ValueError(f"no catalogue for language {lang!r} (we have {', '.join(languages())})")
    return lang


@cache
def _catalog(language: str) -> Catalog:
    with catalogue_path(_language(language)).open("rb") as file:
        return read_po(file, locale=None, domain=DOMAIN)


def _translations(catalog: Catalog) -> dict[str, str | tuple[str, ...]]:
    """msgid (the singular one for plurals) to its translation; fuzzy and empty ones left out
    (gettext shows the source text for those)."""
    found: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = tuple(message.string)
            if all(forms):
                found[message.id[0]] = forms
        elif message.string:
            found[message.id] = message.string
    return found


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
            return _fill(found, params)
        if self._fallback is not None:
            return self._fallback.gettext(msgid, **params)
        return _fill(msgid, params)

    def ngettext(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The form for ``n`` of a counted message; ``{n}`` is filled with ``n``.

        >>> translator("en").ngettext("{n} move", "{n} moves", 1)
        '1 move'
        """
        values = {"n": n, **params}
        found = self._messages.get(singular)
        if isinstance(found, tuple):
            return _fill(found[self.plural_index(n)], values)
        if self._fallback is not None:
            return self._fallback.ngettext(singular, plural, n, **params)
        return _fill(singular if n == 1 else plural, values)

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
    """The translator of a language code from :func:`languages`; ``ValueError`` otherwise."""
    catalog = _catalog(_language(lang))
    fallback = None if lang == DEFAULT_LANGUAGE else translator(DEFAULT_LANGUAGE)
    locale = catalog.locale or Locale.parse(lang)
    return Translator(lang, locale, _translations(catalog), fallback)


def reload() -> None:
    """Forget the cached catalogues: the next call reads the ``.po`` files again (after a
    catalogue was edited or added under a running server)."""
    for cached in (languages, _catalog, translator):
        cached.cache_clear()


def available_languages() -> list[dict[str, str]]:
    """The language switcher's choices: each code with its name in its own language.

    >>> available_languages()[:2]
    [{'code': 'en', 'name': 'English'}, {'code': 'es', 'name': 'Español'}]
    """
    return [{"code": code, "name": _native_name(code)} for code in languages()]


def _native_name(lang: str) -> str:
    locale = translator(lang).locale
    name = locale.get_language_name(locale) or lang
    return name[:1].upper() + name[1:]


def catalogue_json(lang: str) -> dict[str, Any]:
    """The whole catalogue of ``lang`` for the page: the same messages as the server's.

    ``messages`` maps every msgid to its text (a list of forms for counted messages, in the
    order of ``plural.categories``, which the page picks with ``Intl.PluralRules(locale)``);
    ``tiles`` names the 42 kinds by label and ``slides`` the Connect sliding rules.

    >>> data = catalogue_json("it")
    >>> data["locale"], data["messages"]["No moves"], data["tiles"]["Wh"]
    ('it', 'Nessuna mossa disponibile', 'Drago bianco')
    >>> data["plural"]["categories"], data["messages"]["{n} tile"]
    (['one', 'many', 'other'], ['{n} tessera', '{n} di tessere', '{n} tessere'])
    """
    _ = translator(lang)
    messages: dict[str, str | list[str]] = {}
    for message in _catalog(DEFAULT_LANGUAGE):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            singular, plural = message.id[0], message.id[1]
            found = _._messages.get(singular)
            if not isinstance(found, tuple):
                found = tuple(singular if tag == "one" else plural
                              for tag in _.plural_categories)
            messages[singular] = list(found)
        else:
            messages[message.id] = _(message.id)
    catalog = _catalog(lang)
    return {
        "language": lang,
        "locale": str(_.locale).replace("_", "-"),
        "name": _native_name(lang),
        "plural": {"forms": catalog.plural_forms, "categories": list(_.plural_categories)},
        "messages": messages,
        "tiles": {label: tile_name(label, lang) for label in KINDS},
        "slides": {rule.value: slide_rule_name(rule, lang) for rule in Slide},
    }


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

    >>> negotiate("fr-CH, fr;q=0.9, es;q=0.8, *;q=0.5")
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
    >>> language_from_environment({"LANGUAGE": "de:es", "LANG": "C.UTF-8"})
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


# -- engine data, keyed on stable ids ---------------------------------------------------

_TILE_STATE = {True: N_("{name}, free"), False: N_("{name}, blocked")}

_DIFFICULTIES = {
    Difficulty.EASY: N_("Easy"),
    Difficulty.NORMAL: N_("Normal"),
    Difficulty.HARD: N_("Hard"),
}

_STAGE = N_("Stage {number}: {name}")
_GRID_TITLE = N_("{width}×{height} · {slide}")

#: Connect mode: each sliding rule's name and what it does (rules §9.4).
_SLIDE_RULES: dict[Slide, tuple[str, str]] = {
    Slide.NONE: (N_("No sliding"), N_("Nothing moves after a pair is removed.")),
    Slide.DOWN: (N_("Down"), N_("Every column packs down to the bottom.")),
    Slide.LEFT: (N_("Left"), N_("Every row packs to the left.")),
    Slide.UP: (N_("Up"), N_("Every column packs up to the top.")),
    Slide.RIGHT: (N_("Right"), N_("Every row packs to the right.")),
    Slide.SPLIT_V: (N_("Split up and down"),
                    N_("The upper half of each column packs up, the lower half down.")),
    Slide.SPLIT_H: (N_("Split left and right"),
                    N_("The left half of each row packs left, the right half right.")),
    Slide.GATHER_V: (N_("Gather to the middle row"),
                     N_("The upper half packs down and the lower half up, toward the middle.")),
    Slide.GATHER_H: (N_("Gather to the middle column"),
                     N_("The left half packs right and the right half left, toward the middle.")),
    Slide.OUTWARD: (N_("Outward"), N_("Each quarter packs toward its outer corner.")),
    Slide.INWARD: (N_("Inward"), N_("Each quarter packs toward the centre.")),
}

#: Counted things the page and the CLI show ("{n} moves").
_COUNTS: dict[str, tuple[str, str]] = {
    "tiles": Nn_("{n} tile", "{n} tiles"),
    "pairs": Nn_("{n} pair", "{n} pairs"),
    "moves": Nn_("{n} move", "{n} moves"),
    "hints": Nn_("{n} hint", "{n} hints"),
    "undos": Nn_("{n} undo", "{n} undos"),
    "shuffles": Nn_("{n} shuffle", "{n} shuffles"),
    "games": Nn_("{n} game", "{n} games"),
    "wins": Nn_("{n} win", "{n} wins"),
}

#: What the player reads for each error code of the JSON API (``{"error": code}``).
_ERRORS: dict[str, str] = {
    "bad_request": N_("The game could not do that: the request is not valid."),
    "bad_body": N_("The game could not do that: the request is not valid."),
    "bad_code": N_("That is not a game code. A code looks like MJ1-L00-ABCDEFG."),
    "bad_connect_code": N_("That is not a Connect code. A code looks like CN1-1808B-AAAAABL."),
    "bad_layout": N_("That layout is unknown or not a valid layout."),
    "unknown_layout": N_("There is no such layout."),
    "too_large": N_("The file is larger than a layout file can be."),
    "stage_locked": N_("This stage is locked: clear the stages before it first."),
    "wrong_mode": N_("This game belongs to the other mode."),
    "unknown_language": N_("There is no catalogue for that language."),
    "bad_date": N_("That is not a date. Dates are written YYYY-MM-DD."),
    "future_date": N_("That day's challenge has not started yet."),
    "too_many_layouts": N_("You keep as many imported layouts as you can: delete one first."),
    "unknown_game": N_("This game does not exist for this player."),
    "illegal_action": N_("That move is not possible now."),
    "stale_version": N_("The game changed in another tab; showing the latest position."),
    "game_over": N_("This game was replaced by a newer one."),
    "no_shuffle": N_("No shuffle can help: the remaining tiles cannot all be cleared."),
    "corrupt_game": N_("This saved game cannot be rebuilt."),
    "not_found": N_("There is nothing at this address."),
    "method_not_allowed": N_("The game could not do that: the request is not valid."),
}
_UNKNOWN_ERROR = N_("Something went wrong on the server.")


def tile_name(label: str, lang: str) -> str:
    """The name of a tile kind by label (``TileError`` for an unknown label).

    >>> tile_name("5B", "en"), tile_name("Wh", "pt"), tile_name("S3", "it")
    ('5 of Bamboo', 'Dragão branco', 'Autunno')
    """
    return translator(lang)(kind(label).name)


def tile_accessible_name(label: str, free: bool, lang: str) -> str:
    """A tile's accessible name on the board: its name and whether it can be taken.

    >>> tile_accessible_name("5B", True, "en"), tile_accessible_name("R", False, "es")
    ('5 of Bamboo, free', 'Dragón rojo, bloqueada')
    """
    return translator(lang)(_TILE_STATE[free], name=tile_name(label, lang))


def _builtin_text(layout: Layout, field: str) -> str | None:
    """The English text of a built-in layout, by its number; ``None`` for imported ones."""
    if layout.number is None:
        return None
    return str(getattr(builtin_layout(layout.number), field))


def layout_title(layout: Layout, lang: str) -> str:
    """A layout's title: built-ins are translated (by number), imported layouts keep the
    title their file gave."""
    english = _builtin_text(layout, "title")
    return layout.title if english is None else translator(lang)(english)


def layout_description(layout: Layout, lang: str) -> str:
    """A layout's description, like :func:`layout_title`.

    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> layout_description(builtin_layout("bridge"), "es")
    'Dos colinas escalonadas unidas por un puente estrecho de dos filas.'
    """
    english = _builtin_text(layout, "description")
    return layout.description if english is None else translator(lang)(english)


def difficulty_name(difficulty: Difficulty | str, lang: str) -> str:
    """``Easy``, ``Normal`` or ``Hard`` in the language.

    >>> difficulty_name("hard", "pt")
    'Difícil'
    """
    return translator(lang)(_DIFFICULTIES[Difficulty.parse(difficulty)])


def slide_rule_name(rule: Slide | str, lang: str) -> str:
    """The name of a Connect sliding rule.

    >>> slide_rule_name("gather-h", "en")
    'Gather to the middle column'
    """
    return translator(lang)(_SLIDE_RULES[Slide(rule)][0])


def slide_rule_description(rule: Slide | str, lang: str) -> str:
    """What a Connect sliding rule does after each removal."""
    return translator(lang)(_SLIDE_RULES[Slide(rule)][1])


def connect_grid_title(width: int, height: int, rule: Slide | str, lang: str) -> str:
    """A Connect grid's title: its size and sliding rule, as the page writes it.

    >>> connect_grid_title(18, 8, "down", "en"), connect_grid_title(12, 6, "none", "es")
    ('18×8 · Down', '12×6 · Sin deslizamiento')
    """
    return translator(lang)(_GRID_TITLE, width=width, height=height,
                            slide=slide_rule_name(rule, lang))


def stage_name(stage: Stage | ConnectStage, lang: str) -> str:
    """The name of a stage: of the classic progression (named after its layout) or of the
    Connect mode (named after its sliding rule).

    >>> from mahjong_solitaire.classic.stages import stage
    >>> from mahjong_solitaire.connect.stages import stage as connect_stage
    >>> stage_name(stage(1), "pt"), stage_name(connect_stage(2), "it")
    ('Etapa 1: Torres', 'Livello 2: Giù')
    """
    if isinstance(stage, Stage):
        name = layout_title(stage.layout, lang)
    else:
        name = slide_rule_name(stage.rule, lang)
    return translator(lang)(_STAGE, number=stage.number, name=name)


def count_label(what: str, n: int, lang: str) -> str:
    """A count with its noun in the right plural form: ``what`` is one of tiles, pairs,
    moves, hints, undos, shuffles, games, wins.

    >>> count_label("moves", 1, "en"), count_label("moves", 3, "es")
    ('1 move', '3 movimientos')
    """
    singular, plural = _COUNTS[what]
    return translator(lang).ngettext(singular, plural, n, n=format_number(n, lang))


def error_message(code: str, lang: str) -> str:
    """What the player reads for an API error code; a general message for unknown codes.

    >>> error_message("bad_code", "it")
    'Questo non è un codice partita. Un codice è fatto così: MJ1-L00-ABCDEFG.'
    """
    return translator(lang)(_ERRORS.get(code, _UNKNOWN_ERROR))


# -- formatting ------------------------------------------------------------------------


def format_number(value: float, lang: str, decimals: int | None = None) -> str:
    """A number as the language writes it (grouping, decimal sign), with exactly
    ``decimals`` decimals when given.

    >>> format_number(10.1, "pt", decimals=2), format_number(2, "en", decimals=0)
    ('10,10', '2')
    """
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=translator(lang).locale)


def format_percent(ratio: float, lang: str, decimals: int = 0) -> str:
    """A ratio (``0.5``) as a percentage in the language, with ``decimals`` decimals.

    >>> format_percent(0.5, "en"), format_percent(0.5, "es"), format_percent(1 / 3, "pt", 1)
    ('50%', '50\\xa0%', '33,3%')
    """
    locale = translator(lang).locale
    pattern = None
    if decimals:  # the integer digit of the language's pattern gets the decimals
        pattern = locale.percent_formats[None].pattern.replace("0", "0." + "0" * decimals, 1)
    return _babel_format_percent(ratio, format=pattern, locale=locale)


def format_date(value: date | datetime, lang: str, length: str = "medium") -> str:
    """A calendar date in the language; ``length`` is short, medium, long or full.

    >>> from datetime import date
    >>> format_date(date(2026, 11, 29), "en"), format_date(date(2026, 11, 29), "pt", "long")
    ('Nov 29, 2026', '29 de novembro de 2026')
    """
    return _babel_format_date(value, format=length, locale=translator(lang).locale)


def format_time_span(seconds: float) -> str:
    """A playing time as the clock shows it, the same in every language: ``m:ss`` under an
    hour, ``h:mm:ss`` from an hour on (whole seconds, rounded down).

    >>> format_time_span(0), format_time_span(59.9), format_time_span(3600)
    ('0:00', '0:59', '1:00:00')
    """
    if seconds < 0:
        raise ValueError(f"a time span is not negative: {seconds}")
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# -- extraction (babel.cfg) ------------------------------------------------------------

_Extracted = Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]


def _line_of(source: str, text: str) -> int:
    at = source.find(text)
    return source.count("\n", 0, at) + 1 if at >= 0 else 1


def extract_tile_names(fileobj: IO[bytes], keywords: Collection[str],
                       comment_tags: Collection[str], options: Mapping[str, Any]
                       ) -> _Extracted:
    """Babel extractor for ``tiles.py``: the names of the 42 kinds (``Kind.name``)."""
    source = fileobj.read().decode("utf-8")
    for label, tile in KINDS.items():
        word = tile.name.split(" of ")[-1].split()[0]
        yield _line_of(source, f'"{word}'), None, tile.name, [f"tile {label}"]


def extract_layout_texts(fileobj: IO[bytes], keywords: Collection[str],
                         comment_tags: Collection[str], options: Mapping[str, Any]
                         ) -> _Extracted:
    """Babel extractor for ``layouts/builtin.py``: titles and descriptions of the built-ins."""
    source = fileobj.read().decode("utf-8")
    for layout in builtin_layouts():
        where = f"layout L{layout.number:02d} ({layout.name})"
        yield _line_of(source, f'"{layout.title}"'), None, layout.title, [f"{where} title"]
        yield (_line_of(source, f'"{layout.description}"'), None, layout.description,
               [f"{where} description"])


def _is_text(value: str) -> bool:
    """Whether a page string is words to translate, not a key letter, a sign or a sample
    code (``"H"``, ``"#"``, ``"MJ1-L00-AAAAABL"``)."""
    bare = _PLACEHOLDER.sub("", value).strip()
    return bool(re.search(r"[a-z]", bare)) or " " in bare


#: The tokens of a JavaScript object literal: enough to read the page's string table.
_JS_TOKEN = re.compile(r"""
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<name>[A-Za-z_$][\w$]*)
  | (?P<other>\S)
""", re.S | re.X)


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    value: str
    line: int


def _js_tokens(source: str) -> list[_Token]:
    tokens = []
    for match in _JS_TOKEN.finditer(source):
        kind = match.lastgroup or "other"
        if kind != "comment":
            line = source.count("\n", 0, match.start()) + 1
            value = ast.literal_eval(match[0]) if kind == "string" else match[0]
            tokens.append(_Token(kind, value, line))
    return tokens


def extract_page_strings(fileobj: IO[bytes], keywords: Collection[str],
                         comment_tags: Collection[str], options: Mapping[str, Any]
                         ) -> _Extracted:
    """Babel extractor for the page's string table, ``web/static/js/strings.js``.

    The table is ``export const STRINGS = { key: "text", key: ["text", ...], key:
    ngettext("one", "many") }``: each text is a msgid (a comment names its key); anything
    outside the table is not extracted.

    >>> from io import BytesIO
    >>> js = b'const STRINGS = { a: "No moves", k: "H", r: ["One.", "Two."],'
    >>> js += b' n: ngettext("{n} tile", "{n} tiles") }; const X = {b: "skip me"};'
    >>> [(m, c) for _, _, m, c in extract_page_strings(BytesIO(js), (), (), {})]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('No moves', ['page a']), ('One.', ['page r[0]']), ('Two.', ['page r[1]']),
     (('{n} tile', '{n} tiles'), ['page n'])]
    """
    table = str(options.get("table", "STRINGS"))
    tokens = _js_tokens(fileobj.read().decode("utf-8"))
    start = next((i for i in range(len(tokens) - 2)
                  if tokens[i].value == table and tokens[i + 1].value == "="
                  and tokens[i + 2].value == "{"), None)
    if start is None:
        raise ValueError(f"no '{table} = {{' table to extract the page's strings from")
    depth, key, index = 0, "", 0
    plural: list[_Token] = []
    for at in range(start + 2, len(tokens)):
        previous, token = tokens[at - 1], tokens[at]
        following = tokens[at + 1] if at + 1 < len(tokens) else token
        if token.kind == "other" and token.value in "{[(":
            depth += 1
            index = 0
        elif token.kind == "other" and token.value in "}])":
            depth -= 1
            if depth == 0:
                return
            if token.value == ")" and len(plural) == 2:
                yield plural[0].line, "ngettext", (plural[0].value, plural[1].value), [
                    f"page {key}"]
            plural = []
        elif depth == 1 and following.value == ":" and token.kind in ("name", "string"):
            key = token.value
        elif token.kind == "string":
            if previous.value == "(" or plural:
                plural.append(token)
            elif depth == 1 and _is_text(token.value):
                yield token.line, None, token.value, [f"page {key}"]
            elif depth == 2 and _is_text(token.value):
                yield token.line, None, token.value, [f"page {key}[{index}]"]
                index += 1
