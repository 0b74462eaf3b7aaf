"""rules §10.1: the German, French, Dutch and Polish catalogues count, write dates and
numbers and punctuate as their languages do, and every catalogue calls each aid and each
suit by one name."""

from __future__ import annotations

import re
from datetime import date, datetime

import pytest

from mahjong_solitaire.core.tiles import KINDS
from mahjong_solitaire.i18n import (
    count_label,
    format_date,
    format_number,
    format_percent,
    languages,
    tile_name,
    translator,
)
from mahjong_solitaire.i18n.catalogues import load_catalogue

LANGUAGES = languages()
NBSP, NARROW_NBSP = "\xa0", "\u202f"


# -- counting --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (1, "1 ruch"),
        (2, "2 ruchy"),
        (4, "4 ruchy"),
        (5, "5 ruchów"),
        (12, "12 ruchów"),
        (14, "14 ruchów"),
        (21, "21 ruchów"),
        (22, "22 ruchy"),
        (0, "0 ruchów"),
        (102, "102 ruchy"),
        (112, "112 ruchów"),
    ],
)
def test_polish_counts_one_few_and_many_as_polish_does(n: int, expected: str) -> None:
    assert count_label("moves", n, "pl") == expected
    assert translator("pl").ngettext("{n} move", "{n} moves", n) == expected


def test_polish_has_a_fourth_form_for_fractions_as_cldr_says() -> None:
    _ = translator("pl")
    assert _.plural_categories == ("one", "few", "many", "other")
    assert _.plural_forms("{n} tile", "{n} tiles") == (
        "{n} płytka",
        "{n} płytki",
        "{n} płytek",
        "{n} płytki",
    )


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("fr", 0, "0 tuile"),
        ("fr", 1, "1 tuile"),
        ("fr", 2, "2 tuiles"),
        ("fr", 1_000_000, "1\u202f000\u202f000 de tuiles"),
        ("de", 0, "0 Steine"),
        ("de", 1, "1 Stein"),
        ("de", 1_000_000, "1.000.000 Steine"),
        ("nl", 1, "1 steen"),
        ("nl", 3, "3 stenen"),
        ("pl", 1_000_000, "1\xa0000\xa0000 płytek"),
    ],
)
def test_french_counts_zero_as_one_and_millions_with_de(lang: str, n: int, expected: str) -> None:
    assert count_label("tiles", n, lang) == expected


# -- dates and numbers -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "medium", "long", "number", "percent"),
    [
        ("de", "29.11.2026", "29. November 2026", "1.234.567,5", "46\xa0%"),
        ("fr", "29 nov. 2026", "29 novembre 2026", "1\u202f234\u202f567,5", "46\xa0%"),
        ("nl", "29 nov 2026", "29 november 2026", "1.234.567,5", "46%"),
        ("pl", "29 lis 2026", "29 listopada 2026", "1\xa0234\xa0567,5", "46%"),
    ],
)
def test_dates_and_numbers_are_written_as_each_language_writes_them(
    lang: str, medium: str, long: str, number: str, percent: str
) -> None:
    assert format_date(date(2026, 11, 29), lang) == medium
    assert format_date(datetime(2026, 11, 29, 23, 5), lang, "long") == long
    assert format_number(1234567.5, lang) == number
    assert format_percent(0.456, lang) == percent


# -- punctuation -----------------------------------------------------------------------


def test_french_keeps_a_no_break_space_before_high_punctuation_and_inside_guillemets() -> None:
    """French typography: a no-break space before a colon (a narrow one before ; ! ?) and
    inside « », so that a line never starts with a colon or a closing guillemet."""
    texts = [
        form
        for message in load_catalogue("fr")
        if message.id
        for form in (message.string if message.pluralizable else (message.string,))
    ]
    for text in texts:
        for mark in re.finditer(r"[:;!?»](?=\s|$)", text):
            assert text[mark.start() - 1] in (NBSP, NARROW_NBSP), text
        for mark in re.finditer("«", text):
            assert text[mark.end()] == NBSP, text
    assert any("\xa0:" in text for text in texts)


@pytest.mark.parametrize(
    ("lang", "quoted"),
    [
        ("de", "„{title}“"),
        ("fr", "«\xa0{title}\xa0»"),
        ("nl", "‘{title}’"),
        ("pl", "„{title}”"),
    ],
)
def test_a_quoted_title_takes_the_languages_own_quotation_marks(lang: str, quoted: str) -> None:
    _ = translator(lang)
    catalogue = load_catalogue(lang)
    titled = [m.id for m in catalogue if isinstance(m.id, str) and "“{title}”" in m.id]
    assert len(titled) >= 3
    for msgid in titled:
        assert quoted in _(msgid), msgid


# -- one name for each thing -----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_name_each_aid_by_its_button_label(lang: str) -> None:
    _ = translator(lang)
    rules = _(
        "Every deal can be won. Hint shows a pair of a winning plan; Undo and Redo walk "
        "through your moves; Shuffle deals the remaining tiles again, still winnable."
    )
    for button in ("Hint", "Undo", "Redo", "Shuffle"):
        assert _(button) in rules, (lang, button)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_nine_tiles_of_a_suit_share_one_suit_name(lang: str) -> None:
    for suit in "BCD":
        names = [tile_name(f"{rank}{suit}", lang) for rank in range(1, 10)]
        if all(str(rank) in name for rank, name in enumerate(names, 1)):
            patterns = {name.replace(str(rank), "#", 1) for rank, name in enumerate(names, 1)}
            assert len(patterns) == 1, names
        else:  # numerals of the language's own (一条 … 九条): the suit name is the shared end
            assert len({name[-1] for name in names}) == 1, names
    assert len({tile_name(label, lang) for label in KINDS}) == len(KINDS)
    bamboo_flower = tile_name("F4", lang)
    assert bamboo_flower not in {tile_name(f"{rank}B", lang) for rank in range(1, 10)}
