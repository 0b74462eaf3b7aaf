"""Import that forgives like the originals (rules §8.2): each map of a GNOME file is
imported or refused on its own, with a reason per refused map, on the command line and
through the web upload; exporting a big board as a GNOME file warns; old ambiguous names
are renamed by the migration."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api_support import checked, refused
from mahjong_solitaire.cli import main
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.layouts import builtin_layout, export_layout
from mahjong_solitaire.layouts.files import LayoutFileError, read_layout_maps
from mahjong_solitaire.store import Store
from mahjong_solitaire.store.database import create_store_engine, migrate
from mahjong_solitaire.web import create_app

#: Our own file: two good maps among five bad ones, each bad in its own way.
MIXED = b"""<?xml version="1.0"?>
<mahjongg>
  <map name="First Row"><row y="0" left="0" right="3"/></map>
  <map name="Nothing"></map>
  <map name="Odd One"><row y="0" left="0" right="2"/></map>
  <map name="Crossed"><row y="0" left="0" right="1"/><tile x="0.5" y="0"/></map>
  <map name="Bad Number"><row y="zz" left="0" right="1"/></map>
  <map name="Tower"><tile x="0" y="0"/><tile x="0" y="0" z="1"/></map>
  <map name="Second Row"><row y="0" left="0" right="5"/></map>
</mahjongg>
"""

REASONS = {
    "Nothing": "has no tiles",
    "Odd One": "a layout needs an even number",
    "Crossed": "overlaps a tile of line 6",
    "Bad Number": "<row y='zz'>",
    "Tower": "cannot be cleared pair by pair",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_each_gnome_map_is_read_or_refused_on_its_own() -> None:
    found = read_layout_maps(MIXED, "mixed.map")
    assert [layout.title for layout in found.layouts] == ["First Row", "Tower", "Second Row"]
    assert [item.title for item in found.refused] == ["Nothing", "Odd One", "Crossed", "Bad Number"]
    for item in found.refused:
        assert REASONS[item.title] in item.reason


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"<mahjongg><map name='a'><row y='0'", "not well-formed"),
        (b"<mahjongg></mahjongg>", "holds no <map>"),
        (b"<!DOCTYPE x><mahjongg/>", "document type"),
    ],
)
def test_a_file_that_cannot_be_read_at_all_is_still_refused_whole(
    content: bytes, message: str
) -> None:
    with pytest.raises(LayoutFileError, match=message):
        read_layout_maps(content, "bad.map")


def test_layouts_import_stores_the_good_maps_and_says_why_each_other_was_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'mixed.db'}"
    source = tmp_path / "mixed.map"
    source.write_bytes(MIXED)
    status, out, err = run(capsys, "layouts", "import", str(source), "--database", database)
    assert status == 0
    assert out.splitlines()[-2:] == ["first-row", "second-row"]
    assert "imported 'First Row': 4 tiles, 1 layer, as 'first-row'" in out
    refusals = err.splitlines()
    assert len(refusals) == len(REASONS)
    for line, (title, reason) in zip(refusals, REASONS.items(), strict=True):
        assert line.startswith(f"mixed.map: the map {title!r} was not imported: ")
        assert reason in line
    with Store(database) as store:
        names = [layout.name for layout in store.imported_layouts(None, unowned=True)]
        names += [layout.name for layout in store.imported_layouts(store.local_player().id)]
    assert sorted(names) == ["first-row", "second-row"]


def test_layouts_import_of_a_file_with_no_good_map_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'none.db'}"
    source = tmp_path / "bad.map"
    source.write_bytes(
        MIXED.replace(b'right="3"', b'right="2"').replace(b'right="5"', b'right="4"')
    )
    status, out, err = run(capsys, "layouts", "import", str(source), "--database", database)
    assert status == 2 and out == ""
    assert "bad.map: nothing was imported: 'First Row': " in err and err.count("\n") == 1
    assert not (tmp_path / "none.db").exists()  # nothing stored: not even a database


def test_the_web_upload_lists_the_stored_and_the_refused_maps(sqlite_store: Store) -> None:
    client = TestClient(create_app(sqlite_store))
    answer = checked(
        client.post("/api/layouts", files={"file": ("mixed.map", MIXED, "text/xml")}), 201
    )
    assert [entry["name"] for entry in answer["layouts"]] == ["first-row", "second-row"]
    assert [item["title"] for item in answer["refused"]] == list(REASONS)
    for item in answer["refused"]:
        assert REASONS[item["title"]] in item["reason"]
    listed = [entry["name"] for entry in checked(client.get("/api/layouts")) if entry["imported"]]
    assert listed == ["first-row", "second-row"]


def test_the_web_upload_of_a_file_with_no_good_map_is_refused_whole(sqlite_store: Store) -> None:
    client = TestClient(create_app(sqlite_store))
    tower = (
        b"<mahjongg><map name='Tower'><tile x='0' y='0'/><tile x='0' y='0' z='1'/></map></mahjongg>"
    )
    message = refused(
        client.post("/api/layouts", files={"file": ("tower.map", tower, "text/xml")}),
        400,
        "bad_layout",
    )
    assert "cannot be cleared pair by pair" in message
    assert not [entry for entry in checked(client.get("/api/layouts")) if entry["imported"]]


# -- export ----------------------------------------------------------------------------------


def test_exporting_a_big_board_as_a_gnome_file_warns_that_gnome_skips_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'big.db'}"
    twice = [(x + dx, y, z) for dx in (0, 40) for x, y, z in builtin_layout("turtle").positions]
    source = tmp_path / "double.layout"
    source.write_text(export_layout(Layout.from_positions(twice), "kmahjongg"))
    status, out, _ = run(capsys, "layouts", "import", str(source), "--database", database)
    assert status == 0 and "288 tiles" in out
    status, out, err = run(
        capsys, "layouts", "export", "double", "--format", "gnome", "--database", database
    )
    assert status == 0 and out.startswith("<?xml")
    assert "GNOME Mahjongg itself skips maps of more than 144 tiles" in err and "288" in err
    status, _, err = run(
        capsys, "layouts", "export", "double", "--format", "kmahjongg", "--database", database
    )
    assert status == 0 and err == ""
    status, _, err = run(capsys, "layouts", "export", "turtle", "--format", "gnome")
    assert status == 0 and err == ""


# -- old names -------------------------------------------------------------------------------


def test_the_migration_renames_imported_layouts_named_like_a_builtin(database_url: str) -> None:
    engine = create_store_engine(database_url)
    migrate(engine, "0004")
    at = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    with engine.begin() as connection:
        for name in ("7", "l3", "imported-7", "castle"):
            connection.execute(
                text(
                    "INSERT INTO layouts (name, title, description, positions, created_at) "
                    "VALUES (:name, :title, '', :positions, :at)"
                ),
                {"name": name, "title": name, "positions": "[[0, 0, 0], [2, 0, 0]]", "at": at},
            )
    engine.dispose()
    with Store(database_url) as store:
        names = sorted(layout.name for layout in store.imported_layouts(None, unowned=True))
    assert names == ["castle", "imported-7", "imported-7-2", "imported-l3"]
