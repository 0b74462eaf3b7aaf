"""The page in each of its languages (rules §10): a browser asking for a
language gets it (Accept-Language), a choice in the settings wins and is remembered; the
menus, the No moves dialog and the Win dialog speak it.  The expected words come from the
catalogues (what the server translates with), and the seeds' own wording of "No moves"."""

from __future__ import annotations

import pytest
from babel.core import get_global

from browser_support import ARTIFACTS, open_page, settle
from mahjong_solitaire.core.tiles import kind
from mahjong_solitaire.i18n import LANGUAGE_COOKIE, languages, translator
from position_support import reach_no_moves, reach_win

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"
BROWSER_LOCALES = {
    "en": "en-GB",
    "pt": "pt-PT",
    "it": "it-IT",
    "es": "es-ES",
    "ja": "ja-JP",
    "zh_Hans": "zh-CN",
}


def browser_locale(lang: str) -> str:
    """What a browser set to the language asks for: with a region, as browsers do
    (``de`` → ``de-DE``, from CLDR's likely subtags)."""
    if lang in BROWSER_LOCALES:
        return BROWSER_LOCALES[lang]
    likely = get_global("likely_subtags").get(lang, lang).split("_")
    return f"{likely[0]}-{likely[-1]}"


#: rules §10.3 (the seeds' wording; the other languages say what their catalogue says).
NO_MOVES = {
    "en": "No moves",
    "pt": "Sem jogadas",
    "it": "Nessuna mossa disponibile",
    "es": "No hay más movimientos",
}
MENU = {
    "new": "New game",
    "daily": "Today's challenge",
    "leaderboard": "Leaderboard",
    "statistics": "Statistics",
    "settings": "Settings",
    "rules": "Rules",
}


def menu_labels(page) -> dict[str, str]:
    page.click("#menu-button")
    labels = page.eval_on_selector_all(
        "#menu [data-action]",
        """els => Object.fromEntries(
        els.map(el => [el.dataset.action, el.querySelector('.label').textContent]))""",
    )
    page.keyboard.press("Escape")
    return labels


@pytest.mark.parametrize("lang", languages())
def test_the_menus_and_the_game_dialogs_speak_the_browsers_language(browser, server, lang):
    _ = translator(lang)
    page = open_page(browser, server.url, locale=browser_locale(lang))
    assert page.get_attribute("html", "lang") == str(_.locale).replace("_", "-")
    labels = menu_labels(page)
    for action, english in MENU.items():
        assert labels[action] == _(english), action
    if lang != "en":
        assert labels["new"] != "New game"
    assert page.text_content("#hint .label") == _("Hint")
    assert page.get_attribute("#board", "aria-label") == _("Board")
    tile = page.locator(".tile.free").first
    assert tile.get_attribute("aria-label") == _("{name}, free", name=_(tile_kind_name(tile)))
    assert page.inner_text("#tiles-left") == "144"

    reach_no_moves(page, CODE)
    dialog = page.locator("dialog[data-dialog='no-moves']")
    assert dialog.locator("h2").inner_text() == NO_MOVES.get(lang, _("No moves")) == _("No moves")
    assert dialog.locator("#stuck-shuffle .label").inner_text() == _("Shuffle the tiles")
    assert dialog.locator("#stuck-new .label").inner_text() == _("New game")
    page.screenshot(path=str(ARTIFACTS / f"i18n-no-moves-{lang}.png"))

    reach_win(page, CODE)
    win = page.locator("dialog[data-dialog='win']")
    assert win.locator("h2").inner_text() == _("You won!")
    assert _("Hints") in win.inner_text() and _("Shuffles") in win.inner_text()
    assert win.locator("#play-again .label").inner_text() == _("Play again")
    page.screenshot(path=str(ARTIFACTS / f"i18n-win-{lang}.png"))
    assert page.errors == []
    page.context.close()


def tile_kind_name(tile) -> str:
    return kind(tile.get_attribute("data-tile")).name


def test_the_language_chosen_in_the_settings_wins_over_the_browser_and_is_remembered(
    browser, server
):
    page = open_page(browser, server.url, locale="es-ES")
    assert menu_labels(page)["new"] == translator("es")("New game")
    page.click("#menu-button")
    page.click("[data-action='settings']")
    settings = page.locator("dialog[data-dialog='settings']")
    settings.wait_for(state="visible")
    page.select_option("#language", "it")
    page.wait_for_function("() => document.documentElement.lang.startsWith('it')")
    settings.locator("h2", has_text=translator("it")("Settings")).wait_for()
    assert page.evaluate("document.activeElement.id") == "language"
    page.screenshot(path=str(ARTIFACTS / "i18n-settings-it.png"))
    page.keyboard.press("Escape")
    settle(page)
    assert page.get_attribute("#code", "data-code").startswith("MJ2-")
    assert menu_labels(page)["new"] == translator("it")("New game")
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies[LANGUAGE_COOKIE] == "it"
    page.reload()
    settle(page)
    assert page.get_attribute("html", "lang") == "it"
    assert menu_labels(page)["new"] == "Nuova partita"
    page.context.clear_cookies(name=LANGUAGE_COOKIE)  # localStorage still remembers it
    page.reload()
    settle(page)
    assert menu_labels(page)["new"] == "Nuova partita"
    assert page.errors == []
    page.context.close()


def test_layout_titles_and_numbers_follow_the_language(browser, server):
    page = open_page(browser, server.url, locale="pt-PT")
    page.click("#new")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    turtle = dialog.locator("[data-layout='turtle']")
    assert translator("pt")("Turtle") in turtle.inner_text()
    assert "144 peças" in turtle.inner_text()
    page.screenshot(path=str(ARTIFACTS / "i18n-new-game-pt.png"))
    page.context.close()


@pytest.mark.parametrize("lang", [lang for lang in BROWSER_LOCALES if lang != "en"])
def test_the_page_and_its_language_choices_pass_the_axe_audit_in_each_language(
    browser, server, lang
):
    """Every <html lang> and <option lang> is a valid BCP 47 tag (``zh-Hans``, never the
    catalogue's ``zh_Hans``), and the translated labels keep their contrast and names."""
    from test_browser_a11y import audit

    page = open_page(browser, server.url, locale=browser_locale(lang))
    problems = {"board": audit(page)}
    page.click("#menu-button")
    page.click("[data-action='settings']")
    page.locator("dialog[data-dialog='settings']").wait_for(state="visible")
    problems["settings"] = audit(page)
    langs = page.eval_on_selector_all("#language option", "els => els.map(el => el.lang)")
    assert all("_" not in tag for tag in langs) and "zh-Hans" in langs
    found = {where: found for where, found in problems.items() if found}
    assert not found, "\n".join(
        f"{where}: {line}" for where, lines in found.items() for line in lines
    )
    assert page.errors == []
    page.context.close()
