"""What a failed browser test's report says of its pages (conftest's
``pytest_runtest_makereport``, through :func:`browser_support.describe_pages`): read from a
live page here, so the report cannot silently go blind when the page changes."""

from __future__ import annotations

import ast

import pytest

from browser_support import ARTIFACTS, describe_pages

pytestmark = pytest.mark.browser


def test_the_report_of_a_failed_test_says_what_each_open_page_shows(browser, page) -> None:
    page.keyboard.press("p")  # a paused game: the report must say so
    page.locator("#board[data-status='paused']").wait_for()
    report = describe_pages(browser, "report-self-check")
    line = next(line for line in report.splitlines() if line.startswith(page.url))
    seen = ast.literal_eval(line[len(page.url) + 2 : line.index("; page errors")])
    assert seen["status"] == "paused" and seen["pending"] == "0"
    assert seen["dialog"] is None and seen["hidden"] is False and seen["offline"] is False
    assert seen["focus"] == "resume"  # pausing puts the focus on Resume
    assert "; page errors []; screenshot " in line
    shot = ARTIFACTS / "failed-report-self-check-0.png"
    assert shot.is_file() and shot.stat().st_size > 0
    shot.unlink()
