"""A small picture of a layout: an SVG of its tiles seen from above, shaded by height.

Used by the new-game dialog of the web game and by ``mahjong-solitaire layouts show``.
Tiles are drawn bottom layer first, each layer nudged up and to the left like stacked
tiles, and the higher the layer the darker the face, so stacks read at a glance.

    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> svg = preview_svg(builtin_layout("turtle"))
    >>> svg.startswith("<svg") and svg.count("<rect") == 144
    True
    >>> 'aria-label="Turtle: 144 tiles, 5 layers"' in svg
    True
"""

from __future__ import annotations

from ..core.layout import Layout

__all__ = ["layer_colour", "preview_svg"]

#: Width and height of half a tile, and the shift of each layer, in SVG units.
HALF_WIDTH = 6
HALF_HEIGHT = 8
LIFT = 2
_LOW = (0xF3, 0xEA, 0xD3)  # an ivory face on the bottom layer
_HIGH = (0x9C, 0x5B, 0x25)  # a warm brown on the highest


def layer_colour(z: int, depth: int) -> str:
    """The face colour of layer ``z`` of ``depth`` layers, ``#rrggbb``.

    >>> layer_colour(0, 5), layer_colour(4, 5)
    ('#f3ead3', '#9c5b25')
    """
    t = z / (depth - 1) if depth > 1 else 0.0
    return "#" + "".join(
        f"{round(lo + (hi - lo) * t):02x}" for lo, hi in zip(_LOW, _HIGH, strict=True)
    )


def preview_svg(layout: Layout, *, width: int | None = None) -> str:
    """The SVG text of a layout's preview; ``width`` scales it (default: natural size)."""
    # Imported here: xml.sax.saxutils pulls in urllib and http (a quarter of the package's
    # import time) for its two escapes.
    from xml.sax.saxutils import escape, quoteattr

    columns, rows = layout.size
    depth = layout.depth
    margin = LIFT * (depth - 1)
    view_w = columns * HALF_WIDTH + margin + 2
    view_h = rows * HALF_HEIGHT + margin + 2
    height = None if width is None else round(width * view_h / view_w)
    size = "" if width is None else f' width="{width}" height="{height}"'
    label = f"{layout.title}: {len(layout)} tiles, {depth} layer{'s' if depth > 1 else ''}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {view_w} {view_h}"{size} '
        f'role="img" aria-label={quoteattr(label)}>',
        f"<title>{escape(label)}</title>",
        '<g stroke="#5a4630" stroke-width="0.6">',
    ]
    for z in range(depth):
        fill = layer_colour(z, depth)
        for x, y, tz in layout.positions:
            if tz != z:
                continue
            left = 1 + margin + x * HALF_WIDTH - z * LIFT
            top = 1 + margin + y * HALF_HEIGHT - z * LIFT
            parts.append(
                f'<rect x="{left}" y="{top}" width="{2 * HALF_WIDTH}" '
                f'height="{2 * HALF_HEIGHT}" rx="1.5" fill="{fill}"/>'
            )
    parts.append("</g></svg>")
    return "".join(parts)
