"""Progress marks and the Layouts page, in headless Chromium
against the real server: a layout card of the New game picker says "won" with the best time
(`data-best`, in seconds) for the chosen difficulty only, in its accessible name; a stage
card names its status; the menu's Layouts entry imports a file, lists the player's own
layouts with export (KMahjongg and GNOME) and delete, and opens the layout editor, each by
keyboard, announced and clean under axe."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser_support import settle
from mahjong_solitaire.layouts import read_layout_file
from position_support import reach_win
from test_browser_a11y import audit
from test_browser_layouts import STEPS, STEPS_FILE

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"  # the Turtle, Normal


def base(page) -> str:
    return page.url.split("?")[0].rstrip("/")


def announced(page, where: str = "#layouts-live") -> str:
    page.wait_for_timeout(120)  # a live region speaks 60 ms after it is told
    return page.text_content(where) or ""


def accessible_name(page, selector: str) -> str:
    return page.locator(selector).evaluate(
        "el => el.getAttribute('aria-label') || el.textContent.replace(/\\s+/g, ' ').trim()"
    )


def test_a_won_layout_card_shows_won_and_the_best_time_for_its_difficulty_only(page) -> None:
    reach_win(page, CODE)
    page.wait_for_selector("#celebration", state="detached")  # its confetti pass over the cards
    page.keyboard.press("Escape")
    settle(page)
    stats = page.request.get(base(page) + "/api/statistics").json()
    [turtle] = [g for g in stats["layouts"] if g["layout"] == "turtle" and g["won"]]
    assert turtle["difficulty"] == "normal"
    page.keyboard.press("n")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    card = dialog.locator(".layout-card[data-layout='turtle']")
    assert float(card.get_attribute("data-best")) == pytest.approx(turtle["best_time"])
    assert card.get_attribute("data-won") == "true"
    assert "Won · best" in accessible_name(page, ".layout-card[data-layout='turtle']")
    other = dialog.locator(".layout-card:not([data-layout='turtle'])").first
    assert other.get_attribute("data-best") is None and other.get_attribute("data-won") == "false"
    page.mouse.move(0, 0)  # no card under the pointer (its hover colours are not the card's)
    assert audit(page) == []
    # another difficulty: the Turtle was not won there
    dialog.locator(".segmented [data-value='hard']").focus()
    page.keyboard.press("Enter")
    turtle_card = ".layout-card[data-layout='turtle']"
    page.wait_for_function(f'() => document.querySelector("{turtle_card}").dataset.won === "false"')
    assert card.get_attribute("data-best") is None and card.locator(".progress-mark").count() == 0
    page.keyboard.press("Escape")
    settle(page)


def test_each_stage_card_names_its_status(page) -> None:
    page.click("#menu-button")
    page.click("[data-action='stages']")
    first = page.locator(".stage-card[data-stage='1']")
    first.wait_for()
    assert "Stage 1" in first.get_attribute("aria-label")
    assert first.get_attribute("aria-label").endswith(first.locator(".stage-status").inner_text())
    page.keyboard.press("Escape")
    settle(page)


def test_the_layouts_page_imports_exports_and_deletes_own_layouts_by_keyboard(page) -> None:
    page.click("#menu-button")
    item = page.locator("#menu [data-action='layouts']")
    assert item.inner_text().strip() == "Layouts"
    item.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog[data-dialog='layouts']")
    dialog.wait_for(state="visible")
    assert dialog.locator("#own-layouts-none").is_visible()
    assert audit(page) == []
    # import: the button opens the file chooser
    with page.expect_file_chooser() as chooser:
        page.focus("#layouts-import")
        page.keyboard.press("Enter")
    chooser.value.set_files(
        files=[{"name": "steps.layout", "mimeType": "text/plain", "buffer": STEPS_FILE}]
    )
    row = dialog.locator(".own-layout[data-layout='steps']")
    row.wait_for()
    assert "imported" in announced(page).lower() or "Steps" in announced(page)
    assert dialog.locator("#own-layouts-none").is_hidden()
    assert audit(page) == []
    # export in both formats: the same layout comes back
    for action, name in (("export-kmahjongg", "steps.layout"), ("export-gnome", "steps.map")):
        with page.expect_download() as download:
            row.locator(f"[data-layout-action='{action}']").focus()
            page.keyboard.press("Enter")
        assert download.value.suggested_filename == name
        [layout] = read_layout_file(Path(download.value.path()).read_bytes(), name)
        assert len(layout.positions) == len(STEPS)
        assert f"Exported {name}" in announced(page)
    # delete, after the browser's own confirmation
    asked: list[str] = []
    page.once("dialog", lambda confirm: (asked.append(confirm.message), confirm.accept()))
    row.locator("[data-layout-action='delete']").focus()
    page.keyboard.press("Enter")
    row.wait_for(state="detached")
    assert asked and "Steps" in asked[0]
    assert "Deleted" in announced(page)
    assert page.evaluate("document.activeElement.id") == "layouts-import"
    listed = page.request.get(base(page) + "/api/layouts").json()
    assert not [layout for layout in listed if layout["imported"]]
    # the layout editor opens in its place, and closing it resumes the game
    page.focus("#layouts-editor")
    page.keyboard.press("Enter")
    page.locator("dialog[data-dialog='editor']").wait_for(state="visible")
    page.keyboard.press("Escape")
    settle(page)
    for _ in range(50):  # the resume is sent once the pause has landed: wait for it
        game = page.request.get(base(page) + "/api/game").json()
        if game["status"] != "paused":
            break
        page.wait_for_timeout(100)
    assert game["status"] != "paused"
