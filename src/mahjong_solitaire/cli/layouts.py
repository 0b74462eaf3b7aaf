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
import sys
from pathlib import Path

from ..construction import UnclearableError
from ..generator import generate
from ..i18n import N_, count_label, layout_description, layout_title, translator
from ..layout import Layout, LayoutError
from ..layouts import builtin_layout, builtin_layouts
from ..layouts.files import FORMATS, MAX_FILE_BYTES, export_layout, read_layout_file
from .common import CliError, language

__all__ = ["find_layout", "layer_picture", "register"]


def _store(database: str | None):  # type: ignore[no-untyped-def]
    from ..store import Store

    return Store(database)


def find_layout(key: str, database: str | None = None) -> Layout:
    """A built-in layout by name or number, else an imported one by name.

    The database is opened only when ``key`` is not a built-in layout.
    """
    try:
        return builtin_layout(key)
    except LayoutError as unknown:
        from ..store import StoreError

        try:
            with _store(database) as store:
                return store.imported_layout(key.strip().lower(), _owner(store),
                                             unowned=True)
        except StoreError:
            raise unknown from None


def _owner(store) -> str | None:  # type: ignore[no-untyped-def]
    """The local player's id, for reading its layouts (``None`` before it exists)."""
    found = store.find_local_player()
    return None if found is None else found.id


def _heights(layout: Layout) -> list[str]:
    """The layout seen from above: each half-tile cell shows how many layers stand there."""
    width, height = layout.size
    grid = [[0] * width for _ in range(height)]
    for x, y, z in layout.positions:
        for cx in (x, x + 1):
            for cy in (y, y + 1):
                grid[cy][cx] = max(grid[cy][cx], z + 1)
    return ["".join(str(v) if v else " " for v in row).rstrip() for row in grid]


def _layers(depth: int, lang: str) -> str:
    return translator(lang).ngettext("{n} layer", "{n} layers", depth)


def layer_picture(layout: Layout, lang: str = "en") -> str:
    """A view from above, then every layer with each tile drawn as a box (half-tile grid),
    the words in ``lang``.

    >>> from mahjong_solitaire.layout import Layout
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
    width, height = layout.size
    lines = [_("seen from above (digits: layers)"), *_heights(layout)]
    for z in range(layout.depth):
        tiles = [(x, y) for x, y, tz in layout.positions if tz == z]
        grid = [[" "] * (2 * width) for _ in range(height + 1)]
        for x, y in tiles:
            left = 2 * x
            grid[y][left:left + 4] = "┌──┐"
            grid[y + 1][left:left + 4] = "└──┘"
        lines.append(_("layer {z}: {tiles}", z=z, tiles=count_label("tiles", len(tiles), lang)))
        rows = ["".join(row).rstrip() for row in grid]
        while rows and not rows[-1]:
            rows.pop()
        lines += rows
    return "\n".join(lines)


def _describe(layout: Layout) -> dict[str, object]:
    return {"number": layout.number, "name": layout.name, "title": layout.title,
            "tiles": len(layout)}


def _imported(database: str | None) -> list[Layout]:
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
        print(f"{number}  {layout.name:<14} {layout_title(layout, lang):<16} {tiles:>10}  "
              f"{_layers(layout.depth, lang)}  {layout_description(layout, lang)}".rstrip())
    return 0


def run_show(args: argparse.Namespace) -> int:
    layout = find_layout(args.layout, args.database)
    lang = language(args)
    _ = translator(lang)
    number = f"L{layout.number:02d} " if layout.number is not None else ""
    width, height = layout.size
    print(_(
        "{number}{name}: {title}, {tiles}, {layers}, {width}×{height} half tiles",
        number=number, name=layout.name, title=layout_title(layout, lang),
        tiles=count_label("tiles", len(layout), lang), layers=_layers(layout.depth, lang),
        width=width, height=height))
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
        raise CliError(N_("{file}: larger than {size} bytes, not a layout file"),
                       file=args.file, size=MAX_FILE_BYTES)
    layouts = read_layout_file(path.read_bytes(), path.name)
    for layout in layouts:  # every map must be playable before anything is stored
        try:
            generate(layout, 0)
        except UnclearableError:
            raise CliError(N_("{file}: the layout {title} cannot be cleared pair by pair, "
                              "so no deal can be made on it"),
                           file=path.name, title=repr(layout.title)) from None
    with _store(args.database) as store:
        owner = store.local_player().id
        names = [store.save_layout(layout, player_id=owner) for layout in layouts]
    lang = language(args)
    _ = translator(lang)
    for layout, name in zip(layouts, names, strict=True):
        print(_(
            "imported {title}: {tiles}, {layers}, as {name} (play it with: "
            "mahjong-solitaire deal --layout {layout})", title=repr(layout.title),
            tiles=count_label("tiles", len(layout), lang), layers=_layers(layout.depth, lang),
            name=repr(name), layout=name))
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
            raise CliError(N_("{name}: there is no imported layout of that name"),
                           name=args.layout) from None
    _ = translator(language(args))
    print(_("deleted the imported layout {name}", name=name))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "layouts", help="list, show, export, import and delete layouts",
        description="The built-in layouts and the imported ones (KMahjongg .layout and "
                    "GNOME Mahjongg .map files).")
    commands = parser.add_subparsers(title="layout commands", metavar="ACTION",
                                     parser_class=type(parser))
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument("--database", metavar="URL",
                          help="database of imported layouts (default: $DATABASE_URL, else "
                               "the local file)")

    listing = commands.add_parser("list", parents=[database], help="list every layout")
    listing.add_argument("--json", action="store_true",
                         help='a JSON list of {"number", "name", "title", "tiles"}')
    listing.set_defaults(handler=run_list)

    show = commands.add_parser("show", parents=[database], help="a picture of each layer")
    show.add_argument("layout", metavar="NAME|NUMBER")
    show.set_defaults(handler=run_show)

    export = commands.add_parser("export", parents=[database],
                                 help="write a layout as a KMahjongg or GNOME file")
    export.add_argument("layout", metavar="NAME|NUMBER")
    export.add_argument("--format", required=True, choices=FORMATS)
    export.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    export.set_defaults(handler=run_export)

    load = commands.add_parser("import", parents=[database],
                               help="store the layouts of a KMahjongg or GNOME file")
    load.add_argument("file", metavar="FILE")
    load.set_defaults(handler=run_import)

    remove = commands.add_parser("delete", parents=[database],
                                 help="delete an imported layout (games played on it stay)")
    remove.add_argument("layout", metavar="NAME")
    remove.set_defaults(handler=run_delete)
    parser.set_defaults(handler=lambda _args: parser.print_help() or 0)
