"""The promises of ``SECURITY.md`` in Chromium: the page plays under its
Content-Security-Policy without a single violation, ``/docs`` shows Swagger UI from this
server alone, and a form on another site cannot abandon the player's game."""

from __future__ import annotations

import pytest

from browser_support import click_tile, new_context, new_game, settle, tiles
from mahjong_solitaire import deal_from_code

pytestmark = pytest.mark.browser

#: Records every CSP violation the document reports (an init script runs outside the
#: page's policy).
WATCH_CSP = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def watched_page(browser, server):
    context = new_context(browser)
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    page.console_errors = []
    page.on(
        "console",
        lambda message: message.type == "error" and page.console_errors.append(message.text),
    )
    page.requested = []
    page.on("request", lambda request: page.requested.append(request.url))
    return page


def violations(page) -> list[str]:
    return page.evaluate("window.__violations") + [
        text for text in page.console_errors if "Content Security Policy" in text
    ]


def test_the_page_plays_under_its_policy_without_a_violation(browser, server):
    page = watched_page(browser, server)
    answer = page.goto(server.url)
    assert "script-src 'self';" in answer.headers["content-security-policy"]
    settle(page)
    new_game(page, code="MJ1-L00-AAAAABL")
    for move in deal_from_code("MJ1-L00-AAAAABL").solution[:3]:
        click_tile(page, move.a)
        click_tile(page, move.b)
    assert len(tiles(page)) == 138
    for button in ("#hint", "#undo", "#pause", "#pause"):
        page.click(button)
        settle(page)
    page.keyboard.press("n")  # the New game dialog, with the layout previews
    page.wait_for_selector("dialog[open] .layout-preview svg", state="visible")
    page.keyboard.press("Escape")
    assert violations(page) == []
    # the faces' pictures are the page's own: `data:` and `blob:` addresses of its origin
    assert all(
        url.startswith((server.url, "data:", f"blob:{server.url}")) for url in page.requested
    ), [url for url in page.requested if not url.startswith(server.url)]
    page.context.close()


def test_docs_show_swagger_ui_from_this_server_alone(browser, server):
    page = watched_page(browser, server)
    page.goto(server.url + "docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=20_000)
    assert page.locator(".swagger-ui .opblock").count() > 10
    assert violations(page) == []
    assert all(url.startswith((server.url, "data:")) for url in page.requested), [
        url for url in page.requested if not url.startswith(server.url)
    ]
    page.context.close()


def test_a_form_on_another_site_cannot_abandon_the_game(browser, server):
    page = watched_page(browser, server)
    page.goto(server.url)
    settle(page)
    new_game(page, code="MJ1-L00-AAAAABL")
    before = page.request.get(server.url + "api/game").json()["id"]
    evil = f"""<!doctype html><form method="post" action="{server.url}api/stages/1">
        <input name="x" value="1"></form><script>document.forms[0].submit()</script>"""
    page.route(
        "http://evil.test/**",
        lambda route: route.fulfill(status=200, content_type="text/html", body=evil),
    )
    with page.expect_response(server.url + "api/stages/1") as posted:
        page.goto("http://evil.test/")
    assert posted.value.status == 403
    assert posted.value.json()["error"] == "cross_site"
    assert page.request.get(server.url + "api/game").json()["id"] == before
    page.context.close()
