"""Motion with meaning, in headless Chromium: a matched pair leaves with an
animation while the next taps land at once, a shuffle shows the faces travelling and says
how many pairs are free, a win celebrates and the celebration ends by itself; with the
Animations setting off, or under ``prefers-reduced-motion: reduce``, nothing moves and
everything still works."""

from __future__ import annotations

import pytest

from browser_support import click_tile, new_game, open_page, settle, tiles, toast_shown
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.connect import connect_deal_from_code
from mahjong_solitaire.i18n import translator
from position_support import reach_win
from test_browser_a11y import audit

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"
DEAL = deal_from_code(CODE)
CONNECT_CODE = "CN1-1808B-AAAAABL"  # 18×8, tiles slide down

#: Records every ghost that starts to leave (its classes and animations) and whether it
#: is gone again; and, at each click on the board, how many ghosts were leaving.
WATCH_GHOSTS = """() => {
  window.ghosts = [];
  window.clicksDuringLeave = [];
  const board = document.getElementById("board");
  board.addEventListener("click", () => {
    window.clicksDuringLeave.push(document.querySelectorAll(".ghost.leaving").length);
  }, true);
  new MutationObserver((changes) => {
    for (const change of changes) {
      const el = change.target;
      if (change.type === "attributes" && el.classList.contains("leaving") && !el.seen) {
        el.seen = true;
        const record = {classes: el.className,
                        animations: el.getAnimations().map(a => a.id),
                        tappable: el.dataset.i !== undefined,
                        pointer: getComputedStyle(el).pointerEvents, removed: false};
        window.ghosts.push(record);
        const gone = setInterval(() => {
          if (!el.isConnected) { record.removed = true; clearInterval(gone); }
        }, 20);
      }
    }
  }).observe(board, {subtree: true, attributes: true, attributeFilter: ["class"]});
}"""


#: Records each tile that starts a shuffle's flight (``.moving``) with its animations at that
#: moment: read later, a flight of 460 ms may be over on a slow machine.
WATCH_MOVES = """() => {
  window.moves = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      const el = change.target;
      if (el.classList.contains("moving") && !el.flown) {
        el.flown = true;
        window.moves.push({i: Number(el.dataset.i),
                           animations: el.getAnimations().map(a => a.id || a.animationName)});
      }
    }
  }).observe(document.getElementById("board"),
             {subtree: true, attributes: true, attributeFilter: ["class"]});
}"""

#: Pauses each pair's leaving animation as it starts (a test that must act while the pair
#: is still leaving stops the page's clock too, for the ghosts' own timer); RELEASE_GHOSTS
#: lets them go on.
HOLD_GHOSTS = """() => {
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.target.classList.contains("leaving")) {
        change.target.getAnimations().forEach((a) => { if (a.id === "pair-leave") a.pause(); });
      }
    }
  }).observe(document.getElementById("board"),
             {subtree: true, attributes: true, attributeFilter: ["class"]});
}"""
RELEASE_GHOSTS = """() => document.getAnimations()
  .filter((a) => a.id === "pair-leave" && a.playState === "paused").forEach((a) => a.play())"""


def base(page) -> str:
    return page.url.split("?")[0].rstrip("/")


def api_state(page) -> dict:
    return page.request.get(base(page) + "/api/game").json()


def running_animations(page) -> list[str]:
    return page.evaluate(
        "() => document.getAnimations().filter(a => a.playState === 'running')"
        ".map(a => a.animationName || a.transitionProperty || a.constructor.name)"
    )


def shuffled_message(n: int, lang: str = "en") -> str:
    return (
        translator(lang)
        .ngettext("Tiles shuffled: {n} pair free", "Tiles shuffled: {n} pairs free", n)
        .format(n=n)
    )


def turn_animations_off(page) -> None:
    page.click("#menu-button")
    page.click("[data-action='settings']")
    page.locator("dialog[data-dialog='settings']").wait_for(state="visible")
    box = "[data-setting='motion']"
    assert page.is_checked(box), "animations are on by default"
    page.focus(box)
    page.keyboard.press("Space")
    assert not page.is_checked(box)
    page.wait_for_function(
        "() => document.getElementById('announcer').textContent === 'Animations off'"
    )
    page.keyboard.press("Escape")
    settle(page)


def play_nothing_moves(page) -> None:
    """A pair, an undo, a redo and a shuffle, with no animation and no leftover ghost."""
    move = DEAL.solution[0]
    click_tile(page, move.a)
    page.click(f".tile[data-i='{move.b}']")
    settle(page)
    assert page.locator(".ghost").count() == 0, "the pair is gone at once"
    assert len(tiles(page)) == 142
    assert running_animations(page) == []
    page.click("#undo")
    settle(page)
    assert len(tiles(page)) == 144 and page.locator(".tile.returning").count() == 0
    page.click("#redo")
    settle(page)
    page.click("#shuffle")
    settle(page)
    assert page.locator(".tile.moving").count() == 0
    assert running_animations(page) == []
    state = api_state(page)
    assert state["shuffles"] == 1 and state["tiles_left"] == 142
    toast_shown(page, shuffled_message(state["pairs_available"]))
    blocked = next(tile["i"] for tile in tiles(page) if tile["blocked"])
    page.click(f".tile[data-i='{blocked}']", force=True)
    assert page.locator(".tile.shake").count() == 0
    settle(page)


# -- a pair leaves ----------------------------------------------------------------------


def test_a_matched_pair_leaves_with_an_animation_and_is_removed_after_it(page) -> None:
    new_game(page, code=CODE)
    page.evaluate(WATCH_GHOSTS)
    move = DEAL.solution[0]
    click_tile(page, move.a)
    click_tile(page, move.b)
    assert move.a not in {tile["i"] for tile in tiles(page)}, "the board is the server's at once"
    page.wait_for_function(
        "() => window.ghosts.length === 2 && window.ghosts.every(g => g.removed)"
    )
    ghosts = page.evaluate("window.ghosts")
    for ghost in ghosts:
        assert "leaving" in ghost["classes"].split()
        assert ghost["animations"] == ["pair-leave"]
        assert not ghost["tappable"] and ghost["pointer"] == "none"
    assert page.locator(".ghost").count() == 0
    assert page.errors == []


def test_taps_during_the_leaving_animation_still_land(page) -> None:
    """The next pair is tapped while the first one is still leaving.  The leaving pair is
    held for it (its animation paused as it starts, and the page's clock stopped, so the
    ghosts' own timer cannot end them either): the taps come mid-animation however slowly
    the machine answers, and what is checked is that the page takes them."""
    page.clock.install()
    new_game(page, code=CODE)
    page.evaluate(WATCH_GHOSTS)
    page.evaluate(HOLD_GHOSTS)
    first, second = DEAL.solution[0], DEAL.solution[1]
    click_tile(page, first.a)
    page.clock.pause_at(page.evaluate("Date.now()") + 5_000)
    page.click(f".tile[data-i='{first.b}']")
    page.wait_for_selector(".ghost.leaving", state="attached")
    page.click(f".tile[data-i='{second.a}']")  # while the first pair is still leaving
    page.click(f".tile[data-i='{second.b}']")
    settle(page)
    assert page.evaluate("window.clicksDuringLeave")[2] > 0, "the third tap came mid-animation"
    assert api_state(page)["tiles_left"] == 140
    assert page.inner_text("#tiles-left") == "140"
    shown = {tile["i"] for tile in tiles(page)}
    assert not shown & {first.a, first.b, second.a, second.b}
    page.evaluate(RELEASE_GHOSTS)
    page.clock.resume()
    page.wait_for_function(
        "() => window.ghosts.length === 4 && window.ghosts.every(g => g.removed)"
    )


def test_undo_brings_the_pair_back_with_an_animation_and_redo_takes_it_again(page) -> None:
    new_game(page, code=CODE)
    move = DEAL.solution[0]
    click_tile(page, move.a)
    click_tile(page, move.b)
    page.keyboard.press("z")
    page.wait_for_selector(f".tile.returning[data-i='{move.a}']", state="attached")
    settle(page)
    page.wait_for_selector(".tile.returning", state="detached")
    assert len(tiles(page)) == 144
    page.keyboard.press("y")
    settle(page)
    assert len(tiles(page)) == 142


def test_a_fast_solution_demo_never_piles_up_leaving_tiles(page) -> None:
    new_game(page, code=CODE)
    page.evaluate(
        """() => { window.mostGhosts = 0; const look = () => {
          const now = document.querySelectorAll('.ghost').length;
          window.mostGhosts = Math.max(window.mostGhosts, now);
          requestAnimationFrame(look); }; look(); }"""
    )
    page.click("#solve")
    page.fill("#demo-speed", "5")
    page.wait_for_function("() => document.querySelectorAll('.tile').length <= 124", timeout=20_000)
    page.keyboard.press("Escape")  # the player takes over
    settle(page)
    assert 2 <= page.evaluate("window.mostGhosts") <= 6
    page.wait_for_selector(".ghost", state="detached")


# -- a shuffle --------------------------------------------------------------------------


def test_a_shuffle_moves_the_faces_and_says_how_many_pairs_are_free(page) -> None:
    new_game(page, code=CODE)
    before = {tile["i"]: tile["tile"] for tile in tiles(page)}
    page.evaluate(WATCH_MOVES)
    page.keyboard.press("s")
    settle(page)
    state = api_state(page)
    message = shuffled_message(state["pairs_available"])
    page.wait_for_function(
        "(text) => document.getElementById('announcer').textContent === text", arg=message
    )
    page.wait_for_function("() => window.moves.length > 0")  # one drawing starts them all
    after = {tile["i"]: tile["tile"] for tile in tiles(page)}
    changed = {i for i in after if after[i] != before[i]}
    moving = page.evaluate("window.moves")
    assert len(changed) >= 2
    assert {tile["i"] for tile in moving} == changed, "every rearranged face travels"
    assert all(tile["animations"] == ["tile-move"] for tile in moving)
    toast_shown(page, message)
    page.wait_for_selector(".tile.moving", state="detached")
    click_tile(page, next(tile["i"] for tile in tiles(page) if tile["free"]))  # play goes on
    assert page.errors == []


def test_the_shuffle_message_speaks_the_players_language(browser, server) -> None:
    page = open_page(browser, server.url, locale="pl-PL")
    new_game(page, code=CODE)
    page.keyboard.press("s")
    settle(page)
    n = api_state(page)["pairs_available"]
    page.wait_for_function(
        "(text) => document.getElementById('announcer').textContent === text",
        arg=shuffled_message(n, "pl"),
    )
    assert "potasowane" in page.inner_text("#toast")
    page.context.close()


def test_connect_pairs_leave_and_shuffles_move_as_on_the_classic_board(browser, server) -> None:
    page = open_page(browser, server.url)
    new_game(page, mode="connect", code=CONNECT_CODE)
    page.evaluate(WATCH_GHOSTS)
    move = connect_deal_from_code(CONNECT_CODE).solution[0]
    click_tile(page, move.a)
    click_tile(page, move.b)
    page.wait_for_function(
        "() => window.ghosts.length === 2 && window.ghosts.every(g => g.removed)"
    )
    assert all(g["animations"] == ["pair-leave"] for g in page.evaluate("window.ghosts"))
    page.keyboard.press("s")
    page.wait_for_selector("#board .tile.moving", state="attached")
    settle(page)
    message = shuffled_message(api_state(page)["pairs_available"])
    page.wait_for_function(
        "(text) => document.getElementById('announcer').textContent === text", arg=message
    )
    assert page.errors == []
    page.context.close()


# -- a win --------------------------------------------------------------------------


def test_a_win_celebrates_over_the_dialog_and_the_celebration_ends_by_itself(page) -> None:
    reach_win(page, CODE)
    celebration = page.locator("#celebration")
    celebration.wait_for(state="attached")
    shown = page.evaluate(
        """() => { const c = document.getElementById('celebration');
          return {open: c.matches(':popover-open'), pieces: Number(c.dataset.pieces),
                  hidden: c.getAttribute('aria-hidden'),
                  pointer: getComputedStyle(c).pointerEvents}; }"""
    )
    assert shown == {"open": True, "pieces": shown["pieces"], "hidden": "true", "pointer": "none"}
    assert shown["pieces"] >= 100
    assert audit(page) == []  # with the confetti falling
    page.wait_for_selector("#celebration", state="detached", timeout=8_000)
    dialog = page.locator("dialog[data-dialog='win']")
    assert dialog.is_visible(), "the dialog stays; the confetti went by itself"
    page.click("#play-again")  # the dialog took clicks all along
    settle(page)
    assert len(tiles(page)) == 144


# -- motion off ---------------------------------------------------------------------


def test_with_the_animations_setting_off_nothing_moves_and_play_goes_on(page) -> None:
    new_game(page, code=CODE)
    turn_animations_off(page)
    assert page.get_attribute("html", "data-motion") == "off"
    play_nothing_moves(page)
    page.reload()
    settle(page)
    assert page.get_attribute("html", "data-motion") == "off", "the setting is remembered"
    reach_win(page, CODE)  # the Win dialog: the page celebrates (or not) as it opens it
    assert page.locator("#celebration").count() == 0
    assert page.errors == []


def test_under_reduced_motion_nothing_moves_and_play_goes_on(browser, server) -> None:
    page = open_page(browser, server.url, reduced_motion="reduce")
    new_game(page, code=CODE)
    assert page.get_attribute("html", "data-motion") == "on", "the setting itself stays on"
    play_nothing_moves(page)
    reach_win(page, CODE)  # the Win dialog: the page celebrates (or not) as it opens it
    assert page.locator("#celebration").count() == 0
    assert page.errors == []
    page.context.close()
