"""In Chromium, the page is an installable app.  Its web app manifest is
linked and valid (Chromium reads it without a complaint) with icons of our own drawing; its
service worker registers and, when the server is stopped, answers the page's own files from
its copy, so that the page still opens and says plainly (in the player's language) that
the server cannot be reached, then picks the game up again once the server is back, without
a reload; and the menu's "Full screen" item works by keyboard, is announced, and is hidden
where the browser has no Fullscreen API."""

from __future__ import annotations

import struct
import time

import pytest

from browser_support import new_context, open_page, settle
from mahjong_solitaire.i18n import translator
from serving import ProductServer
from test_browser_a11y import audit

pytestmark = pytest.mark.browser

#: js/shell/strings.js's texts, the msgids the catalogues translate.
OFFLINE = "The game server cannot be reached. Your game is safe on it; this page keeps trying."
BACK = "The game server answers again."

ITEM = "#menu [data-action='fullscreen']"


def test_the_manifest_is_linked_valid_and_shows_our_icons(browser, server):
    page = open_page(browser, server.url)
    try:
        assert page.get_attribute("link[rel=manifest]", "href") == "/static/manifest.webmanifest"
        cdp = page.context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["url"].endswith("/static/manifest.webmanifest")
        data = page.request.get(manifest["url"]).json()
        assert data["display"] == "standalone"
        assert data["start_url"] == "/"
        assert data["name"] == "Mahjong Solitaire" and data["short_name"]
        assert data["theme_color"] and data["background_color"]
        sizes = {}
        for icon in data["icons"]:
            answer = page.request.get(server.url.rstrip("/") + icon["src"])
            assert answer.ok and answer.headers["content-type"].startswith(icon["type"])
            if icon["type"] == "image/png":
                body = answer.body()
                width, height = struct.unpack(">II", body[16:24])
                sizes[icon["sizes"]] = (width, height)
        assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}
        assert page.errors == []
    finally:
        page.context.close()


def until(page, expression: str, timeout: float = 15.0) -> None:
    """Wait until ``expression`` is true in the page (``wait_for_function`` evaluates its
    predicate with ``eval``, which the page's CSP refuses)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {expression}"
        page.wait_for_timeout(100)


def _banner(page):
    return page.locator("#connection-banner")


def test_with_the_server_stopped_the_page_opens_from_its_copy_says_so_and_recovers(
    browser, tmp_path
):
    server = ProductServer(f"sqlite:///{tmp_path}/games.db", log=tmp_path / "server.log")
    with server:
        page = open_page(browser, server.url, locale="pt-PT")
        try:
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            until(page, "navigator.serviceWorker.controller !== null", timeout=45)
            tiles_before = page.locator("#board .tile").count()
            assert tiles_before > 0
            server.stop()

            # the server is gone: the page's files come from the service worker's copy
            page.reload()
            assert page.locator("script[src='/static/js/shell/app.js']").count() == 1
            banner = _banner(page)
            banner.wait_for(state="visible")
            message = banner.locator(".connection-message")
            assert message.get_attribute("role") == "status"
            assert message.text_content() == translator("pt")(OFFLINE)
            assert banner.locator(".connection-next").text_content()  # "next try in … s"
            assert audit(page) == []
            # it keeps trying, waiting longer each time
            page.wait_for_timeout(3500)
            assert banner.is_visible()

            server.start()
            page.click("#connection-banner .connection-retry")
            until(
                page,
                "document.querySelector('#connection-banner .connection-message')"
                f".textContent === {translator('pt')(BACK)!r}",
            )
            settle(page)
            assert page.locator("#board .tile").count() == tiles_before
            banner.wait_for(state="hidden")
            assert page.errors == []
        finally:
            page.context.close()


def test_a_lost_server_found_again_by_the_pages_own_retries_needs_no_reload(browser, tmp_path):
    server = ProductServer(f"sqlite:///{tmp_path}/games.db", log=tmp_path / "server.log")
    with server:
        page = open_page(browser, server.url)
        try:
            page.evaluate("window.__same_page = true")
            server.stop()
            page.keyboard.press("h")  # a hint: a request that cannot reach the server
            _banner(page).wait_for(state="visible")
            server.start()
            _banner(page).wait_for(state="hidden", timeout=30_000)
            assert page.evaluate("window.__same_page") is True
            assert page.locator("#board .tile.free").count() > 0
        finally:
            page.context.close()


def test_full_screen_works_by_keyboard_and_is_announced(browser, server):
    page = open_page(browser, server.url)
    try:
        item = page.locator(ITEM)
        # Debian's Chromium, which the suite drives, has the Fullscreen API (a browser
        # without it hides the item: the next test)
        assert page.evaluate("document.fullscreenEnabled")
        page.focus("#menu-button")
        page.keyboard.press("Enter")
        item.focus()
        page.keyboard.press("Enter")
        until(page, "document.fullscreenElement !== null")
        until(page, "document.getElementById('announcer').textContent === 'Full screen'")
        page.focus("#menu-button")
        page.keyboard.press("Enter")
        assert item.text_content() == "Leave full screen"
        item.focus()
        page.keyboard.press("Enter")
        until(page, "document.fullscreenElement === null")
        until(page, f"document.querySelector({ITEM!r}).textContent === 'Full screen'")
        until(page, "document.getElementById('announcer').textContent === 'Left full screen'")
        assert page.errors == []
    finally:
        page.context.close()


def test_full_screen_is_hidden_where_the_browser_has_none(browser, server):
    context = new_context(browser, width=390, height=844)
    context.add_init_script(
        "Object.defineProperty(Document.prototype, 'fullscreenEnabled', {get: () => false});"
    )
    page = context.new_page()
    try:
        page.goto(server.url)
        settle(page)
        assert page.locator("#menu [data-action='fullscreen']").is_hidden()
    finally:
        context.close()
