"""rules §10: the interface speaks English, Portuguese, Italian and Spanish from gettext
catalogues; adding a language is adding one catalogue."""

from __future__ import annotations

import gettext
import json
import shutil
from datetime import date, datetime
from io import BytesIO
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po
from hypothesis import given
from hypothesis import strategies as st

from mahjong_solitaire import i18n
from mahjong_solitaire.classic.stages import STAGE_ORDER
from mahjong_solitaire.classic.stages import stage as classic_stage
from mahjong_solitaire.connect.slide import Slide
from mahjong_solitaire.connect.stages import stage as connect_stage
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.core.tiles import KINDS
from mahjong_solitaire.i18n import (
    available_languages,
    catalogue_json,
    catalogues,
    count_label,
    difficulty_name,
    error_message,
    extract_page_strings,
    format_date,
    format_number,
    format_percent,
    format_time_span,
    language_from_environment,
    languages,
    layout_description,
    layout_title,
    negotiate,
    placeholders,
    slide_rule_description,
    slide_rule_name,
    stage_name,
    tile_accessible_name,
    tile_name,
    translator,
)
from mahjong_solitaire.layouts import builtin_layouts

ROOT = Path(__file__).resolve().parent.parent
#: Every catalogue present: a language added later is held to the same rules.
LANGUAGES = languages()
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
SEED_LANGUAGES = ("pt", "it", "es")


def _read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def _catalog(lang: str) -> Catalog:
    return _read(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po")


def _messages(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


def _ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {message.id for message in _messages(catalog)}


def _forms(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if message.pluralizable else (message.string,)


# -- the catalogues --------------------------------------------------------------------


def test_english_and_the_three_languages_of_the_seeds_have_a_catalogue() -> None:
    assert languages()[0] == "en"
    assert set(languages()) >= {"en", *SEED_LANGUAGES}
    names = {entry["code"]: entry["name"] for entry in available_languages()}
    assert names | {"en": "English", "es": "Español", "it": "Italiano"} == names


def test_both_portuguese_catalogues_are_named_with_their_region_and_tagged_for_the_page() -> None:
    """rules §10: Brazilian players get pt-BR, everyone else asking for Portuguese gets the
    European one; the switcher tells the two apart."""
    entries = {entry["code"]: entry for entry in available_languages()}
    assert entries["pt"] == {"code": "pt", "name": "Português (Portugal)", "locale": "pt-PT"}
    assert entries["pt_BR"] == {"code": "pt_BR", "name": "Português (Brasil)", "locale": "pt-BR"}
    assert catalogue_json("pt_BR")["locale"] == "pt-BR"


@pytest.mark.parametrize(
    ("header", "expected"),
    [("de-AT", "de"), ("de-CH, fr;q=0.5", "de"), ("pt-BR", "pt_BR"), ("pt-MZ", "pt")],
)
def test_a_region_we_lack_falls_back_to_its_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, header: str, expected: str
) -> None:
    locale_dir = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale_dir)
    german = read_po(BytesIO((i18n.LOCALE_DIR / "messages.pot").read_bytes()), locale="de_DE")
    target = locale_dir / "de" / "LC_MESSAGES" / "messages.po"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as file:
        write_po(file, german)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", locale_dir)
    i18n.reload()
    try:
        assert negotiate(header) == expected
    finally:
        monkeypatch.undo()
        i18n.reload()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    catalog = _catalog(lang)
    assert not catalog.fuzzy, "the header is still marked fuzzy"
    assert not catalog.obsolete, "obsolete (#~) entries are left over"
    for message in _messages(catalog):
        assert "fuzzy" not in message.flags, message.id
        assert all(form.strip() for form in _forms(message)), f"{lang}: {message.id!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalogue_holds_exactly_the_template_messages(lang: str) -> None:
    template = _read(i18n.LOCALE_DIR / "messages.pot")
    assert _ids(_catalog(lang)) == _ids(template)


def test_the_template_is_what_babel_extracts_from_the_sources() -> None:
    """The page's string table, the engine's tile and layout names and the Python messages
    are all in the template: a string added anywhere without a catalogue update fails."""
    with (ROOT / "babel.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)
    extracted = {
        messages if isinstance(messages, str) else tuple(messages)
        for _, _, messages, _, _ in extract_from_dir(str(ROOT / "src"), method_map, options_map)
    }
    assert extracted == _ids(_read(i18n.LOCALE_DIR / "messages.pot"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_exactly_the_placeholders_of_their_msgid(lang: str) -> None:
    for message in _messages(_catalog(lang)):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = placeholders(ids[-1])
        assert all(placeholders(one) <= expected for one in ids)
        for form in _forms(message):
            assert placeholders(form) == expected, f"{lang}: {form!r} for {ids[-1]!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counted_messages_have_every_plural_form_of_the_language(lang: str) -> None:
    catalog = _catalog(lang)
    _ = translator(lang)
    counted = [message for message in _messages(catalog) if message.pluralizable]
    assert {message.id[1] for message in counted} >= {"{n} tiles", "{n} moves", "{n} pairs"}
    for message in counted:
        assert len(message.string) == catalog.num_plurals == len(_.plural_categories)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_plural_forms_header_agrees_with_the_cldr_rule_the_page_uses(lang: str) -> None:
    """Python picks ``msgstr[i]`` by the CLDR category (as ``Intl.PluralRules`` does in the
    page); the gettext expression of the header must pick the same form."""
    header_rule = gettext.c2py(_catalog(lang).plural_expr)
    _ = translator(lang)
    for n in [*range(0, 1001), 1_000_000, 2_000_000, 1_000_001]:
        assert header_rule(n) == _.plural_index(n), n


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("en", 1, "1 move"),
        ("en", 0, "0 moves"),
        ("en", 2, "2 moves"),
        ("pt", 1, "1 jogada"),
        ("pt", 0, "0 jogadas"),
        ("pt", 5, "5 jogadas"),
        ("it", 1, "1 mossa"),
        ("it", 3, "3 mosse"),
        ("es", 1, "1 movimiento"),
        ("es", 7, "7 movimientos"),
    ],
)
def test_moves_are_counted_in_the_right_plural_form(lang: str, n: int, expected: str) -> None:
    assert translator(lang).ngettext("{n} move", "{n} moves", n) == expected
    assert count_label("moves", n, lang) == expected


def test_a_million_takes_the_many_form_where_the_language_has_one() -> None:
    assert count_label("tiles", 1_000_000, "es") == "1.000.000 de fichas"
    assert count_label("tiles", 1_000_000, "it") == "1.000.000 di tessere"
    assert count_label("tiles", 1_000_000, "en") == "1,000,000 tiles"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_label_fills_its_number(lang: str) -> None:
    for what in ("tiles", "pairs", "moves", "hints", "undos", "shuffles", "games", "wins"):
        for n in (0, 1, 2, 21, 1_000_000):
            text = count_label(what, n, lang)
            assert "{" not in text and format_number(n, lang) in text


# -- the seeds' wording ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "wording"),
    [
        ("en", "No moves"),
        ("pt", "Sem jogadas"),
        ("it", "Nessuna mossa disponibile"),
        ("es", "No hay más movimientos"),
    ],
)
def test_no_moves_is_worded_as_the_seeds_say(lang: str, wording: str) -> None:
    assert translator(lang)("No moves") == wording
    assert catalogue_json(lang)["messages"]["No moves"] == wording


@pytest.mark.parametrize(
    ("msgid", "pt", "it", "es"),
    [
        ("Hint", "Sugestão", "Suggerimento", "Pista"),
        ("Undo", "Anular", "Annulla", "Deshacer"),
        ("Leaderboard", "Classificação", "Classifica", "Clasificación"),
        ("Paused", "Partida em pausa", "Partita in pausa", "Partida en pausa"),
        ("Numbers", "Números", "Numeri", "Cifras"),
        (
            "Your 10 best times",
            "Os seus 10 melhores tempos",
            "I tuoi 10 migliori tempi",
            "Tus 10 mejores tiempos",
        ),
    ],
)
def test_the_aids_use_the_seeds_vocabulary(msgid: str, pt: str, it: str, es: str) -> None:
    assert [translator(lang)(msgid) for lang in SEED_LANGUAGES] == [pt, it, es]


@pytest.mark.parametrize(
    ("msgid", "brazilian"),
    [
        ("Hint", "Dica"),
        ("Undo", "Desfazer"),
        ("Shuffle", "Embaralhar"),
        ("Connect", "Conectar"),
        ("Today's challenge", "Desafio diário"),
        ("Stages", "Fases"),
        ("Stage {n}", "Fase {n}"),
    ],
)
def test_brazilian_portuguese_uses_the_articles_words(msgid: str, brazilian: str) -> None:
    """The article (in Brazilian Portuguese) names the aids, the mode, the daily challenge
    and the stages; European Portuguese keeps its rules page's words."""
    assert translator("pt_BR")(msgid) == brazilian
    assert translator("pt")(msgid) != brazilian


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "pt",
            {
                "5B": "bambus",
                "5C": "caracteres",
                "5D": "círculos",
                "N": "norte",
                "E": "este",
                "R": "Dragão vermelho",
                "Wh": "branco",
                "S1": "Primavera",
            },
        ),
        (
            "pt_BR",
            {
                "5B": "bambu",
                "5C": "caracteres",
                "5D": "círculos",
                "N": "norte",
                "E": "leste",
                "R": "Dragão vermelho",
                "Wh": "branco",
                "F1": "ameixa",
            },
        ),
        (
            "it",
            {
                "5B": "bambù",
                "5C": "caratteri",
                "5D": "cerchi",
                "N": "nord",
                "E": "est",
                "R": "Drago rosso",
                "Wh": "bianco",
                "S2": "Estate",
            },
        ),
        (
            "es",
            {
                "5B": "bambúes",
                "5C": "caracteres",
                "5D": "círculos",
                "N": "norte",
                "E": "este",
                "R": "Dragón rojo",
                "Wh": "blanco",
                "S4": "Invierno",
            },
        ),
    ],
)
def test_tile_names_use_the_seeds_words(lang: str, words: dict[str, str]) -> None:
    for label, word in words.items():
        assert word in tile_name(label, lang), label


def test_the_game_code_keeps_the_seeds_name() -> None:
    chips = [translator(lang)("Game code: tap to copy") for lang in SEED_LANGUAGES]
    assert [chip.split(":")[0] for chip in chips] == [
        "Código da partida",
        "Codice partita",
        "Código de partida",
    ]


# -- engine data -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tile_kind_has_its_own_name_in_each_language(lang: str) -> None:
    names = {label: tile_name(label, lang) for label in KINDS}
    assert len(set(names.values())) == 42
    for label, name in names.items():
        assert (name == KINDS[label].name) == (lang == "en"), (label, name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_tile_has_an_accessible_name_saying_whether_it_is_free(lang: str) -> None:
    for label in KINDS:
        free = tile_accessible_name(label, True, lang)
        blocked = tile_accessible_name(label, False, lang)
        assert free.startswith(tile_name(label, lang)) and blocked.startswith(
            tile_name(label, lang)
        )
        assert free != blocked
    assert tile_accessible_name("5B", True, "en") == "5 of Bamboo, free"
    assert tile_accessible_name("R", False, "en") == "Red dragon, blocked"


def test_an_unknown_tile_label_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tile label"):
        tile_name("9X", "en")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_builtin_layout_has_a_translated_title_and_description(lang: str) -> None:
    translated = {message.id: message.string for message in _messages(_catalog(lang))}
    layouts = list(builtin_layouts())
    assert len(layouts) >= 41
    titles = set()
    for layout in layouts:
        assert layout_title(layout, lang) == translated[layout.title]
        assert layout_description(layout, lang) == translated[layout.description]
        assert layout_description(layout, lang) != layout.description
        titles.add(layout_title(layout, lang))
    assert len(titles) == len(layouts)


def test_layout_names_are_keyed_on_the_layout_number_and_imported_ones_keep_theirs() -> None:
    turtle = next(iter(builtin_layouts()))
    renamed = Layout.from_positions(
        [p for p in turtle.positions], name="turtle", title="Schildkröte", number=0
    )
    assert layout_title(renamed, "pt") == "Tartaruga"
    imported = Layout.from_positions(
        [p for p in turtle.positions], name="mine", title="My Castle", description="Built at home."
    )
    assert layout_title(imported, "it") == "My Castle"
    assert layout_description(imported, "it") == "Built at home."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_stage_is_named_after_its_layout_or_its_sliding_rule(lang: str) -> None:
    classic = [stage_name(classic_stage(n), lang) for n in range(1, len(STAGE_ORDER) + 1)]
    assert len(set(classic)) == len(STAGE_ORDER)
    for n, name in enumerate(classic, start=1):
        assert str(n) in name
        assert layout_title(classic_stage(n).layout, lang) in name
    connect = [stage_name(connect_stage(n), lang) for n in range(1, len(Slide) + 1)]
    assert len(set(connect)) == len(Slide)
    assert stage_name(classic_stage(1), "en") == "Stage 1: Towers"
    assert stage_name(connect_stage(2), "es") == "Etapa 2: Abajo"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sliding_rule_and_difficulty_has_a_name(lang: str) -> None:
    names = {slide_rule_name(rule, lang) for rule in Slide}
    descriptions = {slide_rule_description(rule, lang) for rule in Slide}
    assert len(names) == len(descriptions) == len(Slide)
    levels = {difficulty_name(level, lang) for level in Difficulty}
    assert len(levels) == 3
    if lang != "en":
        assert slide_rule_name("down", lang) != "Down"
        assert difficulty_name(Difficulty.HARD, lang) != "Hard"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_api_errors_have_a_message_in_each_language(lang: str) -> None:
    codes = (  # bad_body and method_not_allowed read as bad_request (their message key)
        "bad_request",
        "bad_code",
        "bad_layout",
        "bad_date",
        "unknown_game",
        "illegal_action",
        "stale_version",
        "game_over",
        "no_shuffle",
        "corrupt_game",
        "not_found",
    )
    general = error_message("no-such-code", lang)
    for code in codes:
        assert error_message(code, lang) != general, code
    assert "MJ2-L00-ABCDEFG" in error_message("bad_code", lang)


# -- choosing the language -------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7", "pt_BR"),
        ("pt-PT,pt;q=0.9", "pt"),
        ("pt", "pt"),
        ("pt-AO", "pt"),
        ("pt-br", "pt_BR"),
        ("en-GB;q=0.3, it-CH;q=0.8", "it"),
        ("es-419", "es"),
        ("PT-pt", "pt"),
        ("tlh-XX, qya;q=0.9", "en"),
        ("tlh, es;q=0.2, *;q=0.1", "es"),
        ("tlh, *;q=0.5, es;q=0.2", "en"),
        ("it;q=0, es;q=0.1", "es"),
        ("it;q=abc, es;q=0.5", "es"),
        ("it;q=1.5, es;q=0.5", "es"),
        ("", "en"),
        (None, "en"),
        (" , ;;, =", "en"),
    ],
)
def test_the_language_follows_accept_language_with_its_weights(
    header: str | None, expected: str
) -> None:
    assert negotiate(header) == expected


def test_the_remembered_choice_wins_over_the_browser_unless_we_lack_it() -> None:
    assert negotiate("pt-PT", cookie_value="es") == "es"
    assert negotiate("pt-PT", cookie_value="klingon") == "pt"
    assert negotiate(None, cookie_value="it-IT") == "it"


@given(st.text(max_size=300), st.one_of(st.none(), st.text(max_size=20)))
def test_any_header_and_cookie_give_a_language_we_speak(header: str, cookie: str | None) -> None:
    assert negotiate(header, cookie) in languages()


def test_the_terminal_language_comes_from_the_environment() -> None:
    assert language_from_environment({"LC_ALL": "es_ES.UTF-8", "LANG": "it_IT"}) == "es"
    assert language_from_environment({"LANG": "pt_BR.utf8"}) == "pt_BR"
    assert language_from_environment({"LANG": "pt_PT.utf8"}) == "pt"
    assert language_from_environment({"LANG": "C"}) == "en"
    assert language_from_environment({}) == "en"


def test_an_unknown_language_code_is_refused_by_the_translator() -> None:
    with pytest.raises(ValueError, match="no catalogue for language 'tlh'"):
        translator("tlh")


# -- the page's copy of the catalogue --------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_json_round_trips_the_catalogue(lang: str) -> None:
    data = json.loads(json.dumps(catalogue_json(lang), ensure_ascii=False))
    assert data == catalogue_json(lang)
    _ = translator(lang)
    assert Locale.parse(data["locale"], sep="-") == _.locale
    assert data["plural"]["categories"] == list(_.plural_categories)
    template = _read(i18n.LOCALE_DIR / "messages.pot")
    assert set(data["messages"]) == {
        m.id[0] if m.pluralizable else m.id for m in _messages(template)
    }
    for message in _messages(_catalog(lang)):
        if message.pluralizable:
            forms = data["messages"][message.id[0]]
            assert forms == list(message.string)
            for n in (0, 1, 2, 1_000_000):
                index = data["plural"]["categories"].index(_.locale.plural_form(n))
                assert forms[index].replace("{n}", str(n)) == _.ngettext(*message.id, n)
        else:
            assert data["messages"][message.id] == message.string == _(message.id)
    assert data["tiles"] == {label: tile_name(label, lang) for label in KINDS}


# -- formatting ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "medium", "long"),
    [
        ("en", "Nov 29, 2026", "November 29, 2026"),
        ("pt", "29/11/2026", "29 de novembro de 2026"),
        ("it", "29 nov 2026", "29 novembre 2026"),
        ("es", "29 nov 2026", "29 de noviembre de 2026"),
    ],
)
def test_dates_are_written_as_the_language_writes_them(lang: str, medium: str, long: str) -> None:
    day = date(2026, 11, 29)
    assert format_date(day, lang) == medium
    assert format_date(datetime(2026, 11, 29, 23, 5), lang, "long") == long


@pytest.mark.parametrize(
    ("lang", "number", "percent"),
    [
        ("en", "1,234,567.5", "46%"),
        ("pt", "1\xa0234\xa0567,5", "46%"),
        ("it", "1.234.567,5", "46%"),
        ("es", "1.234.567,5", "46\xa0%"),
    ],
)
def test_numbers_and_percentages_follow_the_language(lang: str, number: str, percent: str) -> None:
    assert format_number(1234567.5, lang) == number
    assert format_percent(0.456, lang) == percent


@given(st.integers(min_value=0, max_value=100 * 3600))
def test_a_time_span_reads_back_as_its_whole_seconds(seconds: int) -> None:
    text = format_time_span(seconds + 0.75)
    parts = [int(part) for part in text.split(":")]
    assert len(parts) == (3 if seconds >= 3600 else 2)
    assert all(len(part) == 2 for part in text.split(":")[1:])
    total = 0
    for part in parts:
        total = total * 60 + part
    assert total == seconds


def test_a_negative_time_span_is_refused() -> None:
    with pytest.raises(ValueError, match="not negative"):
        format_time_span(-1)


# -- the translator --------------------------------------------------------------------


def test_placeholders_are_filled_by_name_and_unknown_ones_stay() -> None:
    _ = translator("pt")
    assert _("Place {rank} on your leaderboard", rank=3) == "Lugar 3 na sua classificação"
    assert _("Place {rank} on your leaderboard") == "Lugar {rank} na sua classificação"
    assert _("A message nobody translated, {who}", who="Ana") == (
        "A message nobody translated, Ana"
    )


def test_the_page_string_table_is_extracted_with_its_keys() -> None:
    source = (ROOT / "src/mahjong_solitaire/web/static/js/shell/strings.js").read_bytes()
    found = {
        message: comments
        for _, _, message, comments in extract_page_strings(BytesIO(source), (), (), {})
    }
    assert found["No moves"] == ["page noMovesTitle"]
    assert "H" not in found and "MJ1-L00-AAAAABL" not in found
    with pytest.raises(ValueError, match=r"no 'STRINGS = \{' table"):
        list(extract_page_strings(BytesIO(b"const X = {};"), (), (), {}))


# -- adding a language -----------------------------------------------------------------


def test_adding_a_language_is_adding_one_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An Esperanto catalogue (a language no branch of ours ships) dropped next to the
    others is offered, negotiated and used; its fuzzy and empty entries show the English
    text."""
    locale_dir = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale_dir)
    esperanto = read_po(BytesIO((i18n.LOCALE_DIR / "messages.pot").read_bytes()), locale="eo")
    esperanto.fuzzy = False
    esperanto.get("No moves").string = "Neniu movo eblas"
    esperanto.get("Hint").string = "Helpo"
    esperanto.get("Hint").flags.add("fuzzy")
    esperanto.get("{n} move").string = ("{n} movo", "{n} movoj")
    target = locale_dir / "eo" / "LC_MESSAGES" / "messages.po"
    target.parent.mkdir(parents=True)
    with target.open("wb") as file:
        write_po(file, esperanto)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", locale_dir)
    i18n.reload()
    try:
        assert "eo" in languages() and languages()[0] == "en"
        assert negotiate("eo-001,en;q=0.5") == "eo"
        _ = translator("eo")
        assert _("No moves") == "Neniu movo eblas"
        assert _("Hint") == "Hint"
        assert _("Undo") == "Undo"
        assert _.ngettext("{n} move", "{n} moves", 2) == "2 movoj"
        assert catalogue_json("eo")["messages"]["No moves"] == "Neniu movo eblas"
        assert {"code": "eo", "name": "Esperanto", "locale": "eo"} in available_languages()
    finally:
        monkeypatch.undo()
        i18n.reload()
    assert "eo" not in languages()
