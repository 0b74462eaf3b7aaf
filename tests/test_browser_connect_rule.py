"""Connect's sliding rule during play (rules §9.4), in headless Chromium: the
chip ``#rule`` with ``data-rule`` (the rule as the code names it), its icon, the stage and a
one-line explanation in the player's language; the first time a rule appears it is explained
until the player says "Got it"; two matching tiles that no path joins shake with a message;
a control with the ``hidden`` attribute is really hidden; and axe."""

from __future__ import annotations

import pytest

import test_browser_a11y as a11y
from browser_support import class_gained, new_game, open_page, settle, toast_shown, watch_class
from mahjong_solitaire.connect import connect_deal_from_code
from mahjong_solitaire.connect.codes import ConnectCode
from mahjong_solitaire.connect.grid import Grid, Shape
from mahjong_solitaire.connect.slide import Slide
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.tiles import matches

pytestmark = pytest.mark.browser


def code_of(rule: Slide, seed: int = 5) -> str:
    return str(ConnectCode(Shape(12, 6), rule, seed, Difficulty.EASY))


def start(page, body: dict) -> None:
    new_game(page, mode="connect", **body)


def test_the_rule_is_shown_with_its_icon_stage_and_explanation(browser, server) -> None:
    page = open_page(browser, server.url)
    start(page, {"code": code_of(Slide.LEFT)})
    chip = page.locator("#rule")
    assert chip.get_attribute("data-rule") == "left"
    assert chip.locator("svg.rule-icon").count() == 1
    assert "Left" in chip.inner_text()
    assert chip.locator(".rule-note").text_content() == "Every row packs to the left."
    assert chip.get_attribute("role") == "note"
    # a stage game names its stage; another language explains in that language
    start(page, {"stage": 1})
    assert page.get_attribute("#rule", "data-rule") == "none"
    assert page.inner_text("#rule .rule-name") == "Stage 1 · No sliding"
    page.context.close()


def test_the_first_time_a_rule_appears_it_is_explained_once(browser, server) -> None:
    page = open_page(browser, server.url)
    start(page, {"code": code_of(Slide.UP)})
    intro = page.locator("#rule-intro[data-rule='up']")
    intro.wait_for()
    assert "New sliding rule: Up" in intro.inner_text()
    assert "Every column packs up to the top." in intro.inner_text()
    assert "New sliding rule: Up" in page.inner_text("#announcer")
    page.focus("#rule-intro-ok")
    page.keyboard.press("Enter")  # "Got it", by keyboard
    assert page.locator("#rule-intro").count() == 0
    page.reload()
    settle(page)
    assert page.get_attribute("#rule", "data-rule") == "up"
    assert page.locator("#rule-intro").count() == 0  # seen: not explained again
    start(page, {"code": code_of(Slide.RIGHT)})
    page.locator("#rule-intro[data-rule='right']").wait_for()
    page.context.close()


def test_the_rule_goes_away_with_a_classic_game(browser, server) -> None:
    page = open_page(browser, server.url)
    start(page, {"code": code_of(Slide.DOWN)})
    assert page.locator("#rule").count() == 1
    page.request.post(server.url + "api/games", data={"layout": "turtle"})
    page.reload()
    settle(page)
    assert page.locator("#rule").count() == 0 and page.locator("#rule-intro").count() == 0
    page.context.close()


#: The tiles the rule's strip overlaps, and the tiles drawn outside the stage.
COVERED = """() => {
  const over = (a, b) => !(b.right <= a.left || b.left >= a.right
    || b.bottom <= a.top || b.top >= a.bottom);
  const inside = (a, b) => b.left >= a.left - 1 && b.right <= a.right + 1
    && b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
  const strip = document.getElementById("rule-bar").getBoundingClientRect();
  const stage = document.getElementById("stage").getBoundingClientRect();
  const tiles = [...document.querySelectorAll("#board .tile")]
    .map((t) => t.getBoundingClientRect());
  return {covered: tiles.filter((t) => over(strip, t)).length,
          outside: tiles.filter((t) => !inside(stage, t)).length, tiles: tiles.length,
          side: Math.min(tiles[0].width, tiles[0].height)};
}"""


@pytest.mark.parametrize(("width", "height"), [(360, 640), (844, 390), (1280, 800)])
def test_the_rule_and_its_explanation_never_cover_a_tile(browser, server, width, height) -> None:
    page = open_page(browser, server.url, width=width, height=height)
    start(page, {"size": "24x12", "slide": "left"})  # 288 tiles, filling the stage
    page.locator("#rule-intro[data-rule='left']").wait_for()
    seen = page.evaluate(COVERED)
    assert seen["tiles"] == 288 and seen["covered"] == 0 and seen["outside"] == 0, seen
    assert page.get_attribute("#rule-bar", "aria-label") == "Sliding rule"
    page.click("#rule-intro-ok")  # the strip shrinks to the chip, and the board grows back
    page.locator("#rule-intro").wait_for(state="detached")
    page.evaluate(  # the board refits on the stage's next frame
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    after = page.evaluate(COVERED)
    assert after["covered"] == 0 and after["outside"] == 0, after
    assert after["side"] >= seen["side"], (seen, after)
    assert page.is_visible("#rule[data-rule='left'] .rule-note")
    assert page.errors == []
    page.context.close()


def unjoined_pair(code: str) -> tuple[int, int]:
    """Two matching tiles of the deal's first position that no path joins."""
    deal = connect_deal_from_code(code)
    grid = Grid(deal.shape, deal.tiles)
    cells = range(len(deal.tiles))
    for a in cells:
        for b in cells:
            if a < b and matches(deal.tiles[a], deal.tiles[b]) and not grid.connects(a, b):
                return a, b
    raise AssertionError("every matching pair is joined")


def test_two_matching_tiles_no_path_joins_shake_with_a_message(browser, server) -> None:
    page = open_page(browser, server.url)
    code = code_of(Slide.NONE, seed=9)
    start(page, {"code": code})
    a, b = unjoined_pair(code)
    page.click(f".tile[data-i='{a}']")
    settle(page)
    watch_class(page, "shake")
    page.click(f".tile[data-i='{b}']")
    settle(page)
    toast_shown(page, "no line with at most two turns joins them", whole=False)
    class_gained(page, "shake", a)
    class_gained(page, "shake", b)
    assert page.locator(f".tile[data-i='{a}']").count() == 1  # nothing was removed
    page.wait_for_function(
        "() => document.getElementById('announcer').textContent.includes('no line')"
    )
    assert page.errors == []
    page.context.close()


def test_a_control_with_the_hidden_attribute_is_hidden(browser, server) -> None:
    page = open_page(browser, server.url)
    shown = page.evaluate(
        """() => {
        const button = document.createElement("button");
        button.className = "btn";
        button.hidden = true;
        document.querySelector(".actions").append(button);
        const display = getComputedStyle(button).display;
        button.remove();
        return display;
    }"""
    )
    assert shown == "none"
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_rule_and_its_explanation_pass_the_axe_audit(browser, server, scheme) -> None:
    page = open_page(browser, server.url, color_scheme=scheme)
    start(page, {"code": code_of(Slide.GATHER_H)})
    page.locator("#rule-intro").wait_for()
    assert a11y.audit(page) == []
    page.click("#rule-intro-ok")
    assert a11y.audit(page) == []
    assert page.errors == []
    page.context.close()
