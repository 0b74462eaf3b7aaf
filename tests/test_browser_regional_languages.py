"""rules §10.2: a Brazilian browser gets Brazilian Portuguese, a Portuguese one European
Portuguese, a browser asking for a region we lack gets its language; the settings' language
menu names the two Portuguese catalogues with their regions and tags each choice with its
BCP 47 language, and axe finds nothing wrong with it."""

from __future__ import annotations

import pytest

from browser_support import ARTIFACTS, open_page, settle
from mahjong_solitaire.i18n import LANGUAGE_COOKIE, translator
from test_browser_a11y import audit

pytestmark = pytest.mark.browser


def menu_label(page, action: str) -> str:
    page.click("#menu-button")
    label = page.text_content(f"#menu [data-action='{action}'] .label")
    page.keyboard.press("Escape")
    return label or ""


@pytest.mark.parametrize(
    ("browser_locale", "tag", "hint", "daily"),
    [
        ("pt-BR", "pt-BR", "Dica", "Desafio diário"),
        ("pt-PT", "pt-PT", "Sugestão", "Desafio do dia"),
        ("pt-AO", "pt-PT", "Sugestão", "Desafio do dia"),
        ("es-MX", "es", "Pista", "Reto del día"),
    ],
)
def test_the_browsers_region_chooses_the_catalogue(
    browser, server, browser_locale: str, tag: str, hint: str, daily: str
) -> None:
    page = open_page(browser, server.url, locale=browser_locale)
    assert page.get_attribute("html", "lang") == tag
    assert page.text_content("#hint .label") == hint
    assert menu_label(page, "daily") == daily
    assert page.errors == []
    page.context.close()


def test_the_language_menu_tells_the_two_portuguese_apart_and_remembers_brazil(
    browser, server
) -> None:
    page = open_page(browser, server.url, locale="pt-PT")
    page.click("#menu-button")
    page.click("[data-action='settings']")
    settings = page.locator("dialog[data-dialog='settings']")
    settings.wait_for(state="visible")
    choices = page.eval_on_selector_all(
        "#language option", "els => els.map(el => [el.value, el.lang, el.textContent])"
    )
    assert ["pt", "pt-PT", "Português (Portugal)"] in choices
    assert ["pt_BR", "pt-BR", "Português (Brasil)"] in choices
    assert ["it", "it", "Italiano"] in choices
    assert audit(page) == []

    page.select_option("#language", "pt_BR")
    page.wait_for_function("() => document.documentElement.lang === 'pt-BR'")
    settings.locator("h2", has_text=translator("pt_BR")("Settings")).wait_for()
    page.screenshot(path=str(ARTIFACTS / "i18n-settings-pt_BR.png"))
    page.keyboard.press("Escape")
    settle(page)
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies[LANGUAGE_COOKIE] == "pt_BR"
    page.reload()
    settle(page)
    assert page.get_attribute("html", "lang") == "pt-BR"
    assert page.text_content("#hint .label") == "Dica"
    assert page.text_content("#shuffle .label") == "Embaralhar"
    assert menu_label(page, "stages") == "Fases"
    assert page.errors == []
    page.context.close()
