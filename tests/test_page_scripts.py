"""The page's scripts as a newcomer reads them: a mode's name and its code prefix are
spelled in its own module of js/modes/ and nowhere else (strings shown to players aside),
and no catch swallows an error silently."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from js_support import js_code, js_literals
from mahjong_solitaire.web.app import STATIC

JS = STATIC / "js"
MODES = JS / "modes"
SCRIPTS = sorted(JS.rglob("*.js"))
OUTSIDE_MODES = [path for path in SCRIPTS if MODES not in path.parents]
TABLE = JS / "strings.js"

MODE_NAMES = {"classic", "connect"}
#: A code prefix, also in a regular expression (/cn1-/i) or a shape ("MJ1-L00-…").
PREFIX = re.compile(r"(?<![A-Za-z0-9])(MJ[12]|CN[12])(?![0-9])", re.I)
#: "classic" is also a tile style (faces.js, settings.js, tileview.js, the Settings page):
#: a line that speaks of a style is no mode.
TILE_STYLE = re.compile(r"style", re.I)

#: catch {} and catch (e) {}; .catch(() => {}) (or => undefined, => null); .then(ok, () => {})
EMPTY_CATCHES = [
    re.compile(r"\bcatch\s*(\(\s*\w*\s*\))?\s*\{\s*\}"),
    re.compile(r"\.catch\(\s*(\(\s*\w*\s*\)|\w+)\s*=>\s*(\{\s*\}|undefined|null)\s*\)"),
    re.compile(r"\.then\([^;]*,\s*(\(\s*\w*\s*\)|\w+)\s*=>\s*\{\s*\}\s*\)"),
]


def _name(path: Path) -> str:
    return path.relative_to(JS).as_posix() if JS in path.parents else path.name


def _table_lines(source: str) -> range:
    """The lines of strings.js's STRINGS table: the texts players read."""
    start = source.index("export const STRINGS = {")
    end = source.index("\n};\n", start)
    return range(source.count("\n", 0, start) + 1, source.count("\n", 0, end) + 2)


def mode_spellings(path: Path) -> list[str]:
    """Where a script spells a mode name (a string literal) or a code prefix (anywhere in
    its code, comments aside) outside the texts players read and the tile styles."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    shown = _table_lines(source) if path == TABLE else range(0)
    found = []
    for line, text in js_literals(source):
        if text in MODE_NAMES and line not in shown and not TILE_STYLE.search(lines[line - 1]):
            found.append(f"{_name(path)}:{line}: {lines[line - 1].strip()}")
    for number, code in enumerate(js_code(source).splitlines(), start=1):
        if PREFIX.search(code) and number not in shown:
            found.append(f"{_name(path)}:{number}: {code.strip()}")
    return found


def empty_catches(path: Path) -> list[str]:
    """Every catch of a script with nothing in it but comments."""
    code = js_code(path.read_text(encoding="utf-8"))
    return [
        f"{_name(path)}:{code.count(chr(10), 0, found.start()) + 1}: {found[0]}"
        for pattern in EMPTY_CATCHES
        for found in pattern.finditer(code)
    ]


@pytest.mark.parametrize("path", OUTSIDE_MODES, ids=_name)
def test_no_script_outside_the_modes_spells_a_mode_name_or_a_code_prefix(path: Path) -> None:
    assert mode_spellings(path) == []


@pytest.mark.parametrize("path", SCRIPTS, ids=_name)
def test_no_catch_is_empty(path: Path) -> None:
    assert empty_catches(path) == []


def test_each_mode_module_spells_its_own_name_and_prefix() -> None:
    spelled = [("classic.js", "classic", "MJ2"), ("connect.js", "connect", "CN2")]
    for module, name, prefix in spelled:
        source = (MODES / module).read_text(encoding="utf-8")
        assert f'const NAME = "{name}";' in source and f'const PREFIX = "{prefix}";' in source
        assert f"./{module}" in (MODES / "index.js").read_text(encoding="utf-8")


def test_the_scans_find_what_they_look_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.js"
    sample.write_text(
        'if (state.mode === "connect") go(); // "classic" in a comment is no code\n'
        "const ok = /^\\s*cn1-/i.test(code);\n"
        'const look = { tileStyle: "classic" };\n'
        "try { f(); } catch { /* nothing */ }\n"
        "try { f(); } catch (error) {\n}\n"
        "run().catch(() => {});\n"
        "run().then((x) => x, () => {});\n"
        "try { f(); } catch (error) { show(error); }\n",
        encoding="utf-8",
    )
    assert mode_spellings(sample) == [
        'sample.js:1: if (state.mode === "connect") go(); // "classic" in a comment is no code',
        "sample.js:2: const ok = /^\\s*cn1-/i.test(code);",
    ]
    assert [found.split(":")[1] for found in empty_catches(sample)] == ["4", "5", "7", "8"]
