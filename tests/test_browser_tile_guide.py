"""The tile guide, in headless Chromium: from the menu and from How to play, the 42 kinds by
family, each drawn in the player's tile set with its name (what a screen reader reads) and
what it depicts, in the player's language (Portuguese with the rules page's names), and
which tiles match which; loaded only when first opened; by keyboard; axe clean."""

from __future__ import annotations

import pytest

import test_browser_a11y as a11y
from browser_support import open_page
from test_browser_guide import first_visit
from test_browser_tile_states import turtle_with_settings

pytestmark = pytest.mark.browser

GUIDE = "dialog[data-dialog='tile-guide']"
MODULE = "/static/js/dialogs/tile-guide.js"


def open_from_menu(page) -> None:  # type: ignore[no-untyped-def]
    page.click("#menu-button")
    page.click("#menu [data-action='tile-guide']")
    page.locator(GUIDE).wait_for(state="visible")


def kinds(page) -> list[dict]:  # type: ignore[no-untyped-def]
    return page.eval_on_selector_all(
        f"{GUIDE} [data-kind]",
        """els => els.map(el => {
          const tile = el.querySelector("[data-tile]");
          return {kind: el.dataset.kind, tile: tile.dataset.tile, set: tile.dataset.tileSet,
                  role: tile.getAttribute("role"), label: tile.getAttribute("aria-label"),
                  name: el.querySelector(".tile-kind-name").textContent,
                  depicts: el.querySelector(".tile-kind-depicts").textContent,
                  drawn: Boolean(tile.querySelector("svg"))};
        })""",
    )


def test_the_guide_lists_the_42_kinds_each_drawn_named_and_described(browser, server) -> None:
    page = open_page(browser, server.url)
    open_from_menu(page)
    found = kinds(page)
    assert len(found) == 42 and len({k["kind"] for k in found}) == 42
    assert all(k["drawn"] and k["tile"] == k["kind"] for k in found)
    assert all(k["role"] == "img" and k["label"] == k["name"] and k["depicts"] for k in found)
    headings = page.eval_on_selector_all(f"{GUIDE} h3", "els => els.map(el => el.textContent)")
    assert headings == [
        "Bamboo suit",
        "Circles suit",
        "Characters suit",
        "Winds",
        "Dragons",
        "Flowers",
        "Seasons",
    ]
    by_kind = {k["kind"]: k for k in found}
    assert by_kind["1B"]["name"] == "1 of Bamboo" and "bird" in by_kind["1B"]["depicts"]
    assert "北" in by_kind["N"]["depicts"] and "東" in by_kind["E"]["depicts"]
    assert page.get_by_role("img", name="Plum flower").count() == 1  # what a reader says
    assert page.errors == []


def test_the_guide_says_which_tiles_match_with_the_flowers_and_seasons_rule(
    browser, server
) -> None:
    page = open_page(browser, server.url)
    open_from_menu(page)
    rules = page.inner_text(f"{GUIDE} [data-rule='bonus']")
    assert "Any flower matches any other flower" in rules
    assert "a flower never matches a season" in rules
    assert "three other tiles of its kind" in page.inner_text(f"{GUIDE} [data-rule='kinds']")


def test_each_tile_is_drawn_in_the_players_tile_set(browser, server) -> None:
    page = turtle_with_settings(browser, server, "light", {"tileStyle": "numbers"})
    open_from_menu(page)
    assert {k["set"] for k in kinds(page)} == {"numbers"}


def test_the_guide_is_loaded_only_when_first_opened(browser, server) -> None:
    page = open_page(browser, server.url)
    loaded = lambda: page.evaluate(  # noqa: E731
        f"performance.getEntriesByType('resource').some(e => e.name.endsWith('{MODULE}'))"
    )
    assert not loaded()
    open_from_menu(page)
    assert loaded()


def test_portuguese_names_the_tiles_as_the_rules_page_does(browser, server) -> None:
    page = open_page(browser, server.url, locale="pt-BR")
    open_from_menu(page)
    by_kind = {k["kind"]: k for k in kinds(page)}
    flowers = [by_kind[f"F{n}"]["name"] for n in range(1, 5)]
    assert flowers == ["Flor de ameixa", "Flor de orquídea", "Flor de crisântemo", "Flor de bambu"]
    assert [by_kind[f"S{n}"]["name"] for n in range(1, 5)] == [
        "Primavera",
        "Verão",
        "Outono",
        "Inverno",
    ]
    assert "pássaro" in by_kind["1B"]["depicts"]
    assert "北" in by_kind["N"]["depicts"]
    assert "uma flor nunca combina com uma estação" in page.inner_text(GUIDE)


def test_how_to_play_opens_the_tile_guide(browser, server) -> None:
    page = first_visit(browser, server)
    page.click("dialog[data-dialog='guide'] [data-action='tile-guide']")
    page.locator(GUIDE).wait_for(state="visible")
    assert len(kinds(page)) == 42


def test_the_guide_opens_by_keyboard_and_escape_closes_it(browser, server) -> None:
    page = open_page(browser, server.url)
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    item = page.locator("#menu [data-action='tile-guide']")
    item.focus()
    page.keyboard.press("Enter")
    page.locator(GUIDE).wait_for(state="visible")
    page.keyboard.press("Escape")
    page.locator(GUIDE).wait_for(state="detached")


def test_the_guide_passes_the_axe_audit(browser, server) -> None:
    page = open_page(browser, server.url)
    open_from_menu(page)
    assert a11y.audit(page) == []
