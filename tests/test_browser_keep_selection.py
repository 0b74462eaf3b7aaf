"""A reload keeps the selection, in headless Chromium: the page pauses the
game as it unloads (which clears the selection on the server, rules §3.5) and selects the
tile again once the reloaded page has resumed the game, as a tap the server rules on; not
when the board changed meanwhile (another window played a pair), nor in another game."""

from __future__ import annotations

import pytest

from browser_support import click_tile, new_game, settle
from mahjong_solitaire import matches

pytestmark = pytest.mark.browser


def game(page) -> dict:
    return page.request.get(page.url.split("?")[0].rstrip("/") + "/api/game").json()


def select_a_free_tile(page) -> tuple[int, str]:
    """Select a free tile with a click: the position and face of one whose face has another
    free tile that is not a match for it (so another window can play a pair around it)."""
    state = game(page)
    free = [tile for tile in state["tiles"] if tile["free"]]
    for tile in free:
        others = [o for o in free if o["i"] != tile["i"] and not matches(o["tile"], tile["tile"])]
        if any(matches(a["tile"], b["tile"]) for a in others for b in others if a["i"] != b["i"]):
            click_tile(page, tile["i"])
            assert game(page)["selection"] == tile["i"]
            return tile["i"], tile["tile"]
    raise AssertionError("no free tile fits")


def reload(page) -> None:
    page.reload()
    settle(page)
    page.wait_for_function("() => document.getElementById('board').dataset.status === 'playing'")
    settle(page)


def selected(page) -> list[int]:
    return page.eval_on_selector_all(".tile.selected", "els => els.map(el => Number(el.dataset.i))")


def test_a_reload_keeps_the_selected_tile(page) -> None:
    i, _ = select_a_free_tile(page)
    reload(page)
    page.wait_for_selector(f".tile.selected[data-i='{i}']")
    assert selected(page) == [i]
    state = game(page)
    assert state["status"] == "playing" and state["selection"] == i  # the server agrees
    # and a second reload too
    reload(page)
    page.wait_for_selector(f".tile.selected[data-i='{i}']")
    assert game(page)["selection"] == i


def test_the_kept_selection_is_dropped_when_the_board_changed_meanwhile(page) -> None:
    i, face = select_a_free_tile(page)
    state = game(page)
    base = page.url.split("?")[0].rstrip("/")
    free = [t for t in state["tiles"] if t["free"] and t["i"] != i and not matches(t["tile"], face)]
    a, b = next(
        (a, b) for a in free for b in free if a["i"] < b["i"] and matches(a["tile"], b["tile"])
    )
    # another window plays a pair and is hidden (its pause lands) before this page reloads
    for position in (a["i"], b["i"]):
        answer = page.request.post(
            f"{base}/api/games/{state['id']}/tap", data={"position": position}
        )
        assert answer.ok, answer.text()
    assert answer.json()["event"]["outcome"] == "matched"
    assert page.request.post(f"{base}/api/games/{state['id']}/pause", data={}).ok
    reload(page)
    assert selected(page) == []
    assert game(page)["selection"] is None
    assert page.errors == []


def test_another_game_starts_with_nothing_selected(page) -> None:
    select_a_free_tile(page)
    new_game(page)  # a new deal (it loads the page)
    settle(page)
    assert selected(page) == []
    reload(page)
    assert selected(page) == []
