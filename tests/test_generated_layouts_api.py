"""Layouts made from a seed in the API and on the command line (rules §8.4): the API
answers one from its family, tiles and seed without writing, its preview and a game on it
need no stored layout, and ``layouts generate`` prints it like ``layouts show`` or writes
it as a KMahjongg or GNOME file; a bad flag is one line and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from api_support import checked, refused
from mahjong_solitaire.classic.generated import generated_layout
from mahjong_solitaire.cli import main
from mahjong_solitaire.layouts.files import read_layout_file
from mahjong_solitaire.layouts.generated import GeneratedSpec
from mahjong_solitaire.store.schema import layouts as layouts_table


def test_the_api_answers_a_generated_layout_and_stores_nothing(client, sqlite_store) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/api/generated-layouts?family=stairs&tiles=100&seed=7")
    assert response.status_code == 200
    answer = response.json()
    layout = generated_layout(GeneratedSpec(7, "stairs", 100))
    assert answer["name"] == "stairs-100-7" and answer["tiles"] == 100
    assert [tuple(p) for p in answer["positions"]] == list(layout.positions)
    assert answer["code"].startswith("MJ2-G7S100-") and answer["family"] == "stairs"
    assert answer["depth"] >= 3
    with sqlite_store.engine.connect() as connection:
        assert connection.execute(layouts_table.select()).first() is None
    preview = client.get(answer["preview"])
    assert preview.status_code == 200 and preview.text.count("<rect") == 100


@pytest.mark.parametrize(
    "query",
    [
        "family=hexes&tiles=144&seed=1",
        "family=rings&tiles=145&seed=1",
        "family=rings&tiles=290&seed=1",
        "family=rings&tiles=144&seed=-1",
        "tiles=144",
    ],
)
def test_a_bad_generated_query_is_refused_with_the_error_object(client, query: str) -> None:  # type: ignore[no-untyped-def]
    refused(client.get(f"/api/generated-layouts?{query}"), 422, "bad_body")


def test_a_game_on_a_generated_layout_by_name_is_dealt_from_its_code(client) -> None:  # type: ignore[no-untyped-def]
    state = checked(
        client.post("/api/games", json={"layout": "crosses-144-3", "difficulty": "hard"})
    )
    assert state["code"].startswith("MJ2-G3C144-") and state["layout"]["name"] == "crosses-144-3"
    again = checked(client.post("/api/games", json={"code": state["code"]}))
    assert again["tiles"] == state["tiles"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_layouts_generate_prints_the_layout_like_show_with_a_code_to_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        capsys, "layouts", "generate", "--family", "rings", "--tiles", "96", "--seed", "4"
    )
    assert status == 0
    assert out.startswith("rings-96-4: Rings 96 #4, 96 tiles, ")
    assert "seen from above" in out and "layer 2:" in out
    assert "mahjong-solitaire deal --code MJ2-G4R96-" in out
    _, shown, _ = run(capsys, "layouts", "show", "rings-96-4")
    assert out.startswith(shown)


@pytest.mark.parametrize(("format_", "suffix"), [("kmahjongg", ".layout"), ("gnome", ".map")])
def test_layouts_generate_exports_a_file_that_reads_back_as_the_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], format_: str, suffix: str
) -> None:
    target = tmp_path / f"made{suffix}"
    status, _, _ = run(
        capsys,
        "layouts",
        "generate",
        "--family",
        "islands",
        "--tiles",
        "120",
        "--seed",
        "9",
        "--format",
        format_,
        "-o",
        str(target),
    )
    assert status == 0
    [read] = read_layout_file(target.read_bytes(), target.name)
    assert read.positions == generated_layout(GeneratedSpec(9, "islands", 120)).positions


@pytest.mark.parametrize(
    "flags",
    [
        ["--family", "hexes"],
        ["--family", "rings", "--tiles", "71"],
        ["--family", "rings", "--tiles", "300"],
        ["--family", "rings", "--seed", "-3"],
        ["--family", "rings", "--tiles", "many"],
    ],
)
def test_layouts_generate_refuses_a_bad_flag_in_one_translated_line(
    capsys: pytest.CaptureFixture[str], flags: list[str]
) -> None:
    try:
        status = main(["--lang", "fr", "layouts", "generate", *flags])
    except SystemExit as stopped:  # argparse's own refusals
        status = stopped.code  # type: ignore[assignment]
    assert status == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1
    assert "erreur" in err
