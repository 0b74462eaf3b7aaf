"""The layout editor in the browser (rules §8.3), driven as a player would: tiles placed
with the mouse and the keyboard on two layers, one removed, the count, the free tiles and
the verdict following every change (and spoken), the draft exported for KMahjongg and
GNOME, saved to the player's layouts, test-played (and played again after the win), and
found again after the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser_support import ARTIFACTS, click_tile, dialog_settled, settle, tiles, toast_shown
from mahjong_solitaire.layouts import read_layout_file
from mahjong_solitaire.store import Store

pytestmark = pytest.mark.browser

#: The editor picture's units per half cell (js/layouts/editor-grid.js CELL_W, CELL_H).
CELL_W, CELL_H = 14, 18


def open_editor(page):
    page.click("#menu-button")
    page.click("#menu [data-action='editor']")
    dialog = page.locator("dialog[data-dialog='editor']")
    dialog.wait_for(state="visible")
    # clicks are aimed from the picture's box: wait until the dialog has stopped growing in
    dialog_settled(page)
    return dialog


def click_cell(page, x: int, y: int) -> None:
    """Click the middle of the tile whose top-left half cell is (x, y)."""
    point = page.evaluate(
        """([x, y, w, h]) => {
            const picture = document.querySelector('.editor-picture');
            const box = picture.getBoundingClientRect();
            const view = picture.viewBox.baseVal;
            return [box.left + ((x + 1) * w - view.x) / view.width * box.width,
                    box.top + ((y + 1) * h - view.y) / view.height * box.height];
        }""",
        [x, y, CELL_W, CELL_H],
    )
    page.mouse.click(point[0], point[1])


def summary_after_check(dialog) -> str:
    dialog.locator("#editor-verdict:not([data-verdict='pending'])").wait_for()
    return dialog.locator("#editor-summary").inner_text()


def test_a_layout_is_drawn_checked_exported_saved_and_test_played(page, server):
    page.evaluate("localStorage.removeItem('mj-editor-draft')")
    dialog = open_editor(page)
    assert "Place tiles to begin" in summary_after_check(dialog)
    assert dialog.locator("#editor-play").is_disabled()
    # the mouse: a row of three tiles
    for x in (2, 4, 6):
        click_cell(page, x, 2)
    summary = summary_after_check(dialog)
    assert "3 tiles" in summary and "2 free" in summary and "Odd count" in summary
    # the keyboard: the cursor went to the last click; Shift+arrow moves a whole tile
    grid = dialog.locator("#editor-grid")
    grid.focus()
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Space")
    announce = dialog.locator("#editor-announce")
    page.wait_for_function(
        "() => document.querySelector('#editor-announce').textContent.includes('Can be cleared')"
    )
    summary = summary_after_check(dialog)
    assert "4 tiles" in summary and "2 free" in summary and "Can be cleared" in summary
    # a tile on layer 2 straddling the middle of the row: placed by keyboard
    page.keyboard.press("PageUp")
    assert dialog.locator("#editor-layer").inner_text() == "Layer 2 of 8"
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('#editor-announce').textContent.includes('layer 2')"
    )
    assert "Odd count" in summary_after_check(dialog)
    # a taken place is refused and said so
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    page.wait_for_function(
        "() => document.querySelector('#editor-announce').textContent.includes('taken')"
    )
    page.keyboard.press("ArrowLeft")
    # a second tile on top, then the mouse removes it again, then places it once more
    page.keyboard.press("PageDown")
    click_cell(page, 8, 5)  # a fifth tile on layer 1, below the row
    summary = summary_after_check(dialog)
    assert "6 tiles" in summary and "Can be cleared" in summary
    click_cell(page, 8, 5)
    assert "5 tiles" in summary_after_check(dialog)
    click_cell(page, 8, 5)
    assert "Can be cleared" in summary_after_check(dialog)
    assert dialog.locator(".editor-tile.current.free").count() >= 2
    dialog.locator("#editor-title").fill("Little Hill")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "editor.png")

    drawn = sorted(
        tuple(int(v) for v in rect.get_attribute("data-position").split(","))
        for rect in dialog.locator(".editor-tile").all()
    )
    left = min(x for x, _, _ in drawn)
    top = min(y for _, y, _ in drawn)
    cornered = sorted((x - left, y - top, z) for x, y, z in drawn)
    assert len(drawn) == 6 and any(z == 1 for _, _, z in drawn)
    # export in both formats
    for button, name in (
        ("#editor-export-kmahjongg", "little-hill.layout"),
        ("#editor-export-gnome", "little-hill.map"),
    ):
        with page.expect_download() as download:
            dialog.locator(button).click()
        assert download.value.suggested_filename == name
        [layout] = read_layout_file(Path(download.value.path()).read_bytes(), name)
        assert sorted(layout.positions) == cornered
    # save: an imported layout of the player's
    dialog.locator("#editor-save").click()
    toast_shown(page, "Little Hill", whole=False)
    listed = page.request.get(server.url + "api/layouts").json()
    saved = [layout for layout in listed if layout["title"] == "Little Hill"]
    assert saved and saved[0]["imported"] and saved[0]["tiles"] == 6
    # test play: the board shows the draft, the game has no code
    dialog.locator("#editor-play").click()
    page.wait_for_function("() => document.querySelectorAll('.tile').length === 6")
    settle(page)
    assert sorted((t["x"], t["y"], t["z"]) for t in tiles(page)) == cornered
    game_id = page.get_attribute("#board", "data-game")
    with Store(server.database) as store:
        game = store.get_game(store.local_player().id, game_id)
    assert game.code.startswith("MJ2-H") and game.layout_name == "little-hill"
    # won, "Play again" deals the draft anew
    for move in game.deal().solution:
        click_tile(page, move.a, wait=False)
        click_tile(page, move.b, wait=False)
    page.locator("dialog[data-dialog='win'] #play-again").click()
    page.wait_for_function(
        "(before) => document.querySelector('#board').dataset.game !== before"
        " && document.querySelectorAll('.tile').length === 6",
        arg=game_id,
    )
    settle(page)
    assert sorted((t["x"], t["y"], t["z"]) for t in tiles(page)) == cornered
    # the editor opens on the same draft
    dialog = open_editor(page)
    assert "6 tiles" in summary_after_check(dialog)
    assert dialog.locator("#editor-title").input_value() == "Little Hill"
    assert announce.count() == 1
    assert not page.errors  # type: ignore[attr-defined]


def test_a_check_refused_for_a_busy_server_is_asked_again_when_it_says(page, server):
    """A 429 or 503 with Retry-After (the engine's queue, one heavy job per player) is not
    shown as a problem: the verdict stays "Checking" and the draft is checked again."""
    page.evaluate("localStorage.removeItem('mj-editor-draft')")
    asked: list[str] = []

    def busy_once(route):
        asked.append(route.request.method)
        if len(asked) == 1:
            route.fulfill(
                status=503,
                headers={"Retry-After": "1", "Content-Type": "application/json"},
                body='{"error": "busy", "message": "busy", "detail": "the queue is full"}',
            )
        else:
            route.continue_()

    dialog = open_editor(page)
    summary_after_check(dialog)
    page.route("**/api/layout-checks", busy_once)
    for x in (2, 4):
        click_cell(page, x, 2)
    dialog.locator("#editor-verdict[data-verdict='yes']").wait_for()
    assert len(asked) >= 2
    assert dialog.locator("#editor-error").inner_text() == ""
