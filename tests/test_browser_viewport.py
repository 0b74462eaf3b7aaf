"""The board's view (js/board/viewport.js), in headless Chromium: the board
turns on a phone in portrait when that gives bigger tiles, and the player can turn it back (the
menu, key R), remembered and announced; a tile's box is the tile a player sees, edge
included, and taps go where they land; the wheel, two fingers and the keys + − 0 zoom, a
drag pans without tapping, the Fit button returns; on a big layout the keyboard's focus
brings its tile into view; a Connect pair is linked on a zoomed board."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import new_game, open_page, settle

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}
DESKTOP = {"width": 1280, "height": 800}

VIEW = """() => {
    const board = document.getElementById("board");
    const tiles = [...board.querySelectorAll(".tile")].map(el => el.getBoundingClientRect());
    const turn = document.getElementById("turn-board");
    return {
        turned: board.dataset.turned === "true", zoom: Number(board.dataset.zoom || 1),
        transform: board.style.transform,
        fitShown: !document.getElementById("fit-board").hidden,
        turnShown: !turn.hidden, turnLabel: turn.textContent,
        shortSide: Math.min(...tiles.map(b => Math.min(b.width, b.height))),
        selected: [...board.querySelectorAll(".tile.selected")].map(el => Number(el.dataset.i)),
    };
}"""

IN_STAGE = """el => {
    const box = el.getBoundingClientRect();
    const stage = document.getElementById("stage").getBoundingClientRect();
    return box.left >= stage.left && box.top >= stage.top
        && box.right <= stage.right && box.bottom <= stage.bottom;
}"""


def view(page) -> dict[str, Any]:
    return dict(page.evaluate(VIEW))


def announced(page, text: str) -> None:
    page.wait_for_function(
        "t => document.getElementById('announcer').textContent.includes(t)", arg=text
    )


def start(page, mode: str, body: dict[str, Any]) -> None:
    """A new game of ``mode``, the page on it, a Connect rule's first explanation closed."""
    new_game(page, mode=mode, **body)
    intro = page.locator("#rule-intro-ok")  # a Connect grid's sliding rule, told once
    if intro.count() and intro.is_visible():
        intro.click()


def open_menu(page) -> None:
    # opened without the pointer's scrolling into view (test_browser_topbar.py tests the bar)
    page.locator("#menu-button").dispatch_event("click")
    page.locator("#menu").wait_for(state="visible")


def test_on_a_phone_in_portrait_the_turtle_turns_and_its_tiles_are_at_least_34_px(
    browser, server
) -> None:
    page = open_page(browser, server.url, **PHONE)
    new_game(page)
    shown = view(page)
    assert shown["turned"] and "rotate(90deg)" in shown["transform"]
    assert shown["shortSide"] >= 34, shown
    # the box is the whole tile: face and edge
    edge = page.evaluate(
        "parseFloat(getComputedStyle(document.getElementById('board')).getPropertyValue('--edge'))"
    )
    face = page.evaluate(
        "parseFloat(getComputedStyle(document.getElementById('board')).getPropertyValue('--fw'))"
    )
    assert edge >= 2 and shown["shortSide"] == pytest.approx(face + edge, abs=0.1)
    assert page.locator("#board").evaluate(IN_STAGE), "the turned board lies in the stage"
    assert page.errors == []
    page.context.close()


def test_turning_is_the_players_choice_remembered_and_announced(browser, server) -> None:
    page = open_page(browser, server.url, **PHONE)
    new_game(page)
    turned = view(page)
    assert turned["turned"] and "Turn the board back" in turned["turnLabel"]
    open_menu(page)
    assert view(page)["turnShown"]
    page.click("#turn-board")
    announced(page, "Board upright")
    upright = view(page)
    assert not upright["turned"] and "back" not in upright["turnLabel"]
    assert upright["shortSide"] < turned["shortSide"]
    page.reload()
    settle(page)
    assert not view(page)["turned"], "the choice is remembered"
    page.keyboard.press("r")
    announced(page, "Board turned a quarter")
    assert view(page)["turned"]
    page.context.close()
    # a desktop screen is landscape: the Turtle stays upright and the menu offers no turn
    page = open_page(browser, server.url, **DESKTOP)
    new_game(page)
    assert not view(page)["turned"] and not view(page)["turnShown"]
    page.context.close()
    # a tablet in portrait has tiles big enough upright: it is not turned by itself
    page = open_page(browser, server.url, width=820, height=1180, has_touch=True, is_mobile=True)
    new_game(page)
    tablet = view(page)
    assert not tablet["turned"] and tablet["shortSide"] >= 44
    page.context.close()


EDGE_POINT = """() => {
    const board = document.getElementById("board");
    const edge = parseFloat(getComputedStyle(board).getPropertyValue("--edge"));
    for (const el of document.querySelectorAll("#board .tile.free")) {
        const b = el.getBoundingClientRect();
        const x = b.right - edge / 2;
        const y = b.top + b.height / 2;
        if (document.elementFromPoint(x, y) === el) return {i: Number(el.dataset.i), x, y};
    }
    return null;
}"""

COVERED_POINT = """() => {
    // a blocked tile with a tile of the layer above over part of it, and a point of it
    // that is still seen
    const tiles = [...document.querySelectorAll("#board .tile")];
    for (const el of tiles.filter(t => t.classList.contains("blocked"))) {
        const b = el.getBoundingClientRect();
        const above = tiles.some(o => Number(o.dataset.z) > Number(el.dataset.z) && (() => {
            const a = o.getBoundingClientRect();
            return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
        })());
        if (!above) continue;
        const spots = [[0.1, 0.5], [0.5, 0.9], [0.9, 0.5], [0.5, 0.1], [0.1, 0.9], [0.9, 0.9]];
        for (const [fx, fy] of spots) {
            const x = b.left + fx * b.width;
            const y = b.top + fy * b.height;
            if (document.elementFromPoint(x, y) === el) return {i: Number(el.dataset.i), x, y};
        }
    }
    return null;
}"""


def test_a_tap_on_a_tiles_edge_selects_it_and_a_covered_tiles_seen_part_goes_to_it(
    page,
) -> None:
    point = page.evaluate(EDGE_POINT)
    assert point is not None, "a free tile whose edge is seen"
    page.mouse.click(point["x"], point["y"])
    settle(page)
    assert view(page)["selected"] == [point["i"]]
    page.mouse.click(point["x"], point["y"])  # deselect
    settle(page)
    covered = page.evaluate(COVERED_POINT)
    assert covered is not None, "a blocked tile partly under the layer above"
    page.mouse.click(covered["x"], covered["y"])
    settle(page)
    announced(page, "is blocked")


def tile_under(page, x: float, y: float) -> int | None:
    found = page.evaluate(
        "([x, y]) => { const t = document.elementFromPoint(x, y)?.closest('.tile');"
        " return t ? Number(t.dataset.i) : null; }",
        [x, y],
    )
    return int(found) if found is not None else None


def test_the_wheel_zooms_at_the_pointer_and_the_fit_button_returns(page) -> None:
    assert not view(page)["fitShown"], "fitted: no Fit button"
    box = page.locator("#board").bounding_box()
    x, y = box["x"] + box["width"] * 0.45, box["y"] + box["height"] * 0.4
    under = tile_under(page, x, y)
    page.mouse.move(x, y)
    page.mouse.wheel(0, -200)
    page.wait_for_function("() => Number(document.getElementById('board').dataset.zoom) > 1.3")
    assert tile_under(page, x, y) == under, "the point under the pointer stays put"
    assert view(page)["fitShown"]
    page.click("#fit-board")
    announced(page, "Board fitted to the screen")
    assert view(page)["zoom"] == 1 and view(page)["transform"] == ""
    assert not view(page)["fitShown"]


def test_a_drag_pans_the_zoomed_board_and_is_not_a_tap(page) -> None:
    page.keyboard.press("+")
    page.keyboard.press("+")
    before = view(page)
    assert before["zoom"] > 1
    box = page.locator("#stage").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx - 120, cy - 60, steps=6)
    page.mouse.up()
    settle(page)
    after = view(page)
    assert after["transform"] != before["transform"], "the board moved"
    assert after["selected"] == [], "a drag is not a tap"
    # a tap on the zoomed board still plays
    free = page.evaluate(
        """() => [...document.querySelectorAll('#board .tile.free')].map(el => {
            const b = el.getBoundingClientRect();
            return {i: Number(el.dataset.i), x: b.left + b.width / 2, y: b.top + b.height / 2};
        }).find(p => document.elementFromPoint(p.x, p.y)?.closest('.tile')?.dataset.i == p.i)"""
    )
    page.mouse.click(free["x"], free["y"])
    settle(page)
    assert view(page)["selected"] == [free["i"]]


def test_keys_plus_minus_and_zero_zoom_and_fit_and_are_announced(page) -> None:
    page.keyboard.press("+")
    announced(page, "Zoom 125%")
    assert view(page)["zoom"] == pytest.approx(1.25, abs=0.001)
    page.keyboard.press("=")
    assert view(page)["zoom"] == pytest.approx(1.5625, abs=0.001)
    page.keyboard.press("-")
    assert view(page)["zoom"] == pytest.approx(1.25, abs=0.001)
    for _ in range(3):
        page.keyboard.press("-")
    assert view(page)["zoom"] == 1, "never below the fitted view"
    page.keyboard.press("+")
    page.keyboard.press("0")
    announced(page, "Board fitted to the screen")
    assert view(page)["zoom"] == 1 and not view(page)["fitShown"]


def test_two_fingers_pinch_the_board_on_a_touch_screen(browser, server) -> None:
    page = open_page(browser, server.url, **PHONE)
    new_game(page)
    box = page.locator("#stage").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = page.context.new_cdp_session(page)

    def fingers(kind: str, spread: float) -> None:
        points = (
            []
            if kind == "touchEnd"
            else [
                {"x": cx - spread, "y": cy, "id": 1},
                {"x": cx + spread, "y": cy, "id": 2},
            ]
        )
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    fingers("touchStart", 40)
    for spread in (60, 80, 100, 120):
        fingers("touchMove", spread)
    fingers("touchEnd", 0)
    assert view(page)["zoom"] == pytest.approx(3, rel=0.05)
    assert view(page)["selected"] == [], "a pinch is not a tap"
    assert page.errors == []
    page.context.close()


def test_on_a_big_layout_the_focused_tile_is_brought_into_view(browser, server) -> None:
    page = open_page(browser, server.url, **PHONE)
    start(page, "classic", {"layout": "ridges"})  # 288 tiles
    assert page.locator("#board .tile").count() == 288
    fitted = view(page)["shortSide"]
    for _ in range(12):
        page.keyboard.press("+")
    assert view(page)["shortSide"] >= 2.5 * fitted
    page.locator("#board .tile[tabindex='0']").focus()
    seen = set()
    for key in ["ArrowRight"] * 6 + ["ArrowDown"] * 6 + ["End", "Home"]:
        page.keyboard.press(key)
        focused = page.locator("#board .tile:focus")
        seen.add(focused.get_attribute("data-i"))
        # the view follows the focus a frame later (a timeout: the tile stays off the screen)
        page.wait_for_function(f"() => ({IN_STAGE})(document.activeElement)", timeout=3000)
    assert len(seen) > 4
    page.keyboard.press("Enter")
    settle(page)
    assert len(view(page)["selected"]) == 1
    assert page.errors == []
    page.context.close()


def test_a_connect_pair_is_linked_on_a_zoomed_board(browser, server) -> None:
    page = open_page(browser, server.url, **DESKTOP)
    start(page, "connect", {"stage": 1})
    for _ in range(3):
        page.keyboard.press("+")
    page.keyboard.press("h")
    page.wait_for_function("() => document.querySelectorAll('#board .tile.hint').length === 2")
    pair = page.eval_on_selector_all("#board .tile.hint", "els => els.map(el => el.dataset.i)")
    for i in pair:
        page.locator(f"#board .tile[data-i='{i}']").focus()
        page.keyboard.press("Enter")
        settle(page)
    page.wait_for_function("() => document.getElementById('board').dataset.lastPath")
    assert view(page)["zoom"] > 1
    assert page.errors == []
    page.context.close()


def test_turning_the_phone_turns_the_board_back_and_says_so(browser, server) -> None:
    page = open_page(browser, server.url, **PHONE)
    new_game(page)
    assert view(page)["turned"]
    page.set_viewport_size({"width": 844, "height": 390})
    announced(page, "Board upright")
    assert not view(page)["turned"]
    page.set_viewport_size({"width": 390, "height": 844})
    announced(page, "Board turned a quarter")
    assert view(page)["turned"] and view(page)["shortSide"] >= 34
    assert page.errors == []
    page.context.close()


def test_the_solution_demo_plays_on_a_zoomed_board(page) -> None:
    new_game(page, code="MJ1-L00-AAAAABL")
    page.keyboard.press("+")
    page.keyboard.press("+")
    count = page.locator("#board .tile").count()
    page.keyboard.press("a")
    page.wait_for_function("() => document.querySelector('#board').dataset.status === 'demo'")
    page.wait_for_function(
        f"() => document.querySelectorAll('#board .tile').length < {count}", timeout=30_000
    )
    assert view(page)["zoom"] > 1, "the demo keeps the player's view"
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.querySelector('#board').dataset.status === 'playing'")


BOARD_VECTOR = """async () => {
    const { boardVector } = await import("/static/js/board/viewport.js");
    const [a, b] = [...document.querySelectorAll("#board .tile")].filter(
        el => el.dataset.z === "0").slice(0, 40).filter((el, k) => k === 0 || k === 39);
    const ra = a.getBoundingClientRect();
    const rb = b.getBoundingClientRect();
    const stage = document.getElementById("stage");
    const screen = boardVector(stage, (rb.left + rb.right - ra.left - ra.right) / 2,
        (rb.top + rb.bottom - ra.top - ra.bottom) / 2);
    const own = [parseFloat(b.style.left) - parseFloat(a.style.left),
        parseFloat(b.style.top) - parseFloat(a.style.top)];
    return { screen, own };
}"""


def test_a_distance_on_the_screen_is_measured_back_into_the_turned_zoomed_board(
    browser, server
) -> None:
    page = open_page(browser, server.url, **PHONE)
    new_game(page)
    page.keyboard.press("+")
    assert view(page)["turned"] and view(page)["zoom"] > 1
    found = page.evaluate(BOARD_VECTOR)
    assert found["screen"] == pytest.approx(found["own"], abs=0.5)
    page.context.close()
