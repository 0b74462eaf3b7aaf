"""A layout made from a seed in the browser (rules §8.4): the New game dialog's "New layout
from a seed" draws one from a family, a number of tiles and a seed, by keyboard, shows its
preview and says what it drew; "Use this layout" puts it among the cards, picked, and Play
deals it by its code, with no stored layout."""

from __future__ import annotations

import pytest

from browser_support import settle, tiles, toast_shown
from mahjong_solitaire.classic.generated import generated_layout
from mahjong_solitaire.layouts.generated import GeneratedSpec
from mahjong_solitaire.store import Store

pytestmark = pytest.mark.browser


def open_seeded_panel(page):
    page.keyboard.press("n")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    summary = dialog.locator("#seeded-layout summary")
    summary.focus()
    page.keyboard.press("Enter")  # a <details> opens by keyboard
    dialog.locator("#seeded-layout[open]").wait_for()
    return dialog


def test_a_layout_from_a_seed_is_previewed_chosen_and_dealt_by_its_code(page, server):
    dialog = open_seeded_panel(page)
    dialog.locator("#seed-family").select_option("diamonds")
    dialog.locator("#seed-tiles").fill("96")
    dialog.locator("#seed-value").fill("5")
    page.keyboard.press("Tab")  # the change is committed as the focus leaves
    preview = dialog.locator("#seed-preview[data-layout='diamonds-96-5']")
    preview.locator("svg").wait_for()
    assert preview.locator("svg rect").count() == 96
    status = dialog.locator("#seed-status")
    assert status.get_attribute("aria-live") == "polite"
    layers = generated_layout(GeneratedSpec(5, "diamonds", 96)).depth
    assert status.inner_text() == f"Diamonds 96 #5: 96 tiles, {layers} layers"

    dialog.locator("#use-seeded-layout").focus()
    page.keyboard.press("Enter")
    card = dialog.locator(".layout-card[data-layout='diamonds-96-5']")
    card.wait_for()
    assert card.get_attribute("aria-checked") == "true"
    toast_shown(page, "“Diamonds 96 #5” is chosen: press Play")
    dialog.locator("#start-game").click()
    page.wait_for_selector("dialog[data-dialog='new-game']", state="detached")
    settle(page)
    assert len(tiles(page)) == 96
    game_id = page.get_attribute("#board", "data-game")
    with Store(server.database) as store:
        game = store.get_game(store.local_player().id, game_id)
        assert store.imported_layouts(store.local_player().id) == []
    assert game.code.startswith("MJ2-G5D96-") and game.layout_name == "diamonds-96-5"
    assert game.layout_positions is None  # its code alone deals it


def test_another_seed_draws_another_layout_and_a_bad_size_says_why(page):
    dialog = open_seeded_panel(page)
    preview = dialog.locator("#seed-preview")
    preview.locator("svg").wait_for()
    first = preview.get_attribute("data-layout")
    dialog.locator("[data-action='another-seed']").click()
    page.wait_for_function(
        "(name) => document.querySelector('#seed-preview').dataset.layout !== name"
        " && document.querySelector('#seed-preview svg')",
        arg=first,
    )
    dialog.locator("#seed-tiles").fill("71")
    page.keyboard.press("Tab")
    status = dialog.locator("#seed-status")
    page.wait_for_function(
        "() => document.querySelector('#seed-status').textContent.startsWith('Choose an even')"
    )
    assert status.inner_text() == "Choose an even number of tiles from 72 to 288."
    assert dialog.locator("#use-seeded-layout").is_disabled()


def test_a_typed_code_of_a_mirrored_generated_layout_is_taken_and_dealt(page):
    page.keyboard.press("n")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    field = dialog.locator("#code-input")
    field.focus()
    page.keyboard.type("mj2-g5d96x-aaaaabl")
    assert dialog.locator("#code-error").inner_text() == ""
    assert dialog.locator("#play-code").is_enabled()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('#code').dataset.code === 'MJ2-G5D96X-AAAAABL'"
    )
    settle(page)
    assert len(tiles(page)) == 96
