"""The challenge filter of the Leaderboard and the Statistics (rules §12.3, §13), in
headless Chromium: plain play's wins by default, one rule set's on choosing it (a score
column on a board that ranks by score, the best score in the facts), by keyboard, and the
choice announced."""

from __future__ import annotations

import pytest

from browser_support import open_page
from mahjong_solitaire import Difficulty, GameCode
from test_browser_statistics import open_from_menu, rows_shown, win_ranked

pytestmark = pytest.mark.browser

PLAIN = str(GameCode(0, 21, Difficulty.NORMAL))
SCORED = str(GameCode(0, 22, Difficulty.NORMAL))


@pytest.fixture(scope="module")
def played(browser, server) -> None:
    """A plain win and a scored challenge's win."""
    page = open_page(browser, server.url)
    win_ranked(page, server, PLAIN)
    win_ranked(page, server, SCORED, challenge="scored")
    page.context.close()


def test_the_leaderboard_shows_one_rule_set_at_a_time(played, page) -> None:
    open_from_menu(page, "leaderboard")
    rows_shown(page, 1)
    assert page.locator("#leaderboard-table [data-score]").count() == 0  # plain play: times
    page.wait_for_selector("#board-challenge option[value='scored']", state="attached")
    page.select_option("#board-challenge", "scored")
    page.wait_for_selector("#leaderboard-table td[data-score]")
    rows_shown(page, 1)
    score = page.locator("#leaderboard-table td[data-score]").get_attribute("data-score")
    assert score and int(score) > 0
    assert page.inner_text("#leaderboard-shown") == "1 win shown"
    page.focus("#board-challenge")
    page.keyboard.press("End")  # the last rule set: no win under it
    page.wait_for_selector("#leaderboard-box p.muted")
    assert page.inner_text("#leaderboard-shown") == "0 wins shown"


def test_the_statistics_show_one_rule_set_at_a_time(played, page) -> None:
    open_from_menu(page, "statistics")
    assert page.locator("[data-fact='best-score']").count() == 0
    page.wait_for_selector("#stats-challenge option[value='scored']", state="attached")
    page.select_option("#stats-challenge", "scored")
    page.wait_for_selector("[data-fact='best-score']")
    assert int(page.inner_text("[data-fact='best-score'] dd").replace(",", "")) > 0
    assert page.inner_text("#stats-challenge-shown") == "Showing: Scored"
    assert page.evaluate("document.activeElement.id") == "stats-challenge"
    assert page.input_value("#stats-challenge") == "scored"
    page.select_option("#stats-challenge", "")
    page.wait_for_selector("[data-fact='best-score']", state="detached")
    assert page.input_value("#stats-challenge") == ""
