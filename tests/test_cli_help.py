"""rules §10.2: the command line's ``--help`` speaks the terminal's language (or ``--lang``'s):
every help text, description and group title of every command, argparse's own words and
usage errors, and the layer headings of ``deal``'s picture."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from mahjong_solitaire import i18n
from mahjong_solitaire.cli import build_parser, main
from mahjong_solitaire.cli.parser import ARGPARSE_ERRORS, ARGPARSE_WORDS, Text

TRANSLATED = tuple(lang for lang in i18n.languages() if lang != i18n.DEFAULT_LANGUAGE)


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every sub-command parser under it."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                yield from _parsers(child)


def _texts(parser: argparse.ArgumentParser) -> Iterator[str]:
    """Every text of a parser's help page that is ours to translate."""
    if parser.description:
        yield parser.description
    for group in parser._action_groups:
        if group.title and group._group_actions:  # argparse leaves an empty group out
            yield group.title
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            yield action.help
        if isinstance(action, argparse._SubParsersAction):
            yield from (choice.help for choice in action._choices_actions if choice.help)


def _msgid(text: str) -> str:
    return text.msgid if isinstance(text, Text) else text


def test_every_help_text_of_every_command_is_a_message_of_the_catalogues() -> None:
    template = {message.id for message in i18n.catalogues.load_catalogue("en") if message.id}
    texts = {_msgid(text) for parser in _parsers(build_parser()) for text in _texts(parser)}
    assert len(texts) > 50
    assert texts - template == set(), "help texts not marked with N_ (or not extracted)"
    assert set(ARGPARSE_WORDS) <= template


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_help_page_is_printed_in_the_language_asked_for(lang: str) -> None:
    _ = i18n.translator(lang)
    for parser in _parsers(build_parser(["--lang", lang, "--help"])):
        page = parser.format_help()
        assert page.startswith(_("usage: ").rstrip() + " " + parser.prog), parser.prog
        assert _("show this help message and exit") in page
        for text in _texts(parser):
            said = _(_msgid(text), **getattr(text, "params", {}))
            assert said != str(text), f"{lang}: {text!r} is not translated"
            first_words = " ".join(said.split()[:3])
            assert first_words in " ".join(page.split()), (parser.prog, said)


def test_the_english_help_is_the_msgids_themselves() -> None:
    deal = next(p for p in _parsers(build_parser(["deal"])) if p.prog.endswith(" deal"))
    help_page = deal.format_help()
    assert help_page.startswith("usage: mahjong-solitaire deal")
    assert "the daily challenge of a UTC date (default: today)" in " ".join(help_page.split())
    assert "options:" in help_page


def test_deal_help_in_an_italian_terminal_is_italian() -> None:
    """``LANG=it_IT.UTF-8 mahjong-solitaire deal --help``, as a player types it."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")
    }
    done = subprocess.run(
        [sys.executable, "-m", "mahjong_solitaire", "deal", "--help"],
        env={**environment, "LANG": "it_IT.UTF-8"},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    page = " ".join(done.stdout.split())
    assert page.startswith("uso: mahjong-solitaire deal")
    assert "opzioni:" in page
    assert "mostra questo messaggio di aiuto ed esce" in page
    assert "la sfida del giorno di una data UTC" in page
    assert "seme 0..2677270057 (predefinito: casuale)" in page
    assert "the daily challenge" not in page and "show this help" not in page


def test_lang_before_the_command_chooses_the_help_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "pt_BR", "connect", "deal", "--help"])
    assert stop.value.code == 0
    page = " ".join(capsys.readouterr().out.split())
    assert page.startswith("uso: mahjong-solitaire connect deal")
    assert "um código do Conectar, por exemplo CN2-1808B-AAAAABL" in page


def _usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


def test_a_usage_error_is_one_line_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    err = _usage_error(capsys, "--lang", "it", "deal", "--difficulty", "impossible")
    assert err == (
        "mahjong-solitaire deal: errore: argomento --difficulty: scelta non valida: "
        "'impossible' (scegli tra 'easy', 'normal', 'hard')\n"
    )


#: Usage errors argparse makes, one for each message the parser translates.
USAGE_ERRORS = [
    ("deal", "--difficulty", "impossible"),
    ("deal", "--seed", "x"),
    ("layouts", "show"),
    ("deal", "--bogus"),
    ("deal", "--code", "MJ1-L00-AAAAABL", "--daily"),
    ("deal", "--seed"),
    ("deal", "--da", "3"),
]


@pytest.mark.parametrize("argv", USAGE_ERRORS)
def test_argparse_usage_errors_are_translated_in_every_language(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    english = _usage_error(capsys, *argv)
    known = english.split(": error: ", 1)[1].rstrip("\n")
    assert any(pattern.fullmatch(known) for pattern, _ in ARGPARSE_ERRORS), known
    for lang in TRANSLATED:
        said = _usage_error(capsys, "--lang", lang, *argv)
        assert said != english, (lang, said)
        assert said.startswith("mahjong-solitaire")


def test_every_argparse_error_is_a_message_of_the_catalogues() -> None:
    template = {message.id for message in i18n.catalogues.load_catalogue("en") if message.id}
    assert {msgid for _, msgid in ARGPARSE_ERRORS} <= template


@pytest.mark.parametrize(("lang", "heading"), [("en", "layer"), ("it", "strato"), ("es", "capa")])
def test_the_layer_headings_of_the_deal_picture_follow_the_language(
    lang: str, heading: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", lang, "deal", "--code", "MJ1-L00-AAAAABL"]) == 0
    lines = capsys.readouterr().out.splitlines()
    headings = [line for line in lines if line.split(" ")[0] in ("layer", "strato", "capa")]
    assert headings == [f"{heading} {z}" for z in range(5)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_language_names_the_layers_of_the_picture(lang: str) -> None:
    assert i18n.translator(lang)("layer {z}", z=3) != "layer 3"


@pytest.mark.parametrize(("tag", "heading"), [("pt-BR", "camada"), ("it_CH.UTF-8", "strato")])
def test_lang_takes_a_language_tag_with_region_fallbacks(
    tag: str, heading: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", tag, "deal", "--code", "MJ1-L00-AAAAABL"]) == 0
    assert f"\n{heading} 0\n" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", tag, "deal", "--help"])
    assert capsys.readouterr().out.startswith("uso: ")
