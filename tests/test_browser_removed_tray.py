"""The tray of removed tiles in the page (rules §5.13; js/board/removed-tray.js), in headless
Chromium against the real server: off by default; switched on in Settings (by keyboard) it
shows the pair just removed as two ``[data-tile]`` in one group named by the tile, an undo
takes them out again and a redo puts them back, a pause hides it, and the switch is kept
across a reload; on a phone the tray is a sheet that its button opens and closes by keyboard
(``aria-expanded``), Escape closes it and gives the focus back to the button.  No console
error, and clean under axe."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import click_tile, new_game, open_page, settle
from mahjong_solitaire import deal_from_code
from test_browser_a11y import audit

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"
DEAL = deal_from_code(CODE)
TRAY = "#removed"
SWITCH = "[data-setting='removed-tray']"
TOGGLE = "#removed-toggle"


def watched(browser: Any, server: Any, **size: int) -> Any:
    """A page on a new game of CODE whose console errors are kept in ``console_errors``."""
    page = open_page(browser, server.url, **size)
    page.console_errors = []
    page.on(
        "console",
        lambda message: message.type == "error" and page.console_errors.append(message.text),
    )
    new_game(page, code=CODE)
    return page


def closed(page: Any) -> None:
    assert page.errors == [], page.errors
    assert page.console_errors == [], page.console_errors
    page.context.close()


def toggle_switch(page: Any) -> bool:
    """Open Settings from the menu, toggle the tray's switch with Space and close; whether
    it is on now."""
    page.click("#menu-button")
    page.click("[data-action='settings']")
    page.locator("dialog[data-dialog='settings']").wait_for(state="visible")
    was = page.is_checked(SWITCH)
    page.focus(SWITCH)
    page.keyboard.press("Space")
    assert page.is_checked(SWITCH) is not was
    page.keyboard.press("Escape")
    page.locator("dialog[data-dialog='settings']").wait_for(state="hidden")
    settle(page)
    return not was


def play_first_pair(page: Any) -> list[str]:
    """Take the first pair of the solution by clicks; the faces the board drew there."""
    move = DEAL.solution[0]
    faces = [
        page.get_attribute(f".tile[data-i='{i}']", "data-tile") or "" for i in (move.a, move.b)
    ]
    click_tile(page, move.a)
    click_tile(page, move.b)
    return faces


def tray_tiles(page: Any) -> list[dict[str, str]]:
    return page.eval_on_selector_all(
        f"{TRAY} [data-tile]",
        """els => els.map(el => ({tile: el.dataset.tile, label: el.getAttribute('aria-label'),
            group: el.closest('.removed-group').dataset.kind}))""",
    )


def test_the_tray_is_off_by_default_and_shows_undoes_and_keeps_the_removed_pair(
    browser: Any, server: Any
) -> None:
    page = watched(browser, server)
    assert page.locator(TRAY).is_hidden()
    faces = play_first_pair(page)
    assert page.locator(TRAY).is_hidden()  # nothing shown until the player asks for it
    assert toggle_switch(page) is True
    tray = page.locator(TRAY)
    tray.wait_for(state="visible")
    shown = tray_tiles(page)
    assert [tile["tile"] for tile in shown] == faces
    assert len({tile["group"] for tile in shown}) == 1  # a pair is one kind: one group
    assert all(tile["label"] for tile in shown)
    group = page.locator(f"{TRAY} .removed-group")
    assert group.locator(".removed-count").inner_text() == "2"
    assert "2 tiles" in (group.get_attribute("aria-label") or "")
    assert "2 tiles removed" in page.inner_text(f"{TRAY} .removed-total")
    assert audit(page) == []
    # an undo puts the pair back on the board and out of the tray; a redo takes it again
    page.keyboard.press("z")
    page.wait_for_function("() => document.querySelectorAll('#removed [data-tile]').length === 0")
    settle(page)
    assert "0 tiles removed" in page.inner_text(f"{TRAY} .removed-total")
    page.keyboard.press("y")
    page.wait_for_function("() => document.querySelectorAll('#removed [data-tile]').length === 2")
    settle(page)
    # a pause hides the faces, the tray's with the board's
    page.keyboard.press("p")
    page.wait_for_selector("#board[data-status='paused']", state="attached")
    settle(page)
    assert tray.is_hidden()
    page.click("#resume")
    settle(page)
    tray.wait_for(state="visible")
    # the switch is kept: a reload shows the tray again, drawn from the server's state
    page.reload()
    settle(page)
    tray.wait_for(state="visible")
    assert [tile["tile"] for tile in tray_tiles(page)] == faces
    assert toggle_switch(page) is False
    assert tray.is_hidden()
    closed(page)


def test_on_a_phone_the_tray_is_a_sheet_its_button_opens_and_closes_by_keyboard(
    browser: Any, server: Any
) -> None:
    page = watched(browser, server, width=360, height=640)
    toggle = page.locator(TOGGLE)
    assert toggle.is_hidden()
    assert toggle_switch(page) is True
    faces = play_first_pair(page)
    toggle.wait_for(state="visible")
    tray = page.locator(TRAY)
    assert tray.is_hidden() and toggle.get_attribute("aria-expanded") == "false"
    assert toggle.locator(".removed-badge").inner_text() == "2"  # the button names the count
    toggle.focus()
    page.keyboard.press("Enter")
    tray.wait_for(state="visible")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.evaluate("document.activeElement.id") == "removed"  # the focus is in the sheet
    assert [tile["tile"] for tile in tray_tiles(page)] == faces
    box = tray.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert box["y"] >= 0 and box["y"] + box["height"] <= 640  # the sheet is on the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert audit(page) == []
    page.keyboard.press("Escape")
    tray.wait_for(state="hidden")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.id") == "removed-toggle"
    # the button closes it as well
    page.keyboard.press("Enter")
    tray.wait_for(state="visible")
    page.keyboard.press("Tab")  # from the sheet to its button
    assert page.evaluate("document.activeElement.id") == "removed-toggle"
    page.keyboard.press("Enter")
    tray.wait_for(state="hidden")
    assert toggle.get_attribute("aria-expanded") == "false"
    # the board is still played by keyboard after the sheet: an undo takes the pair out
    page.keyboard.press("z")
    page.wait_for_function(
        "() => document.querySelector('#removed-toggle .removed-badge').textContent === '0'"
    )
    settle(page)
    assert tray_tiles(page) == []
    closed(page)
