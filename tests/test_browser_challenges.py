"""Challenges on the page (rules §13, docs/web-api.md "Challenges"): one story per rule set.
The New game dialog's cards start one; the strip above the board shows its live figures and,
the first time, its rule card (closed by Escape); refused aids are disabled with the reason;
blackout draws hidden faces face down and shows the faces a tap frees; the win and the lost
dialogs show the score and its parts.

A race is never waited for: the stored game's clock is moved back (``serving.time_passes``,
the server's clock of a game in another process, as ``later`` is in
tests/test_challenges_api.py) and the page's timers are moved on with Playwright's clock,
so the page's countdown reaches 0 at once and asks the server, which says ``lost``."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import click_tile, new_context, new_game, settle, tiles, toast_shown, toasts
from mahjong_solitaire import deal_from_code
from serving import time_passes
from test_browser_a11y import audit

pytestmark = pytest.mark.browser

CODE = "MJ2-L00-AAAAABL"
REFUSED = "This challenge does not allow that aid."


def clocked_page(browser, server) -> Any:
    """A page whose timers Playwright's clock drives (installed before the scripts run)."""
    context = new_context(browser)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.clock.install()
    page.goto(server.url)
    settle(page)
    return page


def strip(page, name: str) -> None:
    page.wait_for_selector(f"#challenge[data-challenge='{name}']", state="visible")


def figure(page, key: str) -> str:
    return page.inner_text(f"#challenge [data-figure='{key}'] .num")


def dismiss_card(page, name: str) -> None:
    """The first-time rule card of ``name``: shown, focused, closed by Escape."""
    page.wait_for_selector(f"#challenge-intro[data-challenge='{name}']")
    page.wait_for_function("() => document.activeElement?.id === 'challenge-intro-ok'")
    page.keyboard.press("Escape")
    page.wait_for_selector("#challenge-intro", state="detached")


def said(page, text: str) -> None:
    page.wait_for_function(
        "(text) => (document.getElementById('challenge-said')?.textContent || '').includes(text)",
        arg=text,
    )


def api_tap(page, state: dict[str, Any], position: int) -> dict[str, Any]:
    base = page.url.split("?")[0].rstrip("/")
    answer = page.request.post(
        f"{base}/api/games/{state['id']}/tap",
        data={"position": position, "version": state["version"]},
    )
    assert answer.ok, answer.text()
    return {**state, **answer.json()}


def run_out(page, server, state: dict[str, Any], seconds: float) -> None:
    """The race's time runs out: on the server (its stored clock) and on the page."""
    time_passes(server.database, state["id"], seconds)
    page.clock.fast_forward(int(seconds * 1000) + 1000)
    page.wait_for_selector("dialog[data-dialog='challenge-lost']")
    page.wait_for_selector("#board[data-status='lost']", state="attached")


def test_scored_from_the_new_game_dialog_to_the_score_of_a_win(page) -> None:
    page.click("#new")
    page.wait_for_selector("dialog[data-dialog='new-game'] [data-challenge='scored']")
    cards = page.eval_on_selector_all(
        "dialog [data-challenge]", "els => els.map(el => [el.dataset.challenge, el.innerText])"
    )
    assert [name for name, _ in cards] == ["scored", "countdown", "sprint", "blackout", "suit-hunt"]
    assert all("\n" in text for _, text in cards)  # a title and a rule each
    page.click("dialog [data-challenge='scored']")
    strip(page, "scored")
    settle(page)
    said(page, "Scored")
    dismiss_card(page, "scored")
    code = page.get_attribute("#code", "data-code")
    assert code.endswith("-SCORED")
    assert page.is_disabled("#solve") and page.get_attribute("#solve", "title") == REFUSED
    assert not page.is_disabled("#hint") and not page.is_disabled("#pause")
    state = page.request.get(page.url.rstrip("/") + "/api/game").json()
    moves = list(deal_from_code(code.removesuffix("-SCORED")).solution)
    for move in moves[:-1]:
        state = api_tap(page, api_tap(page, state, move.a), move.b)
    page.reload()
    settle(page)
    strip(page, "scored")
    assert figure(page, "pairs") == str(len(moves) - 1)
    click_tile(page, moves[-1].a)
    click_tile(page, moves[-1].b)
    page.wait_for_selector("dialog[data-dialog='win'] .challenge-score")
    parts = page.eval_on_selector_all("dialog [data-part]", "els => els.map(el => el.dataset.part)")
    assert parts[:4] == ["pairs", "combos", "hints", "shuffles"] and "clean" in parts
    score = int(page.get_attribute("dialog .challenge-total", "data-score"))
    assert score >= 10 * len(moves) + 500
    said(page, "Challenge won")
    assert audit(page) == []


def test_countdown_runs_out_on_the_page_and_the_server_says_lost(browser, server) -> None:
    page = clocked_page(browser, server)
    state = new_game(page, code=f"{CODE}-COUNTDOWN")
    strip(page, "countdown")
    dismiss_card(page, "countdown")
    assert page.is_disabled("#pause") and page.get_attribute("#pause", "title") == REFUSED
    assert figure(page, "time").startswith(("12:00", "11:5"))
    before = len(toasts(page))
    page.keyboard.press("p")  # refused without a request: said, not sent
    toast_shown(page, REFUSED, since=before)
    # a dialog opened in a race pauses nothing (the race refuses pause)
    page.click("#menu-button")
    page.click("#menu [data-action='rules']")
    page.wait_for_selector("dialog[data-dialog]")
    page.keyboard.press("Escape")
    settle(page)
    assert page.get_attribute("#board", "data-status") == "playing"
    run_out(page, server, state, 721)
    assert page.get_attribute("#lost-reason", "data-reason") == "time_ran_out"
    assert page.inner_text("#lost-reason") == "The time ran out."
    assert page.get_attribute("dialog [data-part]", "data-part") == "time"
    said(page, "Challenge lost")
    assert audit(page) == []
    assert page.errors == [], page.errors
    page.context.close()


def test_sprint_counts_pairs_against_its_target_and_misses_it(browser, server) -> None:
    page = clocked_page(browser, server)
    state = new_game(page, code=f"{CODE}-SPRINT")
    strip(page, "sprint")
    dismiss_card(page, "sprint")
    assert figure(page, "pairs") == "0/24"
    move = deal_from_code(CODE).solution[0]
    click_tile(page, move.a)
    click_tile(page, move.b)
    page.wait_for_function(
        "() => document.querySelector(\"#challenge [data-figure='pairs'] .num\")"
        ".textContent === '1/24'"
    )
    run_out(page, server, state, 181)
    assert page.get_attribute("#lost-reason", "data-reason") == "target_missed"
    assert page.get_attribute("dialog [data-part='pairs']", "data-part") == "pairs"
    page.click("#lost-again")  # the same deal under the same rules
    settle(page)
    page.wait_for_function(
        "(id) => document.querySelector('#board').dataset.game !== id", arg=state["id"]
    )
    assert page.get_attribute("#code", "data-code") == f"{CODE}-SPRINT"
    assert page.get_attribute("#board", "data-status") == "playing"
    assert page.errors == [], page.errors
    page.context.close()


def test_blackout_draws_hidden_faces_face_down_and_shows_those_a_tap_frees(page) -> None:
    new_game(page, code=f"{CODE}-BLACKOUT")
    strip(page, "blackout")
    dismiss_card(page, "blackout")
    shown = tiles(page)
    hidden = [tile["i"] for tile in shown if tile["tile"] is None]
    assert hidden and all(not tile["free"] for tile in shown if tile["tile"] is None)
    assert all(tile["tile"] for tile in shown if tile["free"])
    assert page.locator(".tile.face-down").count() == len(hidden)
    for aid in ("undo", "shuffle", "solve"):
        assert page.is_disabled(f"#{aid}") and page.get_attribute(f"#{aid}", "title") == REFUSED
    assert not page.is_disabled("#hint")
    # a pair that frees tiles: their faces come with the tap's answer
    deal = deal_from_code(CODE)
    board = deal.board()
    for move in deal.solution:
        before = set(board.free_positions())
        board.push(move)
        freed = set(board.free_positions()) - before
        click_tile(page, move.a)
        click_tile(page, move.b)
        if freed:
            break
    now = {tile["i"]: tile for tile in tiles(page)}
    assert all(now[i]["tile"] and now[i]["free"] for i in freed)
    assert page.locator(".tile.face-down").count() == len(hidden) - len(freed)
    assert figure(page, "score") == str(10 * (len(shown) - len(now)) // 2)
    assert audit(page) == []


def test_suit_hunt_names_the_marked_suit_and_is_lost_when_time_runs_out(browser, server) -> None:
    page = clocked_page(browser, server)
    state = new_game(page, code=f"{CODE}-SUIT-HUNT")
    strip(page, "suit-hunt")
    dismiss_card(page, "suit-hunt")
    marked = state["challenge"]["marked"]
    assert page.get_attribute("#challenge", "data-marked") == marked
    assert (
        figure(page, "marked")
        == {"bamboo": "Bamboo suit", "characters": "Characters suit", "circles": "Circles suit"}[
            marked
        ]
    )
    assert figure(page, "pairs") == f"0/{state['challenge']['target']}"
    page.reload()  # the rule card is remembered
    settle(page)
    strip(page, "suit-hunt")
    assert page.locator("#challenge-intro").count() == 0
    run_out(page, server, state, 433)
    assert page.get_attribute("#lost-reason", "data-reason") == "time_ran_out"
    assert not page.is_disabled("#lost-new")
    assert page.errors == [], page.errors
    page.context.close()


def test_a_race_is_announced_at_60_30_and_10_seconds_left_and_never_every_second(
    browser, server
) -> None:
    """The strip's countdown ticks four times a second; its live region speaks only when the
    time left crosses 60, 30 and 10 s (js/challenges/moments.js), each once."""
    page = clocked_page(browser, server)
    state = new_game(page, code=f"{CODE}-COUNTDOWN")
    strip(page, "countdown")
    dismiss_card(page, "countdown")
    limit = state["challenge"]["time_left"]
    assert limit > 70
    page.evaluate(
        """() => {
          window.heard = [];
          const region = document.getElementById('challenge-said');
          new MutationObserver(() => {
            if (region.textContent) window.heard.push(region.textContent);
          }).observe(region, { childList: true, characterData: true, subtree: true });
        }"""
    )
    ran = 0
    for left, words in ((55, "60 seconds left"), (25, "30 seconds left"), (5, "10 seconds left")):
        page.clock.run_for((limit - left - ran) * 1000)  # every tick of the way
        ran = limit - left
        said(page, words)
    page.clock.run_for(2000)  # seconds go on being drawn, not spoken
    assert page.get_attribute("#board", "data-status") == "playing"
    assert page.evaluate("() => window.heard") == [
        "60 seconds left",
        "30 seconds left",
        "10 seconds left",
    ]
    assert page.errors == [], page.errors
    page.context.close()
