"""The costliest inputs we could craft for the requests that run the engine (issue #25):
written to ``tests/data/costly/`` by ``python tests/costly_inputs.py``, read by
``tests/test_request_budgets.py`` and ``benchmarks/bench_request_cost.py``.

* a *tower* of 16 tiles beside 14 lone tiles: the top of the tower is the only free tile
  of it, every pair takes a lone tile, and 14 are too few.  Random reverse play backtracks
  through all its attempts and the exact search cannot prove it (the lone tiles are
  interchangeable): the costliest map we know (about 0.42 s unbounded, issue #25);
* the same tower beside a row of 14: the exact search proves it unclearable at once;
* the big tower: 577 tiles beside 575 lone ones, 1,152 positions, where a step costs most
  (a draft of the engine's: a request's draft has at most 16 layers), and in a file 512
  beside 510 (a file's layers go up to 512);
* ``tower-maps.map``: 40 tower maps (as many as a file may hold), ``hundred-tower-maps.map``
  100 of them (the issue's 92 KiB upload), ``big-tower-maps.map`` four big towers (as many
  tiles as a file may hold);
* ``big-flat-draft.json``: 1,152 tiles on one layer, which clears at once.

    >>> len(tower(16, 14)), len(tower(577, 575))
    (30, 1152)
"""

from __future__ import annotations

import json
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "data" / "costly"

Position = tuple[int, int, int]


def tower(height: int, lone: int) -> list[Position]:
    """A tower at x=0 and ``lone`` tiles a tile apart from each other, in rows of 100."""
    return [(0, 0, z) for z in range(height)] + [
        (4 + 4 * (i % 100), 4 * (i // 100), 0) for i in range(lone)
    ]


def row_tower(height: int, row: int) -> list[Position]:
    """A tower at x=0 and a row of ``row`` tiles beside it."""
    return [(0, 0, z) for z in range(height)] + [(4 + 2 * i, 0, 0) for i in range(row)]


def gnome(maps: list[tuple[str, list[Position]]]) -> str:
    """A GNOME Mahjongg file of these maps, one ``<tile>`` element a position."""
    lines = ['<?xml version="1.0"?>', "<mahjongg>"]
    for name, positions in maps:
        lines.append(f'  <map name="{name}">')
        lines += (f'    <tile x="{x / 2:g}" y="{y / 2:g}" z="{z}"/>' for x, y, z in positions)
        lines.append("  </map>")
    return "\n".join([*lines, "</mahjongg>"]) + "\n"


def draft(name: str) -> list[Position]:
    """The positions of a draft fixture."""
    data = json.loads((FOLDER / name).read_text())
    return [(x, y, z) for x, y, z in data["positions"]]


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    maps = {
        "tower-maps.map": [(f"Tower {n}", tower(16, 14)) for n in range(1, 41)],
        "hundred-tower-maps.map": [(f"Tower {n}", tower(16, 14)) for n in range(1, 101)],
        "big-tower-maps.map": [(f"Big tower {n}", tower(512, 510)) for n in range(1, 5)],
    }
    for name, found in maps.items():
        (FOLDER / name).write_text(gnome(found))
    drafts = {
        "tower-draft.json": tower(16, 14),
        "tower-row-draft.json": row_tower(16, 14),
        "big-tower-draft.json": tower(577, 575),
        "big-flat-draft.json": [(2 * x, 2 * y, 0) for x in range(48) for y in range(24)],
    }
    for name, positions in drafts.items():
        (FOLDER / name).write_text(json.dumps({"positions": [list(p) for p in positions]}) + "\n")


if __name__ == "__main__":
    main()
