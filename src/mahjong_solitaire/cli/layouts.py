"""``mahjong-solitaire layouts``: list, show, export, import and delete layouts.

* ``layouts list [--json]``: the built-in layouts, then the imported ones;
* ``layouts show NAME|NUMBER``: a picture of each layer;
* ``layouts export NAME --format kmahjongg|gnome [-o FILE]``;
* ``layouts import FILE``: a KMahjongg ``.layout`` or GNOME ``.map`` file, kept in the
  database so that every front end can deal it (``deal --layout NAME`` included).  The last
  line printed is the new layout's name (one line per map for a GNOME file of several).
* ``layouts delete NAME``: delete an imported layout (exit status 2 if there is none).

Imported layouts live in the database of :mod:`mahjong_solitaire.store` (``--database URL``,
else ``$DATABASE_URL``, else the local file).  The command line acts as the installation's
local player (the one ``mahjong-solitaire play`` serves): the layouts it imports are that
player's, shown in the local page's layout picker too.  It also sees, and may delete, the
layouts imported before layouts had owners.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..classic.construction import OrderNotFoundError, UnclearableError
from ..classic.generator import generate
from ..core.layout import Layout, LayoutError
from ..i18n import N_, count_label, layout_description, layout_title, translator
from ..layouts import builtin_layout, builtin_layouts
from ..layouts.files import FORMATS, MAX_FILE_BYTES, export_layout, read_layout_file
from .common import CliError, language

if TYPE_CHECKING:  # the store is imported only by the commands that read the database
    from ..store import Store

__all__ = ["find_layout", "layer_picture", "register"]


def _store(database: str | None) -> Store:
    from ..store import Store

    return Store(database)


def _no_database_file(database: str | None) -> bool:
    """Whether ``database`` names a SQLite file that does not exist: it holds no imported
    layout, and reading it must not create it."""
    from ..store.database import database_url, sqlite_file

    file = sqlite_file(database_url(database))
    return file is not None and not file.exists()


def find_layout(key: str, database: str | None = None) -> Layout:
    """A built-in layout by name or number, else an imported one by name.

    The database is opened only when ``key`` is not a built-in layout.
    """
    try:
        return builtin_layout(key)
    except LayoutError as unknown:
        from ..store import StoreError

        if _no_database_file(database):
            raise
        try:
            with _store(database) as store:
                return store.imported_layout(key.strip().lower(), _owner(store), unowned=True)
        except StoreError:
            raise unknown from None


#: An empty stretch of more than this many half tiles, across or down, is drawn as one narrow
#: gap (``┊`` or ``┄`` in the view from above): a sparse layout's picture then grows with its
#: tiles, not with its extent (two tiles 2,000 half tiles apart drew 4 million cells).  No
#: built-in layout has a gap wider than 4, so their pictures are drawn to scale.
MAX_GAP = 8
#: Within one layer's drawing, a run of more than this many rows without a tile of that layer
#: is one ``┄`` line (every layer would otherwise be as tall as the whole picture: 144 layers
#: of one tile each drew 200,000 lines).  Taller than any built-in layout (26 rows).
MAX_LAYER_GAP = 32
#: The height marks of the view from above: 1-9, then letters, then ``+`` from 36 layers.
_LEVELS = "123456789abcdefghijklmnopqrstuvwxyz"


def _axis(values: Iterable[int]) -> tuple[dict[int, int], list[int]]:
    """Picture coordinates of the occupied half-tile lines of one axis (from 0), and the
    picture coordinates of the gaps standing for the empty stretches cut out.

    >>> _axis([0, 1, 4, 5, 40, 41])
    ({0: 0, 1: 1, 4: 4, 5: 5, 40: 7, 41: 8}, [6])
    """
    where: dict[int, int] = {}
    gaps: list[int] = []
    at, previous = 0, -1
    for value in sorted(set(values)):
        run = value - previous - 1
        if run > MAX_GAP:
            gaps.append(at)
            at += 1
        else:
            at += run
        where[value] = at
        at += 1
        previous = value
    return where, gaps


def _grid(layout: Layout) -> tuple[dict[int, int], list[int], dict[int, int], list[int]]:
    """The picture coordinates of every occupied column and row, and the gaps of each."""
    columns, column_gaps = _axis(x + dx for x, _, _ in layout.positions for dx in (0, 1))
    rows, row_gaps = _axis(y + dy for _, y, _ in layout.positions for dy in (0, 1))
    return columns, column_gaps, rows, row_gaps


def _owner(store: Store) -> str | None:
    """The local player's id, for reading its layouts (``None`` before it exists)."""
    found = store.find_local_player()
    return None if found is None else found.id


def _heights(layout: Layout) -> list[str]:
    """The layout seen from above: each half-tile cell shows how many layers stand there."""
    columns, column_gaps, rows, row_gaps = _grid(layout)
    width, height = max(columns.values()) + 1, max(rows.values()) + 1
    top: dict[tuple[int, int], int] = {}
    for x, y, z in layout.positions:
        for cx in (columns[x], columns[x + 1]):
            for cy in (rows[y], rows[y + 1]):
                top[cx, cy] = max(top.get((cx, cy), 0), z + 1)
    empty = [" "] * width
    for gap in column_gaps:
        empty[gap] = "┊"
    grid = [list(empty) for _ in range(height)]
    for gap in row_gaps:
        grid[gap] = ["┄"] * width
    for (cx, cy), level in top.items():
        grid[cy][cx] = _LEVELS[level - 1] if level <= len(_LEVELS) else "+"
    return ["".join(row).rstrip() for row in grid]


def _layer_rows(boxes: list[tuple[int, int]]) -> list[str]:
    """The lines of one layer whose tiles' top-left cells are ``boxes`` (picture
    coordinates), each tile a box two characters a half tile, from row 0 to the last; a run
    of more than :data:`MAX_LAYER_GAP` rows empty on this layer is one ``┄`` line.

    >>> _layer_rows([(0, 1), (2, 0), (0, 40)])
    ['    ┌──┐', '┌──┐└──┘', '└──┘', '┄', '┌──┐', '└──┘']
    """
    pieces: dict[int, list[tuple[int, str]]] = {}
    for cx, cy in boxes:
        pieces.setdefault(cy, []).append((2 * cx, "┌──┐"))
        pieces.setdefault(cy + 1, []).append((2 * cx, "└──┘"))
    lines: list[str] = []
    previous = -1
    for row in sorted(pieces):
        empty = row - previous - 1
        lines += ["┄"] if empty > MAX_LAYER_GAP else [""] * empty
        previous = row
        line = ""
        for left, text in sorted(pieces[row]):
            line = line[:left].ljust(left) + text + line[left + len(text) :]
        lines.append(line)
    return lines


def _layers(depth: int, lang: str) -> str:
    return translator(lang).ngettext("{n} layer", "{n} layers", depth)


def layer_picture(layout: Layout, lang: str = "en") -> str:
    """A view from above, then every layer with each tile drawn as a box (half-tile grid),
    the words in ``lang``.

    >>> from mahjong_solitaire.core.layout import Layout
    >>> print(layer_picture(Layout.from_positions([(0, 0, 0), (2, 0, 0), (1, 0, 1), (6, 1, 0)])))
    seen from above (digits: layers)
    1221
    1221  11
          11
    layer 0: 3 tiles
    ┌──┐┌──┐
    └──┘└──┘    ┌──┐
                └──┘
    layer 1: 1 tile
      ┌──┐
      └──┘
    """
    _ = translator(lang)
    columns, column_gaps, rows, row_gaps = _grid(layout)
    lines = [_("seen from above (digits: layers)"), *_heights(layout)]
    layers: dict[int, list[tuple[int, int]]] = {}
    for x, y, z in layout.positions:  # a layer with no tiles is not drawn
        layers.setdefault(z, []).append((columns[x], rows[y]))
    cut = bool(column_gaps or row_gaps)
    for z, boxes in sorted(layers.items()):
        lines.append(_("layer {z}: {tiles}", z=z, tiles=count_label("tiles", len(boxes), lang)))
        drawn = _layer_rows(boxes)
        cut = cut or "┄" in drawn
        lines += drawn
    if cut:
        lines.insert(1, _("(long empty stretches are drawn shortened, as one ┊ or ┄)"))
    return "\n".join(lines)


def _describe(layout: Layout) -> dict[str, object]:
    return {
        "number": layout.number,
        "name": layout.name,
        "title": layout.title,
        "tiles": len(layout),
    }


def _imported(database: str | None) -> list[Layout]:
    if _no_database_file(database):
        return []
    with _store(database) as store:
        return store.imported_layouts(_owner(store), unowned=True)


def run_list(args: argparse.Namespace) -> int:
    layouts = list(builtin_layouts()) + _imported(args.database)
    if args.json:
        print(json.dumps([_describe(layout) for layout in layouts]))
        return 0
    lang = language(args)
    for layout in layouts:
        number = f"L{layout.number:02d}" if layout.number is not None else " - "
        tiles = count_label("tiles", len(layout), lang)
        print(
            f"{number}  {layout.name:<14} {layout_title(layout, lang):<16} {tiles:>10}  "
            f"{_layers(layout.depth, lang)}  {layout_description(layout, lang)}".rstrip()
        )
    return 0


def run_show(args: argparse.Namespace) -> int:
    layout = find_layout(args.layout, args.database)
    lang = language(args)
    _ = translator(lang)
    number = f"L{layout.number:02d} " if layout.number is not None else ""
    width, height = layout.size
    print(
        _(
            "{number}{name}: {title}, {tiles}, {layers}, {width}×{height} half tiles",
            number=number,
            name=layout.name,
            title=layout_title(layout, lang),
            tiles=count_label("tiles", len(layout), lang),
            layers=_layers(layout.depth, lang),
            width=width,
            height=height,
        )
    )
    description = layout_description(layout, lang)
    if description:
        print(description)
    print(layer_picture(layout, lang))
    return 0


def run_export(args: argparse.Namespace) -> int:
    layout = find_layout(args.layout, args.database)
    text = export_layout(layout, args.format)
    if args.output and args.output != "-":
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def run_import(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if not path.is_file():
        raise CliError(N_("{file}: no such file"), file=args.file)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise CliError(
            N_("{file}: larger than {size} bytes, not a layout file"),
            file=args.file,
            size=MAX_FILE_BYTES,
        )
    layouts = read_layout_file(path.read_bytes(), path.name)
    for layout in layouts:  # every map must be playable before anything is stored
        try:
            generate(layout, 0)
        except UnclearableError:
            raise CliError(
                N_(
                    "{file}: the layout {title} cannot be cleared pair by pair, "
                    "so no deal can be made on it"
                ),
                file=path.name,
                title=repr(layout.title),
            ) from None
        except OrderNotFoundError as error:
            raise CliError(
                N_(
                    "{file}: no way to clear the layout {title} pair by pair was found within "
                    "{steps} steps of an exact search (nor was it proven impossible), so no "
                    "deal can be made on it"
                ),
                file=path.name,
                title=repr(layout.title),
                steps=error.nodes,
            ) from None
    with _store(args.database) as store:
        owner = store.local_player().id
        names = [store.save_layout(layout, player_id=owner) for layout in layouts]
    lang = language(args)
    _ = translator(lang)
    for layout, name in zip(layouts, names, strict=True):
        # The command to play it names the same database (deal takes --database too).
        play = ["mahjong-solitaire", "deal", "--layout", name]
        if args.database is not None:
            play += ["--database", args.database]
        print(
            _(
                "imported {title}: {tiles}, {layers}, as {name} (play it with: {command})",
                title=repr(layout.title),
                tiles=count_label("tiles", len(layout), lang),
                layers=_layers(layout.depth, lang),
                name=repr(name),
                command=shlex.join(play),
            )
        )
    for name in names:  # last, bare and in no language: what a script reads
        print(name)
    return 0


def run_delete(args: argparse.Namespace) -> int:
    from ..store import LayoutNotFoundError

    name = args.layout.strip().lower()
    with _store(args.database) as store:
        try:
            store.delete_layout(name, _owner(store), unowned=True)
        except LayoutNotFoundError:
            raise CliError(
                N_("{name}: there is no imported layout of that name"), name=args.layout
            ) from None
    _ = translator(language(args))
    print(_("deleted the imported layout {name}", name=name))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "layouts",
        help="list, show, export, import and delete layouts",
        description="The built-in layouts and the imported ones (KMahjongg .layout and "
        "GNOME Mahjongg .map files).",
    )
    commands = parser.add_subparsers(
        title="layout commands", metavar="ACTION", parser_class=type(parser)
    )
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument(
        "--database",
        metavar="URL",
        help="database of imported layouts (default: $DATABASE_URL, else the local file)",
    )

    listing = commands.add_parser("list", parents=[database], help="list every layout")
    listing.add_argument(
        "--json", action="store_true", help='a JSON list of {"number", "name", "title", "tiles"}'
    )
    listing.set_defaults(handler=run_list)

    show = commands.add_parser("show", parents=[database], help="a picture of each layer")
    show.add_argument("layout", metavar="NAME|NUMBER")
    show.set_defaults(handler=run_show)

    export = commands.add_parser(
        "export", parents=[database], help="write a layout as a KMahjongg or GNOME file"
    )
    export.add_argument("layout", metavar="NAME|NUMBER")
    export.add_argument("--format", required=True, choices=FORMATS)
    export.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    export.set_defaults(handler=run_export)

    load = commands.add_parser(
        "import", parents=[database], help="store the layouts of a KMahjongg or GNOME file"
    )
    load.add_argument("file", metavar="FILE")
    load.set_defaults(handler=run_import)

    remove = commands.add_parser(
        "delete", parents=[database], help="delete an imported layout (games played on it stay)"
    )
    remove.add_argument("layout", metavar="NAME")
    remove.set_defaults(handler=run_delete)

    def show_help(_args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(handler=show_help)
