"""The layout picker of the New game dialog is one stop of the Tab key with the arrow keys
inside it, in headless Chromium: Tab reaches the chosen layout's card and
leaves the grid with the next press; Left and Right go one card back or on, Up and Down to
the card drawn above or below, Home and End to the first and the last shown; Enter or Space
chooses; the search and the size filter keep working, and the focus stays on a shown card
when the filter hides the focused one; the cards keep their names.  The stage lists (Connect's
cards, the classic Stages page) are one Tab stop the same way."""

from __future__ import annotations

import pytest

from browser_support import settle

pytestmark = pytest.mark.browser

DIALOG = "dialog[data-dialog='new-game']"


def open_new_game(page) -> None:
    page.keyboard.press("n")
    page.locator(f"{DIALOG} #layout-cards .layout-card").first.wait_for()
    settle(page)


def focused_layout(page) -> str | None:
    return page.evaluate("document.activeElement.closest('.layout-card')?.dataset.layout ?? null")


def chosen_layout(page) -> str:
    return page.get_attribute("#layout-cards [aria-checked='true']", "data-layout")


def tab_stops(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(
        selector, "els => els.filter(el => el.tabIndex === 0).map(el => el.dataset.layout)"
    )


def centre(page, name: str) -> tuple[float, float]:
    box = page.locator(f".layout-card[data-layout='{name}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_the_picker_is_one_tab_stop_on_the_chosen_card(page) -> None:
    open_new_game(page)
    assert chosen_layout(page) == "turtle"
    assert tab_stops(page, "#layout-cards .layout-card") == ["turtle"]
    page.focus("#layout-search")
    for _ in range(4):  # the size choice: all, small, medium, large
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('.layout-sizes') !== null")
    page.keyboard.press("Tab")
    assert focused_layout(page) == "turtle"
    page.keyboard.press("Tab")  # out of the grid at once
    assert page.evaluate("document.activeElement.id") == "import-layout"
    page.keyboard.press("Shift+Tab")
    assert focused_layout(page) == "turtle"
    # the cards are still radios named by their layout
    assert page.locator("#layout-cards >> role=radio[name=/Turtle/]").count() == 1
    assert page.get_attribute("#layout-cards", "role") == "radiogroup"


def test_the_arrow_keys_move_over_the_grid_and_enter_or_space_choose(page) -> None:
    open_new_game(page)
    page.focus(".layout-card[data-layout='turtle']")
    order = page.eval_on_selector_all(
        "#layout-cards .layout-card:not([hidden])", "els => els.map(el => el.dataset.layout)"
    )
    page.keyboard.press("ArrowLeft")  # the first card: nothing before it
    assert focused_layout(page) == order[0] == "turtle"
    page.keyboard.press("ArrowRight")
    assert focused_layout(page) == order[1]
    right = order[1]
    page.keyboard.press("ArrowDown")
    below = focused_layout(page)
    assert below not in (None, right)
    x, y = centre(page, right)
    bx, by = centre(page, below)
    assert by > y and abs(bx - x) < 5  # the card under it, in the same column
    page.keyboard.press("ArrowUp")
    assert focused_layout(page) == right
    page.keyboard.press("End")
    assert focused_layout(page) == order[-1]
    page.keyboard.press("Home")
    assert focused_layout(page) == order[0]
    # moving chose nothing; the roving stop followed the focus
    assert chosen_layout(page) == "turtle"
    page.keyboard.press("ArrowRight")
    assert tab_stops(page, "#layout-cards .layout-card") == [order[1]]
    page.keyboard.press("Space")
    assert chosen_layout(page) == order[1]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert chosen_layout(page) == order[2]
    assert page.locator(DIALOG).is_visible()  # choosing a card starts nothing by itself
    page.click("#start-game")
    settle(page)
    state = page.request.get(page.url.split("?")[0].rstrip("/") + "/api/game").json()
    assert state["layout"]["name"] == order[2]
    assert page.errors == []


def test_search_and_filter_keep_the_tab_stop_and_the_focus_on_a_shown_card(page) -> None:
    open_new_game(page)
    page.fill("#layout-search", "pyram")
    shown = page.eval_on_selector_all(
        "#layout-cards .layout-card:not([hidden])", "els => els.map(el => el.dataset.layout)"
    )
    assert shown == ["pyramid"]
    assert tab_stops(page, "#layout-cards .layout-card") == ["pyramid"]  # turtle is hidden
    page.focus("#import-layout")
    page.keyboard.press("Shift+Tab")
    assert focused_layout(page) == "pyramid"
    page.keyboard.press("ArrowRight")  # the only card shown: nowhere to go
    assert focused_layout(page) == "pyramid"
    page.focus("#layout-search")
    page.keyboard.press("Escape")  # clears the search: every card again, the stop stays
    assert page.locator("#layout-cards .layout-card[hidden]").count() == 0
    assert tab_stops(page, "#layout-cards .layout-card") == ["pyramid"]
    # the focused card hidden by the size filter: the focus goes to a card still shown
    page.focus(".layout-card[data-layout='turtle']")
    page.evaluate("document.querySelector(\".layout-sizes [data-size='small']\").click()")
    page.wait_for_function(
        "() => { const el = document.activeElement;"
        " return el.matches('.layout-card') && !el.hidden && el.dataset.size === 'small'; }"
    )
    assert len(tab_stops(page, "#layout-cards .layout-card")) == 1
    assert page.errors == []


def test_the_stage_lists_are_one_tab_stop_too(page) -> None:
    page.click("#menu-button")
    page.click("#menu [data-action='stages']")
    page.locator("dialog[data-dialog='stages'] [data-play-stage]").first.wait_for()
    stops = page.eval_on_selector_all(
        "[data-play-stage]",
        "els => els.filter(el => el.tabIndex === 0).map(el => el.dataset.playStage)",
    )
    assert stops == [page.evaluate("document.activeElement.dataset.playStage")]
    page.keyboard.press("Escape")
    settle(page)
    page.click("#menu-button")
    page.click("#menu [data-action='connectStages']")
    cards = page.locator(".cstage-card")
    cards.first.wait_for()
    stops = page.eval_on_selector_all(
        ".cstage-card", "els => els.filter(el => el.tabIndex === 0).map(el => el.dataset.stage)"
    )
    assert len(stops) == 1
    first = stops[0]
    page.focus(f".cstage-card[data-stage='{first}']")
    page.keyboard.press("ArrowRight")
    moved = page.evaluate("document.activeElement.dataset.stage")
    assert moved is not None and moved != first
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.stage") == "1"
    assert page.errors == []
