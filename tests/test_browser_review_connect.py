"""The review of a Connect game on the page (issue 28): a Connect dead end (the API tests'
seeded careless play, ``careless_end``) played to No moves, its review opened from the No
moves dialog.  The timeline marks the first losing move the API names, the arrow keys step
through every move and the board shows the engine's position at each step, tile by tile
(each tile's cell and face), each step said in words; Try from here starts a Connect
practice copy at the step shown."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from browser_support import click_tile, new_game, settle
from mahjong_solitaire.modes import mode_of_code
from mahjong_solitaire.web.games.registry import view_of
from test_browser_a11y import audit
from test_browser_review import at_step, open_review, said, step
from test_review_api import CONNECT, careless_end

pytestmark = pytest.mark.browser

MODE = mode_of_code(CONNECT)

Cells = set[tuple[int, int, str]]


def engine_cells(actions: list[str]) -> Cells:
    """Each tile's cell and face after ``actions``, as the engine has them."""
    game = MODE.replay(CONNECT, actions)
    return {(tile.x, tile.y, str(tile.tile)) for tile in view_of(MODE).tiles_of(game)}


def shown_cells(page: Page, board: str) -> Cells:
    found = page.eval_on_selector_all(
        f"{board} .tile",
        "els => els.map(el => [Number(el.dataset.cx), Number(el.dataset.cy), el.dataset.tile])",
    )
    return {(x, y, face) for x, y, face in found}


def stuck_connect(page: Page) -> tuple[str, list[str]]:
    """The Connect dead end played to No moves (all but its last pair by the API, the last
    clicked); the game's id and its actions."""
    actions = careless_end()
    *before, last = actions
    state = new_game(page, mode="connect", code=CONNECT)
    base = page.url.split("?")[0].rstrip("/")
    for action in before:
        for position in action.split(","):
            answer = page.request.post(
                f"{base}/api/connect/games/{state['id']}/tap", data={"position": int(position)}
            )
            assert answer.ok, answer.text()
    page.reload()
    settle(page)
    for position in last.split(","):
        click_tile(page, int(position))
    page.locator("dialog[data-dialog='no-moves']").wait_for(state="visible")
    return str(state["id"]), actions


def losing_move(page: Page, game_id: str) -> int:
    base = page.url.split("?")[0].rstrip("/")
    review: dict[str, Any] = page.request.get(f"{base}/api/games/{game_id}/review").json()
    assert review["mode"] == "connect" and review["status"] == "stuck"
    losing = review["first_losing_move"]
    assert isinstance(losing, int)
    return losing


def test_a_connect_games_review_steps_through_every_position_by_keys(page: Page) -> None:
    game_id, actions = stuck_connect(page)
    review = open_review(page, "no-moves")
    losing = losing_move(page, game_id)
    count = len(actions)
    options = review.locator("#review-timeline [role='option']")
    assert options.count() == count + 1  # the moves, and the end
    marked = review.locator("#review-timeline [data-losing='true']")
    assert marked.count() == 1 and marked.get_attribute("data-step") == str(losing)
    assert "lost here" in marked.inner_text()
    assert page.get_attribute(".review-board", "data-mode") == "connect"
    # it opens at the losing move, the better pair named
    assert step(page) == losing
    assert shown_cells(page, ".review-board") == engine_cells(actions[:losing])
    assert f"Move {losing + 1} of {count}" in said(page)
    assert "would have kept it winnable" in said(page)
    # from the start to the end by the arrow key: the board is the engine's at each step
    page.keyboard.press("Home")
    at_step(page, 0)
    assert len(shown_cells(page, ".review-board")) == len(MODE.deal(CONNECT).tiles)
    for k in range(count + 1):
        if k:
            page.keyboard.press("ArrowRight")
            at_step(page, k)
        assert shown_cells(page, ".review-board") == engine_cells(actions[:k]), k
        if k < count:
            assert said(page).startswith(f"Move {k + 1} of {count}: ")
            verdict = "still winnable" if k < losing else "can no longer be won"
            assert verdict in said(page), (k, said(page))
    left = len(MODE.deal(CONNECT).tiles) - 2 * count
    assert f"End of the game: {left} tiles left" in said(page)
    page.keyboard.press("ArrowLeft")
    at_step(page, count - 1)
    assert f"Move {count} of {count}" in said(page)
    assert not audit(page)


def test_try_from_here_starts_a_connect_practice_copy(page: Page) -> None:
    game_id, actions = stuck_connect(page)
    review = open_review(page, "no-moves")
    losing = losing_move(page, game_id)
    page.keyboard.press("ArrowLeft")
    at_step(page, losing - 1)
    review.locator("[data-action='try-from-here']").click()
    # the stuck game could still be played on: the page asks before leaving it
    page.locator("dialog[data-dialog='confirm-leave'] #leave-confirm").click()
    page.wait_for_selector("#practice-badge:not([hidden])", state="attached")
    settle(page)
    assert page.get_attribute("#board", "data-mode") == "connect"
    assert page.get_attribute("#board", "data-status") == "playing"
    assert shown_cells(page, "#board") == engine_cells(actions[: losing - 1])
