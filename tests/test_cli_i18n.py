"""The command line speaks the terminal's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG),
or the one `--lang` names: every command's human output and its error lines.  JSON output is
for machines and the same in every language; `layouts import` ends with the bare name."""

from __future__ import annotations

import json
from datetime import date

import pytest

from mahjong_solitaire.cli import main
from mahjong_solitaire.i18n import error_message, format_date
from store_support import save_played

CODE = "MJ1-L00-AAAAABL"


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_the_deal_header_is_english_by_default(capsys):
    assert main(["deal", "--code", "MJ1-L00-AAAAABL"]) == 0
    assert capsys.readouterr().out.startswith("MJ1-L00-AAAAABL  Turtle, normal, score ")


@pytest.mark.parametrize(
    ("args", "env", "expected"),
    [
        (["--lang", "pt"], "C.UTF-8", "MJ1-L00-AAAAABL  Tartaruga, normal, pontuação "),
        ([], "it_IT.UTF-8", "MJ1-L00-AAAAABL  Tartaruga, normale, punteggio "),
        (["--lang", "es"], "it_IT.UTF-8", "MJ1-L00-AAAAABL  Tortuga, normal, puntuación "),
    ],
)
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


def test_a_bad_connect_code_is_explained_with_the_connect_form(capsys):
    assert main(["--lang", "pt", "connect", "deal", "--code", "CN1-BAD"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong-solitaire: erro: " + error_message("bad_connect_code", "pt"))
    assert "CN1-BAD" in err and "MJ1-" not in err


def test_an_english_error_line_is_the_engines_message(capsys):
    assert main(["deal", "--count", "0"]) == 2
    assert capsys.readouterr().err == "mahjong-solitaire: error: --count must be at least 1\n"


def test_an_unknown_language_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "xx", "deal"])
    assert stop.value.code == 2
    assert "--lang" in capsys.readouterr().err


# -- every command's human output follows the language; its JSON never does --------------


@pytest.fixture
def database(tmp_path, monkeypatch) -> str:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    return url


@pytest.fixture
def history(database: str) -> str:
    """Three games of MJ1-L00-AAAAABL: won in 5:00, won in 0:45, abandoned with a hint."""
    from mahjong_solitaire import deal_from_code
    from mahjong_solitaire.store import Store

    solution = [str(move) for move in deal_from_code(CODE).solution]
    with Store(database) as store:
        player = store.local_player().id
        for actions, status, elapsed in (
            (solution, "won", 300.0),
            (solution, "won", 45.0),
            ([solution[0], "hint"], "abandoned", 20.0),
        ):
            game = store.create_game(player, code=CODE)
            save_played(store, game, actions, status=status, elapsed=elapsed)
    return database


def output(capsys, *argv: str) -> str:
    status = main(list(argv))
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out + captured.err


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["L03 bridge: Bridge, 144 tiles, 5 layers", "seen from above", "layer 0: "]),
        ("pt", ["L03 bridge: Ponte, 144 peças, 5 camadas", "vista de cima", "camada 0: "]),
        ("es", ["L03 bridge: Puente, 144 fichas, 5 capas", "vista desde arriba", "capa 0: "]),
    ],
)
def test_layouts_show_speaks_the_language(capsys, database, lang, words):
    out = output(capsys, "--lang", lang, "layouts", "show", "bridge")
    assert all(word in out for word in words), out[:300]


@pytest.mark.parametrize(
    ("lang", "title", "tiles"),
    [("pt", "Tartaruga", "144 peças"), ("es", "Tortuga", "144 fichas"), ("it", "Tartaruga", "")],
)
def test_layouts_list_shows_translated_titles_and_counts(capsys, database, lang, title, tiles):
    first = output(capsys, "--lang", lang, "layouts", "list").splitlines()[0]
    assert first.startswith("L00  turtle") and title in first and tiles in first


@pytest.mark.parametrize("lang", ["en", "pt", "it", "es"])
def test_layouts_import_says_so_in_the_language_and_ends_with_the_bare_name(
    capsys, database, tmp_path, lang
):
    from mahjong_solitaire.layouts import builtin_layout
    from mahjong_solitaire.layouts.gnome import write_gnome

    source = tmp_path / "one.map"
    source.write_text(write_gnome([builtin_layout("ring")]))
    lines = output(capsys, "--lang", lang, "layouts", "import", str(source)).splitlines()
    assert lines[-1] == "ring-2"
    said = {"en": "imported ", "pt": "importada ", "it": "importata ", "es": "importada "}
    assert lines[0].startswith(said[lang]) and "--layout ring-2" in lines[0]


TODAY = object()  # stands for today's date, as the language writes it


@pytest.mark.parametrize(
    ("command", "lang", "words"),
    [
        (
            "stats",
            "pt",
            ["Partidas ganhas", "2 (66,7%)", "Sequência", "Desafios diários", "1 sugestão"],
        ),
        ("stats", "es", ["Partidas ganadas", "2 (66,7\xa0%)", "Racha", "Retos del día", "1 pista"]),
        ("leaderboard", "pt", ["tempo", "dificuldade", "data", "0:45", "5:00", TODAY]),
        ("leaderboard", "es", ["tiempo", "dificultad", "fecha", "0:45", "5:00", TODAY]),
    ],
)
def test_history_labels_numbers_and_dates_are_in_the_language(
    capsys, history, command, lang, words
):
    out = output(capsys, "--lang", lang, command)
    today = format_date(date.today(), lang)
    missing = [word for word in (today if w is TODAY else w for w in words) if word not in out]
    assert missing == [], out


def test_no_win_yet_is_said_in_the_language(capsys, database):
    from mahjong_solitaire.store import Store

    Store(database).close()  # an existing, empty database (a missing file is refused)
    assert output(capsys, "--lang", "pt", "leaderboard").strip() == "Ainda sem partidas ganhas."


@pytest.mark.parametrize(
    ("lang", "exported", "imported"),
    [
        ("pt", "exportadas 3 partidas para", "importadas 0 partidas de"),
        ("es", "exportadas 3 partidas a", "importadas 0 partidas de"),
    ],
)
def test_export_and_import_confirm_in_the_language(
    capsys, history, tmp_path, lang, exported, imported
):
    file = str(tmp_path / "history.json")
    assert exported in output(capsys, "--lang", lang, "export", file)
    again = output(capsys, "--lang", lang, "import", file)
    assert again.startswith(imported) and "(3 " in again


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "CN1-1206B-AAAAAAP  12×6 · Down, easy, score "),
        ("pt", "CN1-1206B-AAAAAAP  12×6 · Para baixo, fácil, pontuação "),
        ("es", "CN1-1206B-AAAAAAP  12×6 · Abajo, fácil, puntuación "),
    ],
)
def test_the_connect_picture_header_names_the_slide_rule_in_the_language(capsys, lang, expected):
    out = output(capsys, "--lang", lang, "connect", "deal", "--code", "CN1-1206B-AAAAAAP")
    assert out.startswith(expected)


def test_a_connect_stage_header_names_the_stage(capsys):
    out = output(capsys, "--lang", "es", "connect", "deal", "--stage", "2", "--seed", "7")
    assert out.split("  ", 1)[1].startswith("Etapa 2: 12×6 · Abajo, fácil, ")


@pytest.mark.parametrize(
    ("lang", "verdict"), [("en", "solvable  ("), ("pt", "resolúvel  ("), ("es", "resoluble  (")]
)
def test_the_solve_summary_is_in_the_language(capsys, lang, verdict):
    out = output(capsys, "--lang", lang, "solve", "--code", "MJ1-L00-AAAAABL")
    assert out.startswith(verdict) and ("nodos" in out or lang != "es")


def test_the_solve_progress_bar_is_in_the_language(capsys, tmp_path):
    from mahjong_solitaire import deal_from_code

    path = tmp_path / "deals.jsonl"
    path.write_text(json.dumps(deal_from_code("MJ1-L00-AAAAABL").to_json()) + "\n")
    assert main(["--lang", "pt", "solve", "--jsonl", str(path)]) == 0
    captured = capsys.readouterr()
    assert "1/1 distribuições" in captured.err and "peças/s" in captured.err
    assert json.loads(captured.out)["verdict"] == "solvable"


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "--code", "MJ1-L00-AAAAABL", "--json"],
        ["connect", "deal", "--code", "CN1-1206B-AAAAAAP", "--json"],
        ["layouts", "list", "--json"],
        ["solve", "--code", "MJ1-L00-AAAAABL", "--json", "--limit", "0"],
        ["stats", "--json"],
        ["leaderboard", "--json"],
    ],
)
def test_json_output_is_the_same_in_every_language(capsys, history, argv):
    def answer(lang: str) -> list[object]:
        text = output(capsys, "--lang", lang, *argv)
        documents = (
            [json.loads(text)]
            if argv[0] in ("stats", "leaderboard")
            else [json.loads(line) for line in text.splitlines()]
        )
        for document in documents:
            if isinstance(document, dict):
                document.pop("ms", None)  # the solver's time, not its answer
        return documents

    english = answer("en")
    assert all(answer(lang) == english for lang in ("pt", "it", "es"))


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["deal", "--count", "0"], "--count tem de ser pelo menos 1"),
        (["connect", "deal", "--stage", "0"], "--stage 0: as etapas começam em 1"),
        (["solve"], "indique um FILE de distribuição ('-' para a entrada padrão) ou --code"),
        (["layouts", "import", "/no/such.map"], "/no/such.map: o ficheiro não existe"),
        (
            ["play", "--port", "70000", "--no-browser"],
            "--port 70000 não é um número de porta (0..65535)",
        ),
    ],
)
def test_command_errors_are_in_the_language(capsys, database, argv, expected):
    assert main(["--lang", "pt", *argv]) == 2
    assert capsys.readouterr().err == f"mahjong-solitaire: erro: {expected}\n"
