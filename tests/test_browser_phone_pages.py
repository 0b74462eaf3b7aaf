"""The Statistics and the Leaderboard on a phone, and the chart's round ticks
(rules §12.2), in headless Chromium:

- at 360×640 and 390×844 nothing of either page is clipped and nothing scrolls sideways:
  the tables turn into one small card per row (each value after its column's name), keep
  their table roles for screen readers, the chart scales to the screen, and axe is clean;
  at a desktop's width they stay tables;
- the chart's time axis (``timeTicks`` of js/dialogs/statistics-chart.js, run in the page) steps
  by round times (1-2-5 steps of seconds and minutes, the half minute: 0:30, 1:00, 2:00, 5:00),
  covers every time with three to six ticks and little more, and the drawn chart shows
  those ticks."""

from __future__ import annotations

import itertools

import pytest

import test_browser_a11y as a11y
from browser_support import open_page, settle
from test_browser_statistics import open_from_menu, win_ranked, win_the_three

pytestmark = pytest.mark.browser

PHONES = [(360, 640), (390, 844)]
PAGES = {"statistics": "#stats-groups", "leaderboard": "#leaderboard-table"}
#: The round steps of a time axis, in seconds (js/dialogs/statistics-chart.js TIME_STEPS).
ROUND = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 18000, 36000]


@pytest.fixture(scope="module")
def played(browser, server) -> None:
    """Wins on two levels (one with a hint) and today's challenge, then a game in play."""
    page = open_page(browser, server.url)
    win_the_three(page, server)
    win_ranked(page, server, None)  # today's challenge: a row on today's board
    assert page.request.post(server.url + "api/games", data={"layout": "turtle"}).ok
    page.context.close()


def overflow(page) -> dict:
    """What spills: the page's and the dialog's sideways scroll, the elements of the dialog
    that reach past its edges, the boxes that scroll sideways."""
    return page.evaluate(
        """() => {
        const dialog = document.getElementById('dialog');
        const edge = dialog.getBoundingClientRect();
        const shown = (el) => el.getClientRects().length && !el.closest('thead, .visually-hidden');
        const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
            + (el.className && typeof el.className === 'string' ? '.' + el.className : '');
        const past = [...dialog.querySelectorAll('#dialog-body *')].filter((el) => {
            if (!shown(el)) return false;
            const box = el.getBoundingClientRect();
            return box.width > 0 && (box.left < edge.left - 0.5 || box.right > edge.right + 0.5);
        }).map(name);
        const scrolling = [...dialog.querySelectorAll('*')].filter((el) => shown(el)
            && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible'
            && getComputedStyle(el).overflowX !== 'hidden').map(name);
        return {page: document.documentElement.scrollWidth - window.innerWidth,
                dialog: dialog.scrollWidth - dialog.clientWidth, past, scrolling};
    }"""
    )


def cell_tops(page, table: str) -> list[int]:
    """The tops of the first row's cells, measured in one go: the dialog slides in as it
    opens, so cells measured one call apart could be caught at different heights."""
    return page.locator(f"{table} tbody tr").first.evaluate(
        "row => [...row.cells].map((cell) => Math.round(cell.getBoundingClientRect().top))"
    )


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_statistics_and_leaderboard_fit_a_phone(played, browser, server, width, height) -> None:
    page = open_page(browser, server.url, width=width, height=height)
    for action, table in PAGES.items():
        open_from_menu(page, action)
        page.locator(f"{table} tbody tr").first.wait_for()
        spill = overflow(page)
        assert spill == {"page": 0, "dialog": 0, "past": [], "scrolling": []}, (action, spill)
        # one card per row: its cells one under another, each after its column's name
        cells = page.locator(f"{table} tbody tr").first.locator("td")
        assert cells.count() >= 3
        assert len(set(cell_tops(page, table))) >= 2  # not all on one line
        label = cells.nth(1).evaluate("el => getComputedStyle(el, '::before').content")
        assert cells.nth(1).get_attribute("data-label") in label
        # still a table to screen readers, named cells under their column headers
        assert page.get_attribute(table, "role") == "table"
        assert page.locator(f"{table} [role='columnheader']").count() >= 4
        assert page.locator(f"{table} tbody [role='cell']").count() >= cells.count()
        if action == "statistics":
            chart = page.locator("#times-chart svg").bounding_box()
            body = page.locator("#dialog-body").bounding_box()
            assert chart["width"] <= body["width"] and chart["height"] > 80
        problems = a11y.audit(page)
        assert not problems, (action, problems)
        page.keyboard.press("Escape")
        settle(page)
    # today's board has its rows too, and fits
    open_from_menu(page, "leaderboard")
    page.locator("#daily-table tbody tr").first.wait_for()
    assert overflow(page)["past"] == []
    assert page.errors == []
    page.context.close()


def test_on_a_desktop_the_tables_stay_tables(played, browser, server) -> None:
    page = open_page(browser, server.url, width=1280, height=800)
    for action, table in PAGES.items():
        open_from_menu(page, action)
        page.locator(f"{table} tbody tr").first.wait_for()
        assert page.locator(f"{table} thead").evaluate("el => getComputedStyle(el).display") == (
            "table-header-group"
        )
        cells = page.locator(f"{table} tbody tr").first.locator("td")
        ys = cell_tops(page, table)
        assert max(ys) - min(ys) < 8, (action, ys)  # one line (stacked cells sit a line apart)
        assert cells.nth(1).evaluate("el => getComputedStyle(el, '::before').content") == "none"
        page.keyboard.press("Escape")
        settle(page)
    assert page.errors == []
    page.context.close()


def time_ticks(page, low: float, high: float) -> dict:
    return page.evaluate(
        "async ([low, high]) =>"
        " (await import('/static/js/dialogs/statistics-chart.js')).timeTicks(low, high)",
        [low, high],
    )


@pytest.mark.parametrize(
    ("low", "high"),
    [(25, 95), (95, 620), (3000, 5000), (300, 300), (0.4, 12), (59, 61), (58, 1900), (7200, 30000)],
)
def test_the_chart_ticks_are_round_times_that_cover_every_time(page, low, high) -> None:
    axis = time_ticks(page, low, high)
    step, ticks = axis["step"], axis["ticks"]
    assert step in ROUND
    assert ticks[0] == axis["lo"] <= low and ticks[-1] == axis["hi"] >= high
    assert 3 <= len(ticks) <= 6
    assert all(tick % step == 0 for tick in ticks)
    assert all(b - a == step for a, b in itertools.pairwise(ticks))
    # and it is no wider than it needs: at most two and a half times the times' spread (a
    # fifth of the time when the times are alike)
    assert axis["hi"] - axis["lo"] <= 2.5 * max(high - low, 0.2 * high, 2)


def test_the_chart_ticks_read_as_round_times(page) -> None:
    assert time_ticks(page, 25, 95)["ticks"] == [20, 40, 60, 80, 100]
    assert time_ticks(page, 95, 620)["ticks"] == [0, 300, 600, 900]
    labels = page.evaluate(
        """async () => {
        const { timesChart } = await import('/static/js/dialogs/statistics-chart.js');
        const wins = [75, 130, 190, 260].map((time, k) =>
            ({ date: `2026-11-0${k + 1}T10:00:00Z`, time, assisted: false }));
        const svg = timesChart(wins);
        return [...svg.querySelectorAll('text.tick')]
            .map((el) => [Number(el.dataset.tick), el.textContent]);
    }"""
    )
    assert labels == [[60, "01:00"], [120, "02:00"], [180, "03:00"], [240, "04:00"], [300, "05:00"]]
