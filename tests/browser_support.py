"""Helpers for the browser tests: the product's server on a fresh SQLite database, Debian's
Chromium driven by Playwright, and ways to read the page's test contract.

    with ProductServer(f"sqlite:///{tmp}/games.db", log=tmp / "server.log") as server, \\
            chromium() as browser:
        page = open_page(browser, server.url)
        tiles(page)  # [{"i": 0, "x": 2, "y": 0, "z": 0, "tile": "5B", "free": True, ...}, ...]

The page contract: every tile is an element ``.tile`` with ``data-i``, ``data-x``,
``data-y``, ``data-z``, ``data-tile`` and the class ``free`` or ``blocked`` (plus
``selected`` / ``hint``); ``#board`` carries ``data-status``, and the game code is shown in
an element with ``data-code``.  ``#board[data-pending]`` counts the requests in flight, so
a test waits for ``"0"`` before reading what the server decided.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from mahjong_solitaire import Board, Move
from serving import ProductServer

__all__ = [
    "ARTIFACTS",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "GUIDE_SEEN",
    "TOAST_LOG",
    "ProductServer",
    "chromium",
    "class_gained",
    "click_tile",
    "describe_pages",
    "dialog_settled",
    "new_context",
    "new_game",
    "open_page",
    "settle",
    "stuck_sequence",
    "tiles",
    "toast_shown",
    "toasts",
    "watch_class",
]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: Screenshots land here (gitignored).
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Debian Chromium (never a downloaded browser)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


#: Marks the first-run guide seen before the page's own scripts run: the guide opens on a
#: fresh browser's first game and would catch the clicks meant for the page behind it.
GUIDE_SEEN = "localStorage.setItem('mahjong-solitaire.guide-done', '1')"


#: The pictures a tile element shows (its computed ``background-image``), its tile set's
#: picture named by the set: the page draws each set's faces as one picture at a ``blob:``
#: address of its own (board/faces.js), which a reload draws at a new address.  Called
#: with the tile element.
TILE_PICTURES = r"""(tile) => getComputedStyle(tile).backgroundImage
  .replace(/url\("blob:[^"]+"\)/, `url(<${tile.dataset.faces}>)`)"""


#: Keeps every toast the page shows (its text and whether it is an error) in
#: ``window.__toasts``: a toast goes again after 2.2 s (an error after 4.2 s), and on a slow
#: machine a test may look later than that, so it asks what was shown (:func:`toast_shown`)
#: rather than what is showing now.
TOAST_LOG = """(() => {
  window.__toasts = [];
  const watch = (toast) => new MutationObserver(() => {
    if (toast.classList.contains("show")) {
      window.__toasts.push({text: toast.textContent, error: toast.classList.contains("error")});
    }
  }).observe(toast, {attributes: true, attributeFilter: ["class"], childList: true,
                     characterData: true, subtree: true});
  const find = new MutationObserver(() => {
    const toast = document.getElementById("toast");
    if (toast) { find.disconnect(); watch(toast); }
  });
  find.observe(document, {childList: true, subtree: true});
})();"""


def new_context(
    browser: Browser,
    *,
    width: int = 1366,
    height: int = 768,
    guide: bool = False,
    **options: Any,
) -> BrowserContext:
    """A fresh browser context for the game's pages, the first-run guide marked seen unless
    ``guide`` (tests/test_browser_guide.py): a test that sets up its own context (routes,
    init scripts) before the page loads starts from this one."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    context.add_init_script(TOAST_LOG)
    if not guide:
        context.add_init_script(GUIDE_SEEN)
    return context


def toasts(page: Page) -> list[dict[str, Any]]:
    """The toasts ``page`` has shown since it loaded, oldest first: ``{"text", "error"}``."""
    shown: list[dict[str, Any]] = page.evaluate("window.__toasts || []")
    return shown


def toast_shown(
    page: Page, text: str, *, whole: bool = True, error: bool | None = None, since: int = 0
) -> None:
    """Wait until ``page`` has shown a toast saying ``text`` (all of it, or a part of it unless
    ``whole``; an error toast or not when ``error`` says so), after its first ``since`` toasts
    (``len(toasts(page))`` before the action), whether or not it is still showing."""
    page.wait_for_function(
        """([text, whole, error, since]) => (window.__toasts || []).slice(since).some((t) =>
          (whole ? t.text === text : t.text.includes(text))
          && (error === null || t.error === error))""",
        arg=[text, whole, error, since],
    )


def open_page(
    browser: Browser,
    url: str,
    *,
    width: int = 1366,
    height: int = 768,
    path: str = "",
    guide: bool = False,
    cookies: list[dict[str, Any]] | None = None,
    **options: Any,
) -> Page:
    """A page in a fresh browser context with the game loaded.  (On loopback the server
    treats every visitor without a cookie as its one local player: see :func:`new_game`.)
    The first-run guide is marked seen unless ``guide`` (:func:`new_context`); ``cookies``
    are set before the page loads."""
    context = new_context(browser, width=width, height=height, guide=guide, **options)
    if cookies:
        context.add_cookies(cookies)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url + path.lstrip("/"))
    settle(page)
    return page


#: What a failed test's report says of each page: the board, the dialog, the focus, the
#: last toast and announcement, whether the server was lost and a service worker controls it.
_DESCRIBE = """() => {
  const board = document.getElementById("board");
  const dialog = document.querySelector("dialog[open]");
  const said = (id) => (document.getElementById(id)?.textContent || "").trim().slice(0, 160);
  const focus = document.activeElement;
  return {
    status: board?.dataset.status, pending: board?.dataset.pending,
    dialog: dialog ? dialog.dataset.dialog || dialog.id : null, hidden: document.hidden,
    focus: focus ? focus.id || focus.tagName : null, toast: said("toast"),
    announced: said("announcer"), serviceWorker: Boolean(navigator.serviceWorker?.controller),
    offline: Boolean(document.querySelector(".connection-banner:not([hidden])")),
  };
}"""


def describe_pages(browser: Browser, name: str) -> str:
    """What each page still open in ``browser`` shows, one line each, with a screenshot
    ``failed-<name>-<n>.png`` in ARTIFACTS: the report of a failed browser test (conftest)."""
    lines = []
    pages = [page for context in browser.contexts for page in context.pages]
    for n, page in enumerate(pages):
        shot = ARTIFACTS / f"failed-{name}-{n}.png"
        try:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(shot), timeout=5_000)
            seen = page.evaluate(_DESCRIBE)
        except Exception as problem:  # a page that cannot be read is said so, and no more
            lines.append(f"{page.url}: not readable ({type(problem).__name__}: {problem})")
            continue
        errors = getattr(page, "errors", [])
        lines.append(f"{page.url}: {seen}; page errors {errors}; screenshot {shot}")
    return "\n".join(lines) or "no page open"


#: Where each mode's new games are started.
GAMES_OF = {"classic": "api/games", "connect": "api/connect/games"}


def new_game(page: Page, *, mode: str = "classic", **body: Any) -> dict[str, Any]:
    """Start a new game of ``mode`` from ``body`` (default: a normal Turtle deal), load the
    page on it and return its state: ``new_game(page, mode="connect", code=CODE)``."""
    base = page.url.split("?")[0].rstrip("/")
    if mode == "classic" and not body:
        body = {"layout": "turtle"}
    answer = page.request.post(f"{base}/{GAMES_OF[mode]}", data=body)
    assert answer.ok, answer.text()
    page.goto(base + "/")
    settle(page)
    page.wait_for_selector(f"#board[data-mode='{mode}']", state="attached")
    state: dict[str, Any] = answer.json()
    return state


def dialog_settled(page: Page) -> None:
    """Wait until the dialogs' opening animations are over: finished, or cancelled (a
    cancelled animation's ``finished`` rejects, and that is no failure of the page)."""
    page.evaluate(
        "Promise.all(document.getAnimations().filter(a => a.effect && "
        "a.effect.target && a.effect.target.closest && "
        "a.effect.target.closest('dialog')).map(a => a.finished.catch(() => null)))"
    )


def watch_class(page: Page, name: str) -> None:
    """From now on, note each tile (``data-i``) of ``page`` that gains the class ``name``: a
    class that lasts as long as an animation (``shake``, 280 ms) may be gone again before a
    test on a loaded machine looks, so the test asks :func:`class_gained` instead."""
    page.evaluate(
        """(name) => {
          window.__gained = window.__gained || {};
          const seen = (window.__gained[name] = []);
          new MutationObserver((changes) => {
            for (const change of changes) {
              const i = change.target.dataset.i;
              if (change.target.classList.contains(name) && !seen.includes(i)) seen.push(i);
            }
          }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ["class"]});
        }""",
        name,
    )


def class_gained(page: Page, name: str, i: int) -> None:
    """Wait until the tile at ``i`` has gained the class ``name`` since :func:`watch_class`."""
    page.wait_for_function(
        "([name, i]) => ((window.__gained || {})[name] || []).includes(String(i))",
        arg=[name, i],
    )


def settle(page: Page, timeout: float = 30_000) -> None:
    """Wait until the board is drawn and no request is in flight.  A module's first page
    loads every script and font of the page for the first time: on a loaded machine that
    took more than 10 s, so the bound is Playwright's own for every other wait."""
    page.wait_for_selector(
        "#board:not([data-status='loading'])[data-pending='0']", state="attached", timeout=timeout
    )


def tiles(page: Page) -> list[dict[str, Any]]:
    """The tiles on the page, as the contract shows them."""
    return page.eval_on_selector_all(
        ".tile",
        """els => els.map(el => ({
        i: Number(el.dataset.i), x: Number(el.dataset.x), y: Number(el.dataset.y),
        z: Number(el.dataset.z), tile: el.dataset.tile || null,
        free: el.classList.contains("free"), blocked: el.classList.contains("blocked"),
        selected: el.classList.contains("selected"), hint: el.classList.contains("hint")}))""",
    )


def click_tile(page: Page, i: int, *, wait: bool = True) -> None:
    """Click the tile at position ``i`` like a player; by default wait for the answer."""
    page.click(f".tile[data-i='{i}']")
    if wait:
        settle(page)


def stuck_sequence(board: Board, *, tries: int = 400, seed: int = 7) -> list[Move]:
    """A sequence of legal moves from ``board`` that ends with no move left and tiles on the
    board: the shortest found by random play-outs."""
    rng = random.Random(seed)
    best: list[Move] | None = None
    for _ in range(tries):
        trial = board.copy(stack=False)
        moves: list[Move] = []
        while not trial.is_stuck() and not trial.is_won():
            if best is not None and len(moves) >= len(best):
                break
            move = rng.choice(trial.matching_pairs())
            trial.push(move)
            moves.append(move)
        if trial.is_stuck() and not trial.is_won() and (best is None or len(moves) < len(best)):
            best = moves
    if best is None:
        raise AssertionError("no stuck position found by random play")
    return best
