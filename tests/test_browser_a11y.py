"""An automated accessibility audit (axe-core, vendored under tests/vendor/axe-core) of the
page in light and dark: the board, the New game dialog, the No moves dialog, the Win
dialog, the settings and the layout editor have no serious or critical violation (WCAG 2
A and AA rules, colour contrast included)."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser_support import open_page, settle
from position_support import reach_no_moves, reach_win

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
CODE = "MJ1-L00-AAAAABL"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def audit(page) -> list[str]:
    """The serious and critical violations axe finds, one line each, once the page's
    animations are over (a dialog fading in is not yet at its colours)."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect?.getTiming().iterations === Infinity)"
    )
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated, not added as an inline <script>, which the page's CSP refuses
        page.evaluate(AXE.read_text())
    found = page.evaluate(
        """async (tags) => {
        const result = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                                resultTypes: ["violations"]});
        return result.violations.filter(v => v.impact === "serious" || v.impact === "critical")
            .map(v => `${v.impact} ${v.id}: ${v.help} — ` + v.nodes.slice(0, 3).map(
                n => n.target.join(" ") + " " + (n.failureSummary || "").replace(/\\s+/g, " ")
            ).join(" | "));
    }""",
        TAGS,
    )
    return list(found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_and_its_game_dialogs_pass_the_axe_audit(browser, server, scheme) -> None:
    page = open_page(browser, server.url, color_scheme=scheme)
    assert page.get_attribute("html", "data-theme") == scheme
    problems = {"board": audit(page)}
    page.click("#new")
    page.locator("dialog[data-dialog='new-game']").wait_for(state="visible")
    problems["new game"] = audit(page)
    page.keyboard.press("Escape")
    settle(page)
    reach_no_moves(page, CODE)
    problems["no moves"] = audit(page)
    reach_win(page, CODE)
    problems["win"] = audit(page)
    page.keyboard.press("Escape")
    page.click("#menu-button")
    page.click("[data-action='settings']")
    page.locator("dialog[data-dialog='settings']").wait_for(state="visible")
    problems["settings"] = audit(page)
    page.keyboard.press("Escape")
    page.click("#menu-button")
    page.click("[data-action='editor']")
    page.locator("dialog[data-dialog='editor']").wait_for(state="visible")
    for key in ("Space", "Shift+ArrowRight", "Space", "PageUp", "ArrowLeft", "Space"):
        page.keyboard.press(key)  # three tiles on two layers: every kind of tile drawn
    page.locator("#editor-verdict:not([data-verdict='pending'])").wait_for()
    problems["layout editor"] = audit(page)
    found = {where: found for where, found in problems.items() if found}
    assert not found, "\n".join(
        f"{where}: {line}" for where, lines in found.items() for line in lines
    )
    assert page.errors == []
    page.context.close()
