"""Bad input on the command line: one clear line on stderr, exit status
2, and nothing written; every command that reads or writes the database takes
``--database``; a read-only command never creates a database; ``layouts show`` draws a
sparse layout at the size of its tiles, not of its extent."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from mahjong_solitaire.cli import build_parser, main
from mahjong_solitaire.cli.layouts import MAX_GAP, MAX_LAYER_GAP, layer_picture
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.layouts.gnome import MAX_COORDINATE, write_gnome
from mahjong_solitaire.store import Store


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def refused(status: int, out: str, err: str, *words: str) -> None:
    """The command was refused as the CLI promises: one line, status 2, no output."""
    assert status == 2 and out == ""
    assert err.startswith("mahjong-solitaire: error: ") and err.count("\n") == 1, err
    assert all(word in err for word in words), err


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "DATABASE_URL"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    # Nothing may fall back on the user's own database file.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))


# -- codes -----------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["", " ", "\t"])
@pytest.mark.parametrize(
    ("argv", "example"),
    [
        (["deal", "--code"], "MJ2-L00-AAAAABL"),
        (["deal", "--json", "--code"], "MJ2-L00-AAAAABL"),
        (["solve", "--code"], "MJ2-L00-AAAAABL"),
        (["connect", "deal", "--code"], "CN2-1808B-AAAAABL"),
    ],
)
def test_an_empty_or_blank_code_is_refused_not_dealt_at_random(
    capsys: pytest.CaptureFixture[str], argv: list[str], example: str, code: str
) -> None:
    refused(*run(capsys, *argv, code), "--code is empty", example)


def test_an_empty_code_is_refused_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--lang", "pt", "deal", "--code", "")
    assert out == ""
    assert status == 2 and err == (
        "mahjong-solitaire: erro: --code está vazio: indique um código como MJ2-L00-AAAAABL\n"
    )


# -- --database on every command that reads or writes the database ------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["deal"],
        ["solve", "deal.json"],
        ["play"],
        ["stats"],
        ["leaderboard"],
        ["export", "x"],
        ["import", "x"],
        ["layouts", "list"],
        ["layouts", "show", "turtle"],
        ["layouts", "export", "turtle", "--format", "gnome"],
        ["layouts", "import", "x.map"],
    ],
)
def test_every_database_command_takes_database(argv: list[str]) -> None:
    args = build_parser().parse_args([*argv, "--database", "sqlite:///elsewhere.db"])
    assert args.database == "sqlite:///elsewhere.db"


def test_the_play_command_layouts_import_suggests_runs_on_the_same_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'my layouts.db'}"  # a space: the command is quoted
    source = tmp_path / "ring.map"
    source.write_text(write_gnome([builtin_layout("ring")]))
    status, out, _ = run(capsys, "layouts", "import", str(source), "--database", database)
    assert status == 0
    suggested = shlex.split(out.splitlines()[0].split("play it with: ", 1)[1].rstrip(")"))
    assert suggested[:4] == ["mahjong-solitaire", "deal", "--layout", "ring-2"]
    assert suggested[4:] == ["--database", database]
    status, out, err = run(capsys, *suggested[1:], "--seed", "1")
    assert status == 0 and err == "" and "layer 0" in out


def test_the_play_command_names_no_database_when_none_was_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'games.db'}")
    source = tmp_path / "ring.map"
    source.write_text(write_gnome([builtin_layout("ring")]))
    status, out, _ = run(capsys, "layouts", "import", str(source))
    assert status == 0 and "(play it with: mahjong-solitaire deal --layout ring-2)" in out


# -- read-only commands never create a database ----------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["stats"],
        ["stats", "--json"],
        ["leaderboard"],
        ["leaderboard", "--json"],
        ["export", "-"],
    ],
)
@pytest.mark.parametrize("form", ["sqlite:///{path}", "{path}"])
def test_a_read_only_command_on_a_missing_sqlite_file_is_refused_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], form: str
) -> None:
    missing = tmp_path / "tyop.db"
    refused(
        *run(capsys, *argv, "--database", form.format(path=missing)),
        str(missing),
        "no such database file",
    )
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_command_on_a_missing_default_database_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refused(*run(capsys, "stats"), "games.sqlite3", "no such database file")
    assert not (tmp_path / "data-home").exists()


def test_a_read_only_command_reads_an_existing_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    Store(database).close()
    status, out, err = run(capsys, "leaderboard", "--database", database)
    assert (status, out, err) == (0, "No games won yet.\n", "")


@pytest.mark.parametrize(
    "argv",
    [
        ["layouts", "list", "--json"],
        ["deal", "--layout", "my-castle"],
        ["layouts", "show", "my-castle"],
        ["layouts", "export", "my-castle", "--format", "gnome"],
    ],
)
def test_reading_layouts_from_a_missing_sqlite_file_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv, "--database", str(tmp_path / "tyop.db"))
    if argv[1] == "list":
        assert status == 0 and "turtle" in out  # the built-ins, and nothing imported
    else:
        refused(status, out, err, "unknown layout")
    assert list(tmp_path.iterdir()) == []


# -- pathological layout files ---------------------------------------------------------

#: Two tiles at opposite corners of the GNOME reader's range, the second on its top layer.
GNOME_CORNERS = f"""<?xml version="1.0"?>
<mahjongg><map name="Far Apart">
  <tile x="-{MAX_COORDINATE}" y="-{MAX_COORDINATE}"/>
  <tile x="{MAX_COORDINATE}" y="{MAX_COORDINATE}" z="{MAX_COORDINATE}"/>
</map></mahjongg>
"""


def _kmahjongg_corners(width: int, height: int, depth: int) -> str:
    """A KMahjongg v1.1 file of the given size with a tile in two opposite corners."""
    layers = [[["."] * width for _ in range(height)] for _ in range(depth)]
    layers[0][0][0:2], layers[0][1][0:2] = "12", "43"
    layers[-1][-2][-2:], layers[-1][-1][-2:] = "12", "43"
    rows = ["".join(row) for layer in layers for row in layer]
    return "\n".join(["kmahjongg-layout-v1.1", f"w{width}", f"h{height}", f"d{depth}", *rows])


#: Files the importer accepts: each a clearable layout of two tiles, far apart.
PATHOLOGICAL = {
    "far-apart.map": GNOME_CORNERS,
    "wide.layout": _kmahjongg_corners(1024, 1000, 1),  # the widest grid in 1 MiB
    "deep.layout": _kmahjongg_corners(124, 124, 64),  # the deepest
}


@pytest.mark.parametrize("name", sorted(PATHOLOGICAL))
def test_a_clearable_layout_at_the_readers_limits_is_imported_and_drawn_at_the_size_of_its_tiles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    source = tmp_path / name
    source.write_text(PATHOLOGICAL[name])
    status, out, err = run(capsys, "layouts", "import", str(source), "--database", database)
    assert status == 0 and err == ""
    stored = out.splitlines()[-1]
    status, out, err = run(capsys, "layouts", "show", stored, "--database", database)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert "2 tiles" in lines[0] and "(long empty stretches are drawn shortened" in out
    # Two tiles: a view from above of 5 × 5 cells and two layers of a few lines each,
    # where drawing the extent took up to 2,050 × 2,050 cells a layer, for 513 layers.
    assert len(lines) <= 20 and max(map(len, lines)) <= 80, out


@pytest.mark.parametrize("extent", [4 * MAX_COORDINATE, 2 * MAX_COORDINATE])
def test_the_picture_of_any_layout_grows_with_its_tiles_not_its_extent(extent: int) -> None:
    """144 tiles on a diagonal, each on a layer of its own, spread over the GNOME reader's
    whole range (every empty stretch cut) or half of it (stretches of 5, drawn to scale):
    the view from above is at most (2 + MAX_GAP + 1) cells a tile each way, and each layer
    is drawn only as far as its own tiles go, its long empty runs cut."""
    diagonal = Layout.from_positions(
        [(extent * k // 143, extent * k // 143, k) for k in range(144)]
    )
    picture = layer_picture(diagonal)
    side = 144 * (3 + MAX_GAP)
    lines = picture.splitlines()
    first_layer = lines.index("layer 0: 1 tile")
    view, layers = lines[1:first_layer], lines[first_layer:]
    assert len(view) <= side + 1 and all(len(line) <= side for line in view)
    assert len(layers) <= 144 * (1 + MAX_LAYER_GAP + 2)  # a heading, a cut or gap, a tile
    assert all(len(line) <= 2 * side for line in layers)


def test_gaps_up_to_the_limit_are_drawn_to_scale() -> None:
    near = Layout.from_positions([(0, 0, 0), (2 + MAX_GAP, 0, 0)])
    far = Layout.from_positions([(0, 0, 0), (3 + MAX_GAP, 0, 0)])
    assert layer_picture(near).splitlines()[1] == "11" + " " * MAX_GAP + "11"
    assert layer_picture(far).splitlines()[1].startswith("(long empty stretches")
    assert layer_picture(far).splitlines()[2] == "11┊11"


def test_more_deals_than_seeds_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    refused(*run(capsys, "deal", "--count", "100000000000000000000"), "seeds must lie in")


def test_several_server_processes_need_a_database_they_share(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys, "play", "--no-browser", "--port", "0", "--workers", "2", "--database", "sqlite://"
    )
    refused(status, out, err, "--workers", "in memory")
