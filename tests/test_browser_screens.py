"""The board on every screen, in headless Chromium at six sizes from 360×640 to 1920×1080,
for a classic Turtle game and a Connect game, in every tile set the page's Settings offer
(read from the page, not listed here) and in both themes:

- the board fills the space: its box (``#board``: the tiles, and on a Connect grid the ring
  its links run through) covers at least 85 % of the free width or of the free height
  (whichever binds; free = the stage below the real top bar), every tile lies inside the
  stage, and the page does not scroll;
- axe finds no serious or critical violation;
- on a phone in portrait (390×844) the Turtle's tiles are at least 34 CSS px on their short
  side, measured on the tile element's own box;
- a screenshot of each is written for a reviewer, named ``size-mode-tileset-theme.png``,
  into ``$SCREENSHOTS_DIR`` or a temporary folder (printed: run with ``-s`` to see it;
  never committed).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from browser_support import open_page, settle
from test_browser_a11y import audit
from test_browser_tilesets import SETTINGS, offered, open_settings
from test_browser_viewport import start

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: width, height, and whether the screen is a touch screen (phones and the tablet)
SIZES = [
    (360, 640, True),
    (390, 844, True),
    (844, 390, True),
    (820, 1180, True),
    (1280, 800, False),
    (1920, 1080, False),
]
FILL = 0.85
PHONE = (390, 844)
PHONE_TILE = 34  # px, the short side of a Turtle tile on a phone in portrait
CONNECT_CODE = "CN1-1808B-AAAAABL"  # an 18×8 grid
#: how each mode's game is started
GAMES = {"classic": {"layout": "turtle"}, "connect": {"code": CONNECT_CODE}}
THEMES = ["light", "dark"]

MEASURE = """() => {
    const stage = document.getElementById("stage").getBoundingClientRect();
    const tiles = [...document.querySelectorAll("#board .tile")]
        .map(el => el.getBoundingClientRect());
    const drawn = {
        left: Math.min(...tiles.map(b => b.left)), top: Math.min(...tiles.map(b => b.top)),
        right: Math.max(...tiles.map(b => b.right)), bottom: Math.max(...tiles.map(b => b.bottom)),
    };
    const box = document.getElementById("board").getBoundingClientRect();
    const page = document.scrollingElement;
    return {
        stage: {left: stage.left, top: stage.top, right: stage.right, bottom: stage.bottom,
                width: stage.width, height: stage.height},
        board: {width: box.width, height: box.height},
        drawn,
        tiles: tiles.length,
        shortSide: Math.min(...tiles.map(b => Math.min(b.width, b.height))),
        scrolls: page.scrollWidth > innerWidth || page.scrollHeight > innerHeight
            || [page, document.body, document.getElementById("stage")].some(
                el => el.scrollTop > 0 || el.scrollLeft > 0),
    };
}"""


def screenshots_dir(factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("SCREENSHOTS_DIR")
    folder = Path(chosen) if chosen else factory.mktemp("screens")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = screenshots_dir(tmp_path_factory)
    print(f"\nscreenshots: {folder}")
    return folder


def close_dialog(page) -> None:
    page.keyboard.press("Escape")
    page.locator("#dialog").wait_for(state="hidden")
    page.locator("#pause-cover").wait_for(state="hidden")
    settle(page)


def tile_sets(page) -> list[str]:
    """The tile sets the page's Settings offer."""
    open_settings(page)
    found = offered(page, "tile-style")
    close_dialog(page)
    return found


def choose_tile_set(page, name: str) -> None:
    """Choose the tile set `name` in Settings, as a player does."""
    open_settings(page)
    page.check(f"{SETTINGS} [data-setting='tile-style'] input[value='{name}']")
    close_dialog(page)


def settled_layout(page) -> dict[str, Any]:
    """The measures once the board has been fitted (a resize observer fits it a frame later)
    and every animation is over."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect?.getTiming().iterations === Infinity)"
    )
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return dict(page.evaluate(MEASURE))


def fill_problems(where: str, measured: dict[str, Any]) -> list[str]:
    """What breaks the rule: the board covers ≥ 85 % of the free width or height, its tiles
    lie in the stage, and nothing scrolls."""
    stage, board, drawn = measured["stage"], measured["board"], measured["drawn"]
    problems = []
    fill = max(board["width"] / stage["width"], board["height"] / stage["height"])
    if fill < FILL:
        problems.append(
            f"{where}: the board covers {fill:.0%} of the free space "
            f"({board['width']:.0f}×{board['height']:.0f} in "
            f"{stage['width']:.0f}×{stage['height']:.0f})"
        )
    inside = (
        drawn["left"] >= stage["left"] - 1
        and drawn["top"] >= stage["top"] - 1
        and drawn["right"] <= stage["right"] + 1
        and drawn["bottom"] <= stage["bottom"] + 1
    )
    if not inside:
        problems.append(f"{where}: tiles reach out of the stage: {drawn} vs {stage}")
    if measured["scrolls"]:
        problems.append(f"{where}: the page scrolls")
    return problems


@pytest.mark.parametrize(("width", "height", "touch"), SIZES, ids=[f"{w}x{h}" for w, h, _ in SIZES])
def test_the_board_fills_every_screen_in_every_tile_set_and_passes_axe(
    browser, server, shots, width, height, touch
) -> None:
    page = open_page(
        browser, server.url, width=width, height=height, has_touch=touch, is_mobile=touch
    )
    problems: list[str] = []
    sets: list[str] = []
    for mode in GAMES:
        start(page, mode, GAMES[mode])  # a game of its own: not the last test's, paused
        if not sets:
            sets = tile_sets(page)
            assert "classic" in sets and "numbers" in sets, sets
        for tile_set in sets:
            choose_tile_set(page, tile_set)
            for theme in THEMES:
                page.emulate_media(color_scheme=theme)
                page.wait_for_function(
                    "t => document.documentElement.dataset.theme === t", arg=theme
                )
                where = f"{width}x{height}-{mode}-{tile_set}-{theme}"
                measured = settled_layout(page)
                assert measured["tiles"] > 0, where
                problems += fill_problems(where, measured)
                problems += [f"{where}: axe: {line}" for line in audit(page)]
                if (
                    mode == "classic"
                    and (width, height) == PHONE
                    and measured["shortSide"] < PHONE_TILE
                ):
                    problems.append(
                        f"{where}: the Turtle's tiles are {measured['shortSide']:.1f} px on "
                        f"their short side (at least {PHONE_TILE})"
                    )
                page.screenshot(path=str(shots / f"{where}.png"))
    assert not problems, "\n".join(problems)
    assert page.errors == []
    page.context.close()
