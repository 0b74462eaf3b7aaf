"""The layers of docs/architecture.md, enforced on the code's own imports.

Every ``import`` and ``from … import`` of the package counts, wherever it stands: at the
top, under ``if TYPE_CHECKING:``, or inside a function.  The rules:

* the engine (``core``, ``classic``, ``connect``, ``solver``, ``layouts``, ``challenges``,
  ``modes``) imports only the standard library and the engine: never the store, the web,
  the command line, the translations, or a web or database library;
* ``core`` imports nothing but ``core``; the two modes and the solver do not know each other
  except that classic builds its aids on the solver (and its codes name a challenge's rule
  set); only ``modes`` knows every mode;
* the store never imports the web or the command line, and the web never imports the
  command line;
* inside the web, each room imports only the rooms below it (:data:`WEB_ROOMS`): ``http``
  (the middleware and the error answers) and ``pwa`` (the installable app) none, ``games``
  (what every mode's game requests share) ``http``, each mode's room ``games`` and ``http``
  but never another mode's, and ``routes`` (the player, boards, layouts…) those and
  ``classic`` (the classic layouts' routes);
* no folder holds more than 15 modules (:data:`MODULES_PER_FOLDER`);
* no module imports a private name (``_name``) from another module;
* no two modules import each other, directly or round a longer circle.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = "mahjong_solitaire"
SOURCE = Path(__file__).resolve().parents[1] / "src" / PACKAGE

ENGINE = ("core", "classic", "connect", "solver", "layouts", "challenges", "modes")
#: What each part of the package may import from the package (itself always).
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "layouts": {"core"},
    "solver": {"core"},
    "connect": {"core"},
    "classic": {"core", "solver", "layouts", "challenges"},
    "challenges": {"core"},
    "modes": {"core", "classic", "connect", "challenges"},
}
#: Parts that must never import the others named.
FORBIDDEN: dict[str, set[str]] = {
    "store": {"web", "cli"},
    "web": {"cli"},
    "i18n": {"store", "web", "cli"},
}
#: The rooms of ``web/`` and the rooms each may import (itself always); the application
#: factory (``web/app.py``, ``web/__init__.py``) may import them all.
WEB_ROOMS: dict[str, set[str]] = {
    "http": set(),
    "pwa": set(),
    "games": {"http"},
    "classic": {"games", "http"},
    "connect": {"games", "http"},
    "routes": {"games", "http", "classic"},
}
#: How many modules one folder may hold, so a newcomer finds their room from the tree.
MODULES_PER_FOLDER = 15
#: Third-party libraries the engine must not touch.
OUTSIDE_THE_ENGINE = {
    "fastapi",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "alembic",
    "babel",
    "platformdirs",
    "multipart",
    "pydantic",
    "psycopg",
}


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, e.g. mahjong_solitaire.classic.game
    target: str  # the imported module, e.g. mahjong_solitaire.core.board
    names: tuple[str, ...]  # the names taken from it (empty for ``import x``)
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str) -> bool:
    relative = Path(*name.split("."))
    base = SOURCE.parent / relative
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def imports_of(path: Path) -> Iterator[Import]:
    source = module_name(path)
    package = source if path.name == "__init__.py" else source.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(source, alias.name, (), node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            names = tuple(alias.name for alias in node.names)
            submodules = [name for name in names if is_module(f"{target}.{name}")]
            for name in submodules:  # ``from . import hint`` imports the module hint
                yield Import(source, f"{target}.{name}", (), node.lineno)
            rest = tuple(name for name in names if name not in submodules)
            if rest or not submodules:
                yield Import(source, target, rest, node.lineno)


def all_imports() -> list[Import]:
    return [found for path in sorted(SOURCE.rglob("*.py")) for found in imports_of(path)]


IMPORTS = all_imports()


def part(module: str) -> str:
    """The part of the package a module belongs to: ``core``, ``web``, ``i18n``, …"""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else ""


def ours(found: Import) -> bool:
    return found.target == PACKAGE or found.target.startswith(PACKAGE + ".")


def where(found: Import) -> str:
    return f"{found.source}:{found.line} imports {found.target}"


def test_the_package_is_read_whole():
    """A sanity check of the reader itself: the engine and the web are seen to import."""
    parts = {part(found.source) for found in IMPORTS}
    assert {"core", "classic", "connect", "solver", "layouts", "store", "web", "cli"} <= parts
    assert any(found.target == f"{PACKAGE}.core.board" for found in IMPORTS)


@pytest.mark.parametrize("engine_part", ENGINE)
def test_the_engine_imports_only_the_engine_and_the_standard_library(engine_part):
    wrong = []
    for found in IMPORTS:
        if part(found.source) != engine_part:
            continue
        if ours(found):
            target = part(found.target)
            if target != engine_part and target not in ALLOWED[engine_part]:
                wrong.append(where(found))
        else:
            top = found.target.split(".")[0]
            if top in OUTSIDE_THE_ENGINE or (top not in sys.stdlib_module_names and top != ""):
                wrong.append(where(found))
    assert wrong == []


@pytest.mark.parametrize("upper, lower", [(p, f) for p, fs in FORBIDDEN.items() for f in fs])
def test_a_lower_layer_never_imports_a_higher_one(upper, lower):
    wrong = [
        where(found)
        for found in IMPORTS
        if part(found.source) == upper and ours(found) and part(found.target) == lower
    ]
    assert wrong == []


def test_no_module_imports_a_private_name_of_another():
    wrong = [
        f"{where(found)}: {name}"
        for found in IMPORTS
        if ours(found)
        for name in found.names
        if name.startswith("_") and not name.startswith("__") and found.target != found.source
    ]
    assert wrong == []


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), and self-loops."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_circles_are_found_by_the_check_itself():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_anywhere_in_the_package():
    edges: dict[str, set[str]] = {}
    for found in IMPORTS:
        if ours(found) and found.target != found.source:
            edges.setdefault(found.source, set()).add(found.target)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    assert circles(edges) == []


def test_no_module_is_over_600_lines():
    long = {
        module_name(path): n
        for path in SOURCE.rglob("*.py")
        if (n := len(path.read_text().splitlines())) > 600
    }
    assert long == {}


def web_room(module: str) -> str | None:
    """The room of ``web/`` a module stands in (``games``, ``http``, …); ``None`` for the
    web's own ``__init__`` and ``app`` and for modules outside the web."""
    pieces = module.split(".")
    if len(pieces) < 4 or pieces[1] != "web":
        return None
    return pieces[2]


def test_the_web_rooms_import_only_the_rooms_below_them():
    assert set(WEB_ROOMS) == {
        path.name for path in (SOURCE / "web").iterdir() if (path / "__init__.py").exists()
    }
    wrong = []
    for found in IMPORTS:
        room, target = web_room(found.source), web_room(found.target)
        if room is None or not ours(found) or part(found.target) != "web":
            continue
        if target is None or (target != room and target not in WEB_ROOMS[room]):
            wrong.append(where(found))
    assert wrong == []


def test_no_folder_holds_more_than_fifteen_modules():
    crowded = {
        str(folder.relative_to(SOURCE)): n
        for folder in [SOURCE, *(path for path in SOURCE.rglob("*") if path.is_dir())]
        if (n := len([p for p in folder.glob("*.py") if p.name != "__init__.py"]))
        > MODULES_PER_FOLDER
    }
    assert crowded == {}
