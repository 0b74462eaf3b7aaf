"""The page as it is served at ``/``: ``static/index.html`` in the request's language, with
what a browser needs to start it early.

:func:`page_html` fills the template (the file itself has no text of its own) with

* ``<html lang>``, the ``<title>`` and a ``<meta name="description">``, translated: the
  tab, a bookmark and a search result name the game before any script has run;
* a ``<link rel="preload">`` of the catalogue the page reads first (``/api/i18n``), so
  that it travels beside the scripts instead of after them;
* a ``<link rel="modulepreload">`` for every module the entry script imports, directly or
  not (read from their ``import … from`` lines), so that the browser asks for them all at
  once instead of one level of imports after another.  The page has no build step: the
  list is read from the scripts themselves when the server first serves the page.

On a first visit (no :data:`GUIDE_COOKIE`), the page is served with the first step of the
first-run guide already drawn in its dialog (:func:`guide_html`: the title, the step, the
text and the guide's buttons, as ``js/aids/first-run-guide.js`` draws them, the buttons
disabled), open but not yet modal: the largest text of a first visit paints with the
page's first paint, before any script has run, and the guide's script takes the dialog
over (modal, its practice board drawn) once the game has arrived, or closes it when this
browser has seen the guide or the game is already under way.

Both hints ask for a low priority: the stylesheets, which the first paint waits for, go
first.  And the stylesheets travel as one (:func:`page_css`, at :data:`STYLESHEET`): the
template links each file of ``static/css/`` (a room's styles are its own file), and the
served page links a single stylesheet instead, the same files in the same order, so
the first paint waits for one request and not 21 (on a phone's network, each one more
round trip on one of six connections).  Like the module list, it is made from the files
themselves when the server first serves the page: the page keeps no build step.

    >>> from mahjong_solitaire.web.app import STATIC
    >>> html = page_html(STATIC, "ja")
    >>> '<html lang="ja">' in html, '<title data-s="appTitle">麻雀ソリティア</title>' in html
    (True, True)
    >>> '<link rel="modulepreload" href="/static/js/shell/strings.js" fetchpriority="low">' in html
    True
    >>> html.count('rel="stylesheet"'), stylesheet_address(STATIC) in html
    (1, True)
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from html import escape
from pathlib import Path

from ... import i18n
from ...i18n import N_
from ...i18n.extract import extract_page_strings

__all__ = [
    "CATALOGUE",
    "DESCRIPTION",
    "ENTRY",
    "GUIDE_COOKIE",
    "GUIDE_STEPS",
    "STYLESHEET",
    "guide_html",
    "page_css",
    "page_html",
    "static_imports",
    "stylesheet_address",
    "stylesheets",
]

#: The page's entry script, under ``static/``.
ENTRY = Path("js") / "shell" / "app.js"

#: The catalogue the page fetches before it draws (``js/shell/strings.js``).
CATALOGUE = "/api/i18n"

#: What a search result or a shared link says about the page.
DESCRIPTION = N_(
    "Mahjong Solitaire in the browser: clear the board by matching free pairs of tiles, "
    "on dozens of layouts, with hints, undo and a daily challenge."
)

#: The msgid of the page's title (``appTitle`` in the page's string table).
TITLE = "Mahjong Solitaire"

#: The cookie the page sets once this browser has seen the first-run guide (finished or
#: skipped it): a page served without it draws the guide's first step (:func:`guide_html`).
GUIDE_COOKIE = "mj_guide"

#: How many steps the first-run guide has (``STEPS`` in ``js/aids/first-run-guide.js``).
GUIDE_STEPS = 6

#: The page's string table, whose texts are the msgids (``js/shell/strings.js``).
STRINGS = Path("js") / "shell" / "strings.js"

#: Where the page's one stylesheet is served (its address adds ``?v=`` and a digest).
STYLESHEET = "/static/page.css"

_LINK = re.compile(r'^[ \t]*<link rel="stylesheet" href="/static/(css/[^"]+\.css)">\n', re.M)

_IMPORT = re.compile(
    r'^\s*(?:import|export)\b[^;"]*?\bfrom\s+"([^"]+)"|^\s*import\s+"([^"]+)"', re.M
)


def static_imports(static: Path, entry: Path = ENTRY) -> list[Path]:
    """Every module ``entry`` imports statically, directly or through another, relative to
    ``static`` (``import(…)`` at run time is not followed), in the order first found.

    >>> from mahjong_solitaire.web.app import STATIC
    >>> Path("js/shell/strings.js") in static_imports(STATIC)
    True
    """
    root = static.resolve()
    found: list[Path] = []
    waiting = [(root / entry).resolve()]
    seen = set(waiting)
    while waiting:
        module = waiting.pop(0)
        for match in _IMPORT.finditer(module.read_text(encoding="utf-8")):
            target = (module.parent / (match.group(1) or match.group(2))).resolve()
            if target not in seen and target.is_relative_to(root) and target.is_file():
                seen.add(target)
                found.append(target.relative_to(root))
                waiting.append(target)
    return found


def stylesheets(static: Path) -> list[Path]:
    """The stylesheets ``static/index.html`` links, relative to ``static``, in its order.

    >>> from mahjong_solitaire.web.app import STATIC
    >>> stylesheets(STATIC)[0]
    PosixPath('css/shell/app.css')
    """
    return [Path(found) for found in _LINK.findall(_template(static))]


@cache
def page_css(static: Path) -> bytes:
    """The page's stylesheets, one after another (each after a comment naming its file):
    the same rules in the same order as the template's links (none of them refers to
    another file by a relative address, which the one address would change)."""
    return b"".join(
        b"/* " + path.as_posix().encode() + b" */\n" + (static / path).read_bytes() + b"\n"
        for path in stylesheets(static)
    )


@cache
def stylesheet_address(static: Path) -> str:
    """The address of :func:`page_css`: :data:`STYLESHEET` with a digest of its text, so
    that a page and the service worker's copy name the stylesheet they go with."""
    return f"{STYLESHEET}?v={hashlib.sha256(page_css(static)).hexdigest()[:16]}"


@cache
def _template(static: Path) -> str:
    return (static / "index.html").read_text(encoding="utf-8")


@cache
def _hints(static: Path) -> str:
    modules = [f"/static/{path.as_posix()}" for path in static_imports(static)]
    return "".join(
        [f'  <link rel="preload" href="{CATALOGUE}" as="fetch" crossorigin fetchpriority="low">\n']
        + [
            f'  <link rel="modulepreload" href="{address}" fetchpriority="low">\n'
            for address in modules
        ]
    )


@cache
def _page_strings(static: Path) -> dict[str, str]:
    """The page's texts by key (the counted ones left out)."""
    with (static / STRINGS).open("rb") as source:
        found = extract_page_strings(source, (), (), {})
        return {
            comments[0].removeprefix("page "): text
            for _, function, text, comments in found
            if function is None and isinstance(text, str)
        }


def guide_html(static: Path, lang: str) -> str:
    """The dialog's body as the first-run guide's first step draws it in ``lang``
    (``guidePage`` in ``js/aids/first-run-guide.js``): the same elements and classes, so
    that the guide's script replaces it without moving anything.

    >>> from mahjong_solitaire.web.app import STATIC
    >>> '<p class="guide-progress muted" id="guide-progress">Step 1 of 6</p>' in (
    ...     guide_html(STATIC, "en"))
    True
    """
    _ = i18n.translator(lang)
    strings = _page_strings(static)

    def text(key: str) -> str:
        return escape(_(strings[key]))

    step = text("guideStep").replace("{n}", "1").replace("{total}", str(GUIDE_STEPS))
    button = '<button type="button" class="btn{}" disabled>{}</button>'
    return (
        '<div class="guide">'
        f'<h2 id="dialog-title">{text("guideTitle")}</h2>'
        f'<p class="guide-progress muted" id="guide-progress">{step}</p>'
        f'<p class="guide-text" id="guide-text">{text("guideFree")}</p>'
        '<div class="guide-stage"><div class="guide-board"></div></div>'
        '<div class="guide-tools"></div>'
        '<div class="row-buttons">'
        + button.format("", text("tileGuide"))
        + button.format("", text("guideSkip"))
        + button.format("", text("guideBack"))
        + button.format(" primary", text("guideNext"))
        + "</div></div>"
    )


@cache
def page_html(static: Path, lang: str, guide: bool = False) -> str:
    """``static/index.html`` for a request in ``lang`` (a catalogue's code); with ``guide``
    (a first visit), its dialog open on the first-run guide's first step."""
    template = _template(static)
    _ = i18n.translator(lang)
    head = (
        f'<title data-s="appTitle">{escape(_(TITLE))}</title>\n'
        f'  <meta name="description" content="{escape(_(DESCRIPTION))}">'
    )
    page = template.replace('<html lang="en">', f'<html lang="{i18n.language_tag(lang)}">', 1)
    page = page.replace('<title data-s="appTitle"></title>', head, 1)
    links = _LINK.findall(page)
    one = f'  <link rel="stylesheet" href="{stylesheet_address(static)}">\n'
    page = _LINK.sub(lambda found: one if found.group(1) == links[0] else "", page)
    if guide:
        page = page.replace(
            '<dialog id="dialog">\n',
            '<dialog id="dialog" open data-dialog="guide" data-step="guideFree" '
            'aria-labelledby="dialog-title">\n',
            1,
        )
        page = page.replace(
            '<div id="dialog-body"></div>',
            f'<div id="dialog-body">{guide_html(static, lang)}</div>',
            1,
        )
    entry = f'  <script type="module" src="/static/{ENTRY.as_posix()}"></script>'
    return page.replace(entry, _hints(static) + entry, 1)
