"""The web game end to end, in headless Chromium: a player's clicks and keys against the
real server (``mahjong-solitaire play``) on a fresh database.

What the page must show is the page contract (see ``browser_support``); what the
server decides comes from the engine, so the tests ask the engine for the deal of the code
the page shows and predict every answer from it.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, datetime

import pytest

from browser_support import (
    ARTIFACTS,
    TILE_PICTURES,
    class_gained,
    click_tile,
    new_game,
    open_page,
    settle,
    stuck_sequence,
    tiles,
    toast_shown,
    watch_class,
)
from mahjong_solitaire import Board, Deal, Move, daily_code, deal_from_code, matches
from mahjong_solitaire.solver import solve
from position_support import reach_no_moves
from serving import a_minute_passes

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"


def shown_code(page) -> str:
    return page.get_attribute("[data-code]", "data-code")


def shown_deal(page) -> Deal:
    return deal_from_code(shown_code(page))


def status(page) -> str:
    return page.get_attribute("#board", "data-status")


def labels(page) -> dict[int, str | None]:
    return {tile["i"]: tile["tile"] for tile in tiles(page)}


def mirror(page, deal: Deal) -> Board:
    """The engine's board of what the page shows (tiles present, with their faces)."""
    shown = labels(page)
    return Board(deal.layout, [shown.get(i) for i in range(len(deal.layout))])


def wait_for_code(page, code: str) -> None:
    page.wait_for_function(
        "c => document.querySelector('[data-code]').dataset.code === c", arg=code
    )
    settle(page)


def play_code(page, code: str) -> None:
    page.keyboard.press("n")
    page.fill("#code-input", code)
    page.click("#play-code")
    wait_for_code(page, code)


def api_state(page) -> dict:
    return page.request.get(page.url.split("?")[0].rstrip("/") + "/api/game").json()


# -- the whole game --------------------------------------------------------------------


def test_a_whole_turtle_game_is_won_by_clicking_tiles_then_win_dialog_and_leaderboard_show_it(
    page, server
):
    deal = shown_deal(page)
    a_minute_passes(server.database, api_state(page)["id"])
    page.reload()  # the game's new version
    settle(page)
    assert deal.layout.name == "turtle"
    assert labels(page) == dict(enumerate(deal.tiles))
    for move in deal.solution:
        click_tile(page, move.a, wait=False)
        click_tile(page, move.b, wait=False)
    settle(page)
    assert status(page) == "won"
    assert tiles(page) == []
    win = page.locator("dialog[data-dialog='win']")
    win.wait_for(state="visible")
    assert re.fullmatch(r"\d\d:\d\d", win.locator("[data-fact='time']").inner_text())
    assert win.locator("[data-fact='hints']").inner_text() == "0"
    assert win.locator(".win-rank").get_attribute("data-rank") == "1"
    page.keyboard.press("Escape")
    page.click("#menu-button")
    page.click("[data-action='leaderboard']")
    rows = page.locator("dialog[data-dialog='leaderboard'] #leaderboard-table tbody tr")
    rows.first.wait_for()
    assert rows.count() == 1
    assert "Turtle" in rows.first.inner_text()
    assert rows.first.get_attribute("class") == "mine"


def test_a_win_faster_than_a_human_is_saved_but_the_win_dialog_says_it_is_unranked(page):
    play_code(page, CODE)
    deal = shown_deal(page)
    state = api_state(page)
    base = page.url.split("?")[0].rstrip("/")
    for move in deal.solution[:-1]:  # a script's pace: milliseconds a pair
        for position in move:
            answer = page.request.post(
                f"{base}/api/games/{state['id']}/tap", data={"position": position}
            )
            state = answer.json()
    page.reload()
    settle(page)
    last = deal.solution[-1]
    click_tile(page, last.a)
    click_tile(page, last.b)
    win = page.locator("dialog[data-dialog='win']")
    win.wait_for(state="visible")
    rank = win.locator(".win-rank")
    assert rank.get_attribute("data-ranked") == "false"
    assert "not ranked" in rank.inner_text()
    page.keyboard.press("Escape")
    page.click("#menu-button")
    page.click("[data-action='statistics']")
    stats = page.locator("dialog[data-dialog='statistics']")
    stats.locator("#stats-facts").wait_for()
    assert stats.locator("#times-chart [data-best]").count() == 1


# -- rules §3.1 -------------------------------------------------------


def test_tapping_a_free_tile_selects_it_and_tapping_it_again_deselects_it(page):
    deal = shown_deal(page)
    first = deal.solution[0].a
    click_tile(page, first)
    assert [tile["i"] for tile in tiles(page) if tile["selected"]] == [first]
    click_tile(page, first)
    assert not any(tile["selected"] for tile in tiles(page))
    assert len(tiles(page)) == 144


def test_tapping_a_second_free_tile_that_does_not_match_moves_the_selection(page):
    board = mirror(page, shown_deal(page))
    free = board.free_positions()
    a, b = next(
        (a, b)
        for a in free
        for b in free
        if a != b and not matches(board.tile_at(a), board.tile_at(b))
    )
    click_tile(page, a)
    click_tile(page, b)
    assert [tile["i"] for tile in tiles(page) if tile["selected"]] == [b]
    assert len(tiles(page)) == 144


def test_tapping_a_matching_free_tile_removes_both(page):
    move = shown_deal(page).solution[0]
    click_tile(page, move.a)
    click_tile(page, move.b)
    left = {tile["i"] for tile in tiles(page)}
    assert len(left) == 142 and move.a not in left and move.b not in left
    assert not any(tile["selected"] for tile in tiles(page))
    assert page.inner_text("#tiles-left") == "142"


def test_tapping_a_blocked_tile_removes_nothing_cancels_the_selection_and_shakes_it(page):
    board = mirror(page, shown_deal(page))
    blocked = next(i for i in range(144) if not board.is_free(i))
    free = board.free_positions()[0]
    shown = {tile["i"]: tile for tile in tiles(page)}
    assert shown[blocked]["blocked"] and not shown[blocked]["free"]
    assert shown[free]["free"] and not shown[free]["blocked"]
    click_tile(page, free)
    watch_class(page, "shake")
    page.click(f".tile[data-i='{blocked}']", force=True)
    class_gained(page, "shake", blocked)
    settle(page)
    assert not any(tile["selected"] for tile in tiles(page))
    assert len(tiles(page)) == 144


def test_free_and_blocked_tiles_are_the_engines(page):
    board = mirror(page, shown_deal(page))
    shown = tiles(page)
    assert {tile["i"] for tile in shown if tile["free"]} == set(board.free_positions())
    assert sum(tile["free"] for tile in shown) == 35
    assert all(tile["free"] != tile["blocked"] for tile in shown)
    assert page.inner_text("#pairs") == str(board.pair_count())


# -- No moves --------------------------------------------------------------------------


def test_no_moves_appears_on_a_stuck_position_and_undo_leaves_it(page):
    reach_no_moves(page, CODE)
    last = stuck_sequence(deal_from_code(CODE).board())[-1]
    assert status(page) == "stuck"
    dialog = page.locator("dialog[data-dialog='no-moves']")
    dialog.wait_for(state="visible")
    assert "No moves" in dialog.inner_text()
    for choice in ("#stuck-undo", "#stuck-shuffle", "#stuck-new"):
        assert dialog.locator(choice).is_visible()
    dialog.locator("#stuck-undo").click()
    settle(page)
    assert status(page) == "playing"
    assert not page.locator("dialog[data-dialog='no-moves']").is_visible()
    assert {last.a, last.b} <= {tile["i"] for tile in tiles(page)}


def test_no_moves_offers_the_way_back_to_the_last_winnable_position(page):
    reach_no_moves(page, CODE)
    moves = stuck_sequence(deal_from_code(CODE).board())
    dialog = page.locator("dialog[data-dialog='no-moves']")
    state = api_state(page)
    assert state["winnability"] == "lost" and state["last_winnable"] >= 1
    dialog.locator("#to-winnable").click()
    settle(page)
    assert status(page) == "playing"
    assert len(tiles(page)) == 144 - 2 * (len(moves) - state["last_winnable"])
    page.locator("#winnable[data-winnable='winnable']").wait_for(state="visible")


def test_the_top_bar_says_whether_the_position_is_still_winnable(page):
    play_code(page, CODE)
    chip = page.locator("#winnable[data-winnable='winnable']")
    chip.wait_for(state="visible")
    assert chip.get_attribute("title") == "The solver proves this position can still be won"


def test_the_winnable_chip_stays_through_a_selection_and_asks_once_per_position(page):
    play_code(page, CODE)
    chip = page.locator("#winnable[data-winnable='winnable']")
    chip.wait_for(state="visible")
    asked = []
    page.on("request", lambda request: "/winnability" in request.url and asked.append(request))
    free = next(tile["i"] for tile in tiles(page) if tile["free"])
    click_tile(page, free)  # a selection: a new version of the game, the same position
    assert chip.is_visible()
    click_tile(page, free)  # and deselected
    assert chip.is_visible() and asked == []


# -- aids ------------------------------------------------------------------------------


def timer_text(page) -> str:
    return page.inner_text("#timer")


def test_pause_hides_the_tiles_and_stops_the_timer(page):
    page.wait_for_function("() => document.getElementById('timer').textContent !== '00:00'")
    page.click("#pause")
    settle(page)
    assert status(page) == "paused"
    assert page.locator("#pause-cover").is_visible()
    assert all(tile["tile"] is None for tile in tiles(page))
    assert len(tiles(page)) == 144
    stopped = timer_text(page)
    page.wait_for_timeout(1300)
    assert timer_text(page) == stopped
    page.click("#resume")
    settle(page)
    assert status(page) == "playing"
    assert not page.locator("#pause-cover").is_visible()
    assert labels(page) == dict(enumerate(shown_deal(page).tiles))
    page.wait_for_function("t => document.getElementById('timer').textContent !== t", arg=stopped)


def test_the_game_pauses_by_itself_when_the_tab_is_hidden(page):
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {value: true, configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    settle(page)
    assert status(page) == "paused"


def test_hint_highlights_a_legal_pair(page):
    click_tile(page, shown_deal(page).solution[0].a)
    click_tile(page, shown_deal(page).solution[0].b)
    page.click("#hint")
    settle(page)
    hinted = [tile for tile in tiles(page) if tile["hint"]]
    assert len(hinted) == 2
    a, b = hinted
    assert a["free"] and b["free"] and matches(a["tile"], b["tile"])
    board = mirror(page, shown_deal(page))
    assert board.is_legal(Move(a["i"], b["i"]))


def test_shuffle_keeps_the_game_solvable(page):
    deal = shown_deal(page)
    for move in deal.solution[:10]:
        click_tile(page, move.a, wait=False)
        click_tile(page, move.b, wait=False)
    settle(page)
    before = labels(page)
    page.click("#shuffle")
    settle(page)
    after = labels(page)
    assert status(page) == "playing"
    assert after.keys() == before.keys() and len(after) == 124
    assert Counter(after.values()) == Counter(before.values())
    assert after != before
    assert solve(mirror(page, deal)).solvable


def test_undo_and_redo_buttons_walk_through_the_moves(page):
    move = shown_deal(page).solution[0]
    assert page.is_disabled("#undo") and page.is_disabled("#redo")
    click_tile(page, move.a)
    click_tile(page, move.b)
    page.click("#undo")
    settle(page)
    assert len(tiles(page)) == 144 and page.is_enabled("#redo")
    page.click("#redo")
    settle(page)
    assert len(tiles(page)) == 142 and page.is_disabled("#redo")


def test_keyboard_h_hint_z_undo_y_redo_p_pause_s_shuffle_n_new_game(page):
    move = shown_deal(page).solution[0]
    click_tile(page, move.a)
    click_tile(page, move.b)
    page.keyboard.press("z")
    settle(page)
    assert len(tiles(page)) == 144
    page.keyboard.press("y")
    settle(page)
    assert len(tiles(page)) == 142
    page.keyboard.press("Control+z")
    settle(page)
    assert len(tiles(page)) == 144
    page.keyboard.press("h")
    settle(page)
    assert sum(tile["hint"] for tile in tiles(page)) == 2
    before = labels(page)
    page.keyboard.press("s")
    settle(page)
    assert labels(page) != before
    page.keyboard.press("p")
    settle(page)
    assert status(page) == "paused"
    page.keyboard.press("p")
    settle(page)
    assert status(page) == "playing"
    page.keyboard.press("n")
    page.locator("dialog[data-dialog='new-game']").wait_for(state="visible")


# -- codes, links, reload ----------------------------------------------------------------


def test_entering_a_code_reproduces_the_deal_and_a_bad_code_is_explained_as_typed(page):
    page.keyboard.press("n")
    page.locator("dialog[data-dialog='new-game']").wait_for(state="visible")
    page.locator("#code-input").press_sequentially("MJ1-X")
    assert "MJ2-L00-ABCDEFG" in page.inner_text("#code-error")
    assert page.is_disabled("#play-code")
    page.fill("#code-input", "mj1-l00-aaaaab")
    assert page.inner_text("#code-error") == ""
    assert page.is_disabled("#play-code")
    page.fill("#code-input", "mj1-l00-aaaaabl")
    assert page.is_enabled("#play-code")
    page.click("#play-code")
    wait_for_code(page, CODE)
    assert labels(page) == dict(enumerate(deal_from_code(CODE).tiles))
    assert status(page) == "playing"


def test_the_code_field_takes_both_versions_of_the_codes(page):
    """rules §7.6: an MJ1 code deals what it always dealt, an MJ2 code the new dealing."""
    for code in ("MJ2-L00-AAAAABL", "MJ1-L00-AAAAABM"):
        page.keyboard.press("n")
        page.locator("dialog[data-dialog='new-game']").wait_for(state="visible")
        page.fill("#code-input", code.lower())
        assert page.inner_text("#code-error") == ""
        page.click("#play-code")
        wait_for_code(page, code)
        assert labels(page) == dict(enumerate(deal_from_code(code).tiles))


def test_the_layout_picker_starts_a_deal_of_the_chosen_layout(page):
    page.keyboard.press("n")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    card = dialog.locator(".layout-card[data-layout='pyramid']")
    assert card.locator("svg rect").count() == 144  # the preview draws every position
    card.click()
    dialog.locator("[data-value='hard']").click()
    dialog.locator("#start-game").click()
    page.wait_for_function(
        "() => document.querySelector('[data-code]').dataset.code.startsWith('MJ2-L01')"
    )
    settle(page)
    deal = shown_deal(page)
    assert deal.layout.name == "pyramid"
    assert labels(page) == dict(enumerate(deal.tiles))
    assert api_state(page)["difficulty"] == "hard"


def test_todays_challenge_is_the_daily_deal(page):
    page.click("#menu-button")
    page.click("[data-action='daily']")  # the calendar (tests/test_browser_daily.py)
    page.click("#daily-today")
    wait_for_code(page, str(daily_code(datetime.now(UTC).date())))
    assert api_state(page)["daily"] == datetime.now(UTC).date().isoformat()


def test_a_shared_link_starts_that_deal(browser, server):
    page = open_page(browser, server.url, path=f"/?code={CODE}")
    assert shown_code(page) == CODE
    assert labels(page) == dict(enumerate(deal_from_code(CODE).tiles))
    assert "code=" not in page.url  # a reload resumes rather than restarting the deal
    page.context.close()


def test_the_code_chip_copies_the_code(page):
    page.click("#code")
    toast_shown(page, "Copied")
    assert page.evaluate("navigator.clipboard.readText()") == shown_code(page)


def test_a_reload_resumes_the_game(page):
    move = shown_deal(page).solution[0]
    click_tile(page, move.a)
    click_tile(page, move.b)
    code, before = shown_code(page), tiles(page)
    page.reload()
    settle(page)
    assert shown_code(page) == code
    assert status(page) == "playing"
    assert tiles(page) == before


def test_the_numbers_style_setting_redraws_the_faces_and_is_remembered(page):
    face = f"({TILE_PICTURES})(document.querySelector('.tile'))"
    classic = page.evaluate(face)
    page.click("#menu-button")
    page.click("[data-action='settings']")
    page.click("dialog[data-dialog='settings'] [data-value='numbers']")
    page.keyboard.press("Escape")
    page.locator("dialog[data-dialog='settings']").wait_for(state="hidden")
    # paused while the settings were open; resumed once they close (the dialog's close
    # event comes a moment after the key)
    page.wait_for_selector("#board[data-status='playing'][data-pending='0']", timeout=5_000)
    settle(page)
    numbers = page.evaluate(face)
    assert numbers != classic and "numbers" not in classic
    page.reload()
    settle(page)
    assert page.evaluate(face) == numbers


# -- the screen ------------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1366, 768)])
def test_every_tile_is_inside_the_viewport_and_the_screenshot_is_saved(
    browser, server, width, height
):
    page = open_page(browser, server.url, width=width, height=height)
    new_game(page)
    boxes = page.eval_on_selector_all(
        ".tile",
        """els => els.map(el => {
        const r = el.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
    })""",
    )
    assert len(boxes) == 144
    bar = page.eval_on_selector(".topbar", "el => el.getBoundingClientRect().bottom")
    for left, top, right, bottom in boxes:
        assert left >= 0 and right <= width and bar <= top and bottom <= height
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # each action is a 44 px target: in the bar, or in the menu when the bar moved it there
    page.click("#menu-button")
    for button in ("#hint", "#undo", "#redo", "#shuffle", "#pause", "#new"):
        moved = page.eval_on_selector(button, "el => el.classList.contains('overflowed')")
        target = f"#menu [data-moved-from='{button[1:]}']" if moved else button
        if moved and button == "#new":  # the menu's own New game item serves
            target = "#menu [data-action='new']"
        assert page.eval_on_selector(target, "el => el.getBoundingClientRect().height") >= 44
    page.keyboard.press("Escape")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"board-{width}x{height}.png"))
    page.context.close()
