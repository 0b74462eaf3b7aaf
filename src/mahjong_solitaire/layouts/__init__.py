"""The registry of built-in layouts, by stable number and by name.

>>> turtle = builtin_layout("L00")
>>> turtle.name, len(turtle)
('turtle', 144)
>>> builtin_layout("turtle") is turtle
True

A built-in layout is pickled as its number, and unpickled as the registry's own object (a
deal dealt in a worker process comes back on the layout every cache of this process knows):

>>> import pickle
>>> pickle.loads(pickle.dumps(turtle)) is turtle
True
"""

from __future__ import annotations

import copyreg
import pickle
from collections.abc import Iterator
from functools import cache
from typing import Any, cast

from ..core.layout import Layout, LayoutError, Position
from .builtin import BUILTIN_SPECS, LayoutSpec
from .files import FORMATS, export_layout, read_layout_file
from .preview import preview_svg
from .reading import LayoutFileError

__all__ = [
    "FORMATS",
    "LayoutFileError",
    "builtin_layout",
    "builtin_layouts",
    "export_layout",
    "layout_from_spec",
    "parse_rows",
    "preview_svg",
    "read_layout_file",
]


def _coordinates(item: str) -> range:
    if ".." in item:
        first, _, last = item.partition("..")
        return range(int(first), int(last) + 1, 2)
    return range(int(item), int(item) + 1)


def parse_rows(rows: str) -> list[Position]:
    """Expand the ``z ys xs`` row notation of :mod:`.builtin` into positions."""
    positions: list[Position] = []
    for number, line in enumerate(rows.splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            z_text, ys, xs = text.split()
            z = int(z_text)
            positions.extend(
                (x, y, z)
                for y_item in ys.split(",")
                for y in _coordinates(y_item)
                for x_item in xs.split(",")
                for x in _coordinates(x_item)
            )
        except ValueError:
            raise LayoutError(f"row {number}: {text!r} is not 'z ys xs'") from None
    return positions


def layout_from_spec(spec: LayoutSpec) -> Layout:
    return Layout.from_positions(
        parse_rows(spec.rows),
        name=spec.name,
        title=spec.title,
        description=spec.description,
        number=spec.number,
    )


@cache
def _specs() -> tuple[dict[int, LayoutSpec], dict[str, LayoutSpec]]:
    """The built-in specs by number and by name: cheap, so every lookup starts here; a
    layout's masks are built only when it is asked for (:func:`_built`)."""
    by_number: dict[int, LayoutSpec] = {}
    by_name: dict[str, LayoutSpec] = {}
    for spec in BUILTIN_SPECS:
        if spec.number in by_number or spec.name in by_name:
            raise LayoutError(f"built-in layout {spec.number} {spec.name!r} is registered twice")
        by_number[spec.number] = by_name[spec.name] = spec
    return by_number, by_name


@cache
def _built(number: int) -> Layout:
    """The built-in layout ``number``, built the first time it is asked for: building the
    masks of all 43 took 86 ms of every command's start-up, to deal on one."""
    by_number, _ = _specs()
    return layout_from_spec(by_number[number])


def builtin_layouts() -> Iterator[Layout]:
    """Every built-in layout, by number."""
    by_number, _ = _specs()
    return (_built(number) for number in sorted(by_number))


def builtin_layout(key: int | str) -> Layout:
    """A built-in layout by number (``0``), code part (``"L00"``) or name (``"turtle"``)."""
    by_number, by_name = _specs()
    if isinstance(key, int):
        number: int | None = key
    else:
        text = key.strip().lower()
        if text in by_name:
            return _built(by_name[text].number)
        digits = text[1:] if text.startswith("l") else text
        number = int(digits) if digits.isdigit() else None
    if number is None or number not in by_number:
        known = ", ".join(sorted(by_name))
        raise LayoutError(f"unknown layout {key!r} (built-in layouts: {known})")
    return _built(number)


def _pickled(layout: Layout) -> tuple[Any, ...]:
    """How :mod:`pickle` writes a layout: a built-in one as its number (its masks are
    built again from the registry, once per process); any other whole."""
    number = layout.number
    if number is not None and number in _specs()[0] and _built(number) is layout:
        return _built, (number,)
    # a tuple for an instance (the text form is only ever a global's name)
    return cast(tuple[Any, ...], object.__reduce_ex__(layout, pickle.DEFAULT_PROTOCOL))


copyreg.pickle(Layout, _pickled)
