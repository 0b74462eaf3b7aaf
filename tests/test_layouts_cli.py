"""``mahjong-solitaire layouts``: list, show, export, import (into the database), and
``deal --layout NAME`` finding imported layouts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_solitaire.cli import main
from mahjong_solitaire.layouts import builtin_layout, builtin_layouts
from mahjong_solitaire.layouts.files import export_layout, read_layout_file
from mahjong_solitaire.store import Store


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'layouts.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    return url


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_list_json_gives_number_name_title_and_tiles(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "layouts", "list", "--json")
    assert status == 0
    listed = json.loads(out)
    assert listed[0] == {"number": 0, "name": "turtle", "title": "Turtle", "tiles": 144}
    assert [item["name"] for item in listed] == [layout.name for layout in builtin_layouts()]


def test_list_text_shows_every_built_in_with_its_code_number(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(capsys, "layouts", "list")
    lines = out.splitlines()
    assert len(lines) == len(list(builtin_layouts()))
    assert lines[4].startswith("L04  spider")


@pytest.mark.parametrize("key", ["bridge", "3", "L03"])
def test_show_draws_each_layer_by_name_or_number(
    key: str, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "layouts", "show", key)
    assert status == 0
    assert out.startswith("L03 bridge: Bridge, 144 tiles, 5 layers")
    assert "seen from above" in out
    for z in range(5):
        assert f"layer {z}: " in out
    assert out.count("┌──┐") == 144


def test_show_of_an_unknown_layout_is_a_one_line_error(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "layouts", "show", "dragon")
    assert status == 2 and out == ""
    assert err.startswith("mahjong-solitaire: error: unknown layout 'dragon'")
    assert err.count("\n") == 1


@pytest.mark.parametrize("fmt", ["kmahjongg", "gnome"])
def test_export_to_stdout_and_to_a_file_reads_back_as_the_same_layout(
    fmt: str, tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "layouts", "export", "pagoda", "--format", fmt)
    assert status == 0
    assert read_layout_file(out, "pagoda") == [builtin_layout("pagoda")]
    target = tmp_path / f"pagoda.{fmt}"
    assert run(capsys, "layouts", "export", "14", "--format", fmt, "-o", str(target))[0] == 0
    assert target.read_text(encoding="utf-8") == out


def test_import_stores_the_layout_and_its_last_line_is_the_name(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "Lucky_Hill.layout"
    source.write_text(export_layout(builtin_layout("twin-peaks"), "kmahjongg"), encoding="utf-8")
    status, out, _ = run(capsys, "layouts", "import", str(source))
    assert status == 0
    name = out.splitlines()[-1]
    assert name == "lucky-hill"
    with Store(database) as store:
        assert store.imported_layout(name, store.local_player().id) == builtin_layout("twin-peaks")
    # Now playable everywhere: listed, shown, exported, and dealt by name.
    listed = json.loads(run(capsys, "layouts", "list", "--json")[1])
    assert listed[-1] == {"number": None, "name": "lucky-hill", "title": "Lucky Hill", "tiles": 144}
    assert run(capsys, "layouts", "show", name)[1].startswith("lucky-hill: Lucky Hill")
    status, out, _ = run(capsys, "deal", "--layout", name, "--seed", "5", "--json")
    assert status == 0
    dealt = json.loads(out)
    assert dealt["layout"] == "lucky-hill" and len(dealt["solution"]) == 72


def test_import_of_a_gnome_file_with_two_maps_stores_both(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from mahjong_solitaire.layouts.gnome import write_gnome

    source = tmp_path / "two.map"
    source.write_text(write_gnome([builtin_layout("ring"), builtin_layout("wave")]))
    status, out, _ = run(capsys, "layouts", "import", str(source))
    assert status == 0
    # The names of built-ins are taken, so the store makes them unique.
    assert out.splitlines()[-2:] == ["ring-2", "wave-2"]
    with Store(database) as store:
        assert store.imported_layouts(store.local_player().id) == [
            builtin_layout("ring"),
            builtin_layout("wave"),
        ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n", "bad.layout: line 5: the grid ends"),
        (b"<!DOCTYPE x><mahjongg/>", "bad.layout: line 1: document type"),
        (b"just text", "bad.layout: line 1: not a KMahjongg layout"),
        # Two tiles stacked: they cannot be removed as a pair, so no deal exists.
        (b"kmahjongg-layout-v1.1\nw2\nh2\nd2\n12\n43\n12\n43\n", "cannot be cleared"),
    ],
)
def test_import_of_a_bad_file_is_a_clear_error_and_stores_nothing(
    content: bytes, message: str, tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.layout"
    source.write_bytes(content)
    status, out, err = run(capsys, "layouts", "import", str(source))
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1
    with Store(database) as store:
        assert store.imported_layouts(None, unowned=True) == []


def test_import_of_a_missing_file_is_a_clear_error(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "layouts", "import", str(tmp_path / "nope.map"))
    assert status == 2 and "no such file" in err


def test_deal_of_an_unknown_layout_still_names_the_built_ins(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "deal", "--layout", "no-such-layout")
    assert status == 2 and "built-in layouts: arena" in err


def test_delete_removes_an_imported_layout_and_refuses_an_unknown_one(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "Lucky_Hill.layout"
    source.write_text(export_layout(builtin_layout("twin-peaks"), "kmahjongg"), encoding="utf-8")
    assert run(capsys, "layouts", "import", str(source))[0] == 0
    status, out, _ = run(capsys, "layouts", "delete", "lucky-hill")
    assert status == 0 and "lucky-hill" in out
    with Store(database) as store:
        assert store.imported_layouts(store.local_player().id, unowned=True) == []
    for name in ("lucky-hill", "turtle"):  # gone now; a built-in is never deleted
        status, out, err = run(capsys, "layouts", "delete", name)
        assert status == 2 and out == ""
        assert f"{name}: there is no imported layout" in err and err.count("\n") == 1


def test_import_refused_for_want_of_an_order_says_not_found_not_impossible(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    """rules §8.2: a layout whose order the search did not find within its budget is
    refused saying so, never called unclearable."""
    from mahjong_solitaire.classic import construction

    monkeypatch.setattr(construction, "MAX_ATTEMPTS", 0)
    monkeypatch.setattr(construction, "EXACT_NODES", 3)
    source = tmp_path / "hill.layout"
    source.write_text(export_layout(builtin_layout("twin-peaks"), "kmahjongg"), encoding="utf-8")
    status, out, err = run(capsys, "layouts", "import", str(source))
    assert status == 2 and out == ""
    assert "was found within 3 steps" in err and "proven impossible" in err
    assert "cannot be cleared" not in err and err.count("\n") == 1
    with Store(database) as store:
        assert store.imported_layouts(None, unowned=True) == []
