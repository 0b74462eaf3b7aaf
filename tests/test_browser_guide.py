"""The first-run guide, in headless Chromium: on the first visit a short
walkthrough on a practice board of twelve tiles (what is free, select two, Hint, Undo,
Shuffle, the winnable chip), played in the page and writing nothing; skippable, not shown
again once seen, reachable again from the menu; by keyboard; axe clean."""

from __future__ import annotations

import uuid

import pytest

import test_browser_a11y as a11y
from browser_support import class_gained, open_page, settle, watch_class
from mahjong_solitaire.web.games.lifecycle import COOKIE

pytestmark = pytest.mark.browser

GUIDE = "dialog[data-dialog='guide']"


def first_visit(browser, server, **options):
    """A new visitor's first page: a player cookie the server does not know (on loopback a
    visitor without cookie would be the installation's one player, known from the tests
    before), so the server shows an unplayed deal, and nothing in the browser's storage."""
    visitor = {"name": COOKIE, "value": f"visitor-{uuid.uuid4().hex}", "url": server.url}
    page = open_page(browser, server.url, guide=True, cookies=[visitor], **options)
    page.locator(GUIDE).wait_for(state="visible")
    return page


def step(page) -> str | None:
    return page.get_attribute("#dialog", "data-step")


def guide_tiles(page) -> list[dict]:
    return page.eval_on_selector_all(
        "#guide-board .tile:not([hidden])",
        """els => els.map(el => ({i: Number(el.dataset.i), tile: el.dataset.tile,
        free: el.classList.contains("free"), hint: el.classList.contains("hint")}))""",
    )


def matching_free_pair(page) -> tuple[int, int]:
    free = [tile for tile in guide_tiles(page) if tile["free"]]
    key = lambda label: label[0] + "*" if label[0] in "FS" and len(label) == 2 else label  # noqa: E731
    for k, a in enumerate(free):
        for b in free[k + 1 :]:
            if key(a["tile"]) == key(b["tile"]):
                return a["i"], b["i"]
    raise AssertionError("no free pair")


def test_the_first_visit_walks_through_every_step_on_a_practice_board(browser, server) -> None:
    page = first_visit(browser, server)
    assert page.inner_text("#guide-progress") == "Step 1 of 6"
    assert step(page) == "guideFree"
    # 1. what is free: a dimmed tile shakes and says why
    blocked = next(tile for tile in guide_tiles(page) if not tile["free"])
    # (its top-left corner: the tile on top covers its middle)
    watch_class(page, "shake")
    page.click(f"#guide-board .tile[data-i='{blocked['i']}']", position={"x": 6, "y": 6})
    class_gained(page, "shake", blocked["i"])
    assert "is blocked" in page.inner_text("#guide-text")
    assert "Well done!" in page.inner_text("#guide-text")
    page.click("#guide-next")
    # 2. select two matching free tiles: both leave the board
    assert step(page) == "guidePair"
    a, b = matching_free_pair(page)
    page.click(f"#guide-board .tile[data-i='{a}']")
    page.click(f"#guide-board .tile[data-i='{b}']")
    assert len(guide_tiles(page)) == 10
    assert "Well done!" in page.inner_text("#guide-text")
    page.click("#guide-next")
    # 3. hint: a pair lights up
    assert step(page) == "guideHint"
    page.click("#guide-hint")
    assert sum(tile["hint"] for tile in guide_tiles(page)) == 2
    page.click("#guide-next")
    # 4. undo: the pair comes back
    page.click("#guide-undo")
    assert len(guide_tiles(page)) == 12
    page.click("#guide-next")
    # 5. shuffle: the same places, faces dealt again, still winnable
    before = {tile["i"] for tile in guide_tiles(page)}
    page.click("#guide-shuffle")
    assert {tile["i"] for tile in guide_tiles(page)} == before
    assert page.get_attribute("#guide-chip", "data-winnable") == "winnable"
    page.click("#guide-next")
    # 6. the winnable chip
    assert step(page) == "guideChip"
    assert page.locator("#guide-chip").is_visible()
    assert "Winnable" in page.inner_text("#guide-chip")
    assert page.inner_text("#guide-next") == "Start playing"
    page.click("#guide-next")
    page.locator(GUIDE).wait_for(state="detached")
    assert page.locator("#dialog[open]").count() == 0
    # nothing was written for the practice board (the visitor still has no stored game);
    # the guide is not shown again
    assert page.request.get(server.url + "api/game").json()["version"] == 0
    page.reload()
    settle(page)
    assert page.locator("#dialog[open]").count() == 0
    page.context.close()


def test_the_guide_can_be_skipped_and_opened_again_from_the_menu(browser, server) -> None:
    page = first_visit(browser, server)
    page.click("#guide-skip")
    assert page.locator("#dialog[open]").count() == 0
    page.reload()
    settle(page)
    assert page.locator("#dialog[open]").count() == 0
    page.click("#menu-button")
    page.click("#menu [data-action='guide']")
    page.locator(GUIDE).wait_for(state="visible")
    assert step(page) == "guideFree"
    page.keyboard.press("Escape")
    assert page.locator("#dialog[open]").count() == 0
    assert page.errors == []
    page.context.close()


def test_the_guide_is_played_by_keyboard(browser, server) -> None:
    page = first_visit(browser, server)
    assert page.evaluate("document.activeElement.id") == "guide-next"
    page.keyboard.press("Enter")  # to "select two"
    page.keyboard.press("Enter")  # to "hint"
    assert step(page) == "guideHint"
    page.keyboard.press("h")
    assert sum(tile["hint"] for tile in guide_tiles(page)) == 2
    # the tiles are buttons that say whether they are free
    a, b = matching_free_pair(page)
    label = page.get_attribute(f"#guide-board .tile[data-i='{a}']", "aria-label")
    assert label and label.endswith(", free")
    page.focus(f"#guide-board .tile[data-i='{a}']")
    page.keyboard.press("Enter")
    page.focus(f"#guide-board .tile[data-i='{b}']")
    page.keyboard.press("Space")
    assert len(guide_tiles(page)) == 10
    page.focus("#guide-next")
    page.keyboard.press("Enter")  # to "undo"
    page.keyboard.press("z")
    assert len(guide_tiles(page)) == 12
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_guide_passes_the_axe_audit(browser, server, scheme) -> None:
    page = first_visit(browser, server, color_scheme=scheme)
    assert a11y.audit(page) == []
    for _ in range(5):
        page.click("#guide-next")
    assert step(page) == "guideChip"
    assert a11y.audit(page) == []
    assert page.errors == []
    page.context.close()


def test_a_visit_with_a_game_in_progress_gets_no_guide(browser, server) -> None:
    # (last: the game it starts is the loopback player's current game from then on)
    page = open_page(browser, server.url, guide=True)
    page.request.post(server.url + "api/games", data={"layout": "turtle"})
    page.evaluate("() => localStorage.removeItem('mahjong-solitaire.guide-done')")
    page.reload()
    settle(page)
    assert page.locator("#dialog[open]").count() == 0
    page.context.close()
