"""The board played with the keyboard alone: Tab reaches the board, the arrow
keys move between the free tiles by where they are drawn (Home and End to the first and
the last), Enter or Space selects; each tile is named in the page's language, and moves,
hints and the win are announced in the live region."""

from __future__ import annotations

import pytest

from browser_support import new_game, settle, tiles
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.connect import connect_deal_from_code
from mahjong_solitaire.i18n import tile_accessible_name

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"
CONNECT_CODE = "CN1-1808B-AAAAABL"  # 18×8, sliding down
ARROWS = {(1, 0): "ArrowRight", (-1, 0): "ArrowLeft", (0, 1): "ArrowDown", (0, -1): "ArrowUp"}


@pytest.fixture
def page(page):
    """The shared page (conftest), on the deal whose solution the tests play."""
    new_game(page, code=CODE)
    return page


def focused(page) -> int | None:
    """The position of the tile with the keyboard focus (None: the focus is elsewhere)."""
    return page.evaluate("""() => {
        const el = document.activeElement;
        return el && el.matches('#board .tile') ? Number(el.dataset.i) : null; }""")


def centre(page, i: int) -> tuple[float, float]:
    box = page.locator(f".tile[data-i='{i}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tab_to_board(page) -> None:
    page.locator("body").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if focused(page) is not None:
            return
    raise AssertionError("Tab never reached the board")


def walk_to(page, target: int) -> int:
    """Move the focus to the free tile ``target`` with the arrow keys only: each press goes
    the way the target lies (the longer way first); a tile seen twice tries the other way.
    The number of presses."""
    presses = 0
    seen: dict[int, int] = {}
    while (here := focused(page)) != target:
        assert here is not None, "the focus left the board"
        assert presses < 120, f"no way found from {here} to {target}"
        (x0, y0), (x1, y1) = centre(page, here), centre(page, target)
        dx, dy = x1 - x0, y1 - y0
        ways = [(1 if dx > 0 else -1, 0), (0, 1 if dy > 0 else -1)]
        if abs(dy) > abs(dx):
            ways.reverse()
        seen[here] = seen.get(here, 0) + 1
        way = ways[(seen[here] - 1) % 2] if abs(dx) > 2 and abs(dy) > 2 else ways[0]
        page.keyboard.press(ARROWS[way])
        presses += 1
    return presses


def test_tab_reaches_the_board_on_one_free_tile_and_only_free_tiles_are_focusable(page):
    tab_to_board(page)
    free = {tile["i"] for tile in tiles(page) if tile["free"]}
    assert focused(page) in free
    in_tab_order = page.eval_on_selector_all("#board .tile[tabindex='0']", "els => els.length")
    assert in_tab_order == 1
    focusable = page.eval_on_selector_all(
        "#board .tile[tabindex]", "els => els.map(el => Number(el.dataset.i))"
    )
    assert set(focusable) == free
    page.keyboard.press("Tab")
    assert focused(page) is None  # one Tab stop: the next Tab leaves the board


def test_each_tile_is_named_with_its_face_and_whether_it_is_free(page):
    for tile in tiles(page)[:40]:
        name = page.get_attribute(f".tile[data-i='{tile['i']}']", "aria-label")
        assert name == tile_accessible_name(tile["tile"], tile["free"], "en")
    assert tile_accessible_name("5B", True, "en") == "5 of Bamboo, free"


def test_arrows_move_between_free_tiles_by_where_they_are_drawn(page):
    tab_to_board(page)
    page.keyboard.press("Home")
    first = focused(page)
    x0 = centre(page, first)[0]
    page.keyboard.press("ArrowRight")
    right = focused(page)
    assert right != first and centre(page, right)[0] > x0
    page.keyboard.press("ArrowDown")
    assert centre(page, focused(page))[1] > centre(page, right)[1]
    page.keyboard.press("End")
    last = focused(page)
    page.keyboard.press("ArrowDown")  # nothing below the last free tile in reading order
    assert focused(page) == last


def test_a_whole_game_is_won_with_the_keyboard_alone(page):
    deal = deal_from_code(CODE)
    tab_to_board(page)
    presses = 0
    for number, move in enumerate(deal.solution):
        for position in move:
            presses += walk_to(page, position)
            page.keyboard.press("Enter" if number % 2 else " ")
        settle(page)
        if number == 0:
            page.wait_for_function(
                "() => document.getElementById('announcer').textContent.includes('removed')"
            )
            assert "142 tiles left" in page.inner_text("#announcer")
    assert page.get_attribute("#board", "data-status") == "won"
    win = page.locator("dialog[data-dialog='win']")
    win.wait_for(state="visible")
    page.wait_for_function(
        "() => document.getElementById('announcer').textContent.startsWith('You won')"
    )
    assert page.evaluate("document.activeElement.closest('dialog') !== null")
    print(f"{len(deal.solution)} pairs, {presses} arrow presses")


def test_hint_and_undo_are_announced(page):
    tab_to_board(page)
    page.keyboard.press("h")
    settle(page)
    page.wait_for_function(
        "() => document.getElementById('announcer').textContent.startsWith('Hint:')"
    )
    hinted = [tile for tile in tiles(page) if tile["hint"]]
    assert len(hinted) == 2


def test_pausing_with_p_is_announced(page):
    tab_to_board(page)
    page.keyboard.press("p")
    settle(page)
    page.wait_for_function("() => document.getElementById('announcer').textContent === 'Paused'")


def test_dialogs_are_modal_escape_closes_them_and_the_focus_comes_back(page):
    page.focus("#new")
    page.keyboard.press("Enter")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    assert page.get_attribute("#dialog", "aria-labelledby") == "dialog-title"
    for _ in range(30):  # Tab stays inside the dialog
        page.keyboard.press("Tab")
        assert page.evaluate("document.getElementById('dialog').contains(document.activeElement)")
    page.keyboard.press("Escape")
    settle(page)
    assert not dialog.is_visible()
    assert page.evaluate("document.activeElement.id") == "new"


def test_a_dialog_opened_over_another_keeps_its_name_and_the_first_ones_close_runs_once(page):
    """Win -> New game: the browser's close event of the first dialog comes after the
    second has opened; it must not run the second's onClose nor take its name."""
    page.evaluate("""async () => {
      const { openDialog } = await import("/static/js/dialogs/dialog.js");
      window.closes = [];
      openDialog("first", [], { onClose: () => window.closes.push("first") });
      openDialog("second", [], { onClose: () => window.closes.push("second") });
      await new Promise((done) => setTimeout(done, 100));
    }""")
    assert page.get_attribute("#dialog", "data-dialog") == "second"
    assert page.evaluate("window.closes") == ["first"]
    page.keyboard.press("Escape")
    page.wait_for_function("() => window.closes.length === 2")
    assert page.evaluate("window.closes") == ["first", "second"]


def test_the_connect_grid_is_played_with_the_same_keys(page, server):
    deal = connect_deal_from_code(CONNECT_CODE)
    new_game(page, mode="connect", code=CONNECT_CODE)
    page.wait_for_selector("#board[data-mode='connect'][data-status='playing']")
    tab_to_board(page)
    for move in deal.solution[:3]:
        for position in move:
            walk_to(page, position)
            page.keyboard.press("Enter")
        settle(page)
    assert len(tiles(page)) == len(deal.tiles) - 6
    name = page.locator("#board .tile").first.get_attribute("aria-label")
    assert name.endswith(", free")
