"""Bring a browser page's game to a position: a deal played up to "No moves", or won, by
the JSON API (quicker than clicks) but for the last pair, clicked.

    reach_no_moves(page, "MJ1-L00-AAAAABL")   # the No moves dialog is open
    reach_win(page, "MJ1-L00-AAAAABL")        # the Win dialog is open
"""

from __future__ import annotations

from playwright.sync_api import Page

from browser_support import click_tile, new_game, settle, stuck_sequence
from mahjong_solitaire import Move, deal_from_code

__all__ = ["reach_no_moves", "reach_win"]


def _play(page: Page, code: str, moves: list[Move]) -> None:
    """All but the last move by the API, the last one by clicks (a won game is no longer
    the player's current game: a reload would not show it)."""
    *before, last = moves
    new_game(page, code=code)
    base = page.url.split("?")[0].rstrip("/")
    game = page.request.get(f"{base}/api/game").json()
    for move in before:
        for position in move:
            answer = page.request.post(
                f"{base}/api/games/{game['id']}/tap", data={"position": position}
            )
            assert answer.ok, answer.text()
    page.reload()
    settle(page)
    click_tile(page, last.a)
    click_tile(page, last.b)


def reach_no_moves(page: Page, code: str) -> None:
    """Play ``code`` into a position with tiles left and no move: the No moves dialog."""
    _play(page, code, stuck_sequence(deal_from_code(code).board()))
    page.locator("dialog[data-dialog='no-moves']").wait_for(state="visible")


def reach_win(page: Page, code: str) -> None:
    """Play ``code``'s solution to the end: the Win dialog."""
    _play(page, code, list(deal_from_code(code).solution))
    page.locator("dialog[data-dialog='win']").wait_for(state="visible")
