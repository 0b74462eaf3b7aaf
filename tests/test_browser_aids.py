"""The aids of rules §5.9–§5.12 in the page, in headless Chromium against the real server:
the solution demo (Solve, key A), Finish (key F), Restart this deal, highlight matches
and sound, each by keyboard as well, announced, and clean under axe."""

from __future__ import annotations

import pytest

from browser_support import click_tile, new_game, settle, tiles
from mahjong_solitaire import Game, deal_from_code
from mahjong_solitaire.core.moves import Move
from mahjong_solitaire.core.tiles import matches
from position_support import reach_no_moves
from test_browser_a11y import audit

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"
DEAL = deal_from_code(CODE)
CONNECT_CODE = "CN1-1006B-AAAAABL"

#: Counts the oscillators the page starts and the times its audio is suspended (no sound
#: is heard in a headless browser: what the page asks of Web Audio is what is checked).
COUNT_SOUNDS = """
window.__sounds = { oscillators: 0, suspended: 0 };
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__sounds.oscillators += 1;
  return made.call(this);
};
const suspend = AudioContext.prototype.suspend;
AudioContext.prototype.suspend = function () {
  window.__sounds.suspended += 1;
  return suspend.call(this);
};
"""


def base(page) -> str:
    return page.url.split("?")[0].rstrip("/")


def api_state(page) -> dict:
    return page.request.get(base(page) + "/api/game").json()


def status(page) -> str:
    return page.get_attribute("#board", "data-status")


def announced(page) -> str:
    page.wait_for_timeout(120)  # the live region speaks 60 ms after it is told
    return page.text_content("#announcer") or ""


def moves_until_finishable() -> list[Move]:
    """The first moves of DEAL's solution, up to the position where Finish is offered."""
    game = Game(DEAL)
    moves = []
    while not game.finishable:
        move = DEAL.solution[len(moves)]
        game.play(move)
        moves.append(move)
    return moves


def play_by_api(page, moves) -> None:
    """Play ``moves`` on the current game through the API, then reload the page on it."""
    game = api_state(page)
    for move in moves:
        for position in (move.a, move.b):
            answer = page.request.post(
                f"{base(page)}/api/games/{game['id']}/tap", data={"position": position}
            )
            assert answer.ok, answer.text()
    page.reload()
    settle(page)


def test_solve_shows_the_solution_pair_by_pair_pausable_and_stoppable(page) -> None:
    """Rules §5.9: A starts the demo (board status ``demo``), the pair to go is highlighted
    first, each step is recorded; A pauses, Escape stops and the player takes over."""
    new_game(page, code=CODE)
    page.keyboard.press("a")
    page.wait_for_function("() => document.querySelector('#board').dataset.status === 'demo'")
    page.fill("#demo-speed", "2")
    assert "A" in announced(page) and page.is_visible("#demo")
    page.wait_for_function("() => document.querySelectorAll('.tile.hint').length === 2")
    highlighted = sorted(tile["i"] for tile in tiles(page) if tile["hint"])
    page.wait_for_function("() => document.querySelectorAll('.tile').length <= 142", timeout=15_000)
    settle(page)
    first = api_state(page)
    assert first["solution_shown"] is True
    assert not {tile["i"] for tile in first["tiles"]} & set(highlighted)
    page.keyboard.press("a")
    page.wait_for_function("() => document.querySelector('#demo').dataset.paused === 'true'")
    settle(page)
    count = len(tiles(page))
    page.wait_for_timeout(1800)  # longer than a step at this speed: nothing goes
    assert len(tiles(page)) == count and status(page) == "demo"
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.querySelector('#board').dataset.status === 'playing'")
    assert page.is_hidden("#demo") and "your turn" in announced(page)
    assert not any(tile["hint"] for tile in tiles(page))
    settle(page)
    stopped = len(tiles(page))
    page.wait_for_timeout(800)
    assert len(tiles(page)) == stopped


def test_the_demo_plays_to_the_win_and_the_win_is_not_ranked(page) -> None:
    new_game(page, code=CODE)
    play_by_api(page, DEAL.solution[:62])
    page.click("#solve")
    page.fill("#demo-speed", "5")
    page.locator("dialog[data-dialog='win']").wait_for(state="visible", timeout=30_000)
    assert status(page) == "won"
    assert page.get_attribute(".win-rank", "data-ranked") == "false"
    assert "solution was shown" in (page.text_content(".win-rank") or "")
    assert page.is_hidden("#demo")


def test_solve_from_a_lost_position_offers_the_way_back_first(page) -> None:
    reach_no_moves(page, CODE)
    page.keyboard.press("Escape")
    settle(page)
    page.keyboard.press("a")
    dialog = page.locator("dialog[data-dialog='solve-lost']")
    dialog.wait_for(state="visible")
    assert "cannot be won" in (dialog.text_content() or "")
    assert audit(page) == []
    page.click("#solve-back")
    page.wait_for_function("() => document.querySelector('#board').dataset.status === 'demo'")
    game = api_state(page)
    assert game["status"] == "playing" and game["undos"] > 0
    page.keyboard.press("Escape")
    settle(page)


def test_the_demo_bar_passes_the_axe_audit(page) -> None:
    new_game(page, code=CODE)
    page.click("#solve")
    page.wait_for_function("() => document.querySelector('#board').dataset.status === 'demo'")
    page.keyboard.press("a")
    assert audit(page) == []
    page.click("#demo-stop")
    settle(page)


def test_restart_from_the_menu_deals_the_same_deal_again(page) -> None:
    new_game(page, code=CODE)
    first = api_state(page)
    move = DEAL.solution[0]
    click_tile(page, move.a)
    click_tile(page, move.b)
    assert len(tiles(page)) == 142
    page.click("#menu-button")
    page.click("[data-action='restart']")
    page.click("#leave-confirm")  # a pair was played: leaving it is asked first
    page.wait_for_function("() => document.querySelectorAll('.tile').length === 144")
    settle(page)
    again = api_state(page)
    assert again["id"] != first["id"] and again["code"] == CODE and again["version"] == 1
    assert "from the start" in announced(page)


def test_finish_shows_only_when_no_choice_matters_and_clears_the_rest(page) -> None:
    new_game(page, code=CODE)
    assert page.is_hidden("#finish")
    moves = moves_until_finishable()
    play_by_api(page, moves[:-1])
    assert page.is_hidden("#finish")
    click_tile(page, moves[-1].a)
    click_tile(page, moves[-1].b)
    assert page.is_visible("#finish")
    page.keyboard.press("f")
    page.locator("dialog[data-dialog='win']").wait_for(state="visible")
    assert status(page) == "won" and tiles(page) == []
    assert api_state(page)["status"] != "won"  # the won game is no longer the current one


def test_highlight_matches_marks_the_free_tiles_of_the_selected_group(page) -> None:
    new_game(page, code=CODE)
    shown = tiles(page)
    free = [tile for tile in shown if tile["free"]]
    chosen = next(
        tile
        for tile in free
        if any(o["i"] != tile["i"] and matches(o["tile"], tile["tile"]) for o in free)
    )
    expected = {
        tile["i"]
        for tile in free
        if tile["i"] != chosen["i"] and matches(tile["tile"], chosen["tile"])
    }
    click_tile(page, chosen["i"])
    assert page.eval_on_selector_all(".tile.match", "els => els.length") == 0  # off at first
    click_tile(page, chosen["i"])  # deselect
    page.click("#menu-button")
    page.click("[data-action='settings']")
    page.check("[data-setting='highlight']")
    page.keyboard.press("Escape")
    settle(page)
    click_tile(page, chosen["i"])
    marked = page.eval_on_selector_all(".tile.match", "els => els.map(el => Number(el.dataset.i))")
    assert set(marked) == expected
    click_tile(page, chosen["i"])
    assert page.eval_on_selector_all(".tile.match", "els => els.length") == 0
    page.reload()
    settle(page)
    click_tile(page, chosen["i"])  # remembered
    assert page.eval_on_selector_all(".tile.match", "els => els.length") == len(expected)


def test_sound_is_off_until_turned_on_remembered_and_hushed_when_hidden(page) -> None:
    page.add_init_script(COUNT_SOUNDS)
    new_game(page, code=CODE)
    sounds = "() => window.__sounds.oscillators"
    free = [tile for tile in tiles(page) if tile["free"]]
    click_tile(page, free[0]["i"])
    assert page.evaluate(sounds) == 0  # off until the player turns it on
    click_tile(page, free[0]["i"])
    page.click("#menu-button")
    page.click("[data-action='settings']")
    page.check("[data-setting='sound']")
    assert page.evaluate(sounds) > 0  # a sample of the chosen volume
    page.fill("[data-setting='volume']", "30")
    page.keyboard.press("Escape")
    settle(page)
    page.reload()
    settle(page)
    before = page.evaluate(sounds)
    click_tile(page, free[0]["i"])  # select
    page.wait_for_function(f"() => window.__sounds.oscillators > {before}")
    before = page.evaluate(sounds)
    page.keyboard.press("h")  # hint
    settle(page)
    page.wait_for_function(f"() => window.__sounds.oscillators > {before}")
    page.evaluate(
        "() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    settle(page)
    assert page.evaluate("() => window.__sounds.suspended") >= 1
    assert status(page) == "paused"
    settings = page.evaluate("() => JSON.parse(localStorage.getItem('mahjong-solitaire.settings'))")
    assert settings["sound"] is True and settings["volume"] == 0.3


def test_connect_shows_its_solution_and_restarts(page) -> None:
    new_game(page, mode="connect", code=CONNECT_CODE)
    page.keyboard.press("a")
    page.wait_for_function("() => document.querySelector('#board').dataset.status === 'demo'")
    page.fill("#demo-speed", "4")
    page.wait_for_function("() => document.querySelector('#board').dataset.lastPath !== undefined")
    page.keyboard.press("Escape")
    settle(page)
    assert api_state(page)["solution_shown"] is True
    page.click("#menu-button")
    page.click("[data-action='restart']")
    page.click("#leave-confirm")  # pairs were played: leaving the game is asked first
    settle(page)
    again = api_state(page)
    assert again["code"] == CONNECT_CODE and again["solution_shown"] is False
    assert again["tiles_left"] == len(again["tiles"]) == len(tiles(page))
