"""Statistics that tell a story and the filtered leaderboard (rules §12.2, §12.3), in headless
Chromium: the median and the assisted wins apart in the facts and per layout and level, the
chart of the latest wins with the assisted ones hollow and the median dashed, a trend
sentence, the chart following one layout and level, the leaderboard filtered by layout and
difficulty with the count announced, and axe."""

from __future__ import annotations

import pytest

import test_browser_a11y as a11y
from browser_support import open_page, settle
from mahjong_solitaire import Difficulty, GameCode, deal_from_code
from serving import a_minute_passes

pytestmark = pytest.mark.browser

NORMAL_A = str(GameCode(0, 11, Difficulty.NORMAL))
NORMAL_B = str(GameCode(0, 12, Difficulty.NORMAL))
HARD = str(GameCode(0, 13, Difficulty.HARD))


def win_ranked(
    page, server, code: str | None, *, hint: bool = False, challenge: str | None = None
) -> dict:
    """Win ``code`` (None: today's challenge) through the API at a human's pace (a minute on
    the clock), with a hint first when ``hint``, under the rule set ``challenge`` if given;
    the won state."""
    base = server.url
    body: dict = {"code": code} if code else {"daily": True}
    if challenge is not None:
        body["challenge"] = challenge
    state = page.request.post(base + "api/games", data=body).json()
    if hint:
        state = page.request.post(f"{base}api/games/{state['id']}/hint", data={}).json()
    *before, last = deal_from_code(state["code"]).solution
    for move in before:
        for position in move:
            page.request.post(f"{base}api/games/{state['id']}/tap", data={"position": position})
    a_minute_passes(server.database, state["id"])
    for position in last:
        state = page.request.post(
            f"{base}api/games/{state['id']}/tap", data={"position": position}
        ).json()
    assert state["status"] == "won" and state["result"]["ranked"], state
    return state


@pytest.fixture(scope="module")
def played(browser, server) -> None:
    """The local player's wins: two normal Turtle wins (one with a hint) and a hard one."""
    page = open_page(browser, server.url)
    win_the_three(page, server)
    page.context.close()


def win_the_three(page, server) -> None:
    """Two normal Turtle wins (one with a hint) and a hard one, at a human's pace."""
    win_ranked(page, server, NORMAL_A)
    win_ranked(page, server, NORMAL_B, hint=True)
    win_ranked(page, server, HARD)


def rows_shown(page, n: int) -> None:
    """Wait until the leaderboard's table shows ``n`` rows."""
    page.wait_for_function(
        "n => document.querySelectorAll('#leaderboard-table tbody tr').length === n", arg=n
    )


def open_from_menu(page, action: str) -> None:
    page.click("#menu-button")
    page.click(f"#menu [data-action='{action}']")
    page.locator(f"dialog[data-dialog='{action}']").wait_for(state="visible")


def test_statistics_show_the_median_and_the_assisted_wins_apart(played, page) -> None:
    open_from_menu(page, "statistics")
    assert page.inner_text("[data-fact='assisted'] dd") == "1"
    assert page.inner_text("[data-fact='median'] dd") != "–"
    normal = page.locator("#stats-groups tr[data-difficulty='normal']")
    assert normal.locator("[data-assisted]").inner_text() == "1"
    hard = page.locator("#stats-groups tr[data-difficulty='hard']")
    assert hard.locator("[data-assisted]").inner_text() == "0"
    assert "without a hint" in page.inner_text("#stats-groups-note")
    # the chart: every win, the assisted one hollow, the median dashed, the best marked
    chart = page.locator("#times-chart svg")
    assert chart.locator(".point").count() == 3
    assert chart.locator(".point.assisted").count() == 1
    assert chart.locator(".median").count() == 1 and chart.locator("[data-best]").count() == 1
    assert chart.get_attribute("aria-describedby") == "stats-story"
    assert "more games to see how your times move" in page.inner_text("#stats-story")


def test_the_chart_follows_one_layout_and_level(played, page) -> None:
    open_from_menu(page, "statistics")
    page.select_option("#chart-group", "turtle|hard")
    assert page.locator("#times-chart .point").count() == 1
    page.select_option("#chart-group", "")
    assert page.locator("#times-chart .point").count() == 3


def test_the_leaderboard_is_filtered_by_layout_and_difficulty(played, page) -> None:
    open_from_menu(page, "leaderboard")
    rows = page.locator("#leaderboard-table tbody tr")
    assert rows.count() == 2  # the win with a hint only with "Show all wins" (rules §12.3)
    page.select_option("#board-difficulty", "hard")
    rows_shown(page, 1)
    assert rows.first.get_attribute("data-difficulty") == "hard"
    assert page.inner_text("#leaderboard-shown") == "1 win shown"
    page.select_option("#board-layout", "turtle")
    page.select_option("#board-difficulty", "easy")
    page.wait_for_selector("#leaderboard-box p.muted")
    assert "No wins on this layout at this level yet" in page.inner_text("#leaderboard-box")
    assert page.inner_text("#leaderboard-shown") == "0 wins shown"
    page.select_option("#board-difficulty", "")
    rows_shown(page, 2)
    page.click("#board-all")
    rows_shown(page, 3)


def test_the_filters_work_by_keyboard(played, page) -> None:
    open_from_menu(page, "leaderboard")
    page.focus("#board-difficulty")
    page.keyboard.press("End")  # the last choice: Hard
    rows_shown(page, 1)
    assert page.locator("#leaderboard-table tbody tr").first.get_attribute("data-difficulty") == (
        "hard"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_statistics_and_leaderboard_pass_the_axe_audit(played, browser, server, scheme) -> None:
    page = open_page(browser, server.url, color_scheme=scheme)
    settle(page)
    open_from_menu(page, "statistics")
    assert a11y.audit(page) == []
    page.keyboard.press("Escape")
    open_from_menu(page, "leaderboard")
    page.select_option("#board-difficulty", "hard")
    rows_shown(page, 1)
    assert a11y.audit(page) == []
    assert page.errors == []
    page.context.close()
