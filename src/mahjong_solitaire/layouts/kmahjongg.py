"""KMahjongg ``.layout`` files, versions 1.0 and 1.1: reader and writer.

The format is a grid of half-tile cells.  The first line is ``kmahjongg-layout-v1.0`` or
``kmahjongg-layout-v1.1``; lines starting with ``#`` are comments; in v1.1 the lines
``wN``, ``hN`` and ``dN`` set the width, height and depth (v1.0 is always 32 × 16 × 5).  All
other lines are concatenated into ``w * h * d`` cells, layer by layer, then row by row, then
cell by cell.  A ``1`` marks the top-left quarter of a tile (only those are counted), ``2``,
``3`` and ``4`` its top-right, bottom-right and bottom-left quarters; anything else is empty.
The cell of a ``1`` is the tile's position: the grid is the game's own half-tile grid.

    >>> text = '''kmahjongg-layout-v1.1
    ... # two tiles side by side, a third on top, straddling them; a fourth beside them
    ... w8
    ... h2
    ... d2
    ... 1212..12
    ... 4343..43
    ... .12.....
    ... .43.....'''
    >>> read_kmahjongg(text).positions
    ((0, 0, 0), (2, 0, 0), (6, 0, 0), (1, 0, 1))
    >>> read_kmahjongg(write_kmahjongg(read_kmahjongg(text))) == read_kmahjongg(text)
    True

Errors name the line: ``read_kmahjongg("kmahjongg-layout-v1.1\\nw4\\nh2\\nd1\\n12..")``
says that the grid ends early, at line 5.
"""

from __future__ import annotations

from bisect import bisect_right

from ..core.layout import MAX_POSITIONS, Layout, LayoutError
from .reading import LayoutFileError

__all__ = ["HEADER_V10", "HEADER_V11", "MAX_SIDE", "read_kmahjongg", "write_kmahjongg"]

HEADER_V10 = "kmahjongg-layout-v1.0"
HEADER_V11 = "kmahjongg-layout-v1.1"
#: The fixed grid of version 1.0: width, height, depth.
V10_SIZE = (32, 16, 5)
#: The largest width or height (in half tiles) and depth a v1.1 file may declare.
MAX_SIDE = 1024
MAX_DEPTH = 64
_QUARTERS = "1234"


def _size_line(line: str, number: int) -> int:
    digits = line[1:].strip()
    if not digits.isdigit() or not digits.isascii():
        raise LayoutFileError(f"line {number}: {line[:20]!r} is not a size like '{line[0]}32'")
    value = int(digits[:12])
    limit = MAX_DEPTH if line[0] == "d" else MAX_SIDE
    if not 1 <= value <= limit:
        raise LayoutFileError(f"line {number}: {line[0]}{value} is not in 1..{limit}")
    return value


def read_kmahjongg(
    text: str, *, name: str = "imported", title: str | None = None, description: str = ""
) -> Layout:
    """The layout of a KMahjongg file; :class:`LayoutFileError` names the line at fault."""
    lines = text.splitlines()
    header = lines[0].strip().lstrip("\ufeff") if lines else ""
    if header not in (HEADER_V10, HEADER_V11):
        shown = header[:40]
        raise LayoutFileError(f"line 1: {shown!r} is not {HEADER_V10!r} or {HEADER_V11!r}")
    v11 = header == HEADER_V11
    size = {"w": 0, "h": 0, "d": 0} if v11 else dict(zip("whd", V10_SIZE, strict=True))
    chunks: list[str] = []
    starts: list[int] = []  # offset of each data line in the grid
    numbers: list[int] = []  # its line number in the file
    length = 0
    for number, line in enumerate(lines[1:], start=2):
        if line.startswith("#"):
            continue
        if v11 and line[:1] in size:
            size[line[0]] = _size_line(line, number)
            continue
        starts.append(length)
        numbers.append(number)
        chunks.append(line)
        length += len(line)
        if length > MAX_SIDE * MAX_SIDE * MAX_DEPTH:
            raise LayoutFileError(f"line {number}: the grid is far too large")
    width, height, depth = size["w"], size["h"], size["d"]
    for key, what in (("w", "width"), ("h", "height"), ("d", "depth")):
        if not size[key]:
            raise LayoutFileError(
                f"line {len(lines)}: the file never sets its {what} (a line like '{key}16')"
            )
    cells = width * height * depth
    last = numbers[-1] if numbers else len(lines)
    if length < cells:
        raise LayoutFileError(
            f"line {last}: the grid ends after {length} of its "
            f"{width}×{height}×{depth} = {cells} cells (truncated?)"
        )
    if length > cells:
        extra = numbers[bisect_right(starts, cells) - 1]
        raise LayoutFileError(
            f"line {extra}: the grid has {length} cells, more than its "
            f"{width}×{height}×{depth} = {cells}"
        )
    grid = "".join(chunks)

    def line_of(offset: int) -> int:
        return numbers[bisect_right(starts, offset) - 1]

    positions: list[tuple[int, int, int]] = []
    taken: dict[tuple[int, int, int], int] = {}
    layer_cells = width * height
    offset = grid.find("1")
    while offset >= 0:
        z, rest = divmod(offset, layer_cells)
        y, x = divmod(rest, width)
        number = line_of(offset)
        if x + 1 >= width or y + 1 >= height:
            raise LayoutFileError(
                f"line {number}: the tile at x={x}, y={y}, layer {z} sticks "
                f"out of the {width}×{height} grid"
            )
        for cell in ((x, y, z), (x + 1, y, z), (x, y + 1, z), (x + 1, y + 1, z)):
            other = taken.get(cell)
            if other is not None:
                raise LayoutFileError(
                    f"line {number}: the tile at x={x}, y={y}, layer {z} "
                    f"overlaps a tile of line {other}"
                )
            taken[cell] = number
        positions.append((x, y, z))
        if len(positions) > MAX_POSITIONS:
            raise LayoutFileError(f"line {number}: more than {MAX_POSITIONS} tiles")
        offset = grid.find("1", offset + 1)
    try:
        return Layout.from_positions(positions, name=name, title=title, description=description)
    except LayoutError as error:
        raise LayoutFileError(f"line {last}: {error}") from None


def write_kmahjongg(layout: Layout) -> str:
    """The layout as a KMahjongg v1.1 file (its grid just large enough)."""
    width, height = layout.size
    depth = layout.depth
    grid = [[["."] * width for _ in range(height)] for _ in range(depth)]
    for x, y, z in layout.positions:
        for (dx, dy), mark in zip(((0, 0), (1, 0), (1, 1), (0, 1)), _QUARTERS, strict=True):
            grid[z][y + dy][x + dx] = mark
    lines = [HEADER_V11, f"# {layout.title}: {len(layout)} tiles"]
    if layout.description:
        lines.append(f"# {' '.join(layout.description.split())}")
    lines += [f"w{width}", f"h{height}", f"d{depth}"]
    for z, layer in enumerate(grid):
        lines.append(f"# layer {z}")
        lines += ["".join(row) for row in layer]
    return "\n".join(lines) + "\n"
