"""In Chromium: the top bar stays one line at every size and in every
language the page speaks.  What does not fit folds, lowest priority first (js/shell/top-bar.js):
the keyboard hints, the buttons' labels (icon only, the name kept), then controls move into
the top of the menu as real menu items (same icon, label, shortcut, disabled state), and
the counters, the code chip and the daily badge take shorter forms.  Nothing is smaller
than 12 px, no label is cut, and a moved action works from the menu and by its key.

One browser page serves the whole module: the viewport and the language change under it,
as a player rotates a phone or picks a language in the settings."""

from __future__ import annotations

import pytest

from browser_support import ARTIFACTS, click_tile, new_game, open_page, settle, tiles
from mahjong_solitaire.core.tiles import matches
from mahjong_solitaire.i18n import languages, translator
from test_browser_a11y import audit
from test_browser_aids import (
    CODE,
    CONNECT_CODE,
    api_state,
    moves_until_finishable,
    play_by_api,
)

pytestmark = pytest.mark.browser

SIZES = [(360, 640), (390, 844), (844, 390), (820, 1180), (1280, 800), (1920, 1080)]
#: One row: the 44 px buttons and the bar's paddings.
ONE_LINE = 64

#: What is wrong with the bar's row as drawn: one line each (empty: nothing).
ROW_PROBLEMS = """(oneLine) => {
  const problems = [];
  const bar = document.querySelector(".topbar");
  const box = bar.getBoundingClientRect();
  if (box.height > oneLine) problems.push(`bar ${box.height} px tall`);
  if (bar.scrollWidth > bar.clientWidth) {
    problems.push(`bar scrolls: ${bar.scrollWidth} > ${bar.clientWidth}`);
  }
  if (document.documentElement.scrollWidth > innerWidth) problems.push("the page scrolls sideways");
  const shown = (el) => el.getClientRects().length > 0 && !el.closest(".menu");
  const middle = box.top + box.height / 2;
  for (const el of bar.querySelectorAll(".stat, .code-box > *, .actions > *")) {
    if (!shown(el)) continue;
    const part = el.getBoundingClientRect();
    const name = el.id || el.className;
    if (part.left < box.left || part.right > box.right) problems.push(`${name} outside the bar`);
    if (Math.abs(part.top + part.height / 2 - middle) > 4) problems.push(`${name} off the row`);
    if (el.matches("button") && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${name}'s label is cut`);
    }
  }
  for (const el of bar.querySelectorAll(".label, .num, small, .code-chip, .daily-badge, .key")) {
    if (!shown(el)) continue;
    const style = getComputedStyle(el);
    const read = el.getBoundingClientRect().width > 1 && style.clip === "auto";
    const small = parseFloat(style.fontSize) < 12 && !el.matches(".daily-badge.compact");
    if (read && el.textContent.trim() && small) {
      problems.push(`${el.id || el.className} at ${style.fontSize}`);
    }
    if (read && style.textOverflow === "ellipsis") problems.push(`${el.className} ellipsis`);
  }
  const badge = document.getElementById("daily-badge");
  if (shown(badge) && badge.matches(".compact")) {
    const size = getComputedStyle(badge, "::before").fontSize;
    if (parseFloat(size) < 12) problems.push(`daily badge at ${size}`);
  }
  return problems;
}"""

#: Each control the bar moved, and what the menu shows for it.
MOVED = """() => [...document.querySelectorAll(".topbar .overflowed[data-priority]")].map((el) => {
  const item = document.querySelector(`#menu [data-moved-from="${el.id}"]`)
    || document.querySelector(`#menu [data-action="${el.id}"]`);
  const key = (node) => node && node.querySelector(".key")?.textContent || "";
  return {
    id: el.id,
    hidden: el.hidden,
    disabled: el.disabled,
    label: el.querySelector(".label")?.textContent || el.getAttribute("aria-label")
      || el.textContent.trim(),
    key: key(el),
    item: item && {
      twin: item.dataset.action === el.id,
      shown: item.getClientRects().length > 0,
      disabled: item.disabled,
      label: item.querySelector(".label")?.textContent || "",
      key: key(item),
      height: item.getBoundingClientRect().height,
    },
  };
})"""


@pytest.fixture(scope="module")
def bar(browser, server):
    """The one page of the module, on the test deal."""
    page = open_page(browser, server.url)
    new_game(page, code=CODE)
    yield page
    assert page.errors == [], page.errors
    page.context.close()


def speak(page, lang: str) -> None:
    """Switch the page's language the way a player does: Settings, then Language."""
    if page.evaluate("document.documentElement.lang").replace("-", "_").startswith(lang):
        return
    open_menu_item(page, "settings")
    page.locator("dialog[data-dialog='settings']").wait_for(state="visible")
    page.select_option("#language", lang)
    page.wait_for_function(
        "lang => document.documentElement.lang.replace('-', '_').startsWith(lang)"
        " && document.activeElement.id === 'language'",
        arg=lang,
    )
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog:not([open])", state="attached")
    settle(page)


def open_menu_item(page, action: str) -> None:
    page.click("#menu-button")
    page.click(f"#menu [data-action='{action}']")


def resize(page, width: int, height: int) -> None:
    """Turn or resize the screen, and wait for the bar to have measured that width."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_selector(f".topbar[data-measured='{width}']", state="attached")


def row_problems(page) -> list[str]:
    return list(page.evaluate(ROW_PROBLEMS, ONE_LINE))


def moved(page) -> list[dict]:
    return list(page.evaluate(MOVED))


def menu_problems(page) -> list[str]:
    """Open the menu: each moved control is one of its items, drawn and named the same,
    disabled alike, its shortcut shown; Escape closes it and the focus is back."""
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:not([hidden])")
    problems = []
    for control in moved(page):
        item = control["item"]
        name = control["id"]
        if item is None:
            problems.append(f"{name}: no menu item")
            continue
        if item["shown"] == control["hidden"]:
            problems.append(
                f"{name}: shown {item['shown']} in the menu, hidden {control['hidden']}"
            )
        if not item["shown"]:
            continue
        # a control whose command the menu has already (New game) is that item
        label = item["label"] if item["twin"] else control["label"]
        if item["label"] != label or item["key"] != control["key"]:
            problems.append(f"{name}: {item['label']!r} {item['key']!r} in the menu")
        if item["disabled"] != control["disabled"]:
            problems.append(f"{name}: disabled {item['disabled']} in the menu")
        if item["height"] < 44:
            problems.append(f"{name}: {item['height']} px tall in the menu")
        found = page.get_by_role("menuitem", name=label, exact=True)
        if not found.count():
            problems.append(f"{name}: no menu item named {label!r}")
    page.keyboard.press("Escape")
    if not page.evaluate("document.getElementById('menu').hidden"):
        problems.append("Escape left the menu open")
    if page.evaluate("document.activeElement.id") != "menu-button":
        problems.append("Escape left the focus elsewhere than on the menu button")
    return problems


@pytest.mark.parametrize("lang", languages())
def test_the_top_bar_is_one_line_at_every_size_and_what_moved_is_in_the_menu(bar, lang):
    speak(bar, lang)
    found = {}
    for width, height in SIZES:
        resize(bar, width, height)
        problems = row_problems(bar) + menu_problems(bar)
        if problems:
            found[f"{width}×{height}"] = problems
        if lang in ("en", "de", "ja"):
            ARTIFACTS.mkdir(exist_ok=True)
            bar.screenshot(
                path=str(ARTIFACTS / f"topbar-{lang}-{width}x{height}.png"),
                clip={"x": 0, "y": 0, "width": width, "height": 80},
            )
    assert not found, found
    # the widest screen has room for every action with its label
    assert moved(bar) == []


@pytest.mark.parametrize("lang", ["de", "fr", "pt"])
def test_the_top_bar_is_one_line_at_every_width_in_between(bar, lang):
    speak(bar, lang)
    found = {}
    for width in range(320, 1921, 37):  # an odd step: widths of every kind
        resize(bar, width, 720)
        problems = row_problems(bar)
        if problems:
            found[width] = problems
    assert not found, found
    resize(bar, 1280, 800)


def test_pause_becoming_resume_is_measured_again(bar):
    """Resume is a longer word than Pause in most languages: the row is measured again."""
    speak(bar, "de")
    found = {}
    for width in (1180, 1280, 1366):
        resize(bar, width, 800)
        bar.keyboard.press("p")
        bar.wait_for_selector("#board[data-status='paused']")
        settle(bar)
        # the label changes when the paused state is drawn, which may come a frame after
        # the board's status: wait for the word, then measure the row
        bar.wait_for_function(
            "(word) => document.querySelector('#pause .label').textContent === word",
            arg=translator("de")("Resume"),
        )
        found[width] = row_problems(bar)
        bar.keyboard.press("p")
        bar.wait_for_selector("#board[data-status='playing']")
        settle(bar)
    assert not any(found.values()), found
    resize(bar, 1280, 800)


def test_a_phone_moves_the_least_needed_actions_first_and_keeps_the_main_ones(bar):
    speak(bar, "en")
    resize(bar, 360, 640)
    out = {control["id"] for control in moved(bar)}
    assert {"solve", "redo", "shuffle"} <= out
    for kept in ("hint", "undo", "pause", "menu-button"):
        assert bar.is_visible(f"#{kept}"), kept
    assert bar.evaluate("document.querySelector('.topbar').classList.contains('labels-folded')")
    # an icon-only button keeps its name and its tooltip
    assert bar.get_by_role("button", name="Hint", exact=True).is_visible()
    assert bar.get_attribute("#hint", "title") == "Hint (H)"
    resize(bar, 1920, 1080)
    assert moved(bar) == [] and bar.is_visible("#hint .label")


def test_moved_actions_work_from_the_menu_and_by_their_keys(bar):
    speak(bar, "en")
    new_game(bar, code=CODE)
    resize(bar, 360, 640)
    shuffles = api_state(bar)["shuffles"]
    bar.click("#menu-button")
    bar.click("#menu [data-moved-from='shuffle']")
    settle(bar)
    assert api_state(bar)["shuffles"] == shuffles + 1
    assert bar.is_hidden("#menu") and bar.evaluate("document.activeElement.id") == "menu-button"
    bar.keyboard.press("s")  # the key works while the button is in the menu
    settle(bar)
    assert api_state(bar)["shuffles"] == shuffles + 2

    # Redo, disabled in the menu until there is something to redo
    free = [tile for tile in tiles(bar) if tile["free"]]
    a, b = next(
        (one, two)
        for k, one in enumerate(free)
        for two in free[k + 1 :]
        if matches(one["tile"], two["tile"])
    )
    click_tile(bar, a["i"])
    click_tile(bar, b["i"])
    bar.keyboard.press("z")
    settle(bar)
    assert len(tiles(bar)) == 144
    bar.click("#menu-button")
    redo = bar.locator("#menu [data-moved-from='redo']")
    assert redo.is_enabled()
    redo.click()
    settle(bar)
    assert len(tiles(bar)) == 142

    # Solve shows the solution; Escape stops it
    bar.click("#menu-button")
    bar.click("#menu [data-moved-from='solve']")
    bar.wait_for_selector("#board[data-status='demo']")
    bar.keyboard.press("Escape")
    bar.wait_for_selector("#board:not([data-status='demo'])")
    settle(bar)

    # on a very narrow screen even Hint moves, and still gives a hint, by menu and by key
    resize(bar, 240, 640)
    assert "hint" in {control["id"] for control in moved(bar)}
    assert row_problems(bar) == []
    bar.click("#menu-button")
    bar.click("#menu [data-moved-from='hint']")
    bar.wait_for_function("() => document.querySelectorAll('.tile.hint').length === 2")
    settle(bar)
    hints = api_state(bar)["hints"]
    shown = bar.evaluate(
        "() => [...document.querySelectorAll('.tile.hint')]"
        ".map((tile) => Number(tile.dataset.i)).sort((a, b) => a - b)"
    )
    bar.keyboard.press("h")
    # Hint pressed again in the same position moves on to another pair, counted once
    bar.wait_for_function(
        "(shown) => { const now = [...document.querySelectorAll('.tile.hint')]"
        ".map((tile) => Number(tile.dataset.i)).sort((a, b) => a - b);"
        " return now.length === 2 && now.join() !== shown.join(); }",
        arg=shown,
    )
    settle(bar)
    assert api_state(bar)["hints"] == hints
    resize(bar, 1280, 800)


def test_the_arrow_keys_go_over_the_moved_items_and_escape_gives_the_focus_back(bar):
    speak(bar, "en")
    new_game(bar, code=CODE)
    resize(bar, 360, 640)
    focused = "document.activeElement.dataset.movedFrom || document.activeElement.dataset.action"
    bar.focus("#menu-button")
    bar.keyboard.press("Enter")
    # Undo and Redo are disabled before any move: the first item a player can choose is
    # the first moved action that works now, above the menu's own items
    first = bar.evaluate(focused)
    assert first == "shuffle"
    bar.keyboard.press("ArrowDown")
    assert bar.evaluate(focused) == "solve"
    bar.keyboard.press("End")
    last = bar.evaluate(focused)
    assert last == bar.evaluate(
        """() => [...document.querySelectorAll("#menu [role='menuitem']")]
        .filter((item) => item.getClientRects().length).pop().dataset.action"""
    )
    bar.keyboard.press("ArrowDown")  # round to the top
    assert bar.evaluate(focused) == first
    bar.keyboard.press("ArrowUp")
    assert bar.evaluate(focused) == last
    bar.keyboard.press("Home")
    assert bar.evaluate(focused) == first
    bar.keyboard.press("Escape")
    assert bar.is_hidden("#menu")
    assert bar.evaluate("document.activeElement.id") == "menu-button"
    # Enter on a moved item: it acts, the menu closes, the focus is on the menu button
    shuffles = api_state(bar)["shuffles"]
    bar.keyboard.press("Enter")
    bar.keyboard.press("Enter")
    settle(bar)
    assert api_state(bar)["shuffles"] == shuffles + 1
    assert bar.is_hidden("#menu") and bar.evaluate("document.activeElement.id") == "menu-button"
    resize(bar, 1280, 800)


def test_the_bar_measures_again_when_finish_the_daily_badge_or_zen_change_it(bar):
    speak(bar, "en")
    new_game(bar, code=CODE)
    resize(bar, 820, 1180)
    # Finish appears near the end: in the bar or, when there is no room, in the menu
    moves = moves_until_finishable()
    play_by_api(bar, moves)
    bar.wait_for_selector(".topbar[data-measured='820']", state="attached")
    assert not bar.evaluate("document.getElementById('finish').hidden")
    finish_moved = bar.evaluate(
        "document.getElementById('finish').classList.contains('overflowed')"
    )
    assert bar.is_visible("#finish") != finish_moved
    assert row_problems(bar) == [] and menu_problems(bar) == []
    resize(bar, 360, 640)
    assert "finish" in {control["id"] for control in moved(bar)}
    assert row_problems(bar) == [] and menu_problems(bar) == []

    # the daily badge takes room, and a short date on a phone
    answer = bar.request.post(
        bar.url.split("?")[0].rstrip("/") + "/api/games", data={"daily": True}
    )
    assert answer.ok, answer.text()
    bar.reload()
    settle(bar)
    for width, height in ((1280, 800), (820, 1180), (390, 844)):
        resize(bar, width, height)
        assert bar.is_visible("#daily-badge")
        assert row_problems(bar) == [], (width, row_problems(bar))
    assert bar.evaluate("document.getElementById('daily-badge').classList.contains('compact')")
    short = bar.evaluate(
        "getComputedStyle(document.getElementById('daily-badge'), '::before').content"
    )
    assert short.split(" / ")[0].strip('"') == bar.get_attribute("#daily-badge", "data-short") != ""

    # zen hides the counters: what they freed comes back into the bar
    before = {control["id"] for control in moved(bar)}
    toggle_zen(bar)
    after = {control["id"] for control in moved(bar)}
    assert after < before and row_problems(bar) == []
    toggle_zen(bar)
    assert {control["id"] for control in moved(bar)} == before
    resize(bar, 1280, 800)


def test_the_folded_bar_and_its_menu_pass_the_axe_audit(bar):
    found = {}
    for lang in ("de", "en"):
        speak(bar, lang)
        for width, height in ((360, 640), (820, 1180)):
            resize(bar, width, height)
            found[f"{lang} {width} bar"] = audit(bar)
            bar.click("#menu-button")
            bar.wait_for_selector("#menu:not([hidden]) .moved-item:not([hidden])")
            found[f"{lang} {width} menu"] = audit(bar)
            bar.keyboard.press("Escape")
    found = {where: lines for where, lines in found.items() if lines}
    assert not found, found
    resize(bar, 1280, 800)


def test_a_connect_game_has_its_bar_measured_too(bar):
    speak(bar, "en")
    resize(bar, 390, 844)
    new_game(bar, mode="connect", code=CONNECT_CODE)
    bar.wait_for_selector(".topbar[data-measured='390']", state="attached")
    assert bar.is_hidden("#winnable")  # no solver's chip in this mode
    assert row_problems(bar) == [] and menu_problems(bar) == []
    resize(bar, 1280, 800)


def toggle_zen(page) -> None:
    open_menu_item(page, "settings")
    page.locator("dialog[data-dialog='settings']").wait_for(state="visible")
    page.click("[data-setting='zen']")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog:not([open])", state="attached")
    settle(page)
