"""``mahjong-solitaire layouts``: list, show, export, import and delete layouts.

* ``layouts list [--json]``: the built-in layouts, then the imported ones;
* ``layouts show NAME|NUMBER``: a picture of each layer;
* ``layouts export NAME --format kmahjongg|gnome [-o FILE]``;
* ``layouts import FILE``: a KMahjongg ``.layout`` or GNOME ``.map`` file, kept in the
  database so that every front end can deal it (``deal --layout NAME`` included).  Each map
  of a GNOME file is imported or refused on its own (a line on stderr says why); the
  lines printed last are the stored layouts' names, one per map.  A file none of whose maps
  can be imported stores nothing (exit status 2).
* ``layouts export NAME --format gnome`` of more than 144 tiles warns (stderr) that GNOME
  Mahjongg itself skips such maps.
* ``layouts delete NAME``: delete an imported layout (exit status 2 if there is none).
* ``layouts generate --family F --tiles N --seed S [--format kmahjongg|gnome] [-o FILE]``:
  a layout made from a seed (rules §8.4), printed as ``show`` prints one with the code of a
  deal on it, or written as a file; ``show`` and ``export`` know it by its name too
  (``rings-144-12``).

Imported layouts live in the database of :mod:`mahjong_solitaire.store` (``--database URL``,
else ``$DATABASE_URL``, else the local file).  The command line acts as the installation's
local player (the one ``mahjong-solitaire play`` serves): the layouts it imports are that
player's, shown in the local page's layout picker too.  It also sees, and may delete, the
layouts imported before layouts had owners.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..classic.codes import GameCode
from ..classic.generated import generated_layout
from ..classic.generator import Deal, deal_from_code
from ..classic.playable import playable_maps
from ..core.difficulty import Difficulty
from ..core.layout import Layout, LayoutError
from ..i18n import N_, count_label, layout_description, layout_title, translator
from ..layouts import builtin_layout, builtin_layouts
from ..layouts.files import (
    FORMATS,
    GNOME_MAX_TILES,
    MAX_FILE_BYTES,
    export_layout,
    export_warning,
    read_layout_maps,
)
from ..layouts.generated import FAMILIES, MAX_LAYOUT_SEED, MAX_TILES, MIN_TILES, GeneratedSpec
from .common import CliError, language
from .parser import Text

if TYPE_CHECKING:  # the store is imported only by the commands that read the database
    from ..store import Store

__all__ = ["deal_of_code", "find_layout", "layer_picture", "register"]


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
    """A built-in layout by name or number, a generated one by name (``rings-144-12``),
    else an imported one by name.

    The database is opened only when ``key`` is not a built-in or generated layout.
    """
    try:
        return builtin_layout(key)
    except LayoutError as unknown:
        spec = GeneratedSpec.parse_name(key)
        if spec is not None:
            return generated_layout(spec)
        from ..store import StoreError

        if _no_database_file(database):
            raise
        try:
            with _store(database) as store:
                return store.imported_layout(key.strip().lower(), _owner(store), unowned=True)
        except StoreError:
            raise unknown from None


def deal_of_code(text: str, database: str | None = None) -> Deal:
    """The deal of a classic code; a code naming an imported layout by its hash
    (``MJ1-H…``) is dealt on the imported layout of ``database`` with that hash."""
    code = GameCode.parse(text)
    if code.layout_hash is None:
        return deal_from_code(code)
    for layout in _imported(database):
        if code.names(layout):
            return deal_from_code(code, layout)
    raise CliError(
        N_(
            "{code} names an imported layout that is not in this database: import its "
            "layout file first (mahjong-solitaire layouts import FILE), or give --database"
        ),
        code=str(code),
    )


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
    _print_layout(find_layout(args.layout, args.database), language(args))
    return 0


def _print_layout(layout: Layout, lang: str) -> None:
    """What ``layouts show`` prints of a layout."""
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


def _generated(args: argparse.Namespace) -> Layout:
    """The layout ``generate``'s flags ask for (:class:`CliError` for a bad flag)."""
    if not MIN_TILES <= args.tiles <= MAX_TILES or args.tiles % 2:
        raise CliError(
            N_(
                "--tiles {tiles}: a generated layout has an even number of tiles "
                "from {low} to {high}"
            ),
            tiles=args.tiles,
            low=MIN_TILES,
            high=MAX_TILES,
        )
    seed = random.randint(0, MAX_LAYOUT_SEED) if args.seed is None else args.seed
    if not 0 <= seed <= MAX_LAYOUT_SEED:
        raise CliError(
            N_("--seed {seed}: layout seeds run from 0 to {max}"), seed=seed, max=MAX_LAYOUT_SEED
        )
    return generated_layout(GeneratedSpec(seed, args.family, args.tiles))


def run_generate(args: argparse.Namespace) -> int:
    layout = _generated(args)
    if args.format is not None:
        args.layout = layout.name
        return run_export(args)
    lang = language(args)
    _print_layout(layout, lang)
    code = GameCode.of(layout, 0, Difficulty.NORMAL)
    play = shlex.join(["mahjong-solitaire", "deal", "--code", str(code)])
    print(translator(lang)("play it with: {command}", command=play))
    return 0


def run_export(args: argparse.Namespace) -> int:
    layout = find_layout(args.layout, args.database)
    text = export_layout(layout, args.format)
    if export_warning(layout, args.format) is not None:
        lang = language(args)
        _ = translator(lang)
        print(
            _(
                "warning: GNOME Mahjongg itself skips maps of more than {limit} tiles, and "
                "{title} has {tiles}; this game and KMahjongg play it",
                limit=GNOME_MAX_TILES,
                title=repr(layout_title(layout, lang)),
                tiles=count_label("tiles", len(layout), lang),
            ),
            file=sys.stderr,
        )
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
    # Each map is imported or refused on its own, as GNOME Mahjongg plays the good maps
    # of a file; a file none of whose maps can be played changes nothing.
    found = playable_maps(read_layout_maps(path.read_bytes(), path.name))
    layouts = found.layouts
    if not layouts:
        raise CliError(
            N_("{file}: nothing was imported: {reasons}"),
            file=path.name,
            reasons="; ".join(f"{refused.title!r}: {refused.reason}" for refused in found.refused),
        )
    with _store(args.database) as store:
        owner = store.local_player().id
        names = [store.save_layout(layout, player_id=owner) for layout in layouts]
    lang = language(args)
    _ = translator(lang)
    for refused in found.refused:
        print(
            _(
                "{file}: the map {title} was not imported: {reason}",
                file=path.name,
                title=repr(refused.title),
                reason=refused.reason,
            ),
            file=sys.stderr,
        )
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
        help=N_("list, show, export, import and delete layouts"),
        description=N_(
            "The built-in layouts and the imported ones (KMahjongg .layout and "
            "GNOME Mahjongg .map files)."
        ),
    )
    commands = parser.add_subparsers(
        title=N_("layout commands"), metavar="ACTION", parser_class=type(parser)
    )
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument(
        "--database",
        metavar="URL",
        help=N_("database of imported layouts (default: $DATABASE_URL, else the local file)"),
    )

    listing = commands.add_parser("list", parents=[database], help=N_("list every layout"))
    listing.add_argument(
        "--json",
        action="store_true",
        help=N_('a JSON list of {"number", "name", "title", "tiles"}'),
    )
    listing.set_defaults(handler=run_list)

    show = commands.add_parser("show", parents=[database], help=N_("a picture of each layer"))
    show.add_argument("layout", metavar="NAME|NUMBER")
    show.set_defaults(handler=run_show)

    export = commands.add_parser(
        "export", parents=[database], help=N_("write a layout as a KMahjongg or GNOME file")
    )
    export.add_argument("layout", metavar="NAME|NUMBER")
    export.add_argument("--format", required=True, choices=FORMATS)
    export.add_argument("-o", "--output", metavar="FILE", help=N_("write here (default: stdout)"))
    export.set_defaults(handler=run_export)

    load = commands.add_parser(
        "import", parents=[database], help=N_("store the layouts of a KMahjongg or GNOME file")
    )
    load.add_argument("file", metavar="FILE")
    load.set_defaults(handler=run_import)

    remove = commands.add_parser(
        "delete", parents=[database], help=N_("delete an imported layout (games played on it stay)")
    )
    remove.add_argument("layout", metavar="NAME")
    remove.set_defaults(handler=run_delete)

    generate = commands.add_parser(
        "generate", help=N_("a new layout made from a seed, a shape family and a size")
    )
    generate.add_argument("--family", required=True, choices=[family.name for family in FAMILIES])
    generate.add_argument(
        "--tiles",
        type=int,
        default=144,
        help=Text(
            N_("an even number of tiles from {low} to {high} (default: 144)"),
            low=MIN_TILES,
            high=MAX_TILES,
        ),
    )
    generate.add_argument(
        "--seed",
        type=int,
        help=Text(N_("seed 0..{max} (default: random)"), max=MAX_LAYOUT_SEED),
    )
    generate.add_argument(
        "--format", choices=FORMATS, help=N_("write it as a KMahjongg or GNOME file")
    )
    generate.add_argument("-o", "--output", metavar="FILE", help=N_("write here (default: stdout)"))
    generate.set_defaults(handler=run_generate, database=None)

    def show_help(_args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(handler=show_help)
