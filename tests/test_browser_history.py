"""The history file in the page (rules §12.4), in headless Chromium: one player exports
the history from the Statistics page, another player's browser imports the file (by
keyboard) and sees the games in its statistics; a second import adds nothing, and a bad
file is refused with one clear error and changes nothing."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from browser_support import open_page
from mahjong_solitaire import Difficulty, GameCode
from mahjong_solitaire.web.games.lifecycle import COOKIE
from test_browser_statistics import open_from_menu, win_ranked

pytestmark = pytest.mark.browser

CODE = str(GameCode(0, 21, Difficulty.NORMAL))


def visitor_page(browser, server):  # type: ignore[no-untyped-def]
    """A browser of a player of its own (a cookie the server does not know yet)."""
    visitor = {"name": COOKIE, "value": f"visitor-{uuid.uuid4().hex}", "url": server.url}
    return open_page(browser, server.url, cookies=[visitor])


def fact(page, label: str) -> str:  # type: ignore[no-untyped-def]
    return page.locator("#stats-facts div", has_text=label).locator("dd").inner_text()


def test_a_history_exported_in_one_browser_imports_into_another(
    browser, server, tmp_path: Path
) -> None:
    source = visitor_page(browser, server)
    win_ranked(source, server, CODE)
    open_from_menu(source, "statistics")
    assert fact(source, "Games won") == "1"
    with source.expect_download() as waiting:
        source.click("[data-action='export-history']")
    download = waiting.value
    assert download.suggested_filename.startswith("mahjong-solitaire-history-")
    file = tmp_path / download.suggested_filename
    download.save_as(file)
    document = json.loads(file.read_text(encoding="utf-8"))
    assert (document["format"], document["version"]) == ("mahjong-solitaire/history", 3)
    # the win, and the deal the page showed when it opened (the Statistics page paused it)
    assert CODE in [game["code"] for game in document["games"]]
    count = len(document["games"])
    assert "being downloaded" in source.inner_text("#history-status")
    assert source.errors == []
    source.context.close()

    target = visitor_page(browser, server)
    open_from_menu(target, "statistics")
    assert fact(target, "Games won") == "0"
    # by keyboard: the import button opens the file chooser
    target.focus("[data-action='import-history']")
    with target.expect_file_chooser() as chooser:
        # Playwright turns on its file chooser interception asynchronously; a key press
        # sent at once can beat it (a click waits for actionability, a key press does not)
        target.wait_for_timeout(300)
        target.keyboard.press("Enter")
    chooser.value.set_files(str(file))
    target.wait_for_function(
        "() => document.querySelector('#history-status').textContent.includes('Imported')"
    )
    assert target.inner_text("#history-status") == f"Imported {count} games."
    assert target.get_attribute("#history-status", "aria-live") == "polite"
    assert target.inner_text("#toast") == f"Imported {count} games."  # announced
    assert fact(target, "Games won") == "1"  # the figures are drawn again
    target.wait_for_function("() => document.activeElement.dataset.action === 'import-history'")

    # the same file again adds nothing, and says so
    with target.expect_file_chooser() as chooser:
        target.click("[data-action='import-history']")
    chooser.value.set_files(str(file))
    target.wait_for_function(
        "() => document.querySelector('#history-status').textContent.includes('already')"
    )
    assert target.inner_text("#history-status") == (
        f"Imported 0 games. {count} games were already in your history."
    )
    assert fact(target, "Games won") == "1"
    started = fact(target, "Games started")

    # a file whose win does not match its moves: one clear error, nothing changes
    game = document["games"][0]
    game["actions"] = game["actions"][:-1]
    game["times"] = game["times"][:-1]  # each action keeps its time: the log is what is wrong
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    with target.expect_file_chooser() as chooser:
        target.click("[data-action='import-history']")
    chooser.value.set_files(str(bad))
    target.wait_for_function("() => document.querySelector('#history-error').textContent")
    error = target.inner_text("#history-error")
    assert error.startswith("The history file was not imported:")
    assert "does not match its moves" in error and "nothing was imported" in error
    assert target.get_attribute("#history-error", "role") == "alert"
    assert fact(target, "Games started") == started
    assert target.errors == []
    target.context.close()
