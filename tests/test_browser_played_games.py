"""The Statistics page's history on the page (issue 28): every game over or stuck is listed,
the latest first, with its outcome in words, and its Review opens the game's review; a stuck
game's review marks its first losing move.  The list comes a page at a time, and "Show more
games" works by keyboard, moves the focus to the first game it brought and says how many.
The test server has one player for the module's tests: a test reads the games it made."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from browser_support import settle
from mahjong_solitaire import deal_from_code
from test_browser_a11y import audit
from test_browser_review import CODE, REVIEW, play, step, stuck

pytestmark = pytest.mark.browser

LIST = "#played-games"


def open_statistics(page: Page) -> Any:
    page.click("#menu-button")
    page.click("#menu [data-action='statistics']")
    dialog = page.locator("dialog[data-dialog='statistics']")
    dialog.wait_for(state="visible")
    return dialog


def described(page: Page, button: Any) -> str:
    """What a screen reader reads with ``button``: the text of its ``aria-describedby``."""
    line = button.get_attribute("aria-describedby")
    return page.inner_text(f"[id='{line}']")


def test_the_history_opens_the_review_of_a_stuck_game(page: Page) -> None:
    game_id, moves, losing = stuck(page)
    page.keyboard.press("Escape")  # the No moves dialog
    settle(page)
    open_statistics(page)
    row = page.locator(f"{LIST} li[data-game='{game_id}']")
    row.wait_for(state="visible")
    assert row.get_attribute("data-status") == "stuck"
    assert page.locator(f"{LIST} li").first.get_attribute("data-game") == game_id  # the latest
    button = row.locator("[data-action='review']")
    assert described(page, button).startswith("Stuck: no moves left")
    assert "Turtle" in described(page, button)
    button.focus()
    page.keyboard.press("Enter")
    review = page.locator(REVIEW)
    review.wait_for(state="visible")
    page.wait_for_selector(".review-board[data-step] .tile", state="attached")
    assert review.locator("#review-timeline [role='option']").count() == len(moves) + 1
    marked = review.locator("#review-timeline [data-losing='true']")
    assert marked.get_attribute("data-step") == str(losing)
    assert step(page) == losing
    assert not audit(page)


def test_a_won_and_an_abandoned_game_are_listed_with_their_outcomes(page: Page) -> None:
    won = play(page, list(deal_from_code(CODE).solution))
    page.locator("dialog[data-dialog='win']").wait_for(state="visible")
    page.keyboard.press("Escape")
    settle(page)
    base = page.url.split("?")[0].rstrip("/")
    later = page.request.post(f"{base}/api/games", data={"code": CODE}).json()
    page.request.post(f"{base}/api/games", data={"code": CODE})  # abandons the later one
    page.reload()
    settle(page)
    open_statistics(page)
    rows = page.locator(f"{LIST} li")
    rows.first.wait_for(state="visible")
    listed = rows.evaluate_all("els => els.map(el => [el.dataset.game, el.dataset.status])")
    assert listed[:2] == [[later["id"], "abandoned"], [won, "won"]]
    assert {status for _, status in listed[2:]} <= {"abandoned"}  # the games before the win
    assert rows.nth(0).inner_text().startswith("Game abandoned")
    assert rows.nth(1).inner_text().startswith("Game won")
    rows.nth(1).locator("[data-action='review']").click()
    review = page.locator(REVIEW)
    review.wait_for(state="visible")
    assert review.locator("#review-timeline [role='option']").count() == 73


def test_show_more_games_brings_the_next_page_by_keyboard(page: Page) -> None:
    base = page.url.split("?")[0].rstrip("/")
    started = [page.request.post(f"{base}/api/games", data={"code": CODE}).json()["id"]]
    for _ in range(21):  # each new game abandons the one before: 21 abandoned games
        started.append(page.request.post(f"{base}/api/games", data={"code": CODE}).json()["id"])
    page.goto(base + "/")
    settle(page)
    open_statistics(page)
    rows = page.locator(f"{LIST} li")
    rows.first.wait_for(state="visible")
    assert rows.count() == 20
    more = page.locator("[data-action='more-games']")
    more.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{LIST} li:nth-child(21)", state="attached")
    came = rows.count() - 20  # the server's one player may have older games (of other tests)
    assert came >= 1 and more.is_hidden() == (came < 20)
    shown = rows.evaluate_all("els => els.map(el => el.dataset.game)")
    assert shown[:21] == started[-2::-1]  # every abandoned game once, the latest first
    assert len(set(shown)) == len(shown)
    focused = page.evaluate("document.activeElement.closest('li').dataset.game")
    assert focused == started[0]  # the first game the page brought
    games = "game" if came == 1 else "games"
    assert page.inner_text("#played-said") == f"{came} more {games} shown"
