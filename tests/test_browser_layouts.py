"""Layouts and stages in the browser: the New game dialog's picker with its previews, a
layout file imported through the dialog and played, and the Stages page from stage 1 to a
win by clicks, stage 2 then unlocked."""

from __future__ import annotations

import re

import pytest

from browser_support import (
    ARTIFACTS,
    ProductServer,
    click_tile,
    dialog_settled,
    open_page,
    settle,
    tiles,
    toast_shown,
)
from mahjong_solitaire import builtin_layouts
from mahjong_solitaire.classic.stages import stage
from mahjong_solitaire.store import Store

pytestmark = pytest.mark.browser

BUILTIN = list(builtin_layouts())

#: Twelve tiles on two layers with half-tile offsets (KMahjongg v1.1).
STEPS_FILE = b"""kmahjongg-layout-v1.1
# steps: two rows, the second shifted by half a tile, and a pair on top
w12
h5
d2
121212121212
434343434343
............
.12121212...
.43434343...
............
..1212......
..4343......
............
............
"""
STEPS = sorted(
    [
        *((x, 0, 0) for x in range(0, 12, 2)),
        *((x, 3, 0) for x in range(1, 9, 2)),
        (2, 1, 1),
        (4, 1, 1),
    ]
)


def stored_game(server: ProductServer, page):
    """The game the page shows, as the server stored it."""
    game_id = page.get_attribute("#board", "data-game")
    with Store(server.database) as store:
        player = store.local_player().id
        return store.get_game(player, game_id)


def snapshot(page, name: str) -> None:
    """A screenshot in the artifacts once the dialog's opening animation has ended."""
    dialog_settled(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / name)


def open_new_game(page):
    page.keyboard.press("n")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    return dialog


def win_by_clicks(page, solution) -> None:
    for move in solution:
        click_tile(page, move.a, wait=False)
        click_tile(page, move.b, wait=False)
    page.wait_for_selector("#board[data-status='won'][data-pending='0']")


def test_the_picker_shows_every_layout_with_its_preview_and_difficulty_hint(page):
    dialog = open_new_game(page)
    cards = dialog.locator(".layout-card")
    assert cards.count() >= len(BUILTIN)
    for layout in BUILTIN:
        card = dialog.locator(f".layout-card[data-layout='{layout.name}']")
        card.locator(".layout-preview svg").wait_for()
        assert card.locator("svg rect").count() == len(layout)
        assert card.locator(".badge[data-hint]").count() == 1
        assert layout.title in card.inner_text()
    assert (
        dialog.locator(".layout-card[aria-checked='true']").get_attribute("data-layout") == "turtle"
    )
    assert dialog.locator("#import-layout").is_visible()
    assert dialog.locator("#layout-file").get_attribute("accept") == ".layout,.map"
    snapshot(page, "layouts-picker-1366x768.png")


def test_the_picker_is_searched_by_name_and_filtered_by_size_by_keyboard(page):
    dialog = open_new_game(page)
    shown = dialog.locator(".layout-card:not([hidden])")
    count = dialog.locator("#layout-count")
    assert shown.count() == len(BUILTIN)
    search = dialog.locator("#layout-search")
    search.focus()
    page.keyboard.type("OWL")
    assert [card.get_attribute("data-layout") for card in shown.all()] == ["owl"]
    assert count.inner_text() == "1 layout shown" and count.get_attribute("aria-live") == "polite"
    page.keyboard.press("Escape")  # clears the search, the dialog stays
    assert dialog.is_visible() and search.input_value() == "" and shown.count() == len(BUILTIN)
    page.keyboard.type("L07")
    assert [card.get_attribute("data-layout") for card in shown.all()] == ["towers"]
    search.fill("zzz")
    assert shown.count() == 0 and "No layout matches" in count.inner_text()
    search.fill("")
    dialog.locator(".layout-sizes [data-size='small']").click()
    small = sorted(layout.name for layout in BUILTIN if len(layout) < 100)
    assert sorted(card.get_attribute("data-layout") for card in shown.all()) == small
    page.keyboard.press("ArrowRight")  # the arrow keys move along the size choice
    medium = sorted(layout.name for layout in BUILTIN if 100 <= len(layout) < 144)
    assert sorted(card.get_attribute("data-layout") for card in shown.all()) == medium
    assert count.inner_text() == f"{len(medium)} layouts shown"
    dialog.locator(".layout-sizes [data-size='large']").click()
    large = [layout for layout in BUILTIN if len(layout) >= 144]
    assert shown.count() == len(large)
    snapshot(page, "layouts-picker-filtered.png")


def test_a_bad_layout_file_shows_the_parsers_message_and_adds_nothing(page):
    dialog = open_new_game(page)
    before = dialog.locator(".layout-card").count()
    page.set_input_files(
        "#layout-file",
        files=[
            {
                "name": "broken.layout",
                "mimeType": "text/plain",
                "buffer": b"kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n43\n",
            }
        ],
    )
    error = dialog.locator("#layout-import-error")
    error.wait_for(state="visible")
    text = error.inner_text()
    assert "broken.layout" in text and "line 6" in text and "truncated" in text
    assert dialog.locator(".layout-card").count() == before
    snapshot(page, "layouts-import-error.png")


def test_an_imported_file_is_playable_from_the_dialog(page, server):
    dialog = open_new_game(page)
    page.set_input_files(
        "#layout-file",
        files=[{"name": "steps.layout", "mimeType": "text/plain", "buffer": STEPS_FILE}],
    )
    card = dialog.locator(".layout-card[data-layout='steps'][aria-checked='true']")
    card.wait_for()
    card.locator(".layout-preview svg").wait_for()
    assert card.locator("svg rect").count() == len(STEPS)
    assert "Steps" in card.inner_text() and "12 tiles" in card.inner_text()
    toast_shown(page, "Imported “Steps”", whole=False)
    snapshot(page, "layouts-imported.png")
    dialog.locator("#start-game").click()
    page.wait_for_function("() => document.querySelectorAll('.tile').length === 12")
    settle(page)
    assert sorted((t["x"], t["y"], t["z"]) for t in tiles(page)) == STEPS
    snapshot(page, "layouts-imported-game.png")
    game = stored_game(server, page)
    # its code names the layout by its content, and the chip shows it to copy or share
    assert game.code.startswith("MJ2-H") and game.layout_name == "steps"
    assert page.inner_text("#code") == game.code
    win_by_clicks(page, game.deal().solution)
    page.locator("dialog[data-dialog='win']").wait_for(state="visible")
    # the next visit lists it with the built-in layouts
    page.keyboard.press("Escape")
    page.reload()
    settle(page)
    dialog = open_new_game(page)
    assert dialog.locator(".layout-card[data-layout='steps'] .badge.imported").count() == 1


def test_an_imported_layout_is_deleted_from_the_picker_by_keyboard(page):
    dialog = open_new_game(page)
    remove = dialog.locator("#delete-layout")
    assert remove.is_hidden()  # a built-in layout is picked
    page.set_input_files(
        "#layout-file",
        files=[{"name": "steps.layout", "mimeType": "text/plain", "buffer": STEPS_FILE}],
    )
    dialog.locator(".layout-card[data-layout='steps'][aria-checked='true']").wait_for()
    remove.wait_for(state="visible")
    assert "Steps" in remove.get_attribute("title")
    asked = []
    page.once("dialog", lambda confirm: (asked.append(confirm.message), confirm.accept()))
    remove.focus()
    page.keyboard.press("Enter")
    dialog.locator(".layout-card[data-layout='steps']").wait_for(state="detached")
    assert asked and "Steps" in asked[0]
    toast_shown(page, "Deleted “Steps”")
    assert (
        dialog.locator(".layout-card[aria-checked='true']").get_attribute("data-layout") == "turtle"
    )
    assert remove.is_hidden()
    listed = page.request.get(page.url.split("?")[0].rstrip("/") + "/api/layouts").json()
    assert "steps" not in [layout["name"] for layout in listed]


def open_stages(page):
    page.click("#menu-button")
    page.click("[data-action='stages']")
    dialog = page.locator("dialog[data-dialog='stages']")
    dialog.wait_for(state="visible")
    return dialog


def test_stage_one_won_by_clicks_unlocks_stage_two(page, server):
    dialog = open_stages(page)
    first, second = (dialog.locator(f".stage-card[data-stage='{n}']") for n in (1, 2))
    assert first.get_attribute("data-state") == "next"
    assert second.get_attribute("data-state") == "locked"
    assert second.locator("[data-play-stage]").is_disabled()
    assert dialog.locator(".stage-card").count() == 21
    first.locator(".layout-preview svg").wait_for()
    assert stage(1).layout.title in first.inner_text()
    snapshot(page, "stages-1366x768.png")

    first.locator("[data-play-stage]").click()
    page.wait_for_function(
        f"() => document.querySelector('[data-code]').dataset.code === '{stage(1).code}'"
    )
    settle(page)
    win_by_clicks(page, stage(1).deal().solution)
    won = page.locator("dialog[data-dialog='win']")
    won.wait_for(state="visible")
    assert "Stage 1 cleared" in won.locator(".win-stage").inner_text()
    assert stage(2).layout.title in won.locator(".win-stage").inner_text()
    snapshot(page, "stages-won.png")

    won.locator("#next-stage").click()
    page.wait_for_function(
        f"() => document.querySelector('[data-code]').dataset.code === '{stage(2).code}'"
    )
    settle(page)
    assert stored_game(server, page).stage == 2

    dialog = open_stages(page)
    first, second = (dialog.locator(f".stage-card[data-stage='{n}']") for n in (1, 2))
    assert first.get_attribute("data-state") == "cleared"
    assert re.search(r"Best \d\d:\d\d", first.inner_text())  # however long the clicks took
    assert float(first.locator("[data-best]").get_attribute("data-best")) > 0
    assert second.get_attribute("data-state") == "next"
    assert second.locator("[data-play-stage]").is_enabled()
    assert dialog.locator(".stage-card[data-stage='3']").get_attribute("data-state") == "locked"
    assert "1 cleared" in dialog.locator("#stages-progress").inner_text()
    snapshot(page, "stages-progress.png")


def test_the_stages_page_fits_a_phone(browser, server):
    page = open_page(browser, server.url, width=360, height=640)
    open_stages(page)
    card = page.locator(".stage-card").first
    box = card.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    snapshot(page, "stages-360x640.png")
    assert page.errors == [], page.errors
    page.context.close()
