"""The command line speaks the terminal's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG),
or the one `--lang` names: the deal picture's header and the error lines."""

from __future__ import annotations

import pytest

from mahjong_solitaire.cli import main
from mahjong_solitaire.i18n import error_message


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_the_deal_header_is_english_by_default(capsys):
    assert main(["deal", "--code", "MJ1-L00-AAAAABL"]) == 0
    assert capsys.readouterr().out.startswith("MJ1-L00-AAAAABL  Turtle, normal, score ")


@pytest.mark.parametrize(("args", "env", "expected"), [
    (["--lang", "pt"], "C.UTF-8", "MJ1-L00-AAAAABL  Tartaruga, normal, pontuação "),
    ([], "it_IT.UTF-8", "MJ1-L00-AAAAABL  Tartaruga, normale, punteggio "),
    (["--lang", "es"], "it_IT.UTF-8", "MJ1-L00-AAAAABL  Tortuga, normal, puntuación "),
])
def test_the_deal_header_follows_lang_or_the_terminal(capsys, monkeypatch, args, env, expected):
    monkeypatch.setenv("LANG", env)
    assert main([*args, "deal", "--code", "MJ1-L00-AAAAABL"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header.startswith(expected)
    assert "," in header.rsplit(" ", 1)[1]  # the score's decimal comma


def test_an_error_line_is_in_the_language_with_the_engines_details(capsys):
    assert main(["--lang", "it", "deal", "--code", "MJ9-NOPE"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong-solitaire: errore: " + error_message("bad_code", "it"))
    assert "MJ9-NOPE" in err and err.count("\n") == 1


def test_an_english_error_line_is_the_engines_message(capsys):
    assert main(["deal", "--count", "0"]) == 2
    assert capsys.readouterr().err == "mahjong-solitaire: error: --count must be at least 1\n"


def test_an_unknown_language_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "xx", "deal"])
    assert stop.value.code == 2
    assert "--lang" in capsys.readouterr().err
