"""Honest shuffle refusals in the page (rules §6.2), in headless Chromium: when the server's
search for a solvable shuffle runs out, the page says that none was found *yet* and offers
a longer search or an undo, by keyboard, announced, and clean under axe.

The server's search never runs out on a real deal within a test's time, so the first
answer to ``/shuffle`` is replaced by the refusal the server gives in that case (the very
error object of ``web/errors.py``); the longer search is the real server's.
"""

from __future__ import annotations

import json

import pytest

from browser_support import open_page, settle, toast_shown
from mahjong_solitaire.i18n import error_message, translator
from position_support import reach_no_moves
from test_browser_a11y import audit

pytestmark = pytest.mark.browser


@pytest.fixture
def page_options() -> dict[str, object]:
    """No service worker (the page registers one a second after it loads): Playwright does
    not route the requests a service worker handles, and advises blocking workers where a
    test routes the page's requests."""
    return {"service_workers": "block"}


def refuse_the_first_shuffle(page, error: str) -> None:
    answered = []

    def handle(route):
        if answered:
            route.continue_()
            return
        answered.append(route.request.url)
        route.fulfill(
            status=409,
            content_type="application/json",
            body=json.dumps({"error": error, "message": error_message(error, "en"), "detail": ""}),
        )

    page.route("**/api/games/*/shuffle", handle)


def test_a_shuffle_not_found_yet_offers_a_longer_search_by_keyboard(page):
    _ = translator("en")
    refuse_the_first_shuffle(page, "shuffle_not_found")
    page.keyboard.press("s")
    dialog = page.locator("dialog[data-dialog='shuffle-not-found']")
    dialog.wait_for(state="visible")
    note = dialog.locator("#shuffle-search-note")
    assert note.get_attribute("aria-live") == "polite"
    assert "found yet" in note.inner_text()
    assert "No shuffle can help" not in dialog.inner_text()
    assert page.evaluate("document.activeElement.id") == "shuffle-longer"
    assert audit(page) == []
    page.keyboard.press("Enter")  # the longer search, on the real server
    dialog.wait_for(state="hidden")
    settle(page)
    page.wait_for_function(
        "(text) => document.getElementById('announcer').textContent.includes(text)",
        arg=_("Tiles shuffled"),
    )
    state = page.evaluate("fetch('/api/game').then(r => r.json())")
    assert state["shuffles"] == 1


def test_a_proven_hopeless_shuffle_still_says_so(page):
    refuse_the_first_shuffle(page, "no_shuffle")
    page.keyboard.press("s")
    toast_shown(page, "No shuffle can help", whole=False)
    assert not page.locator("dialog[data-dialog='shuffle-not-found']").is_visible()


def test_the_no_moves_dialog_hands_a_shuffle_not_found_to_the_longer_search(browser, server):
    page = open_page(browser, server.url, service_workers="block")
    reach_no_moves(page, "MJ1-L00-AAAAABL")
    refuse_the_first_shuffle(page, "shuffle_not_found")
    page.click("#stuck-shuffle")
    dialog = page.locator("dialog[data-dialog='shuffle-not-found']")
    dialog.wait_for(state="visible")
    assert dialog.locator("#shuffle-undo").is_visible()
    dialog.locator("#shuffle-longer").click()
    dialog.wait_for(state="hidden")
    settle(page)
    assert page.evaluate("fetch('/api/game').then(r => r.json())")["shuffles"] == 1
    assert page.errors == []
    page.context.close()
