"""Layout files of other programs: format detection, limits, names and the shared error.

Two formats are read and written, both on the half-tile grid of :mod:`..layout`:
KMahjongg ``.layout`` (:mod:`.kmahjongg`) and GNOME Mahjongg ``.map`` XML (:mod:`.gnome`).
:func:`read_layout_file` takes the raw bytes of an uploaded or opened file and returns its
layouts (a GNOME file may hold several maps); :func:`export_layout` writes one.

    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> turtle = builtin_layout("turtle")
    >>> text = export_layout(turtle, "kmahjongg")
    >>> text.splitlines()[0]
    'kmahjongg-layout-v1.1'
    >>> read_layout_file(text.encode(), "my turtle.layout") == [turtle]
    True
    >>> read_layout_file(b"hello", "x.layout")
    Traceback (most recent call last):
    ...
    mahjong_solitaire.layouts.reading.LayoutFileError: x.layout: line 1: not a KMahjongg layout \
(kmahjongg-layout-v1.0/v1.1) nor a GNOME Mahjongg map (XML)

Every problem with a file raises :class:`LayoutFileError` (a :class:`LayoutError`, hence a
``ValueError``) whose message names the line or element at fault.  :func:`read_layout_maps`
forgives as GNOME Mahjongg does: each map of a GNOME file is read or refused on its own
(:class:`RefusedMap`), and only a problem with the file as a whole raises.

    >>> found = read_layout_maps(
    ...     b'<mahjongg><map name="Good"><row y="0" left="0" right="1"/></map>'
    ...     b'<map name="Odd"><row y="0" left="0" right="2"/></map></mahjongg>', "two.map")
    >>> [layout.name for layout in found.layouts], [map.title for map in found.refused]
    (['good'], ['Odd'])
    >>> found.refused[0].reason
    "line 1: map 'Odd': 3 positions: a layout needs an even number"
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.layout import Layout
from .gnome import read_gnome_maps, write_gnome
from .kmahjongg import read_kmahjongg, write_kmahjongg
from .reading import LayoutFileError, slug

__all__ = [
    "FORMATS",
    "GNOME_MAX_TILES",
    "MAX_FILE_BYTES",
    "LayoutFileError",
    "LayoutMaps",
    "RefusedMap",
    "export_layout",
    "export_warning",
    "read_layout_file",
    "read_layout_maps",
    "slug",
]

#: The formats :func:`export_layout` writes, by the name the command line uses.
FORMATS = ("kmahjongg", "gnome")

#: Larger files are refused before parsing (a full KMahjongg v1.0 grid is 2,560 cells).
MAX_FILE_BYTES = 1 << 20

#: GNOME Mahjongg itself skips a map of more tiles than this (one tile set).
GNOME_MAX_TILES = 144


@dataclass(frozen=True, slots=True)
class RefusedMap:
    """A map of a file that was not read (or cannot be played), and why."""

    title: str
    reason: str


@dataclass(frozen=True, slots=True)
class LayoutMaps:
    """What a file holds: the layouts read, in file order, and the maps refused."""

    layouts: list[Layout]
    refused: list[RefusedMap]


def _decode(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_layout_file(data: bytes | str, filename: str = "layout") -> list[Layout]:
    """The layouts in a KMahjongg or GNOME Mahjongg file, recognised by its content; any
    bad map refuses the whole file.

    ``filename`` names the layouts of a KMahjongg file (which has no name inside) and
    prefixes every error message.
    """
    found = read_layout_maps(data, filename)
    if found.refused:
        raise LayoutFileError(f"{filename}: {found.refused[0].reason}")
    return found.layouts


def read_layout_maps(data: bytes | str, filename: str = "layout") -> LayoutMaps:
    """The layouts in a KMahjongg or GNOME Mahjongg file, recognised by its content, each
    map of a GNOME file read or refused on its own; :class:`LayoutFileError` (prefixed with
    ``filename``) for a file that cannot be read at all, or a KMahjongg file with a problem.
    """

    try:
        if len(data) > MAX_FILE_BYTES:
            raise LayoutFileError(
                f"the file has {len(data)} bytes; a layout file has at most {MAX_FILE_BYTES}"
            )
        text = _decode(data)
        head = text.lstrip()
        stem = filename.replace("\\", "/").rsplit("/", 1)[-1]
        stem = stem.rsplit(".", 1)[0] if "." in stem else stem
        if head.startswith("kmahjongg-layout-"):
            title = stem.replace("_", " ").replace("-", " ").strip().title() or "Imported"
            return LayoutMaps([read_kmahjongg(text, name=slug(stem), title=title)], [])
        if head.startswith("<"):
            layouts: list[Layout] = []
            refused: list[RefusedMap] = []
            for title, item in read_gnome_maps(text):
                if isinstance(item, Layout):
                    layouts.append(item)
                else:
                    refused.append(RefusedMap(title, str(item)))
            return LayoutMaps(layouts, refused)
        raise LayoutFileError(
            "line 1: not a KMahjongg layout (kmahjongg-layout-v1.0/v1.1) "
            "nor a GNOME Mahjongg map (XML)"
        )
    except LayoutFileError as error:
        raise LayoutFileError(f"{filename}: {error}") from None


def export_warning(layout: Layout, format: str) -> str | None:
    """What the player should know before using an exported file (``None``: nothing).

    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> export_warning(builtin_layout("turtle"), "gnome") is None
    True
    """
    if format == "gnome" and len(layout) > GNOME_MAX_TILES:
        return (
            f"GNOME Mahjongg itself skips maps of more than {GNOME_MAX_TILES} tiles, "
            f"and this one has {len(layout)}"
        )
    return None


def export_layout(layout: Layout, format: str) -> str:
    """``layout`` as the text of a ``"kmahjongg"`` or ``"gnome"`` file."""

    if format == "kmahjongg":
        return write_kmahjongg(layout)
    if format == "gnome":
        return write_gnome([layout])
    raise LayoutFileError(f"unknown layout format {format!r} (kmahjongg or gnome)")
