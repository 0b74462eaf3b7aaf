"""The daily challenges in the page (rules §7.7), in headless Chromium: the
menu's daily item opens a calendar whose first button plays today, one cell per day of the
last 365 marked won / played / not played, the streaks, any past day played from its cell
with its own board shown, the board's "Daily — date" badge, the keyboard, and axe."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest

import test_browser_a11y as a11y
from browser_support import settle
from mahjong_solitaire import deal_from_code

pytestmark = pytest.mark.browser


def today() -> date:
    return datetime.now(UTC).date()


def open_calendar(page) -> None:
    page.click("#menu-button")
    page.click("#menu [data-action='daily']")
    page.locator("dialog[data-dialog='daily'] #daily-calendar").wait_for(state="visible")


def win_by_api(page, server, body: dict) -> dict:
    state = page.request.post(server.url + "api/games", data=body).json()
    for move in deal_from_code(state["code"]).solution:
        for position in move:
            state = page.request.post(
                f"{server.url}api/games/{state['id']}/tap", data={"position": position}
            ).json()
    assert state["status"] == "won", state
    return state


def test_the_daily_item_opens_a_calendar_of_365_days_with_play_today_first(page) -> None:
    open_calendar(page)
    dialog = page.locator("#dialog-body")
    assert dialog.locator("button").first.get_attribute("id") == "daily-today"
    assert page.evaluate("document.activeElement.id") == "daily-today"
    dates = page.eval_on_selector_all(
        ".daily-cell[data-date]", "els => els.map(e => e.dataset.date)"
    )
    assert len(dates) == 365 and len(set(dates)) == 365
    assert dates[-1] == today().isoformat()
    assert dates[0] == (today() - timedelta(days=364)).isoformat()
    assert page.get_attribute(f"[data-date='{dates[-1]}']", "aria-current") == "date"
    assert page.get_attribute("[data-streak]", "data-streak") == "0"
    page.click("#daily-today")
    settle(page)
    state = page.request.get(page.url.rstrip("/") + "/api/game").json()
    assert state["daily"] == today().isoformat()
    badge = page.locator("#daily-badge")
    assert badge.is_visible() and badge.get_attribute("data-daily") == state["daily"]
    assert "—" in badge.inner_text()


def test_a_past_day_shows_its_board_and_is_played_from_its_cell(page) -> None:
    day = (today() - timedelta(days=40)).isoformat()
    open_calendar(page)
    page.click(f".daily-cell[data-date='{day}']")
    page.locator(f"#daily-board[data-date='{day}']").wait_for()
    assert page.get_attribute(f".daily-cell[data-date='{day}']", "aria-pressed") == "true"
    page.click(f"#daily-play-day[data-date='{day}']")
    settle(page)
    state = page.request.get(page.url.rstrip("/") + "/api/game").json()
    assert state["daily"] == day
    assert page.get_attribute("#daily-badge", "data-daily") == day
    open_calendar(page)
    assert page.get_attribute(f".daily-cell[data-date='{day}']", "data-status") == "played"
    label = page.get_attribute(f".daily-cell[data-date='{day}']", "aria-label")
    assert label and label.endswith("Challenge played")
    # a game that is not a daily one takes the badge away
    page.keyboard.press("Escape")
    page.request.post(page.url.rstrip("/") + "/api/games", data={"layout": "turtle"})
    page.reload()
    settle(page)
    assert page.locator("#daily-badge").is_hidden()


def test_the_daily_challenge_is_named_on_the_board_in_the_title_and_to_screen_readers(
    page,
) -> None:
    """The badge in the top bar, the tab's title and the board's
    accessible name all say that this is the daily challenge, and of which day; another
    game says none of it."""
    day = (today() - timedelta(days=3)).isoformat()
    page.request.post(page.url.rstrip("/") + "/api/games", data={"daily": day})
    page.reload()
    settle(page)
    badge = page.inner_text("#daily-badge")
    written = page.evaluate(
        "day => new Intl.DateTimeFormat('en', {year: 'numeric', month: 'long', day: 'numeric',"
        " timeZone: 'UTC'}).format(new Date(day + 'T00:00:00Z'))",
        day,
    )
    assert badge == f"Daily — {written}"
    title = page.title()
    assert badge in title and title.endswith("Mahjong Solitaire"), title
    assert page.get_attribute("#board", "aria-label") == f"Board: daily challenge of {written}"
    assert page.locator("role=group[name='Board: daily challenge of " + written + "']").count() == 1
    page.request.post(page.url.rstrip("/") + "/api/games", data={"layout": "turtle"})
    page.reload()
    settle(page)
    assert page.locator("#daily-badge").is_hidden()
    assert "Daily" not in page.title()
    assert page.get_attribute("#board", "aria-label") == "Board"


def test_todays_win_marks_its_cell_and_starts_the_streak(page, server) -> None:
    win_by_api(page, server, {"daily": True})
    page.reload()
    settle(page)
    open_calendar(page)
    assert page.get_attribute(f".daily-cell[data-date='{today()}']", "data-status") == "won"
    assert page.get_attribute("[data-streak]", "data-streak") == "1"
    assert page.get_attribute("[data-best-streak]", "data-best-streak") == "1"
    # read with "Play today", which has the focus
    summary = page.get_attribute("#daily-today", "aria-describedby")
    assert page.inner_text(f"#{summary}") == "Daily streak: 1 day in a row (best 1)"


def test_the_days_are_walked_with_the_arrow_keys_and_chosen_by_keyboard(page) -> None:
    open_calendar(page)
    page.focus(f".daily-cell[data-date='{today()}']")
    page.keyboard.press("ArrowLeft")
    yesterday = (today() - timedelta(days=1)).isoformat()
    assert page.evaluate("document.activeElement.dataset.date") == yesterday
    page.keyboard.press("ArrowUp")
    week_before = (today() - timedelta(days=8)).isoformat()
    assert page.evaluate("document.activeElement.dataset.date") == week_before
    page.locator(f"#daily-board[data-date='{week_before}']").wait_for()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # no cell after today: the focus stays
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.date") == today().isoformat()
    page.keyboard.press("Home")
    first = (today() - timedelta(days=364)).isoformat()
    assert page.evaluate("document.activeElement.dataset.date") == first
    tabbable = page.eval_on_selector_all(".daily-cell[tabindex='0']", "els => els.length")
    assert tabbable == 1  # one stop in the Tab order for the whole calendar


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_calendar_passes_the_axe_audit(browser, server, scheme) -> None:
    from browser_support import new_game, open_page

    page = open_page(browser, server.url, color_scheme=scheme)
    new_game(page, daily=(today() - timedelta(days=3)).isoformat())
    win_by_api(page, server, {"daily": True})
    page.reload()
    settle(page)
    open_calendar(page)
    assert a11y.audit(page) == []
    page.keyboard.press("Escape")
    new_game(page, daily=(today() - timedelta(days=2)).isoformat())
    assert page.locator("#daily-badge").is_visible()
    assert a11y.audit(page) == []
    assert page.errors == []
    page.context.close()


def test_the_calendar_shows_each_days_rule_set(page) -> None:
    """From 2026-12-07 a day's daily has a rule set (rules §13): its cell carries a mark and
    says it in its accessible name, the day's detail names it, and a scored day's board
    shows the scores.  Before that date the server has no such day yet, so the calendar
    and board answers are given today's rule set as the server will give it."""
    day = today().isoformat()

    def calendar(route):  # type: ignore[no-untyped-def]
        answer = route.fetch()
        body = answer.json()
        assert body["challenges"][-1]["date"] == day
        body["challenges"][-1]["challenge"] = {"name": "scored", "title": "Scored"}
        route.fulfill(response=answer, body=json.dumps(body))

    def board(route):  # type: ignore[no-untyped-def]
        answer = route.fetch()
        body = answer.json()
        body.update(challenge={"name": "scored", "title": "Scored"}, ranks_by="score")
        entry = {"rank": 1, "name": "Ana", "time": 312.5, "date": None, "hints": 0}
        entry.update(undos=0, shuffles=0, shuffled=False, mine=False, score=1840)
        body["entries"] = [entry]
        route.fulfill(response=answer, body=json.dumps(body))

    page.route("**/api/daily", calendar)
    page.route(f"**/api/daily-board?date={day}*", board)
    open_calendar(page)
    cell = page.locator(f".daily-cell[data-date='{day}']")
    assert cell.get_attribute("data-challenge") == "scored"
    assert cell.locator(".daily-rule").get_attribute("aria-hidden") == "true"
    label = cell.get_attribute("aria-label")
    assert label and label.endswith("· Rules: Scored")
    page.locator(f"#daily-board[data-date='{day}'][data-ranks-by='score']").wait_for()
    assert page.locator(".daily-rule-name").inner_text() == "Rules: Scored"
    assert page.locator("#daily-board th").all_inner_texts() == ["#", "Player", "Score", "Time"]
    assert page.locator("#daily-board [data-score]").inner_text() == "1,840"
    # a day before 2026-12-07 (and not today, whose answer is given a rule set above) is
    # plain play: no mark, no rule set in its name
    plain_day = min(today(), date(2026, 12, 7)) - timedelta(days=1)
    plain = page.locator(f".daily-cell[data-date='{plain_day.isoformat()}']")
    if plain.count():
        assert plain.get_attribute("data-challenge") is None
        assert "Rules" not in (plain.get_attribute("aria-label") or "")
