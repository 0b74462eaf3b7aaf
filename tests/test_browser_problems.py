"""Failures the player is told about: a request the page cannot make shows the translated
message instead of failing silently, and the page still works; and the page's modes, asked
in the browser, are the modules of js/modes/ (modeOf, modeNamed, modeOfCode)."""

from __future__ import annotations

import pytest

from browser_support import new_context, settle, toast_shown
from mahjong_solitaire.i18n import translator

pytestmark = pytest.mark.browser

#: js/shell/strings.js's errorNetwork, the msgid the catalogues translate.
NETWORK = "The game server does not answer. Check that it is running, then try again."


def opened(browser, server, *, locale: str, broken: str):
    """A page in `locale` whose requests to `broken` (a glob) fail as if the network did
    (no service worker: Playwright does not route the requests one handles).  The first-run
    guide is marked seen, as on every page but the guide's own tests: it would catch the
    clicks on the menu."""
    context = new_context(browser, locale=locale, service_workers="block")
    context.route(broken, lambda route: route.abort())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(server.url)
    settle(page)
    return page


def toast_says(page, text: str) -> None:
    """The page showed ``text`` as an error (it may be gone again by the time a slow machine
    looks: an error toast stays 4.2 s)."""
    toast_shown(page, text, error=True)


def test_a_list_of_layouts_that_does_not_come_is_said_and_the_game_is_still_drawn(browser, server):
    page = opened(browser, server, locale="pt-PT", broken="**/api/layouts")
    try:
        toast_says(page, translator("pt")(NETWORK))
        assert page.locator(".tile").count() > 0
        assert page.errors == []
    finally:
        page.context.close()


def test_a_player_name_that_does_not_come_is_said_and_the_settings_still_open(browser, server):
    page = opened(browser, server, locale="es-ES", broken="**/api/player")
    try:
        page.click("#menu-button")
        page.click("#menu [data-action='settings']")
        page.locator("#player-name").wait_for(state="visible")
        toast_says(page, translator("es")(NETWORK))
        assert page.input_value("#player-name") == ""
        assert page.errors == []
    finally:
        page.context.close()


def test_the_modes_are_found_by_state_name_and_code(page):
    found = page.evaluate("""async () => {
      const m = await import("/static/js/modes/index.js");
      const name = (mode) => (mode ? mode.name : null);
      return {
        names: m.MODES.map((mode) => [mode.name, mode.prefix, mode.prefixes]),
        ofState: [name(m.modeOf({ mode: "connect" })), name(m.modeOf({})), name(m.modeOf(null))],
        named: [name(m.modeNamed("classic")), name(m.modeNamed("solitaire"))],
        ofCode: [name(m.modeOfCode(" cn1-1808b-aaaaabl")), name(m.modeOfCode("MJ1-L00-AAAAABL")),
                 name(m.modeOfCode("XX1-L00-AAAAABL")), name(m.modeOfCode("cn2-1808b-aaaaabl")),
                 name(m.modeOfCode("MJ2-L00-AAAAABL")), name(m.modeOfCode("MJ3-L00-AAAAABL"))],
        codeIn: [m.codeIn("https://x.test/?code=mj1-l07-abcdefg", m.classic),
                 m.codeIn("https://x.test/?code=mj2-l07-abcdefg", m.classic)],
        shapes: [m.checkShape("CN1-18", m.connect, "bad"),
                 m.checkShape("CN1-1808BX", m.connect, "bad"),
                 m.checkShape("cn2-1808b-aaaaabl", m.connect, "bad"),
                 m.checkShape("CN3", m.connect, "bad"),
                 m.checkShape("MJ1-L00-AAAAABL", m.classic, "bad"),
                 m.checkShape("MJ", m.classic, "bad")],
      };
    }""")
    assert found["names"] == [
        ["classic", "MJ2", ["MJ1", "MJ2"]],
        ["connect", "CN2", ["CN1", "CN2"]],
    ]
    assert found["ofState"] == ["connect", "classic", "classic"]
    assert found["named"] == ["classic", None]
    assert found["ofCode"] == ["connect", "classic", None, "connect", "classic", None]
    assert found["codeIn"] == ["MJ1-L07-ABCDEFG", "MJ2-L07-ABCDEFG"]
    assert found["shapes"] == [
        {"code": "CN1-18", "error": "", "complete": False},
        {"code": "CN1-1808BX", "error": "bad", "complete": False},
        {"code": "CN2-1808B-AAAAABL", "error": "", "complete": True},
        {"code": "CN3", "error": "bad", "complete": False},
        {"code": "MJ1-L00-AAAAABL", "error": "", "complete": True},
        {"code": "MJ", "error": "", "complete": False},
    ]
