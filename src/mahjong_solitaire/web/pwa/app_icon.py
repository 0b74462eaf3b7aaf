"""The app's icon, drawn here: a tile of the "one of circles" on the green felt, as SVG
and as PNG pictures of any size (the web app manifest asks for 192 and 512 pixels).

Both come from the one list of shapes, :data:`SHAPES`, in a square of :data:`UNITS` units.
The PNG is rasterised by this module with no imaging library: each pixel is painted with
the share of it each shape covers, worked out from the shape's signed distance to the
pixel's centre (a one-pixel ramp: smooth edges without supersampling), and written as an
8-bit RGB PNG with :mod:`zlib`.  The whole square is felt and the tile sits in the middle
80 %, so the same pictures serve as maskable icons (a launcher may cut them to a circle).

The files under ``static/icons/`` are written by ``python -m mahjong_solitaire.web.pwa.app_icon``
and a test checks that they are what this module draws today:

    >>> icon_png(8)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    >>> icon_svg().startswith("<svg")
    True
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ICON_SIZES", "SHAPES", "UNITS", "Ring", "RoundedRect", "icon_png", "icon_svg"]

#: The side of the square the shapes are drawn in.
UNITS = 512

#: The PNG sizes the manifest lists.
ICON_SIZES = (192, 512)

Colour = tuple[int, int, int]


def _rgb(hex_colour: str) -> Colour:
    value = int(hex_colour.lstrip("#"), 16)
    return (value >> 16) & 255, (value >> 8) & 255, value & 255


@dataclass(frozen=True)
class RoundedRect:
    """A filled rectangle with rounded corners."""

    x: float
    y: float
    width: float
    height: float
    radius: float
    colour: str

    def distance(self, px: float, py: float) -> float:
        """Signed distance from the point to the edge (negative inside)."""
        half_w, half_h = self.width / 2 - self.radius, self.height / 2 - self.radius
        dx = abs(px - (self.x + self.width / 2)) - half_w
        dy = abs(py - (self.y + self.height / 2)) - half_h
        outside = math.hypot(max(dx, 0.0), max(dy, 0.0))
        return outside + min(max(dx, dy), 0.0) - self.radius

    def svg(self) -> str:
        return (
            f'<rect x="{self.x:g}" y="{self.y:g}" width="{self.width:g}" '
            f'height="{self.height:g}" rx="{self.radius:g}" fill="{self.colour}"/>'
        )


@dataclass(frozen=True)
class Ring:
    """A circle's outline of ``width`` (``width`` 0: a filled disc)."""

    cx: float
    cy: float
    radius: float
    width: float
    colour: str

    def distance(self, px: float, py: float) -> float:
        from_centre = math.hypot(px - self.cx, py - self.cy)
        if self.width == 0:
            return from_centre - self.radius
        return abs(from_centre - self.radius) - self.width / 2

    def svg(self) -> str:
        if self.width == 0:
            return (
                f'<circle cx="{self.cx:g}" cy="{self.cy:g}" r="{self.radius:g}" '
                f'fill="{self.colour}"/>'
            )
        return (
            f'<circle cx="{self.cx:g}" cy="{self.cy:g}" r="{self.radius:g}" fill="none" '
            f'stroke="{self.colour}" stroke-width="{self.width:g}"/>'
        )


#: The icon, back to front: the felt, the tile's side, its rim and face, and the circles.
SHAPES: tuple[RoundedRect | Ring, ...] = (
    RoundedRect(0, 0, UNITS, UNITS, 0, "#2c5f4a"),
    RoundedRect(167, 132, 200, 270, 26, "#b99f6b"),
    RoundedRect(147, 112, 204, 274, 28, "#d8c9a3"),
    RoundedRect(151, 116, 196, 266, 25, "#fffaf0"),
    Ring(249, 249, 72, 18, "#c62828"),
    Ring(249, 249, 45, 12, "#2e7d32"),
    Ring(249, 249, 22, 0, "#c62828"),
)


def icon_svg() -> str:
    """The icon as an SVG document."""
    body = "".join(shape.svg() for shape in SHAPES)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {UNITS} {UNITS}">{body}</svg>\n'


def _pixels(size: int) -> bytes:
    scale = UNITS / size
    rows = bytearray()
    colours = [_rgb(shape.colour) for shape in SHAPES]
    for row in range(size):
        rows.append(0)  # PNG filter: none
        py = (row + 0.5) * scale
        for column in range(size):
            px = (column + 0.5) * scale
            red = green = blue = 0.0
            for shape, (r, g, b) in zip(SHAPES, colours, strict=True):
                cover = min(1.0, max(0.0, 0.5 - shape.distance(px, py) / scale))
                if cover:
                    red += (r - red) * cover
                    green += (g - green) * cover
                    blue += (b - blue) * cover
            rows += bytes((round(red), round(green), round(blue)))
    return bytes(rows)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def icon_png(size: int) -> bytes:
    """The icon as a ``size`` × ``size`` PNG (8-bit RGB)."""
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(_pixels(size), 9))
        + _chunk(b"IEND", b"")
    )


def main(directory: Path) -> None:
    """Write ``icon.svg`` and ``icon-<size>.png`` for each of :data:`ICON_SIZES`."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    for size in ICON_SIZES:
        (directory / f"icon-{size}.png").write_bytes(icon_png(size))


if __name__ == "__main__":
    main(
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(__file__).parent.parent / "static" / "icons"
    )
