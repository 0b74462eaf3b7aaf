"""Languages: the game speaks every language that has a gettext catalogue in ``locale/``.

Every player-visible string has an English ``msgid``; the modules, one per concept:

=======================  ===============================================================
:mod:`.catalogues`       the ``.po`` files, the languages we have, the language a request
                         or a terminal gets (:func:`negotiate`)
:mod:`.translator`       ``translator(lang)``: gettext and ngettext, the ``N_``/``Nn_``
                         markers, named ``{placeholders}``
:mod:`.formats`          numbers, percentages, dates and playing times per language
:mod:`.names`            the names of engine data: tiles, layouts, difficulties, slide
                         rules, grids, stages, counted things
:mod:`.errors`           the message of each error, by its message key
:mod:`.glossary`         the key terms and each language's words for them (a test holds
                         every catalogue to it)
:mod:`.page`             the catalogue the page reads, as JSON
:mod:`.extract`          build time only: Babel extractors named in ``babel.cfg``
=======================  ===============================================================

Everything public is importable from here::

    >>> from mahjong_solitaire.i18n import negotiate, tile_name, translator
    >>> lang = negotiate("pt-BR,pt;q=0.9,en;q=0.8")
    >>> _ = translator(lang)
    >>> lang, _("No moves"), _.ngettext("{n} tile", "{n} tiles", 3)
    ('pt_BR', 'Sem jogadas', '3 peças')
    >>> translator("it")("{name}, free", name=tile_name("R", "it"))
    'Drago rosso, libera'
    >>> format_number(1234.5, "it"), format_time_span(3725)
    ('1.234,5', '1:02:05')

Catalogues are extracted and updated with Babel (``babel.cfg`` at the repository root, see
CONTRIBUTING.md).
"""

from __future__ import annotations

from .catalogues import (
    DEFAULT_LANGUAGE,
    LANGUAGE_COOKIE,
    LOCALE_DIR,
    available_languages,
    catalogue_for,
    catalogue_path,
    language_from_environment,
    language_tag,
    languages,
    negotiate,
)
from .errors import UNKNOWN_ERROR, error_message
from .extract import (
    extract_challenge_texts,
    extract_layout_texts,
    extract_page_strings,
    extract_tile_names,
)
from .formats import format_date, format_number, format_percent, format_time_span
from .names import (
    aid_name,
    challenge_rule,
    challenge_title,
    connect_grid_title,
    count_label,
    difficulty_name,
    layout_description,
    layout_title,
    ranking_title,
    slide_rule_description,
    slide_rule_name,
    stage_name,
    tile_accessible_name,
    tile_name,
)
from .page import catalogue_json
from .translator import N_, Nn_, Translator, placeholders, reload, translator

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGE_COOKIE",
    "LOCALE_DIR",
    "N_",
    "UNKNOWN_ERROR",
    "Nn_",
    "Translator",
    "aid_name",
    "available_languages",
    "catalogue_for",
    "catalogue_json",
    "catalogue_path",
    "challenge_rule",
    "challenge_title",
    "connect_grid_title",
    "count_label",
    "difficulty_name",
    "error_message",
    "extract_challenge_texts",
    "extract_layout_texts",
    "extract_page_strings",
    "extract_tile_names",
    "format_date",
    "format_number",
    "format_percent",
    "format_time_span",
    "language_from_environment",
    "language_tag",
    "languages",
    "layout_description",
    "layout_title",
    "negotiate",
    "placeholders",
    "ranking_title",
    "reload",
    "slide_rule_description",
    "slide_rule_name",
    "stage_name",
    "tile_accessible_name",
    "tile_name",
    "translator",
]
