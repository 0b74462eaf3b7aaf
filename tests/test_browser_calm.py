"""Calm play in the page, in headless Chromium against the real server: leaving a game in
which a pair was played asks first (rules §12.1: a new game, Restart, a shared link), by
keyboard, with the focus on the safe choice; cancel keeps the game as it was; a setting
turns the question off; zen hides the timer, the counters and the "still winnable?" chip
while playing and the win still shows every figure.  Each announced, and clean under axe."""

from __future__ import annotations

import pytest

from browser_support import click_tile, new_game, settle, tiles
from mahjong_solitaire import deal_from_code
from position_support import reach_win
from test_browser_a11y import audit

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"
OTHER_CODE = "MJ1-L00-AAAAABM"
DEAL = deal_from_code(CODE)
QUESTION = "dialog[data-dialog='confirm-leave']"


def base(page) -> str:
    return page.url.split("?")[0].rstrip("/")


def api_state(page) -> dict:
    return page.request.get(base(page) + "/api/game").json()


def announced(page) -> str:
    page.wait_for_timeout(120)  # the live region speaks 60 ms after it is told
    return page.text_content("#announcer") or ""


def play_a_pair(page) -> dict:
    """Take the first pair of the solution by clicks; the game as the server has it."""
    move = DEAL.solution[0]
    click_tile(page, move.a)
    click_tile(page, move.b)
    return api_state(page)


def ask_for_a_new_game_by_keyboard(page) -> None:
    """N opens the New game dialog; Enter on its Play button starts the picked deal."""
    page.keyboard.press("n")
    page.locator("dialog[data-dialog='new-game']").wait_for(state="visible")
    page.focus("#start-game")
    page.keyboard.press("Enter")


def change_setting_by_keyboard(page, setting: str) -> bool:
    """Open Settings from the menu and toggle the checkbox ``data-setting`` with Space;
    whether it was checked before."""
    page.click("#menu-button")
    page.keyboard.press("Escape")  # the menu opens and closes by keyboard as well
    page.click("#menu-button")
    page.click("[data-action='settings']")
    page.locator("dialog[data-dialog='settings']").wait_for(state="visible")
    box = f"[data-setting='{setting}']"
    was = page.is_checked(box)
    page.focus(box)
    page.keyboard.press("Space")
    assert page.is_checked(box) is not was
    page.keyboard.press("Escape")
    settle(page)
    return was


def test_leaving_a_game_with_a_pair_played_asks_first_and_cancel_keeps_it(page) -> None:
    new_game(page, code=CODE)
    before = play_a_pair(page)
    ask_for_a_new_game_by_keyboard(page)
    question = page.locator(QUESTION)
    question.wait_for(state="visible")
    assert "Abandon this game?" in question.inner_text()
    # the focus is on the safe choice, and the question passes the audit
    assert page.evaluate("document.activeElement.id") == "leave-cancel"
    assert audit(page) == []
    page.keyboard.press("Escape")
    question.wait_for(state="hidden")
    settle(page)
    after = api_state(page)
    assert after["id"] == before["id"] and after["tiles_left"] == 142
    assert after["status"] == "playing"  # the pause of the dialogs is over
    assert len(tiles(page)) == 142
    assert "keep playing" in announced(page)
    # asked again, Tab goes to "Abandon it", Enter starts the new game
    ask_for_a_new_game_by_keyboard(page)
    question.wait_for(state="visible")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "leave-confirm"
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(id) => document.querySelector('#board').dataset.game !== id", arg=before["id"]
    )
    settle(page)
    assert page.locator(QUESTION).count() == 0
    fresh = api_state(page)
    assert fresh["id"] != before["id"] and fresh["tiles_left"] == 144


def test_keep_playing_after_restart_leaves_the_game_exactly_as_it_was(page) -> None:
    new_game(page, code=CODE)
    before = play_a_pair(page)
    page.click("#menu-button")
    page.click("[data-action='restart']")
    page.locator(QUESTION).wait_for(state="visible")
    page.click("#leave-cancel")
    settle(page)
    after = api_state(page)
    assert after["id"] == before["id"] and after["status"] == "playing"
    assert {t["i"] for t in after["tiles"]} == {t["i"] for t in before["tiles"]}
    assert after["undos"] == before["undos"] and after["can_undo"]
    # "Abandon it" restarts the deal
    page.click("#menu-button")
    page.click("[data-action='restart']")
    page.click("#leave-confirm")
    page.wait_for_function("() => document.querySelectorAll('.tile').length === 144")
    settle(page)
    again = api_state(page)
    assert again["id"] != before["id"] and again["code"] == CODE
    assert "from the start" in announced(page)


def test_a_deal_with_no_pair_played_is_left_without_a_question(page) -> None:
    new_game(page, code=CODE)
    first = api_state(page)
    ask_for_a_new_game_by_keyboard(page)
    page.wait_for_function(
        "(id) => document.querySelector('#board').dataset.game !== id", arg=first["id"]
    )
    settle(page)
    assert page.locator(QUESTION).count() == 0


def test_a_shared_link_asks_before_abandoning_the_game_in_progress(page) -> None:
    new_game(page, code=CODE)
    before = play_a_pair(page)
    page.goto(f"{base(page)}/?code={OTHER_CODE}")
    page.locator(QUESTION).wait_for(state="visible")
    assert page.evaluate("document.activeElement.id") == "leave-cancel"
    page.keyboard.press("Escape")
    settle(page)
    assert api_state(page)["id"] == before["id"]
    assert page.get_attribute("#code", "data-code") == CODE
    page.goto(f"{base(page)}/?code={OTHER_CODE}")
    page.locator(QUESTION).wait_for(state="visible")
    page.click("#leave-confirm")
    page.wait_for_function(
        "(code) => document.querySelector('#code').dataset.code === code", arg=OTHER_CODE
    )
    settle(page)
    assert api_state(page)["code"] == OTHER_CODE


def test_the_question_can_be_turned_off_in_the_settings_and_is_remembered(page) -> None:
    assert change_setting_by_keyboard(page, "confirm-abandon") is True  # on by default
    page.reload()
    settle(page)
    stored = page.evaluate("JSON.parse(localStorage.getItem('mahjong-solitaire.settings'))")
    assert stored["confirmAbandon"] is False
    new_game(page, code=CODE)
    before = play_a_pair(page)
    page.click("#menu-button")
    page.click("[data-action='restart']")
    page.wait_for_function("() => document.querySelectorAll('.tile').length === 144")
    settle(page)
    assert page.locator(QUESTION).count() == 0
    assert api_state(page)["id"] != before["id"]


def test_zen_hides_the_timer_counters_and_chip_while_playing_and_the_win_shows_all(
    page,
) -> None:
    new_game(page, code=CODE)
    assert page.is_visible("#timer") and page.is_visible("#tiles-left")
    assert change_setting_by_keyboard(page, "zen") is False  # off by default
    page.reload()
    settle(page)
    assert page.evaluate("document.body.classList.contains('zen')")
    for hidden in ("#timer", "#tiles-left", "#pairs", "#winnable"):
        assert page.is_hidden(hidden), hidden
    assert not page.title()[0].isdigit()  # no counter in the tab's title either
    assert audit(page) == []
    reach_win(page, CODE)
    win = page.locator("dialog[data-dialog='win']")
    assert win.locator("[data-fact='time']").inner_text().strip() not in ("", "0:00")
    for fact in ("hints", "undos", "shuffles"):
        assert win.locator(f"[data-fact='{fact}']").inner_text().strip() == "0"
    page.keyboard.press("Escape")
    # the statistics still count the win
    stats = page.request.get(base(page) + "/api/statistics").json()
    assert stats["won"] >= 1
