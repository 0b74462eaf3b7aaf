"""Pathological layout files: the CPU time of reading, the shape check, the picture, and of
``layouts import`` / ``layouts show`` beyond start-up.

Target (issue 13, item 7): at most 1 s of CPU beyond start-up for any file the importer
accepts.  The files are built here: two tiles at the GNOME reader's corners (coordinates
±512 tiles, the second on layer 512), two tiles in the corners of the widest and of the
deepest KMahjongg grid that fit in 1 MiB, and 144 tiles on a diagonal over the GNOME range,
each on a layer of its own; the Turtle (as a GNOME file) is the reference.

    python benchmarks/bench_layouts.py
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _report import write_section
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.cli.layouts import layer_picture
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.layouts.files import read_layout_file
from mahjong_solitaire.layouts.gnome import MAX_COORDINATE, write_gnome

GNOME_CORNERS = f"""<?xml version="1.0"?>
<mahjongg><map name="Far Apart">
  <tile x="-{MAX_COORDINATE}" y="-{MAX_COORDINATE}"/>
  <tile x="{MAX_COORDINATE}" y="{MAX_COORDINATE}" z="{MAX_COORDINATE}"/>
</map></mahjongg>
"""


def kmahjongg_corners(width: int, height: int, depth: int) -> str:
    layers = [[["."] * width for _ in range(height)] for _ in range(depth)]
    layers[0][0][0:2], layers[0][1][0:2] = "12", "43"
    layers[-1][-2][-2:], layers[-1][-1][-2:] = "12", "43"
    rows = ["".join(row) for layer in layers for row in layer]
    return "\n".join(["kmahjongg-layout-v1.1", f"w{width}", f"h{height}", f"d{depth}", *rows])


def diagonal(extent: int) -> str:
    """144 tiles on a diagonal of ``extent`` half tiles centred on 0, one a layer."""
    tiles = []
    for k in range(144):
        at = (extent * k // 143 - extent // 2) / 2
        tiles.append(f'  <tile x="{at:g}" y="{at:g}" z="{k}"/>')
    return "\n".join(['<mahjongg><map name="Diagonal">', *tiles, "</map></mahjongg>"])


def files() -> dict[str, str]:
    return {
        "turtle.map (reference)": write_gnome([builtin_layout("turtle")]),
        "gnome-corners.map": GNOME_CORNERS,
        "kmahjongg-wide.layout": kmahjongg_corners(1024, 1000, 1),
        "kmahjongg-deep.layout": kmahjongg_corners(124, 124, 64),
        "diagonal-144.map": diagonal(4 * MAX_COORDINATE),  # every gap cut
        "diagonal-144-to-scale.map": diagonal(2 * MAX_COORDINATE),  # gaps of 5: drawn
    }


def cpu() -> float:
    return time.process_time()


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli(*argv: str) -> tuple[float, str]:
    """CPU seconds of one command-line run (user + system), and its output."""
    before = children_cpu()
    done = subprocess.run(
        [sys.executable, "-m", "mahjong_solitaire", *argv],
        capture_output=True,
        text=True,
        check=True,
    )
    return children_cpu() - before, done.stdout


def main() -> None:
    lines = [
        "CPU seconds (user + system). In process: reading the file, the shape check "
        "(one deal), the `layouts show` picture. Command line: the whole run, then "
        "beyond start-up (minus `layouts show turtle`, which opens no database, "
        "median of 3).",
        "",
    ]
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'layouts.db'}"
        start_up = sorted(cli("layouts", "show", "turtle")[0] for _ in range(3))[1]
        lines.append(f"- start-up (`layouts show turtle`): {start_up:.2f} s")
        for name, text in files().items():
            path = Path(folder) / name.split()[0]
            path.write_text(text)
            t0 = cpu()
            [layout] = read_layout_file(text.encode(), path.name)
            t1 = cpu()
            generate(layout, 0)
            t2 = cpu()
            picture = layer_picture(layout)
            t3 = cpu()
            imported, out = cli("layouts", "import", str(path), "--database", database)
            stored = out.splitlines()[-1]
            shown = sorted(
                cli("layouts", "show", stored, "--database", database)[0] for _ in range(3)
            )[1]
            width, height = layout.size
            lines.append(
                f"- {name}: {len(layout)} tiles, {layout.depth} layers, {width}×{height} half "
                f"tiles; read {t1 - t0:.3f} s, shape check {t2 - t1:.3f} s, picture "
                f"{t3 - t2:.3f} s ({len(picture.splitlines())} lines, {len(picture)} "
                f"characters); `layouts import` {imported:.2f} s "
                f"(+{imported - start_up:.2f}), `layouts show` {shown:.2f} s "
                f"(+{shown - start_up:.2f}) (target ≤ +1 s)"
            )
    write_section("layouts", "Pathological layout files (benchmarks/bench_layouts.py)", lines)


if __name__ == "__main__":
    main()
