"""No player-visible English is left in the page outside its catalogue-backed string table
(rules §10.1): the scripts' literals and index.html's text and labels are scanned; every key
the page asks for is in the table."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from js_support import js_literals
from mahjong_solitaire.web.app import STATIC

SCRIPTS = sorted((STATIC / "js").rglob("*.js"))  # every folder of js/
TABLE = STATIC / "js" / "shell" / "strings.js"

#: Words: a capitalised word, or two words side by side.
_WORDS = re.compile(r"\b[A-Z][a-z]{2,}\b|\b[A-Za-z]{2,} [A-Za-z]{2,}\b")
#: Texts that are no words for a player: key names of KeyboardEvent, HTTP headers, markup
#: (SVG drawn by js/board/faces.js and js/shell/icons.js: attributes and tags), font families,
#: media queries.
_NOT_WORDS = re.compile(
    r"""
    ^(Enter|Escape|Tab|Home|End|ArrowLeft|ArrowRight|ArrowUp|ArrowDown|Delete|Backspace|Content-Type|Retry-After)$
  | [<>]|="|^\s*"\s*$|^"\s|\s"$
  | ^'?(Noto|Songti|SimSun|DejaVu|Segoe)\b
  | ^\(prefers-
""",
    re.X,
)


#: Lower-case words a script writes that are CSS or DOM, not English: the stylesheets' own
#: words (class names, properties, values) and HTML tag names.
#: The words of the stylesheets' rules (class names, properties, values), not of their
#: comments: a comment's English is no reason to let a page string through.
_CSS_WORDS = set(
    re.findall(
        r"[a-z]{2,}",
        re.sub(
            r"/\*.*?\*/",
            " ",
            " ".join(path.read_text(encoding="utf-8") for path in (STATIC / "css").rglob("*.css")),
            flags=re.S,
        ),
    )
)
_TAGS = {
    "strong",
    "span",
    "small",
    "div",
    "button",
    "input",
    "select",
    "option",
    "label",
    "dialog",
    "svg",
    "text",
    "title",
    "kbd",
}
#: Developer messages (thrown errors on impossible input), never shown to a player.
_DEVELOPER = {("draw.js", "unknown tile label ")}  # js/tilesets/draw.js


def _is_english(name: str, text: str) -> bool:
    if (name, text) in _DEVELOPER or not _WORDS.search(text) or _NOT_WORDS.search(text):
        return False
    if re.search(r"[A-Z]", text):
        return True
    return not set(re.findall(r"[a-z]{2,}", text)) <= _CSS_WORDS | _TAGS


def _table_span(source: str) -> tuple[int, int]:
    start = source.index("export const STRINGS = {")
    end = source.index("\n};\n", start)
    return source.count("\n", 0, start) + 1, source.count("\n", 0, end) + 2


def english_in_script(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    first, last = _table_span(source) if path == TABLE else (0, 0)
    return [
        f"{path.name}:{line}: {text!r}"
        for line, text in js_literals(source)
        if not first <= line <= last and _is_english(path.name, text)
    ]


class _Visible(HTMLParser):
    """Text nodes and the attributes a player reads or hears (title, aria-label, alt,
    placeholder) of a page."""

    LABELS = ("title", "aria-label", "alt", "placeholder")

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.keys: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in self.LABELS and value and re.search(r"[A-Za-z]", value):
                self.found.append(f"<{tag} {name}={value!r}>")
            if name in ("data-s", "data-s-title", "data-s-aria", "data-label", "data-key"):
                self.keys.append(value or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and re.search(r"[A-Za-z]", data):
            self.found.append(repr(data.strip()))


def _html() -> _Visible:
    parser = _Visible()
    parser.feed((STATIC / "index.html").read_text(encoding="utf-8"))
    return parser


def _table_keys() -> set[str]:
    source = TABLE.read_text(encoding="utf-8")
    first, last = _table_span(source)
    body = "\n".join(source.splitlines()[first - 1 : last])
    return set(re.findall(r'^\s*"?([\w-]+)"?:', body, re.M))


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.relative_to(STATIC).as_posix())
def test_no_english_literal_is_left_in_the_scripts(path: Path) -> None:
    assert english_in_script(path) == []


def test_the_scan_finds_english_where_it_is(tmp_path: Path) -> None:
    sample = tmp_path / "sample.js"
    sample.write_text(
        'toast("Copied");\nel.title = `${n} moves remaining`;\nkey === "Enter";\n'
        'h("svg", {html: `<text x="1">${label}</text>`});\n'
        'h("span", {class: "tile free"}, "no moves");\n',
        encoding="utf-8",
    )
    assert english_in_script(sample) == [
        "sample.js:1: 'Copied'",
        "sample.js:2: ' moves remaining'",
        "sample.js:5: 'no moves'",
    ]


def test_index_html_has_no_text_of_its_own_every_text_comes_from_the_table() -> None:
    page = _html()
    assert page.found == []
    assert page.keys and set(page.keys) <= _table_keys()


def test_every_key_the_scripts_ask_for_is_in_the_table() -> None:
    keys = _table_keys()
    for path in SCRIPTS:
        asked = set(re.findall(r'\bt[n]?\("([\w-]+)"', path.read_text(encoding="utf-8")))
        assert asked <= keys, f"{path.name}: {sorted(asked - keys)}"
