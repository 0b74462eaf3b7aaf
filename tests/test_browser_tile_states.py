"""Not by colour alone, in headless Chromium: the free, blocked,
selected, hint and match tiles are rendered (screenshots of one tile in each state, in
every tile set and both themes) and every pair must stay clearly distinct in grayscale
and under simulated protanopia, deuteranopia and tritanopia (``colour_vision``: Machado et
al. 2009).  The measure has teeth: two renderings that differ only by the hue of a ring
(colours that the simulation confuses) are judged the same."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from browser_support import open_page, settle
from colour_vision import (
    DISTINCT_SHARE,
    SIMULATIONS,
    confusion_partner,
    decode_png,
    distinct_share,
    simulate,
)

pytestmark = pytest.mark.browser

#: The classes of each state, as the page sets them.
STATES = {
    "free": ["free"],
    "blocked": ["blocked"],
    "selected": ["free", "selected"],
    "hint": ["free", "hint"],
    "match": ["free", "match"],
}
#: The page's selection colour (css/shell/app.css --select): the ring the hue-only pair starts
#: from.
SELECT = (255, 191, 31)
#: Room around the tile for its ring, lift and outline.
MARGIN = 16


class TileCamera:
    """Screenshots of one tile (the top of the Turtle: nothing covers it) in any state."""

    def __init__(self, page, margin: int = MARGIN) -> None:  # type: ignore[no-untyped-def]
        self.page = page
        self.i = page.evaluate(
            """() => [...document.querySelectorAll('#board .tile.free')]
                .sort((a, b) => Number(b.dataset.z) - Number(a.dataset.z))[0].dataset.i"""
        )
        page.mouse.move(0, 0)
        box = page.locator(f".tile[data-i='{self.i}']").bounding_box()
        assert box is not None
        self.clip = {
            "x": box["x"] - margin,
            "y": box["y"] - margin,
            "width": box["width"] + 2 * margin,
            "height": box["height"] + 2 * margin,
        }

    def shot(self, classes: list[str], ring: tuple[int, int, int] | None = None) -> np.ndarray:
        self.page.evaluate(
            """([i, classes, ring]) => {
                const el = document.querySelector(`.tile[data-i='${i}']`);
                el.classList.remove("free", "blocked", "selected", "hint", "match");
                el.classList.add(...classes);
                el.style.boxShadow = ring ? `0 0 0 6px rgb(${ring.join(",")}), var(--extrude)` : "";
            }""",
            [self.i, classes, list(ring) if ring else None],
        )
        return decode_png(self.page.screenshot(clip=self.clip, animations="disabled"))


def fresh_turtle(browser, server, theme: str, style: str):  # type: ignore[no-untyped-def]
    """A page in ``theme`` with the tile ``style`` on a new Turtle deal."""
    return turtle_with_settings(browser, server, theme, {"tileStyle": style})


def turtle_with_settings(browser, server, scheme: str, settings: dict[str, str]):  # type: ignore[no-untyped-def]
    """A page in ``scheme`` opened with ``settings`` already chosen, on a new Turtle deal
    (the game of the test before was paused when its page closed)."""
    page = open_page(browser, server.url, color_scheme=scheme)
    page.evaluate(
        "value => localStorage.setItem('mahjong-solitaire.settings', JSON.stringify(value))",
        settings,
    )
    assert page.request.post(server.url + "api/games", data={"layout": "turtle"}).ok
    page.reload()
    settle(page)
    assert page.get_attribute("#board", "data-status") == "playing"
    return page


@pytest.fixture(scope="module", params=["light", "dark"])
def theme(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.mark.parametrize("style", ["classic", "numbers", "contrast", "flat"])
def test_every_tile_state_stays_distinct_without_colour(browser, server, theme, style) -> None:
    page = fresh_turtle(browser, server, theme, style)
    assert page.get_attribute("html", "data-theme") == theme
    camera = TileCamera(page)
    shots = {state: camera.shot(classes) for state, classes in STATES.items()}
    weakest = {}
    for name in SIMULATIONS:
        seen = {state: simulate(shot, name) for state, shot in shots.items()}
        for first, second in itertools.combinations(STATES, 2):
            weakest[(name, first, second)] = distinct_share(seen[first], seen[second])
    too_close = {pair: share for pair, share in weakest.items() if share < DISTINCT_SHARE}
    assert not too_close, too_close
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("name", list(SIMULATIONS))
def test_two_states_differing_only_by_hue_are_judged_the_same(browser, server, name) -> None:
    """The negative check: a ring of the selection colour and a ring of a colour the
    simulation confuses with it differ clearly for normal vision, and not once simulated."""
    page = fresh_turtle(browser, server, "light", "classic")
    camera = TileCamera(page)
    partner = confusion_partner(SELECT, name)
    first, second = camera.shot(["free"], ring=SELECT), camera.shot(["free"], ring=partner)
    assert distinct_share(first, second) >= DISTINCT_SHARE, partner  # normal vision: apart
    assert distinct_share(simulate(first, name), simulate(second, name)) < DISTINCT_SHARE
    assert page.errors == []
    page.context.close()
