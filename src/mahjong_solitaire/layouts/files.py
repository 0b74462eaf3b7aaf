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
``ValueError``) whose message names the line or element at fault.
"""

from __future__ import annotations

from ..core.layout import Layout
from .gnome import read_gnome, write_gnome
from .kmahjongg import read_kmahjongg, write_kmahjongg
from .reading import LayoutFileError, slug

__all__ = [
    "FORMATS",
    "MAX_FILE_BYTES",
    "LayoutFileError",
    "export_layout",
    "read_layout_file",
    "slug",
]

#: The formats :func:`export_layout` writes, by the name the command line uses.
FORMATS = ("kmahjongg", "gnome")

#: Larger files are refused before parsing (a full KMahjongg v1.0 grid is 2,560 cells).
MAX_FILE_BYTES = 1 << 20


def _decode(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_layout_file(data: bytes | str, filename: str = "layout") -> list[Layout]:
    """The layouts in a KMahjongg or GNOME Mahjongg file, recognised by its content.

    ``filename`` names the layouts of a KMahjongg file (which has no name inside) and
    prefixes every error message.
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
            return [read_kmahjongg(text, name=slug(stem), title=title)]
        if head.startswith("<"):
            return read_gnome(text)
        raise LayoutFileError(
            "line 1: not a KMahjongg layout (kmahjongg-layout-v1.0/v1.1) "
            "nor a GNOME Mahjongg map (XML)"
        )
    except LayoutFileError as error:
        raise LayoutFileError(f"{filename}: {error}") from None


def export_layout(layout: Layout, format: str) -> str:
    """``layout`` as the text of a ``"kmahjongg"`` or ``"gnome"`` file."""

    if format == "kmahjongg":
        return write_kmahjongg(layout)
    if format == "gnome":
        return write_gnome([layout])
    raise LayoutFileError(f"unknown layout format {format!r} (kmahjongg or gnome)")
