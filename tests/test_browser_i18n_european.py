"""rules §10.1 in Chromium: the page counts in Polish with the form Polish needs (its "few"
form exists in no other catalogue, so the page must map each ``Intl.PluralRules`` category
to the catalogue's forms), a French page keeps its no-break spaces, and axe finds nothing
serious in any of the four languages."""

from __future__ import annotations

import re

import pytest

from browser_support import ARTIFACTS, new_game, open_page
from mahjong_solitaire.i18n import count_label, translator
from position_support import reach_no_moves, reach_win
from test_browser_a11y import audit

pytestmark = pytest.mark.browser

CODE = "MJ1-L00-AAAAABL"
BACK_TO_WINNABLE = (
    "Back to the last winnable position ({n} move)",
    "Back to the last winnable position ({n} moves)",
)


def test_the_page_counts_in_polish_with_the_few_and_many_forms(browser, server):
    _ = translator("pl")
    page = open_page(browser, server.url, locale="pl-PL")
    page.click("#new")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    turtle = dialog.locator("[data-layout='turtle']").inner_text()
    assert _("Turtle") in turtle
    assert "144 płytki" in turtle and count_label("tiles", 144, "pl") == "144 płytki"
    page.screenshot(path=str(ARTIFACTS / "i18n-new-game-pl.png"))
    page.keyboard.press("Escape")

    reach_no_moves(page, CODE)
    back = page.locator("#to-winnable .label").inner_text()
    found = re.search(r"\((\d+) ", back)
    assert found, back
    n = int(found.group(1))
    assert back == _.ngettext(*BACK_TO_WINNABLE, n)
    counted = page.evaluate("n => new Intl.PluralRules('pl').select(n)", n)
    assert back.endswith({"few": "ruchy)", "many": "ruchów)", "one": "ruch)"}[counted])
    assert page.errors == []
    page.context.close()


def test_a_french_page_keeps_the_no_break_space_before_a_colon(browser, server):
    _ = translator("fr")
    page = open_page(browser, server.url, locale="fr-FR")
    new_game(page)  # not the stuck game the Polish page left to the local player
    page.click("#menu-button")
    page.click("[data-action='rules']")
    rules = page.locator("dialog[data-dialog='rules']")
    rules.wait_for(state="visible")
    text = rules.inner_text()
    keys = _(
        "Keys: H hint · Z undo · Y redo · S shuffle · A solve · F finish · P pause · N new game"
    )
    assert keys.startswith("Touches\xa0:") and keys in text
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("locale", ["de-DE", "fr-FR", "nl-NL", "pl-PL"])
def test_the_page_in_each_new_language_passes_the_axe_audit(browser, server, locale):
    page = open_page(browser, server.url, locale=locale)
    assert page.get_attribute("html", "lang") == locale.split("-")[0]
    problems = {"board": audit(page)}
    reach_no_moves(page, CODE)
    problems["no moves"] = audit(page)
    reach_win(page, CODE)
    problems["win"] = audit(page)
    found = {where: lines for where, lines in problems.items() if lines}
    assert not found, found
    assert page.errors == []
    page.context.close()
