"""Fair boards in the page (rules §12.3), in headless Chromium: the
Leaderboard's and the daily calendar's boards list only fair wins and say the rule in a
sentence; a "Show all wins" switch, by mouse or keyboard, lists the assisted win and the
later attempt too, marked, announces the change, and axe stays clean."""

from __future__ import annotations

import pytest

import test_browser_a11y as a11y
from browser_support import settle
from mahjong_solitaire import deal_from_code
from serving import a_minute_passes

pytestmark = pytest.mark.browser


def win_daily(page, server, *, hint: bool) -> None:
    """Win today's challenge by the API, at a human pace (a ranked win), with a hint first
    when ``hint``."""
    base = server.url
    state = page.request.post(base + "api/games", data={"daily": True}).json()
    if hint:
        state = page.request.post(f"{base}api/games/{state['id']}/hint", data={}).json()
    a_minute_passes(server.database, state["id"])
    for move in deal_from_code(state["code"]).solution:
        for position in move:
            state = page.request.post(
                f"{base}api/games/{state['id']}/tap", data={"position": position}
            ).json()
    assert state["status"] == "won" and state["result"]["ranked"], state


@pytest.fixture
def played(page, server):
    """The page's player won today's challenge first with a hint, then again cleanly."""
    win_daily(page, server, hint=True)
    win_daily(page, server, hint=False)
    page.reload()
    settle(page)
    return page


def rows(page, table: str) -> int:
    return page.locator(f"#{table} tbody tr").count()


def test_the_leaderboard_shows_fair_wins_and_show_all_adds_the_rest(played) -> None:
    page = played
    page.click("#menu-button")
    page.click("#menu [data-action='leaderboard']")
    page.locator("#board-all").wait_for(state="visible")
    assert page.locator("[data-fair-rule='daily']").is_visible()
    assert page.locator("[data-fair-rule='best']").is_visible()
    assert page.locator("#daily-table").count() == 0  # the first attempt was assisted
    assert rows(page, "leaderboard-table") == 1  # the clean win only
    page.focus("#board-all")
    page.keyboard.press("Space")  # by keyboard
    page.locator("#daily-table").wait_for(state="visible")
    page.wait_for_function(
        "() => document.querySelectorAll('#leaderboard-table tbody tr').length === 2"
    )
    assert rows(page, "daily-table") == 2
    marks = page.locator("#daily-table .entry-marks").all_inner_texts()
    assert sorted(marks) == [" (assisted)", " (later attempt)"]
    assert page.locator("#leaderboard-table .entry-marks").all_inner_texts() == [" (assisted)"]
    said = page.locator(".show-all [role='status']").inner_text()
    assert said == "All wins shown, assisted wins and later attempts too"
    assert a11y.audit(page) == []
    page.click("#board-all")  # and back, by mouse
    page.wait_for_function("() => !document.querySelector('#daily-table')")
    assert rows(page, "leaderboard-table") == 1


def test_the_daily_calendar_board_has_the_show_all_switch(played) -> None:
    page = played
    page.click("#menu-button")
    page.click("#menu [data-action='daily']")
    page.locator("#daily-all").wait_for(state="visible")
    page.wait_for_function(
        "() => !document.querySelector('#daily-board')?.textContent.includes('…')"
    )
    assert page.locator("#daily-board table").count() == 0
    assert page.locator("#daily-day [data-fair-rule='daily']").is_visible()
    page.click("#daily-all")
    page.locator("#daily-board table").wait_for(state="visible")
    every = page.request.get(page.url.rstrip("/") + "/api/daily-board?all=true").json()
    assert len(every["entries"]) >= 2  # (the module's tests share one local player)
    assert page.locator("#daily-board tbody tr").count() == len(every["entries"])
    assert page.evaluate("document.activeElement.id") == "daily-all"  # the focus stays
