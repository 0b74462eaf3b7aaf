"""The review of a game on the page (issue 28; rules §5.14): opened from the No moves and
the Win dialogs, its timeline marks the first losing move, the arrow keys step through the
moves and each step is said in words, the better pair is shown on the board; Replay plays
to the end; Try from here starts a practice copy; a shared link shows its replay.  The
stuck game is the API tests' seeded careless play (``dead_end``).  (The review opened from
the Statistics page's history: test_browser_played_games.py; of a Connect game:
test_browser_review_connect.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from browser_support import click_tile, new_context, new_game, settle, tiles, toast_shown
from mahjong_solitaire import Move, deal_from_code
from serving import a_minute_passes
from test_browser_a11y import audit
from test_review_api import dead_end

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"
REVIEW = "dialog[data-dialog='review']"


def play(page: Page, moves: list[Move], *, slow_on: str | None = None) -> str:
    """``moves`` of CODE: all but the last by the API, the last pair clicked; the game's id.
    With ``slow_on`` (the server's database), the game took a human's time (a ranked win)."""
    *before, last = moves
    state = new_game(page, code=CODE)
    base = page.url.split("?")[0].rstrip("/")
    for move in before:
        for position in move:
            answer = page.request.post(
                f"{base}/api/games/{state['id']}/tap", data={"position": position}
            )
            assert answer.ok, answer.text()
    if slow_on:
        a_minute_passes(slow_on, str(state["id"]))
    page.reload()
    settle(page)
    click_tile(page, last.a)
    click_tile(page, last.b)
    return str(state["id"])


def stuck(page: Page) -> tuple[str, list[Move], int]:
    """The dead end played to No moves, its moves and its known first losing move."""
    actions, losing = dead_end()
    moves = [Move(*map(int, action.split(","))) for action in actions]
    game_id = play(page, moves)
    page.locator("dialog[data-dialog='no-moves']").wait_for(state="visible")
    return game_id, moves, losing


def open_review(page: Page, dialog: str) -> Any:
    page.locator(f"dialog[data-dialog='{dialog}'] [data-action='review']").click()
    review = page.locator(REVIEW)
    review.wait_for(state="visible")
    page.wait_for_selector(".review-board[data-step] .tile", state="attached")
    return review


def said(page: Page) -> str:
    return page.inner_text("#review-said")


def classes(review: Any, i: int | str) -> str:
    return review.locator(f".review-board .tile[data-i='{i}']").get_attribute("class") or ""


def at_step(page: Page, k: int) -> None:
    page.wait_for_selector(f".review-board[data-step='{k}']", state="attached")


def playing(page: Page, now: bool) -> None:
    page.wait_for_selector(
        f"{REVIEW} [data-action='replay'][data-playing='{str(now).lower()}']", state="attached"
    )


def step(page: Page) -> int:
    return int(page.get_attribute(".review-board", "data-step") or "-1")


def test_a_stuck_games_review_marks_the_losing_move_and_steps_by_keys(page: Page) -> None:
    _, moves, losing = stuck(page)
    review = open_review(page, "no-moves")
    options = review.locator("#review-timeline [role='option']")
    assert options.count() == len(moves) + 1  # the moves, and the end
    marked = review.locator("#review-timeline [data-losing='true']")
    assert marked.count() == 1 and marked.get_attribute("data-step") == str(losing)
    verdicts = options.evaluate_all("els => els.map(el => el.dataset.verdict)")
    assert verdicts[:losing] == ["winnable"] * losing
    assert set(verdicts[losing:-1]) == {"lost"}
    assert "lost here" in marked.inner_text()  # in words, not by colour alone
    # it opens at the losing move: the better pair is shown on the board and named
    assert step(page) == losing
    better = page.get_attribute(".review-board", "data-better")
    assert better
    for i in better.split(","):
        assert "hint" in (
            review.locator(f".review-board .tile[data-i='{i}']").get_attribute("class") or ""
        )
    played = moves[losing]
    for i in (played.a, played.b):
        assert "selected" in (
            review.locator(f".review-board .tile[data-i='{i}']").get_attribute("class") or ""
        )
    assert f"Move {losing + 1} of {len(moves)}" in said(page)
    assert "would have kept it winnable" in said(page)
    # the arrow keys step, the board and the announcement follow
    before = said(page)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        f"() => document.querySelector('.review-board').dataset.step === '{losing - 1}'"
    )
    assert said(page) != before and f"Move {losing} of {len(moves)}" in said(page)
    assert said(page).endswith("still winnable")
    page.keyboard.press("Home")
    at_step(page, 0)
    assert review.locator(".review-board .tile").count() == 144
    page.keyboard.press("End")
    page.wait_for_function(
        f"() => document.querySelector('.review-board').dataset.step === '{len(moves)}'"
    )
    assert "End of the game" in said(page)
    assert not audit(page)


def test_a_won_games_review_has_no_losing_move(page: Page) -> None:
    play(page, list(deal_from_code(CODE).solution))
    page.locator("dialog[data-dialog='win']").wait_for(state="visible")
    review = open_review(page, "win")
    assert review.locator("#review-timeline [data-losing='true']").count() == 0
    verdicts = review.locator("#review-timeline [role='option']").evaluate_all(
        "els => els.map(el => el.dataset.verdict)"
    )
    assert verdicts == ["winnable"] * 72 + [""]
    assert step(page) == 0
    assert review.locator("[data-fact='moves']").inner_text() == "72"


def test_replay_plays_to_the_end_at_the_fastest_speed(page: Page) -> None:
    _, moves, _ = stuck(page)
    review = open_review(page, "no-moves")
    page.keyboard.press("Home")
    review.locator("#replay-speed").select_option("8")
    button = review.locator("[data-action='replay']")
    button.click()
    page.wait_for_selector(
        f"{REVIEW} [data-action='replay'][data-playing='true']", state="attached"
    )
    page.wait_for_selector(f".review-board[data-step='{len(moves)}']", state="attached")
    page.wait_for_selector(
        f"{REVIEW} [data-action='replay'][data-playing='false']", state="attached"
    )
    assert "End of the game" in said(page)
    # P plays again from the start, and pauses
    page.locator("#review-timeline").focus()
    page.keyboard.press("p")
    playing(page, True)
    page.keyboard.press("p")
    page.wait_for_selector(
        f"{REVIEW} [data-action='replay'][data-playing='false']", state="attached"
    )


def test_try_from_here_starts_a_practice_copy_at_the_step_shown(page: Page) -> None:
    _, moves, losing = stuck(page)
    review = open_review(page, "no-moves")
    assert step(page) == losing
    review.locator("[data-action='try-from-here']").click()
    # the stuck game could still be played on: the page asks before leaving it
    page.locator("dialog[data-dialog='confirm-leave'] #leave-confirm").click()
    page.wait_for_selector("#practice-badge:not([hidden])", state="attached")
    settle(page)
    assert page.get_attribute("#board", "data-status") == "playing"
    shown = {tile["i"] for tile in tiles(page)}
    assert len(shown) == 144 - 2 * losing  # the position before the losing move
    assert {moves[losing].a, moves[losing].b} <= shown
    assert page.is_visible("#practice-badge")


def test_a_shared_replay_link_shows_the_replay(page: Page) -> None:
    game_id = play(page, list(deal_from_code(CODE).solution))
    page.locator("dialog[data-dialog='win']").wait_for(state="visible")
    review = open_review(page, "win")
    review.locator("[data-action='share-replay']").click()
    toast_shown(page, "Link copied")
    base = page.url.split("?")[0].rstrip("/")
    link = page.request.post(f"{base}/api/games/{game_id}/replay-link").json()
    context = new_context(page.context.browser)  # someone else, without the player's cookie
    other = context.new_page()
    try:
        other.goto(base + link["url"])
        replay = other.locator(REVIEW)
        replay.wait_for(state="visible")
        other.wait_for_selector(".review-board[data-step='0'] .tile", state="attached")
        assert replay.locator("#review-timeline [role='option']").count() == 73
        assert replay.locator("[data-action='try-from-here']").count() == 0
        assert replay.locator("#review-summary").count() == 0
        other.locator("#replay-speed").select_option("8")
        replay.locator("[data-action='replay']").click()
        other.wait_for_selector(".review-board[data-step='72']", state="attached")
        assert "End of the game" in other.inner_text("#review-said")
        assert not audit(other)
    finally:
        context.close()
