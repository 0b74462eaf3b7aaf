"""The next layout not yet won, hiding won layouts, and mirrored boards in the browser
(issue 29): ``[data-action="next-unwon"]`` on the win dialog and in the New game dialog
starts the next layout, in the picker's order, not won at the difficulty; the picker hides
won layouts (``data-filter="unwon"``); with every layout won it says so and offers a layout
made from a seed; the Mirror choice deals the layout mirrored, its code carrying it."""

from __future__ import annotations

import json

import pytest

from browser_support import click_tile, settle
from mahjong_solitaire import builtin_layouts, deal_from_code
from mahjong_solitaire.classic.codes import GameCode

pytestmark = pytest.mark.browser

BUILTIN = [layout.name for layout in builtin_layouts()]


@pytest.fixture
def page_options() -> dict[str, object]:
    return {"service_workers": "block"}  # a test routes the page's requests


def win_by_api(page, code: str, *, leave: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Start ``code`` and play its solution, tap by tap, as the page's player, all but the
    last ``leave`` pairs."""
    base = page.url.split("?")[0].rstrip("/")
    state = page.request.post(f"{base}/api/games", data={"code": code}).json()
    version = state["version"]
    solution = deal_from_code(code).solution
    for move in solution[: len(solution) - leave]:
        for position in (move.a, move.b):
            answer = page.request.post(
                f"{base}/api/games/{state['id']}/tap",
                data={"position": position, "version": version},
            )
            assert answer.ok, answer.text()
            version = answer.json()["version"]
    assert answer.json()["status"] == ("won" if leave == 0 else "playing")


def open_new_game(page):  # type: ignore[no-untyped-def]
    page.keyboard.press("n")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    dialog.locator(".layout-card[data-won]").first.wait_for(state="attached")
    return dialog


def wait_for_code(page, pattern: str) -> str:  # type: ignore[no-untyped-def]
    """Wait until the page plays a game whose code matches ``pattern`` (a regular
    expression), and answer the code."""
    page.wait_for_function(
        "(pattern) => new RegExp(pattern).test(document.querySelector('#code').dataset.code || '')"
        " && document.querySelector('#board').dataset.status === 'playing'",
        arg=pattern,
    )
    settle(page)
    return str(page.get_attribute("#code", "data-code"))


def test_the_win_dialog_starts_the_next_layout_not_yet_won_and_the_picker_hides_won_ones(page):
    win_by_api(page, "MJ2-L01-AAAAABL")  # the second layout of the picker, at normal
    win_by_api(page, "MJ2-L00-AAAAABL", leave=1)  # the first, won in the page
    page.reload()
    settle(page)
    last = deal_from_code("MJ2-L00-AAAAABL").solution[-1]
    click_tile(page, last.a)
    click_tile(page, last.b, wait=False)
    win = page.locator("dialog[data-dialog='win']")
    win.wait_for(state="visible")
    win.locator("[data-action='next-unwon']").focus()
    page.keyboard.press("Enter")
    wait_for_code(page, "^MJ2-L02-")

    dialog = open_new_game(page)
    toggle = dialog.locator("[data-filter='unwon']")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-pressed") == "true"
    hidden = {
        card.get_attribute("data-layout") for card in dialog.locator(".layout-card[hidden]").all()
    }
    assert hidden == {BUILTIN[0], BUILTIN[1]}
    dialog.locator("[data-action='next-unwon']").click()  # after the chosen layout, BUILTIN[2]
    wait_for_code(page, "^MJ2-L03-")


def test_with_every_layout_won_the_picker_says_so_and_offers_a_layout_from_a_seed(page):
    every = [
        {"layout": name, "difficulty": "normal", "won": 1, "best_time": 100.0} for name in BUILTIN
    ]

    def statistics(route):  # type: ignore[no-untyped-def]
        answer = route.fetch()
        body = answer.json()
        body["layouts"] = every  # the page reads layout, difficulty, won and best_time
        route.fulfill(response=answer, body=json.dumps(body))

    page.route("**/api/statistics*", statistics)
    dialog = open_new_game(page)
    dialog.locator("[data-action='next-unwon']").click()
    status = dialog.locator(".next-unwon-status")
    page.wait_for_function(
        "() => document.querySelector('.next-unwon-status').textContent.length > 0"
    )
    assert status.inner_text() == "You have won every layout at this difficulty!"
    offer = dialog.locator("[data-action='play-generated']")
    assert offer.is_visible() and offer.evaluate("(el) => el === document.activeElement")
    page.keyboard.press("Enter")
    code = wait_for_code(page, "^MJ2-G\\d+[A-Z]144-")
    assert GameCode.parse(code).generated is not None


def test_the_mirror_choice_deals_the_layout_mirrored(page):
    dialog = open_new_game(page)
    dialog.locator("[data-setting='mirror'] [data-value='X']").click()
    dialog.locator("#start-game").click()
    wait_for_code(page, "^MJ2-L00X-")


def test_the_statistics_name_mirrored_and_generated_layouts_as_layouts_of_their_own(page):
    win_by_api(page, "MJ2-L00X-AAAAABL")
    win_by_api(page, "MJ2-G5D96Y-AAAAABL")
    page.click("#menu-button")
    page.click("#menu [data-action='statistics']")
    page.locator("dialog[data-dialog='statistics']").wait_for(state="visible")
    rows = page.locator("#stats-groups tbody th[scope='row']")
    rows.first.wait_for()
    shown = {row.inner_text() for row in rows.all()}
    assert {"Turtle ⇆", "Diamonds 96 #5 ⇅"} <= shown  # beside the page's first Turtle game
    assert not any("mirrored" in title or "diamonds-" in title for title in shown)
