"""Connect mode (rules §9) end to end in headless Chromium: a stage with a sliding rule won by
clicks, the link drawn after each match, tiles sliding to their new cells, the stage's
progress, and the Connect win counted under Connect only.

The page contract for Connect: each tile is a ``.tile`` with ``data-cx``, ``data-cy`` (its
cell), ``data-i`` (the cell a tap names), ``data-id`` (the tile followed through slides) and
``data-tile``; ``#board`` has ``data-mode="connect"`` and ``data-status``; after a match
``#board[data-last-path]`` is the link ("x,y x,y …") and ``data-slid`` how many tiles slid.
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import ARTIFACTS, new_game, open_page, settle
from mahjong_solitaire.connect import ConnectDeal, Slide, connect_deal_from_code
from serving import a_minute_passes

pytestmark = pytest.mark.browser

FULL_GRID = "CN1-1808B-AAAAABL"  # 18×8, "down"


def connect_tiles(page) -> list[dict[str, Any]]:
    return page.eval_on_selector_all(
        "#board .tile",
        """els => els.map(el => ({
        i: Number(el.dataset.i), id: Number(el.dataset.id), cx: Number(el.dataset.cx),
        cy: Number(el.dataset.cy), tile: el.dataset.tile || null,
        selected: el.classList.contains("selected"), box: el.getBoundingClientRect().toJSON()}))""",
    )


def shown_grid(page, deal: ConnectDeal) -> list[list[str | None]]:
    rows: list[list[str | None]] = [[None] * deal.width for _ in range(deal.height)]
    for tile in connect_tiles(page):
        rows[tile["cy"]][tile["cx"]] = tile["tile"]
    return rows


def board_attr(page, name: str) -> str | None:
    return page.get_attribute("#board", name)


def win_by_api(page, server, body: dict[str, Any]) -> dict[str, Any]:
    """Start a Connect game through the API and play its solution there (not the test's
    subject: it opens the stage that the clicks then play)."""
    state = page.request.post(server.url + "api/connect/games", data=body).json()
    for move in connect_deal_from_code(state["code"]).solution:
        for position in move:
            state = page.request.post(
                f"{server.url}api/connect/games/{state['id']}/tap", data={"position": position}
            ).json()
    assert state["status"] == "won", state
    return state


def open_menu(page, action: str) -> None:
    page.click("#menu-button")
    page.click(f"#menu [data-action='{action}']")


def test_a_sliding_stage_is_won_by_clicks(browser, server) -> None:
    page = open_page(browser, server.url)
    win_by_api(page, server, {"stage": 1})
    page.reload()
    settle(page)
    # the New game dialog, in Connect mode, starts the stage now open: stage 2, "down"
    open_menu(page, "new")
    page.click("#mode-switch [data-value='connect']")
    page.click(".cstage-card[data-stage='2'][data-state='next']")
    page.wait_for_selector("#board[data-mode='connect'][data-status='playing']")
    settle(page)
    deal = connect_deal_from_code(page.get_attribute("[data-code]", "data-code"))
    assert deal.rule is Slide.DOWN and (deal.width, deal.height) == (12, 6)
    a_minute_passes(server.database, board_attr(page, "data-game"))  # clicked at a human pace
    page.reload()  # the game's new version
    page.wait_for_selector("#board[data-mode='connect'][data-status='playing']")
    settle(page)
    board = deal.board()
    assert shown_grid(page, deal) == board.rows()
    slides = 0
    for move in deal.solution:
        where = {tile["id"]: (tile["cx"], tile["cy"]) for tile in connect_tiles(page)}
        path = board.path(move)
        board.push(move)
        page.click(f"#board .tile[data-i='{move.a}']")
        settle(page)
        assert [t["i"] for t in connect_tiles(page) if t["selected"]] == [move.a]
        page.click(f"#board .tile[data-i='{move.b}']")
        settle(page)
        assert board_attr(page, "data-last-path") == " ".join(f"{x},{y}" for x, y in path)
        assert shown_grid(page, deal) == board.rows()
        moved = [
            tile for tile in connect_tiles(page) if where[tile["id"]] != (tile["cx"], tile["cy"])
        ]
        assert len(moved) == int(board_attr(page, "data-slid") or 0)
        assert all(where[t["id"]][0] == t["cx"] and where[t["id"]][1] < t["cy"] for t in moved)
        slides += len(moved)
    assert slides > 0, "tiles slid down"
    assert board_attr(page, "data-status") == "won"
    page.wait_for_selector("dialog[data-dialog='win']")
    assert page.get_attribute("[data-fact='time']", "data-fact") == "time"
    page.keyboard.press("Escape")
    # the stage is cleared and the next one opens
    open_menu(page, "connectStages")
    page.wait_for_selector("dialog[data-dialog='connect-stages']")
    assert page.get_attribute(".cstage-card[data-stage='2']", "data-state") == "cleared"
    assert page.get_attribute(".cstage-card[data-stage='3']", "data-state") == "next"
    assert page.get_attribute(".cstage-card[data-stage='4']", "data-state") == "locked"
    page.keyboard.press("Escape")
    # the win is on the Connect leaderboard and statistics, and only there
    game_id = board_attr(page, "data-game")
    open_menu(page, "leaderboard")
    page.wait_for_selector(f"#leaderboard-table tr[data-game='{game_id}']")
    assert page.get_attribute("dialog h2", "data-mode") == "connect"
    page.keyboard.press("Escape")
    classic = page.request.get(server.url + "api/leaderboard?mode=classic").json()
    assert all(entry["game_id"] != game_id for entry in classic["entries"])
    assert page.request.get(server.url + "api/statistics").json()["won"] == 0
    assert page.request.get(server.url + "api/statistics?mode=connect").json()["won"] == 2
    assert page.errors == [], page.errors
    page.context.close()


def test_undo_slides_the_tiles_back_and_pause_hides_them(browser, server) -> None:
    page = open_page(browser, server.url)
    new_game(page, mode="connect", code=FULL_GRID)
    deal = connect_deal_from_code(FULL_GRID)
    board = deal.board()
    start = shown_grid(page, deal)
    for move in deal.solution[:6]:
        for position in move:
            page.click(f"#board .tile[data-i='{position}']")
            settle(page)
        board.push(move)
    assert shown_grid(page, deal) == board.rows() != start
    for _ in range(6):
        page.click("#undo")
        settle(page)
    assert shown_grid(page, deal) == start
    page.keyboard.press("p")
    page.wait_for_selector("#board[data-status='paused']")
    settle(page)
    assert {tile["tile"] for tile in connect_tiles(page)} == {None}
    page.click("#resume")
    page.wait_for_selector("#board[data-status='playing']")
    settle(page)
    assert shown_grid(page, deal) == start
    assert page.errors == [], page.errors
    page.context.close()


@pytest.mark.parametrize("width, height", [(360, 640), (1366, 768)])
def test_the_connect_board_fits_the_screen(browser, server, width, height) -> None:
    page = open_page(browser, server.url, width=width, height=height)
    new_game(page, mode="connect", code=FULL_GRID)
    page.wait_for_selector("#board[data-mode='connect'][data-status='playing']")
    tiles = connect_tiles(page)
    assert len(tiles) == 144
    for tile in tiles:
        box = tile["box"]
        assert box["left"] >= 0 and box["top"] >= 0
        assert box["right"] <= width and box["bottom"] <= height
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"connect-{width}x{height}.png"))
    assert page.errors == [], page.errors
    page.context.close()


def test_a_grid_of_the_players_choice_is_chosen_by_keyboard_and_dealt(browser, server) -> None:
    """Size, rule and difficulty in the New game dialog (rules §9.1); 24×12 deals two
    full sets, drawn whole, and the dialog stays clean under axe."""
    from test_browser_a11y import audit

    page = open_page(browser, server.url)
    open_menu(page, "new")
    page.click("#mode-switch [data-value='connect']")
    chooser = page.locator("#connect-grid-chooser")
    chooser.wait_for(state="visible")
    assert audit(page) == []
    page.focus("#connect-size")
    page.select_option("#connect-size", "24x12")
    page.select_option("#connect-slide", "gather-h")
    page.select_option("#connect-difficulty", "hard")
    assert "288" in page.locator("#connect-size option[value='24x12']").inner_text()
    page.focus("#connect-play-grid")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board[data-mode='connect'][data-status='playing']")
    settle(page)
    code = page.get_attribute("[data-code]", "data-code")
    assert code.startswith("CN2-2412I-")
    deal = connect_deal_from_code(code)
    assert deal.difficulty.value == "hard"
    assert shown_grid(page, deal) == deal.board().rows()
    assert len(connect_tiles(page)) == 288
    assert page.errors == []
    page.context.close()
