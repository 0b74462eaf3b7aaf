"""Hint moves on, in headless Chromium (rules §5.7): pressing Hint again without playing
highlights another free pair, and the position's hints are counted once."""

from __future__ import annotations

import pytest

from browser_support import open_page, settle, tiles

pytestmark = pytest.mark.browser


def hinted(page) -> list[int]:  # type: ignore[no-untyped-def]
    return sorted(tile["i"] for tile in tiles(page) if tile["hint"])


def test_pressing_hint_again_highlights_another_pair_counted_once(browser, server) -> None:
    page = open_page(browser, server.url)
    page.click("#hint")
    settle(page)
    first = hinted(page)
    page.keyboard.press("h")
    settle(page)
    second = hinted(page)
    assert len(first) == len(second) == 2 and first != second
    game = page.evaluate("fetch('/api/game').then(r => r.json())")
    assert game["hints"] == 1
    assert page.errors == []
