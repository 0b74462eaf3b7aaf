"""The page's scripts as a newcomer reads them: a mode's name and its code prefix are spelled
in its mode object, js/modes/<name>/mode.js, and nowhere else (strings shown to players
aside); a game's status and an error code are spelled only in js/shell/vocabulary.js, which
is generated from the server's enums; and no catch swallows an error silently."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from js_support import js_code, js_literals
from mahjong_solitaire.core.game import GameStatus
from mahjong_solitaire.store.daily import DayStatus
from mahjong_solitaire.web.app import STATIC
from mahjong_solitaire.web.http.errors import ErrorCode
from mahjong_solitaire.web.vocabulary import MODULE as VOCABULARY
from mahjong_solitaire.web.vocabulary import page_module

JS = STATIC / "js"
CSS = STATIC / "css"
MODES = JS / "modes"
SCRIPTS = sorted(JS.rglob("*.js"))
STYLES = sorted(CSS.rglob("*.css"))
#: The most modules (scripts or stylesheets) one folder of the page holds: more, and a
#: newcomer no longer finds their room from the tree.
MOST_PER_FOLDER = 15
TABLE = JS / "shell" / "strings.js"

#: The words of the server's enums the page must take from js/shell/vocabulary.js.
SERVER_WORDS = {
    *(status.value for status in GameStatus),
    *(status.value for status in DayStatus),
    *(code.value for code in ErrorCode),
}

MODE_NAMES = {"classic", "connect"}
#: Each mode's object, the one module that spells the mode's name and code prefix.
MODE_OBJECTS = {MODES / name / "mode.js" for name in MODE_NAMES}
OUTSIDE_MODE_OBJECTS = [path for path in SCRIPTS if path not in MODE_OBJECTS]
#: A code prefix, also in a regular expression (/cn1-/i) or a shape ("MJ1-L00-…").
PREFIX = re.compile(r"(?<![A-Za-z0-9])(MJ[12]|CN[12])(?![0-9])", re.I)
#: "classic" is also a tile style (js/board/faces.js, js/settings/player-settings.js,
#: js/board/tile-view.js, the Settings page): a line that speaks of a style is no mode.
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
    """The lines of js/shell/strings.js's STRINGS table: the texts players read."""
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


def server_words(path: Path) -> list[str]:
    """Where a script spells a game status, a day's status or an error code as a string
    literal of its own, outside the texts players read."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    shown = _table_lines(source) if path == TABLE else range(0)
    return [
        f"{_name(path)}:{line}: {lines[line - 1].strip()}"
        for line, text in js_literals(source)
        if text in SERVER_WORDS and line not in shown
    ]


def empty_catches(path: Path) -> list[str]:
    """Every catch of a script with nothing in it but comments."""
    code = js_code(path.read_text(encoding="utf-8"))
    return [
        f"{_name(path)}:{code.count(chr(10), 0, found.start()) + 1}: {found[0]}"
        for pattern in EMPTY_CATCHES
        for found in pattern.finditer(code)
    ]


@pytest.mark.parametrize("path", OUTSIDE_MODE_OBJECTS, ids=_name)
def test_no_script_but_the_mode_objects_spells_a_mode_name_or_a_code_prefix(path: Path) -> None:
    assert mode_spellings(path) == []


@pytest.mark.parametrize("path", [p for p in SCRIPTS if p != VOCABULARY], ids=_name)
def test_no_script_but_the_vocabulary_spells_a_status_or_an_error_code(path: Path) -> None:
    assert server_words(path) == []


def test_the_vocabulary_is_what_the_server_enums_write_now() -> None:
    assert VOCABULARY.read_text(encoding="utf-8") == page_module(), (
        "run: python -m mahjong_solitaire.web.vocabulary"
    )
    assert server_words(VOCABULARY)  # the scan sees the words where they are spelled


@pytest.mark.parametrize("path", SCRIPTS, ids=_name)
def test_no_catch_is_empty(path: Path) -> None:
    assert empty_catches(path) == []


def test_each_mode_object_spells_its_own_name_and_prefix() -> None:
    spelled = {"classic": "MJ2", "connect": "CN2"}
    for name, prefix in spelled.items():
        source = (MODES / name / "mode.js").read_text(encoding="utf-8")
        assert f'const NAME = "{name}";' in source and f'const PREFIX = "{prefix}";' in source
        assert f'"./{name}/mode.js"' in (MODES / "index.js").read_text(encoding="utf-8")
    # every folder of js/modes/ is a mode's: its object and its views, dialogs and API
    assert {path.name for path in MODES.iterdir() if path.is_dir()} == set(spelled) == MODE_NAMES


def test_the_page_is_in_folders_of_at_most_15_modules_each() -> None:
    folders = {
        folder: len([path for path in folder.iterdir() if path.suffix == suffix])
        for root, suffix in ((JS, ".js"), (CSS, ".css"))
        for folder in [root, *(path for path in root.rglob("*") if path.is_dir())]
    }
    assert sum(folders.values()) == len(SCRIPTS) + len(STYLES) > 0
    assert {
        folder.relative_to(STATIC).as_posix(): count
        for folder, count in folders.items()
        if count > MOST_PER_FOLDER
    } == {}
    # js/ and css/ hold rooms only (shell/ has the page's entry, shell/app.js)
    assert folders[JS] == folders[CSS] == 0


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
        "try { f(); } catch (error) { show(error); }\n"
        'if (state.status === "paused") wait(); // "won" in a comment is no code\n',
        encoding="utf-8",
    )
    assert server_words(sample) == [
        'sample.js:10: if (state.status === "paused") wait(); // "won" in a comment is no code'
    ]
    assert mode_spellings(sample) == [
        'sample.js:1: if (state.mode === "connect") go(); // "classic" in a comment is no code',
        "sample.js:2: const ok = /^\\s*cn1-/i.test(code);",
    ]
    assert [found.split(":")[1] for found in empty_catches(sample)] == ["4", "5", "7", "8"]
