"""The clock in the page (rules §3.4, §3.5), in headless Chromium: an
open dialog pauses the game on the server and the timer stands still until it closes; a
stuck board stops the clock while the No moves dialog is shown."""

from __future__ import annotations

import pytest

from browser_support import settle
from position_support import reach_no_moves

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"


def api_game(page) -> dict:
    return page.request.get(page.url.split("?")[0].rstrip("/") + "/api/game").json()


def test_opening_a_dialog_pauses_the_clock_and_closing_it_resumes(page) -> None:
    page.wait_for_function("() => document.getElementById('timer').textContent !== '00:00'")
    page.click("#menu-button")
    page.click("#menu [data-action='rules']")
    page.locator("dialog[open]").wait_for(state="visible")
    settle(page)
    paused = api_game(page)
    assert paused["status"] == "paused" and paused["running"] is False
    shown = page.inner_text("#timer")
    page.wait_for_timeout(2200)
    assert page.inner_text("#timer") == shown  # the page's timer stands still
    assert api_game(page)["elapsed"] == paused["elapsed"]  # and so does the server's clock
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('board').dataset.status === 'playing'")
    settle(page)
    assert api_game(page)["running"] is True
    page.wait_for_function("t => document.getElementById('timer').textContent !== t", arg=shown)


def test_a_stuck_board_stops_the_timer(page) -> None:
    reach_no_moves(page, CODE)
    settle(page)
    stuck = api_game(page)
    assert stuck["status"] == "stuck" and stuck["running"] is False
    shown = page.inner_text("#timer")
    page.wait_for_timeout(2200)
    assert page.inner_text("#timer") == shown
    assert api_game(page)["elapsed"] == stuck["elapsed"]
