"""Layout files of KMahjongg (.layout v1.0/v1.1) and GNOME Mahjongg (.map XML): reading,
writing, round trips, and clear errors for malformed, truncated, huge or hostile files."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_solitaire.core.layout import Layout, LayoutError
from mahjong_solitaire.layouts import builtin_layout, builtin_layouts
from mahjong_solitaire.layouts.files import MAX_FILE_BYTES, export_layout, read_layout_file
from mahjong_solitaire.layouts.gnome import MAX_DEPTH, read_gnome, write_gnome
from mahjong_solitaire.layouts.kmahjongg import read_kmahjongg, write_kmahjongg
from mahjong_solitaire.layouts.reading import LayoutFileError, slug

# --- KMahjongg -------------------------------------------------------------------------

SMALL_V11 = """kmahjongg-layout-v1.1
# a row of three, a fourth half a row lower; three on layer 1, one straddling on layer 2
w10
h3
d3
121212....
434343.12.
.......43.
# layer 1
.121212...
.434343...
..........
# layer 2
..12......
..43......
..........
"""

SMALL_V11_POSITIONS = (
    (0, 0, 0),
    (2, 0, 0),
    (4, 0, 0),
    (7, 1, 0),
    (1, 0, 1),
    (3, 0, 1),
    (5, 0, 1),
    (2, 0, 2),
)


def _v10(rows: dict[tuple[int, int], str]) -> str:
    """A v1.0 file (32 x 16 x 5) with the given (z, y) rows set, the rest empty."""
    lines = ["kmahjongg-layout-v1.0", "# made by the test"]
    for z in range(5):
        for y in range(16):
            lines.append(rows.get((z, y), "").ljust(32, "."))
    return "\n".join(lines) + "\n"


def test_kmahjongg_v11_small_file_parses_to_the_expected_positions() -> None:
    layout = read_kmahjongg(SMALL_V11)
    assert layout.positions == SMALL_V11_POSITIONS
    assert layout.depth == 3


def test_kmahjongg_counts_only_the_ones_and_ignores_other_marks() -> None:
    # Stray quarters and letters are empty cells; a 1 alone is a whole tile.
    text = _v10({(0, 0): "1212xx2", (0, 1): "4343zz3", (1, 3): ".1.1", (1, 4): ".4.."})
    layout = read_kmahjongg(text)
    assert layout.positions == ((0, 0, 0), (2, 0, 0), (1, 3, 1), (3, 3, 1))


def test_kmahjongg_v10_uses_the_fixed_32_by_16_by_5_grid_with_half_offsets() -> None:
    text = _v10(
        {
            (0, 2): "..1212",
            (0, 3): "..4343",
            (0, 4): "1212",
            (0, 5): "4343",
            (1, 3): "...12",
            (1, 4): "...43",
            (4, 14): "..............12",
            (4, 15): "..............43",
        }
    )
    layout = read_kmahjongg(text)
    assert set(layout.positions) == {
        (2, 2, 0),
        (4, 2, 0),
        (0, 4, 0),
        (2, 4, 0),
        (3, 3, 1),
        (14, 14, 4),
    }


def test_kmahjongg_round_trip_of_every_built_in() -> None:
    for layout in builtin_layouts():
        assert read_kmahjongg(write_kmahjongg(layout)) == layout


def test_kmahjongg_export_writes_v11_with_its_size() -> None:
    lines = write_kmahjongg(builtin_layout("turtle")).splitlines()
    assert lines[0] == "kmahjongg-layout-v1.1"
    assert {"w30", "h16", "d5"} <= set(lines)
    grid = [line for line in lines[1:] if not line.startswith(("#", "w", "h", "d"))]
    assert len(grid) == 16 * 5 and all(len(line) == 30 for line in grid)
    assert "".join(grid).count("1") == 144


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: '' is not"),
        ("kmahjongg-layout-v2.0\nw2\nh2\nd1\n12\n43\n", "line 1: 'kmahjongg-layout-v2.0'"),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n43", "line 6: the grid ends after 6 of"),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n....\n", "line 7: the grid has 12"),
        ("kmahjongg-layout-v1.1\nwide\nh2\nd1\n", "line 2: 'wide' is not a size"),
        ("kmahjongg-layout-v1.1\nw0\nh2\nd1\n", "line 2: w0 is not in 1..1024"),
        ("kmahjongg-layout-v1.1\nw99999\nh2\nd1\n", "line 2: w99999 is not in"),
        ("kmahjongg-layout-v1.1\nh2\nd1\n1212\n", "never sets its width"),
        (
            "kmahjongg-layout-v1.1\nw6\nh2\nd1\n121212\n434343\n",
            "3 positions: a layout needs an even number",
        ),
        (
            "kmahjongg-layout-v1.1\nw6\nh2\nd1\n112.12\n443.43\n",
            "line 5: the tile at x=1, y=0, layer 0 overlaps a tile of line 5",
        ),
        (
            "kmahjongg-layout-v1.1\nw6\nh3\nd1\n1212..\n41212.\n.4343.\n",
            "line 6: the tile at x=1, y=1, layer 0 overlaps a tile of line 5",
        ),
        (
            "kmahjongg-layout-v1.1\nw5\nh2\nd1\n12121\n43434\n",
            "line 5: the tile at x=4, y=0, layer 0 sticks out",
        ),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n....\n....\n", "at least two positions"),
    ],
)
def test_kmahjongg_bad_files_get_an_error_naming_the_line(text: str, message: str) -> None:
    with pytest.raises(LayoutFileError) as caught:
        read_kmahjongg(text)
    assert message in str(caught.value)


def test_kmahjongg_more_than_1152_tiles_is_refused_at_the_1153rd() -> None:
    rows = "".join(f"{'12' * 100}\n{'43' * 100}\n" for _ in range(12))
    text = f"kmahjongg-layout-v1.1\nw200\nh24\nd1\n{rows}"
    with pytest.raises(LayoutFileError, match="line 27: more than 1152 tiles"):
        read_kmahjongg(text)


# --- GNOME Mahjongg ----------------------------------------------------------------------

SMALL_MAP = """<?xml version="1.0" encoding="UTF-8"?>
<!-- a hand-written map: every element, half-tile offsets, several layers -->
<mahjongg>
  <map name="Test Hill" scorename="testhill">
    <layer z="0">
      <row y="0" left="0" right="3"/>
      <column x="0" top="1" bottom="2"/>
      <block left="2" right="3" top="1.5" bottom="2.5"/>
      <tile x="5" y="0.5"/>
    </layer>
    <layer z="1">
      <row y="0.5" left="0.5" right="2.5"/>
    </layer>
    <tile x="1.5" y="1" z="2"/>
    <tile x="4.5" y="2" z="0"/>
  </map>
</mahjongg>
"""

SMALL_MAP_POSITIONS = {
    (0, 0, 0),
    (2, 0, 0),
    (4, 0, 0),
    (6, 0, 0),  # row
    (0, 2, 0),
    (0, 4, 0),  # column
    (4, 3, 0),
    (6, 3, 0),
    (4, 5, 0),
    (6, 5, 0),  # block
    (10, 1, 0),
    (9, 4, 0),  # tiles on layer 0
    (1, 1, 1),
    (3, 1, 1),
    (5, 1, 1),  # row on layer 1
    (3, 2, 2),  # a tile with its own z
}


def test_gnome_small_map_parses_to_the_expected_positions() -> None:
    [layout] = read_gnome(SMALL_MAP)
    assert set(layout.positions) == SMALL_MAP_POSITIONS
    assert (layout.name, layout.title) == ("test-hill", "Test Hill")


def test_gnome_file_with_several_maps_gives_them_all_in_order() -> None:
    text = write_gnome([builtin_layout("pyramid"), builtin_layout("bridge")])
    assert [layout.name for layout in read_gnome(text)] == ["pyramid", "bridge"]
    assert read_gnome(text) == [builtin_layout("pyramid"), builtin_layout("bridge")]


def test_gnome_round_trip_of_every_built_in() -> None:
    for layout in builtin_layouts():
        [back] = read_gnome(write_gnome([layout]))
        assert back == layout
        assert back.title == layout.title


def test_gnome_export_uses_rows_and_half_tile_coordinates() -> None:
    text = export_layout(builtin_layout("turtle"), "gnome")
    assert '<row y="0" left="1" right="12"/>' in text
    assert '<tile x="6.5" y="3.5"/>' in text


def test_gnome_negative_coordinates_are_shifted_onto_the_grid() -> None:
    text = '<mahjongg><map name="m"><row y="-1" left="-1" right="0"/></map></mahjongg>'
    [layout] = read_gnome(text)
    assert layout.positions == ((0, 0, 0), (2, 0, 0))


def _map(body: str) -> str:
    return f'<mahjongg>\n<map name="m">\n{body}\n</map>\n</mahjongg>\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<mahjongg><map", "line 1: not well-formed XML"),
        (
            "<mahjongg>\n<map name='m'>\n<row y='0' left='0' right='1'>\n</map></mahjongg>",
            "line 4: not well-formed XML",
        ),
        ("<game><map/></game>", "line 1: the document is <game>, not <mahjongg>"),
        ("<mahjongg>\n</mahjongg>", "line 2: the file holds no <map>"),
        ("<mahjongg>\n<row y='0' left='0' right='1'/></mahjongg>", "line 2: <row> outside a <map>"),
        (_map("<row y='0' left='0'/>"), "line 3: <row> needs the attribute 'right'"),
        (_map("<tile x='abc' y='0'/>"), "line 3: <tile x='abc'>: not a number"),
        (_map("<tile x='0.25' y='0'/>"), "line 3: <tile x='0.25'>"),
        (_map("<tile x='nan' y='0'/>"), "line 3: <tile x='nan'>"),
        (_map("<tile x='1e9' y='0'/>"), "line 3: <tile x='1e9'>"),
        (_map("<tile x='0' y='0' z='1.5'/>"), "line 3: <tile z='1.5'>: a layer is a whole"),
        (_map("<layer z='-1'><tile x='0' y='0'/></layer>"), "line 3: <layer z='-1'>"),
        (_map("<row y='0' left='3' right='1'/>"), "line 3: <row>: right is before left"),
        (_map("<row y='0' left='0' right='2'/>"), "3 positions: a layout needs an even number"),
        (
            _map("<row y='0' left='0' right='1'/>\n<tile x='0.5' y='0.5'/>"),
            "line 4: the tile at x=0.5, y=0.5, layer 0 overlaps a tile of line 3",
        ),
        (
            _map("<block left='0' right='40' top='0' bottom='40'/>"),
            "line 3: <block> places more than 1152 tiles",
        ),
        (
            _map("<block left='0' right='23' top='0' bottom='47'/>\n<tile x='30' y='0'/>"),
            "line 4: the map 'm' has more than 1152 tiles",
        ),
        ("<mahjongg><map name='a'><map name='b'/></map></mahjongg>", "<map> inside another <map>"),
        (
            '<mahjongg><map name="m">\n<row y="0" left="0" right="1"/>&ghost;</map></mahjongg>',
            "line 2: not well-formed XML (undefined entity)",
        ),
    ],
)
def test_gnome_bad_files_get_an_error_naming_the_line(text: str, message: str) -> None:
    with pytest.raises(LayoutFileError) as caught:
        read_gnome(text)
    assert message in str(caught.value)


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE mahjongg [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<mahjongg><map name="&lol3;"><row y="0" left="0" right="1"/></map></mahjongg>
"""

EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE mahjongg SYSTEM "file:///etc/passwd">
<mahjongg><map name="x"><row y="0" left="0" right="1"/></map></mahjongg>
"""


@pytest.mark.parametrize(
    "text", [BILLION_LAUGHS, EXTERNAL_ENTITY, BILLION_LAUGHS.replace("DOCTYPE", "doctype")]
)
def test_gnome_entities_and_document_types_are_refused_before_parsing(text: str) -> None:
    with pytest.raises(
        LayoutFileError, match="line 2: document type and entity declarations are not allowed"
    ):
        read_gnome(text)


def test_gnome_deep_nesting_is_refused() -> None:
    depth = 10_000
    text = "<mahjongg>" + "<a>" * depth + "</a>" * depth + "</mahjongg>"
    with pytest.raises(LayoutFileError, match=f"nested more than {MAX_DEPTH} deep"):
        read_gnome(text)


def test_gnome_unknown_elements_are_ignored_like_gnome_mahjongg_does() -> None:
    text = _map("<note>hello</note><row y='0' left='0' right='1'/>")
    assert read_gnome(text)[0].positions == ((0, 0, 0), (2, 0, 0))


# --- Format detection, limits, names --------------------------------------------------------


def test_read_layout_file_recognises_both_formats_and_names_kmahjongg_by_file() -> None:
    kmj = export_layout(builtin_layout("star"), "kmahjongg").encode()
    [layout] = read_layout_file(kmj, "/home/me/My_Star.layout")
    assert (layout.name, layout.title) == ("my-star", "My Star")
    assert layout == builtin_layout("star")
    gnome = export_layout(builtin_layout("crab"), "gnome").encode("utf-8")
    assert read_layout_file(b"\xef\xbb\xbf" + gnome, "crab.map") == [builtin_layout("crab")]


def test_read_layout_file_refuses_huge_files_and_unknown_content() -> None:
    with pytest.raises(LayoutFileError, match=r"big\.map: the file has"):
        read_layout_file(b" " * (MAX_FILE_BYTES + 1), "big.map")
    with pytest.raises(LayoutFileError, match=r"x\.txt: line 1: not a KMahjongg layout"):
        read_layout_file(b"\x00\xff garbage", "x.txt")


def test_export_refuses_an_unknown_format() -> None:
    with pytest.raises(LayoutFileError, match="unknown layout format 'xml'"):
        export_layout(builtin_layout(0), "xml")


def test_slug_makes_lowercase_dashed_names() -> None:
    assert slug("  Dragon's  Lair!! ") == "dragon-s-lair"
    assert slug("") == "imported"


def test_layout_file_error_is_a_layout_error_and_a_value_error() -> None:
    assert issubclass(LayoutFileError, LayoutError)
    assert issubclass(LayoutFileError, ValueError)


# --- Fuzzing: nothing but the project's own error ---------------------------------------------

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.text(max_size=400))
def test_fuzz_any_text_read_as_kmahjongg_raises_only_layout_errors(text: str) -> None:
    try:
        layout = read_kmahjongg(text)
    except LayoutFileError:
        return
    assert isinstance(layout, Layout)


@FUZZ
@given(
    st.integers(1, 8),
    st.integers(1, 6),
    st.integers(1, 3),
    st.lists(st.sampled_from("1234.#xw\n"), max_size=200),
)
def test_fuzz_kmahjongg_grids_raise_only_layout_errors(
    width: int, height: int, depth: int, cells: list[str]
) -> None:
    text = f"kmahjongg-layout-v1.1\nw{width}\nh{height}\nd{depth}\n" + "".join(cells)
    try:
        layout = read_kmahjongg(text)
    except LayoutFileError:
        return
    assert read_kmahjongg(write_kmahjongg(layout)) == layout


_ATTRIBUTE = st.sampled_from(["x", "y", "z", "left", "right", "top", "bottom", "name"])
_VALUE = st.one_of(
    st.integers(-3, 12).map(str), st.sampled_from(["0.5", "2.5", "-0.5", "a", "", "1e400", "&amp;"])
)
_ELEMENT = st.tuples(
    st.sampled_from(["row", "column", "block", "tile", "layer", "map", "x"]),
    st.dictionaries(_ATTRIBUTE, _VALUE, max_size=5),
)


def _xml(elements: list[tuple[str, dict[str, str]]]) -> str:
    body = "".join(
        f"<{tag} " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + "/>"
        for tag, attrs in elements
    )
    return f'<mahjongg><map name="f">{body}</map></mahjongg>'


@FUZZ
@given(st.lists(_ELEMENT, max_size=12))
def test_fuzz_gnome_maps_raise_only_layout_errors(
    elements: list[tuple[str, dict[str, str]]],
) -> None:
    try:
        layouts = read_gnome(_xml(elements))
    except LayoutFileError:
        return
    assert read_gnome(write_gnome(layouts)) == layouts


@FUZZ
@given(
    st.text(
        alphabet=st.sampled_from(list('<>/="!&;?- mahjongmaprowtilexyz01.\n[]DOCTYPE')),
        max_size=300,
    )
)
def test_fuzz_any_text_read_as_gnome_raises_only_layout_errors(text: str) -> None:
    with contextlib.suppress(LayoutFileError):
        read_gnome(text)


@FUZZ
@given(st.binary(max_size=300))
def test_fuzz_any_bytes_read_as_a_layout_file_raise_only_layout_errors(data: bytes) -> None:
    for prefix in (b"", b"kmahjongg-layout-v1.0\n", b"kmahjongg-layout-v1.1\n", b"<mahjongg>"):
        with contextlib.suppress(LayoutFileError):
            read_layout_file(prefix + data, "fuzz")
