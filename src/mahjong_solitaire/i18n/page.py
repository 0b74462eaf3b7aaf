"""The catalogue the page reads (``GET /api/i18n``): the server's own messages as JSON, so
the page and the server translate from one source.

    >>> data = catalogue_json("it")
    >>> data["locale"], data["messages"]["No moves"], data["tiles"]["Wh"]
    ('it', 'Nessuna mossa disponibile', 'Drago bianco')
"""

from __future__ import annotations

from typing import Any

from ..connect.slide import Slide
from ..core.tiles import KINDS
from .catalogues import DEFAULT_LANGUAGE, load_catalogue, native_name
from .names import slide_rule_description, slide_rule_name, tile_name
from .translator import translator

__all__ = ["catalogue_json"]


def catalogue_json(lang: str) -> dict[str, Any]:
    """The whole catalogue of ``lang`` for the page: the same messages as the server's.

    ``messages`` maps every msgid to its text (a list of forms for counted messages, in the
    order of ``plural.categories``, which the page picks with ``Intl.PluralRules(locale)``);
    ``tiles`` names the 42 kinds by label, ``slides`` the Connect sliding rules and
    ``slide_notes`` says in one line what each rule does.

    >>> data = catalogue_json("it")
    >>> data["plural"]["categories"], data["messages"]["{n} tile"]
    (['one', 'many', 'other'], ['{n} tessera', '{n} di tessere', '{n} tessere'])
    """
    _ = translator(lang)
    messages: dict[str, str | list[str]] = {}
    for message in load_catalogue(DEFAULT_LANGUAGE):
        if not message.id:
            continue
        if isinstance(message.id, str):
            messages[message.id] = _(message.id)
        else:
            messages[message.id[0]] = list(_.plural_forms(message.id[0], message.id[1]))
    return {
        "language": lang,
        "locale": str(_.locale).replace("_", "-"),
        "name": native_name(lang),
        "plural": {
            "forms": load_catalogue(lang).plural_forms,
            "categories": list(_.plural_categories),
        },
        "messages": messages,
        "tiles": {label: tile_name(label, lang) for label in KINDS},
        "slides": {rule.value: slide_rule_name(rule, lang) for rule in Slide},
        "slide_notes": {rule.value: slide_rule_description(rule, lang) for rule in Slide},
    }
