"""rules §10.3: each language names the game's key terms (the aids, the modes, the daily
challenge, the stages, the tiles and their suits) as its players do, and every catalogue
keeps to its glossary (``locale/glossary.toml``)."""

from __future__ import annotations

import pytest

from mahjong_solitaire import i18n
from mahjong_solitaire.i18n.catalogues import load_catalogue, translations
from mahjong_solitaire.i18n.glossary import Glossary, glossary, slips, uses_word

LANGUAGES = i18n.languages()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_a_word_for_every_term_of_the_glossary(lang: str) -> None:
    """A catalogue added to locale/ is held here too: it needs its glossary table."""
    book = glossary()
    assert lang in book.languages, f"locale/glossary.toml has no [{lang}] table"
    assert set(book.languages[lang]) == set(book.terms), f"[{lang}] lacks some terms"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalogue_translates_the_key_terms_with_its_glossarys_words(lang: str) -> None:
    assert slips(lang) == []


def test_the_glossary_names_messages_that_exist() -> None:
    template = {message.id for message in load_catalogue("en") if message.id}
    singular = {msgid[0] if isinstance(msgid, tuple) else msgid for msgid in template}
    for term, msgids in glossary().terms.items():
        assert set(msgids) <= singular, term


def test_the_seeds_words_are_in_the_glossary() -> None:
    """The article (pt-BR) and the rules pages (pt-PT, it, es) name the aids."""
    book = glossary()
    assert [book.words("pt_BR", term)[0] for term in ("hint", "undo", "shuffle", "connect")] == [
        "Dica",
        "Desfaz",
        "Embaralh",
        "Conectar",
    ]
    assert book.words("pt_BR", "daily")[0] == "Desafio diário"
    assert book.words("pt_BR", "stages") == ("Fase",)
    assert [book.words(lang, "hint")[0] for lang in ("pt", "it", "es")] == [
        "Sugest",
        "Suggeriment",
        "Pista",
    ]
    assert book.words("it", "connect") == ("Connetti",)


# -- the check can fail ------------------------------------------------------------------


def test_european_portuguese_words_in_the_brazilian_catalogue_are_slips() -> None:
    european = translations(load_catalogue("pt"))
    found = {(slip.term, slip.problem) for slip in slips("pt_BR", european)}
    for term in ("hint", "undo", "shuffle", "connect", "stages"):
        assert (term, "missing") in found
    assert ("bamboo", "missing") not in found  # "bambus" starts with the Brazilian "bambu"


def test_a_word_to_avoid_is_a_slip_even_beside_the_right_one() -> None:
    found = slips("it", {"Connect": "Connetti (Collega)", "Play Connect": "Gioca a Connetti"})
    assert [(slip.msgid, slip.problem) for slip in found] == [("Connect", "avoided")]


def test_every_plural_form_is_held_to_the_glossary() -> None:
    forms = ("{n} dica", "{n} de dicas", "{n} sugestões")
    found = slips("pt_BR", {"{n} hint": forms})
    assert [slip.translation for slip in found] == ["{n} sugestões"]


def test_a_language_without_a_glossary_table_slips_on_every_term() -> None:
    found = slips("tlh", {"Hint": "qIj", "Undo": "qIj"})
    assert {slip.term for slip in found} == {"hint", "undo"}


def test_a_word_matches_at_the_start_of_a_word_only() -> None:
    assert uses_word("Embaralhar as peças", "embaralh")
    assert not uses_word("Embaralhar as peças", "baralh")
    assert uses_word("Vento leste", "leste") and not uses_word("Vento leste", "este")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[terms.hint]\nmsgids = ["Hint"]\n[xx]\nhnit = "Hint"\n', "no such term"),
        ('[terms.hint]\nmsgids = ["Hint"]\n[xx]\nhint = []\n', "a word or a list"),
        ("[terms.hint\n", "not TOML"),
    ],
)
def test_a_malformed_glossary_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Glossary.parse(text)
