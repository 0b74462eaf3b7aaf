"""The selection, the hint and the keyboard focus on the board, each in sight and each its
own, in headless Chromium, in both themes and both tile styles:

- the selected tile keeps its ring and its raise while the pointer rests on it (the free
  tiles' hover lift used to replace them);
- the keyboard focus ring is neither the hint's cyan nor the selection's amber, and has a
  shape of its own: measured on the computed style and on screenshots, as
  tests/test_browser_tile_states.py measures the tile states (also in grayscale and under the
  simulated colour-vision deficiencies);
- pausing (P, the Pause button) puts the focus on Resume, resuming puts it back on the tile
  or the button that paused, and says so; a page of the menu that paused the game gives the
  focus back to the tile as the game resumes (and lets its own last word stand)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from browser_support import click_tile, settle
from colour_vision import DISTINCT_SHARE, SIMULATIONS, decode_png, distinct_share, lab, simulate
from test_browser_keyboard import focused, tab_to_board
from test_browser_tile_states import TileCamera, fresh_turtle

pytestmark = pytest.mark.browser

#: Room around the tile for the focus ring, which lies outside the hint's and the selection's.
MARGIN = 28
#: Colours further apart than this (CIE76) are not "the same colour" at a glance.
OTHER_COLOUR = 25.0
#: The page's colours of the hint and the selection (css/shell/app.css --hint, --select).
HINT = (53, 198, 255)
SELECT = (255, 191, 31)
WAYS_OF_SEEING = ["normal", *SIMULATIONS]


def seen(shot: np.ndarray, way: str) -> np.ndarray:
    return shot if way == "normal" else simulate(shot, way)


def rgb(text: str) -> tuple[int, int, int]:
    """``rgb(1, 2, 3)`` (a computed colour) as numbers."""
    r, g, b = (int(float(part)) for part in text[text.index("(") + 1 : -1].split(",")[:3])
    return r, g, b


def colour_distance(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    pair = lab(np.array([[first, second]], dtype=np.float64))[0]
    return float(np.linalg.norm(pair[0] - pair[1]))


class Camera(TileCamera):
    """Screenshots of the top tile of the Turtle (nothing covers it) and of what lies around
    it, with the classes of a state set by hand and the focus on it or not."""

    def __init__(self, page) -> None:  # type: ignore[no-untyped-def]
        super().__init__(page, MARGIN)  # room for the focus ring, outside the others
        self.tile = page.locator(f".tile[data-i='{self.i}']")

    def shot(self, classes: list[str], *, focus: bool = False) -> np.ndarray:
        self.page.evaluate(
            """([i, classes, focus]) => {
                const el = document.querySelector(`.tile[data-i='${i}']`);
                el.classList.remove("free", "blocked", "selected", "hint", "match");
                el.classList.add(...classes);
                if (focus) el.focus();
                else document.activeElement.blur();
            }""",
            [self.i, classes, focus],
        )
        still(self.page)
        if focus:
            assert self.tile.evaluate("el => el.matches(':focus-visible')")
        return decode_png(self.page.screenshot(clip=self.clip, animations="disabled"))


def still(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the tiles' transitions (the lift, the rings) are over."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")


def page_in(browser, server, theme: str, style: str):  # type: ignore[no-untyped-def]
    page = fresh_turtle(browser, server, theme, style)
    assert page.get_attribute("html", "data-theme") == theme
    return page


@pytest.fixture(scope="module", params=["light", "dark"])
def theme(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.mark.parametrize("style", ["classic", "numbers"])
def test_the_selected_tile_keeps_its_ring_and_raise_under_the_pointer(
    browser, server, theme, style
) -> None:
    page = page_in(browser, server, theme, style)
    camera = Camera(page)
    page.hover(f".tile[data-i='{camera.i}']")  # the pointer rests on the free tile: lifted
    still(page)
    hovered_free = decode_png(page.screenshot(clip=camera.clip, animations="disabled"))
    click_tile(page, camera.i)  # the pointer stays on it
    assert page.evaluate("() => document.querySelector('.tile:hover') !== null")
    still(page)
    look = camera.tile.evaluate(
        "el => ({shadow: getComputedStyle(el).boxShadow, transform: getComputedStyle(el).transform,"
        " selected: el.classList.contains('selected')})"
    )
    assert look["selected"]
    assert f"rgb{SELECT}".replace(" ", "") in look["shadow"].replace(" ", "")
    assert look["transform"] == "matrix(1, 0, 0, 1, -2, -3)"
    hovered_selected = decode_png(page.screenshot(clip=camera.clip, animations="disabled"))
    page.mouse.move(0, 0)
    still(page)
    resting_selected = decode_png(page.screenshot(clip=camera.clip, animations="disabled"))
    for way in WAYS_OF_SEEING:
        apart = distinct_share(seen(hovered_selected, way), seen(hovered_free, way))
        assert apart >= DISTINCT_SHARE, (way, apart)
    # under the pointer the selection looks as it does at rest
    assert distinct_share(hovered_selected, resting_selected) < DISTINCT_SHARE
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("state", "colour"), [("hint", HINT), ("match", (126, 224, 138))])
def test_the_hint_and_match_rings_stay_under_the_pointer(browser, server, state, colour) -> None:
    page = page_in(browser, server, "light", "classic")
    camera = Camera(page)
    camera.shot(["free", state])
    page.hover(f".tile[data-i='{camera.i}']")
    still(page)
    shadow = camera.tile.evaluate("el => getComputedStyle(el).boxShadow").replace(" ", "")
    assert f"rgb{colour}".replace(" ", "") in shadow, shadow
    assert camera.tile.evaluate("el => getComputedStyle(el).transform") != "none"  # lifted
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("style", ["classic", "numbers"])
def test_the_focus_ring_is_neither_the_hints_nor_the_selections_look(
    browser, server, theme, style
) -> None:
    page = page_in(browser, server, theme, style)
    tab_to_board(page)  # the keyboard was used: a focus given by the page is a visible one
    camera = Camera(page)
    page.mouse.move(0, 0)
    camera.shot(["free"], focus=True)
    ring = camera.tile.evaluate(
        """el => { const after = getComputedStyle(el, '::after');
        return {colour: after.borderTopColor, style: after.borderTopStyle,
                width: parseFloat(after.borderTopWidth), inset: parseFloat(after.top),
                hint: getComputedStyle(el).getPropertyValue('--hint').trim()}; }"""
    )
    assert ring["style"] == "solid" and ring["width"] >= 3
    assert ring["inset"] < -7, ring  # set off from the tile, outside its other rings
    colour = rgb(ring["colour"])
    assert colour_distance(colour, HINT) > OTHER_COLOUR, colour
    assert colour_distance(colour, SELECT) > OTHER_COLOUR, colour
    shots = {
        "focus": camera.shot(["free"], focus=True),
        "hint": camera.shot(["free", "hint"]),
        "selected": camera.shot(["free", "selected"]),
        "free": camera.shot(["free"]),
    }
    close = {}
    for way in WAYS_OF_SEEING:
        looks = {name: seen(shot, way) for name, shot in shots.items()}
        for first, second in itertools.combinations(looks, 2):
            share = distinct_share(looks[first], looks[second])
            if share < DISTINCT_SHARE:
                close[(way, first, second)] = share
    assert not close, close
    # the focus comes on top of the other looks, it does not replace them
    for state in ("hint", "selected"):
        alone = shots[state]
        focused_too = camera.shot(["free", state], focus=True)
        assert distinct_share(focused_too, alone) >= DISTINCT_SHARE
        assert distinct_share(focused_too, shots["focus"]) >= DISTINCT_SHARE
    camera.shot(["free", "hint"], focus=True)
    assert camera.tile.evaluate("el => getComputedStyle(el).outlineStyle") == "dashed"
    assert page.errors == []
    page.context.close()


def announced(page, text: str) -> None:
    page.wait_for_function(
        "text => document.getElementById('announcer').textContent === text", arg=text
    )


def test_pausing_puts_the_focus_on_resume_and_resuming_puts_it_back(page) -> None:
    tab_to_board(page)
    page.keyboard.press("ArrowRight")
    tile = focused(page)
    assert tile is not None
    page.keyboard.press("p")
    settle(page)
    assert page.get_attribute("#board", "data-status") == "paused"
    assert page.evaluate("document.activeElement.id") == "resume"
    page.keyboard.press("Enter")
    settle(page)
    assert page.get_attribute("#board", "data-status") == "playing"
    assert focused(page) == tile
    announced(page, "Game resumed")
    # P again on Resume resumes too
    page.keyboard.press("p")
    settle(page)
    assert page.evaluate("document.activeElement.id") == "resume"
    page.keyboard.press("p")
    settle(page)
    assert focused(page) == tile


def test_the_pause_button_gets_the_focus_back_after_resume(page) -> None:
    page.click("#pause")
    settle(page)
    assert page.evaluate("document.activeElement.id") == "resume"
    page.keyboard.press("Space")
    settle(page)
    assert page.get_attribute("#board", "data-status") == "playing"
    assert page.evaluate("document.activeElement.id") == "pause"
    announced(page, "Game resumed")


def test_a_page_that_paused_the_game_gives_the_focus_back_to_the_tile(page) -> None:
    tab_to_board(page)
    tile = focused(page)
    page.keyboard.press("n")  # the New game dialog pauses the game while it is open
    page.locator("dialog[data-dialog='new-game']").wait_for(state="visible")
    settle(page)
    assert page.get_attribute("#board", "data-status") == "paused"
    assert page.evaluate("document.getElementById('dialog').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('board').dataset.status === 'playing'")
    settle(page)
    assert focused(page) == tile


def test_a_page_opened_while_paused_gives_the_focus_back_to_resume(page) -> None:
    tab_to_board(page)
    page.keyboard.press("p")
    settle(page)
    page.keyboard.press("n")
    page.locator("dialog[data-dialog='new-game']").wait_for(state="visible")
    page.keyboard.press("Escape")
    settle(page)
    assert page.get_attribute("#board", "data-status") == "paused"
    assert page.evaluate("document.activeElement.id") == "resume"
