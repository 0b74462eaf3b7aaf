"""A mode is one object: its name ("classic", "connect") and its code prefix ("MJ1",
"CN1") are spelled in the mode's own package, in ``core/mode.py`` and ``modes.py``, and
nowhere else in the Python code but in strings shown to players.  Everyone else asks the
mode objects (``mode_of_code``, ``mode_named``, ``Mode.owns``, ``Mode.name``).

What counts is a string constant in code that is a key, a name or a pattern, not words:
docstrings, comments and sentences (a message, a help text, a layout's description, with a
sample code such as ``"MJ1-L00-AAAAABL"`` in it or alone) are for people.  Such a string is
flagged when it is a mode name or a prefix, or holds one as a token (``"connect"``,
``"connect-10x6-down"``, ``r"connect-(\\d+)"``, ``"MJ1-"``, ``"CN1-…"``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mahjong_solitaire.modes import MODES

SOURCE = Path(__file__).resolve().parents[1] / "src" / "mahjong_solitaire"

NAMES = tuple(MODES)
PREFIXES = tuple(prefix for mode in MODES.values() for prefix in mode.prefixes)
#: Where a mode may spell itself: its package, the base class, the registry.
HOMES = ("classic/", "connect/", "core/mode.py", "modes.py")
#: The parts that dispatch through the modes (and "elsewhere": every other module).
PARTS = ("store/", "cli/", "i18n/", "web/")
#: Strings that only look like a mode: (file, string, why).
NOT_A_MODE = {
    ("store/database.py", "connect"): "SQLAlchemy's event when a connection opens",
    ("cli/connect.py", "connect"): "the name of the command `mahjong-solitaire connect`",
    ("cli/__init__.py", "connect"): "the module of the command `mahjong-solitaire connect`",
}

#: A whole sample code, e.g. MJ1-L00-AAAAABL or CN1-1808B-AAAAABL: shown to players.
SAMPLE_CODE = re.compile(rf"\b(?:{'|'.join(PREFIXES)})-[A-Z0-9]{{3,5}}-[A-Z]{{7}}\b")
#: A mode name or prefix as a token (not part of a longer word: "connection", "reconnect").
TOKEN = re.compile(rf"(?<![A-Za-z0-9_])(?:{'|'.join(NAMES + PREFIXES)})(?![A-Za-z0-9_])")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and its functions."""
    found = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
        ):
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.add(id(first.value))
    return found


def spells_a_mode(text: str) -> bool:
    """Whether a string of code is a key or pattern holding a mode name or prefix (a
    sentence, with a space in it, is words for people)."""
    bare = SAMPLE_CODE.sub("", text)
    if re.fullmatch(r"\.[\w.]+", bare):  # a module's path (``.connect.game``), not a mode
        return False
    return not re.search(r"\s", bare) and bool(TOKEN.search(bare))


def spellings(path: Path) -> list[tuple[int, str]]:
    """The string constants of ``path``'s code that spell a mode name or a code prefix."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    prose = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in prose
            and spells_a_mode(node.value)
        ):
            found.append((node.lineno, node.value))
    return found


def relative(path: Path) -> str:
    return path.relative_to(SOURCE).as_posix()


def flagged(path: Path) -> list[str]:
    where = relative(path)
    return [
        f"{where}:{line}: {text!r}"
        for line, text in spellings(path)
        if (where, text) not in NOT_A_MODE
    ]


SOURCES = sorted(SOURCE.rglob("*.py"))
OUTSIDE = [path for path in SOURCES if not relative(path).startswith(HOMES)]


def test_the_check_sees_each_mode_spell_itself_at_home() -> None:
    """Not vacuous: the same reader finds every name and prefix in the modes' own
    modules, and a key or pattern built from one is caught."""
    at_home = {
        text for path in SOURCES if relative(path).startswith(HOMES) for _, text in spellings(path)
    }
    for spelling in NAMES + PREFIXES:
        assert spelling in at_home, spelling
    assert len(NAMES) >= 2 and OUTSIDE
    for key in ("connect", "connect-10x6-down", r"connect-(\d+)x(\d+)", "CN1-…", "MJ1-"):
        assert spells_a_mode(key), key
    for words in (
        "MJ1-L00-AAAAABL",
        "a code such as CN1-1808B-AAAAABL",
        "connection",
        "The classic: a wide shell",
        "bad_connect_code",
    ):
        assert not spells_a_mode(words), words


def part_of(path: Path) -> str:
    where = relative(path)
    return next((part for part in PARTS if where.startswith(part)), "elsewhere")


@pytest.mark.parametrize("part", [*PARTS, "elsewhere"])
def test_no_mode_name_or_code_prefix_is_spelled_outside_the_modes(part: str) -> None:
    paths = [path for path in OUTSIDE if part_of(path) == part]
    assert paths, f"no sources in {part}"
    assert [spelled for path in paths for spelled in flagged(path)] == []


def test_every_exception_is_still_needed() -> None:
    """An entry of NOT_A_MODE whose string went away is removed, so the list stays true."""
    present = {(relative(path), text) for path in OUTSIDE for _, text in spellings(path)}
    assert set(NOT_A_MODE) <= present
