"""GNOME Mahjongg ``.map`` files (XML): a safe reader and a writer.

A file is a ``<mahjongg>`` element holding ``<map name="…">`` elements.  Inside a map,
``<layer z="…">`` sets the layer of what it contains, and four elements place tiles, each
optionally with its own ``z``:

* ``<row y left right>``: tiles at ``x = left, left + 1, … right`` on row ``y``;
* ``<column x top bottom>``: tiles at ``y = top … bottom`` in column ``x``;
* ``<block left right top bottom>``: the rectangle of both;
* ``<tile x y>``: one tile.

Coordinates are whole tiles and may end in ``.5``; doubled, they are the game's half-tile
grid.

    >>> text = '''<?xml version="1.0"?>
    ... <mahjongg>
    ...   <map name="Little Hill" scorename="hill">
    ...     <layer z="0"><row y="0" left="0" right="2"/><column x="0" top="1" bottom="1"/>
    ...       <block left="1" right="1" top="1" bottom="1"/></layer>
    ...     <tile x="0.5" y="0" z="1"/>
    ...   </map>
    ... </mahjongg>'''
    >>> [hill] = read_gnome(text)
    >>> hill.name, hill.title, hill.positions
    ('little-hill', 'Little Hill', ((0, 0, 0), (2, 0, 0), (4, 0, 0), (0, 2, 0), (2, 2, 0), \
(1, 0, 1)))
    >>> read_gnome(write_gnome([hill])) == [hill]
    True

The reader is built on expat directly, for line numbers and for safety: a document type
declaration or entity declaration is refused (no entity expansion, no external files),
elements may nest at most :data:`MAX_DEPTH` deep, a file may hold at most
:data:`MAX_ELEMENTS` elements and :data:`MAX_MAPS` maps, and no element may place more
tiles than a layout holds.  The maps of one file are read up to :data:`MAX_FILE_TILES`
tiles in all (reading a tile costs about as much as checking it): a map beyond is refused
on its own, to be read from a file of its own.  Every problem is a
:class:`~mahjong_solitaire.layouts.reading.LayoutFileError` naming the line and element.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import NoReturn
from xml.parsers import expat

from ..core.layout import MAX_POSITIONS, Layout, LayoutError, Position
from .reading import LayoutFileError, slug

__all__ = [
    "MAX_DEPTH",
    "MAX_ELEMENTS",
    "MAX_FILE_TILES",
    "MAX_MAPS",
    "read_gnome",
    "read_gnome_maps",
    "write_gnome",
]

#: ``<mahjongg><map><layer><row/>`` is four deep; a little slack for unknown wrappers.
MAX_DEPTH = 8
MAX_ELEMENTS = 20_000
#: Maps in one file (GNOME Mahjongg's own file holds a dozen); with :data:`MAX_FILE_TILES`
#: they bound what one upload costs to read and check (``web/games/budgets.py``).
MAX_MAPS = 40
#: Tiles of all the maps of one file read together: four full layouts' worth.
MAX_FILE_TILES = 4 * MAX_POSITIONS
#: The largest coordinate accepted, in whole tiles.
MAX_COORDINATE = 512

_DECLARATION = re.compile(r"<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)", re.IGNORECASE)

#: The attributes each placing element needs (``z`` is always optional).
_PLACERS = {
    "row": ("y", "left", "right"),
    "column": ("x", "top", "bottom"),
    "block": ("left", "right", "top", "bottom"),
    "tile": ("x", "y"),
}


class _Map:
    def __init__(self, name: str, line: int) -> None:
        self.name = name
        self.line = line
        self.positions: list[tuple[int, int, int, int]] = []  # x, y, z, line
        #: What is wrong with the map (it is then refused, the other maps read on).
        self.problem: str | None = None


class _Reader:
    def __init__(self) -> None:
        self.parser = expat.ParserCreate()
        self.parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.StartDoctypeDeclHandler = self.refuse_declaration
        self.parser.EntityDeclHandler = self.refuse_declaration
        self.parser.ExternalEntityRefHandler = self.refuse_declaration
        self.depth = 0
        self.elements = 0
        self.root_seen = False
        self.maps: list[_Map] = []
        self.current: _Map | None = None
        self.layer_z = 0

    @property
    def line(self) -> int:
        return self.parser.CurrentLineNumber

    def fail(self, message: str) -> LayoutFileError:
        return LayoutFileError(f"line {self.line}: {message}")

    def refuse_declaration(self, *_: object) -> NoReturn:
        raise self.fail("document type and entity declarations are not allowed")

    def number(self, tag: str, attributes: dict[str, str], key: str) -> int:
        """A coordinate in whole tiles (a multiple of 0.5), as half tiles."""
        raw = attributes.get(key)
        if raw is None:
            raise self.fail(f"<{tag}> needs the attribute {key!r}")
        try:
            value = float(raw.strip()[:32])
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or abs(value) > MAX_COORDINATE or (value * 2) % 1:
            raise self.fail(
                f"<{tag} {key}={raw[:20]!r}>: not a number of whole or half "
                f"tiles in -{MAX_COORDINATE}..{MAX_COORDINATE}"
            )
        return int(value * 2)

    def layer(self, tag: str, attributes: dict[str, str], default: int) -> int:
        if "z" not in attributes:
            return default
        doubled = self.number(tag, attributes, "z")
        if doubled % 2 or doubled < 0:
            raise self.fail(
                f"<{tag} z={attributes['z'][:20]!r}>: a layer is a whole number, 0 or more"
            )
        return doubled // 2

    def span(self, tag: str, attributes: dict[str, str], first: str, last: str) -> range:
        low, high = self.number(tag, attributes, first), self.number(tag, attributes, last)
        if high < low:
            raise self.fail(f"<{tag}>: {last} is before {first}")
        if (high - low) // 2 + 1 > MAX_POSITIONS:
            raise self.fail(f"<{tag}> places more than {MAX_POSITIONS} tiles")
        return range(low, high + 1, 2)

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        self.elements += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"<{tag[:20]}> is nested more than {MAX_DEPTH} deep")
        if self.elements > MAX_ELEMENTS:
            raise self.fail(f"more than {MAX_ELEMENTS} elements")
        attributes = {k.lower(): v for k, v in attributes.items()}
        name = tag.lower()
        if self.depth == 1:
            if name != "mahjongg":
                raise self.fail(f"the document is <{tag[:20]}>, not <mahjongg>")
            self.root_seen = True
            return
        if name == "map":
            if self.current is not None:
                raise self.fail("<map> inside another <map>")
            if len(self.maps) >= MAX_MAPS:
                raise self.fail(f"more than {MAX_MAPS} maps")
            self.current = _Map(attributes.get("name", "").strip(), self.line)
            self.layer_z = 0
            return
        if name != "layer" and name not in _PLACERS:
            return  # unknown elements are ignored, as GNOME Mahjongg does
        current = self.require_map(tag)
        if current.problem is not None:
            return  # the map is refused already: the rest of it is not read
        try:
            self.place(current, tag, name, attributes)
        except LayoutFileError as error:  # this map is refused, the others are read on
            current.problem = str(error)
            current.positions.clear()

    def place(self, current: _Map, tag: str, name: str, attributes: dict[str, str]) -> None:
        """Read a ``<layer>`` or a placing element of the map ``current``."""
        if name == "layer":
            self.layer_z = self.layer(tag, attributes, 0)
            return
        z = self.layer(tag, attributes, self.layer_z)
        if name == "row":
            y = self.number(tag, attributes, "y")
            cells = [(x, y) for x in self.span(tag, attributes, "left", "right")]
        elif name == "column":
            x = self.number(tag, attributes, "x")
            cells = [(x, y) for y in self.span(tag, attributes, "top", "bottom")]
        elif name == "block":
            xs = self.span(tag, attributes, "left", "right")
            ys = self.span(tag, attributes, "top", "bottom")
            if len(xs) * len(ys) > MAX_POSITIONS:
                raise self.fail(f"<{tag}> places more than {MAX_POSITIONS} tiles")
            cells = [(x, y) for x in xs for y in ys]
        else:
            cells = [(self.number(tag, attributes, "x"), self.number(tag, attributes, "y"))]
        line = self.line
        current.positions.extend((x, y, z, line) for x, y in cells)
        if len(current.positions) > MAX_POSITIONS:
            raise self.fail(f"the map {current.name!r} has more than {MAX_POSITIONS} tiles")

    def require_map(self, tag: str) -> _Map:
        if self.current is None:
            raise self.fail(f"<{tag}> outside a <map>")
        return self.current

    def end(self, tag: str) -> None:
        self.depth -= 1
        name = tag.lower()
        if name == "map" and self.current is not None:
            self.maps.append(self.current)
            self.current = None
        elif name == "layer":
            self.layer_z = 0


def _layout(found: _Map) -> Layout:
    where = f"line {found.line}: map {found.name!r}"
    if found.problem is not None:
        raise LayoutFileError(found.problem)
    if not found.positions:
        raise LayoutFileError(f"{where} has no tiles")
    # Overlaps on a layer, named by the lines of both tiles.
    taken: dict[tuple[int, int, int], int] = {}
    for x, y, z, line in found.positions:
        for cell in ((x, y, z), (x + 1, y, z), (x, y + 1, z), (x + 1, y + 1, z)):
            other = taken.get(cell)
            if other is not None:
                raise LayoutFileError(
                    f"line {line}: the tile at x={x / 2:g}, y={y / 2:g}, "
                    f"layer {z} overlaps a tile of line {other}"
                )
        for cell in ((x, y, z), (x + 1, y, z), (x, y + 1, z), (x + 1, y + 1, z)):
            taken[cell] = line
    # Negative coordinates are allowed in the file: shift the map onto the grid.
    dx = -min(0, min(p[0] for p in found.positions))
    dy = -min(0, min(p[1] for p in found.positions))
    positions: list[Position] = [(x + dx, y + dy, z) for x, y, z, _ in found.positions]
    title = _title(found)
    try:
        return Layout.from_positions(positions, name=slug(title), title=title)
    except LayoutError as error:
        raise LayoutFileError(f"{where}: {error}") from None


def read_gnome(text: str) -> list[Layout]:
    """The maps of a GNOME Mahjongg file, in file order (at least one); the first problem
    with any map refuses the whole file (:func:`read_gnome_maps` reads each map on its
    own)."""
    return [_layout(found) for found in _read_maps(text)]


def read_gnome_maps(text: str) -> list[tuple[str, Layout | LayoutFileError]]:
    """Each map of a GNOME Mahjongg file, in file order: its title and its layout, or what
    is wrong with it (a map with no tiles, an odd count, too many, overlapping tiles, a bad
    element), as GNOME Mahjongg skips a bad map and plays the others.  A problem with the
    file itself (not XML, declarations, limits, no map at all) still raises."""
    read: list[tuple[str, Layout | LayoutFileError]] = []
    tiles = 0
    for found in _read_maps(text):
        if tiles + len(found.positions) > MAX_FILE_TILES:
            error = LayoutFileError(
                f"line {found.line}: map {_title(found)!r} was not read: with the maps read "
                f"before it, it would take the file over {MAX_FILE_TILES:,} tiles, as many as "
                "one file may hold; import it in a file of its own"
            )
            read.append((_title(found), error))
            continue
        tiles += len(found.positions)
        try:
            read.append((_title(found), _layout(found)))
        except LayoutFileError as error:
            read.append((_title(found), error))
    return read


def _title(found: _Map) -> str:
    return " ".join(found.name.split())[:60] or "Imported"


def _read_maps(text: str) -> list[_Map]:
    """The maps of a GNOME Mahjongg file as read (at least one)."""
    declaration = _DECLARATION.search(text)
    if declaration:
        line = text.count("\n", 0, declaration.start()) + 1
        raise LayoutFileError(f"line {line}: document type and entity declarations are not allowed")
    reader = _Reader()
    try:
        reader.parser.Parse(text, True)
    except expat.ExpatError as error:
        raise LayoutFileError(
            f"line {error.lineno}: not well-formed XML ({expat.ErrorString(error.code)})"
        ) from None
    except RecursionError:  # expat itself is not recursive; this is a safety net
        raise LayoutFileError("the XML is nested too deeply") from None
    if not reader.root_seen:
        raise LayoutFileError("line 1: the document is not a <mahjongg> file")
    if not reader.maps:
        raise LayoutFileError(f"line {reader.line}: the file holds no <map>")
    return reader.maps


def _tiles(value: int) -> str:
    """Half tiles as whole tiles: ``3`` -> ``"1.5"``."""
    return str(value // 2) if value % 2 == 0 else f"{value / 2:.1f}"


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Sorted values grouped into runs stepping by 2: ``[(first, last), ...]``."""
    runs: list[tuple[int, int]] = []
    for value in values:
        if runs and value == runs[-1][1] + 2:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return runs


def write_gnome(layouts: Iterable[Layout]) -> str:
    """A GNOME Mahjongg file holding one ``<map>`` per layout, rows where tiles line up."""
    # Imported here: xml.sax.saxutils pulls in urllib and http (a quarter of the package's
    # import time) for this one function.
    from xml.sax.saxutils import quoteattr

    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<mahjongg>"]
    for layout in layouts:
        lines.append(f"  <map name={quoteattr(layout.title)} scorename={quoteattr(layout.name)}>")
        for z in range(layout.depth):
            rows: dict[int, list[int]] = {}
            for x, y, tz in layout.positions:
                if tz == z:
                    rows.setdefault(y, []).append(x)
            if not rows:
                continue
            lines.append(f'    <layer z="{z}">')
            for y in sorted(rows):
                for first, last in _runs(sorted(rows[y])):
                    if first == last:
                        lines.append(f'      <tile x="{_tiles(first)}" y="{_tiles(y)}"/>')
                    else:
                        lines.append(
                            f'      <row y="{_tiles(y)}" left="{_tiles(first)}" '
                            f'right="{_tiles(last)}"/>'
                        )
            lines.append("    </layer>")
        lines.append("  </map>")
    lines.append("</mahjongg>")
    return "\n".join(lines) + "\n"
