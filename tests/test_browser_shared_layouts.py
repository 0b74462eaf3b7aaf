"""Imported layouts in the browser (rules §7.4, §8.2): a share link carries the layout to a
player on another server who never imported it, a big board is scaled down to fit, and an
upload of a file with bad maps says which maps were refused."""

from __future__ import annotations

import pytest

from browser_support import ProductServer, open_page, settle, tiles, toast_shown
from mahjong_solitaire.classic.generator import deal_from_code
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.layouts import builtin_layout, export_layout
from mahjong_solitaire.store import Store

pytestmark = pytest.mark.browser

#: Our own layout of 288 positions: two Turtles side by side (two tile sets).
TWINS = Layout.from_positions(
    [(x + dx, y, z) for dx in (0, 32) for x, y, z in builtin_layout("turtle").positions],
    name="twins",
    title="Twin Turtles",
)


def import_and_play(page, base: str, data: bytes, filename: str) -> dict:
    """Upload a layout file as the page's player and start a game on its first layout."""
    answer = page.request.post(
        f"{base}/api/layouts",
        multipart={"file": {"name": filename, "mimeType": "text/plain", "buffer": data}},
    )
    assert answer.ok, answer.text()
    name = answer.json()["layouts"][0]["name"]
    created = page.request.post(f"{base}/api/games", data={"layout": name})
    assert created.ok, created.text()
    page.goto(base + "/")
    settle(page)
    return created.json()


def test_a_share_link_carries_the_layout_to_another_server(browser, server, tmp_path):
    page = open_page(browser, server.url)
    base = server.url.rstrip("/")
    state = import_and_play(page, base, export_layout(TWINS, "kmahjongg").encode(), "twins.layout")
    code = state["code"]
    assert code.startswith("MJ2-H")
    page.click("#share")
    toast_shown(page, "Link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(f"{base}/?code={code}#layout=") and len(link) < 2000
    page.context.close()

    with ProductServer(f"sqlite:///{tmp_path / 'friend.db'}", log=tmp_path / "friend.log") as other:
        friend = open_page(browser, other.url, path=link.split("/", 3)[3])
        assert friend.evaluate("document.querySelector('#code').textContent.trim()") == code
        assert "#layout" not in friend.url and "code=" not in friend.url
        shown = {t["i"]: t["tile"] for t in tiles(friend)}
        assert shown == dict(enumerate(deal_from_code(code, TWINS).tiles))
        toast_shown(friend, "“Twins” came with the link", whole=False)
        # the board of 288 tiles fits in the window: no tile is drawn outside the stage
        outside = friend.evaluate(
            """() => {
              const stage = document.querySelector('#stage').getBoundingClientRect();
              return [...document.querySelectorAll('.tile')].filter((tile) => {
                const b = tile.getBoundingClientRect();
                return b.left < stage.left - 1 || b.right > stage.right + 1
                  || b.top < stage.top - 1 || b.bottom > stage.bottom + 1;
              }).length;
            }"""
        )
        assert outside == 0
        assert friend.errors == [], friend.errors
        friend.context.close()
        with Store(other.database) as store:
            kept = store.imported_layouts(store.local_player().id)
        assert [layout.title for layout in kept] == ["Twins"]
        assert kept[0].positions == TWINS.positions


def test_an_upload_says_which_maps_of_the_file_were_refused(page, server):
    page.keyboard.press("n")
    dialog = page.locator("dialog[data-dialog='new-game']")
    dialog.wait_for(state="visible")
    mixed = (
        b"<mahjongg><map name='Fine'><row y='0' left='0' right='3'/></map>"
        b"<map name='Lopsided'><row y='0' left='0' right='2'/></map></mahjongg>"
    )
    page.set_input_files(
        "#layout-file", files=[{"name": "mixed.map", "mimeType": "text/xml", "buffer": mixed}]
    )
    error = page.locator("#layout-import-error")
    error.filter(has_text="Lopsided").wait_for()
    assert "Not imported from this file" in error.inner_text()
    assert "an even number" in error.inner_text()
    assert page.locator("[data-layout='fine']").count() == 1


def test_a_hash_code_is_typed_checked_and_pasted_like_a_built_in_one(page):
    found = page.evaluate("""async () => {
      const m = await import("/static/js/modes/index.js");
      const d = await import("/static/js/dialogs/game-dialogs.js");
      const s = await import("/static/js/layouts/shared-layout.js");
      const layouts = [{ number: 0 }, { number: 1 }];
      const fragment = await s.layoutFragment("Two", [[0, 0, 0], [2, 0, 0]]);
      return {
        typing: m.checkShape("mj1-h3lpo", m.classic, "bad"),
        whole: d.checkCode("MJ1-H3LPOMIHKTC-AAAAABL", layouts),
        wrong: m.checkShape("MJ1-H3LPO1", m.classic, "bad").error,
        pasted: m.codeIn("https://x.test/?code=mj1-h3lpomihktc-aaaaabl#layout=abc", m.classic),
        builtin: d.checkCode("MJ1-L07-AAAAABL", layouts).error !== "",
        carried: await s.layoutInFragment(fragment),
        broken: await s.layoutInFragment("#layout=not-deflated"),
      };
    }""")
    assert found["typing"] == {"code": "MJ1-H3LPO", "error": "", "complete": False}
    assert found["whole"] == {"code": "MJ1-H3LPOMIHKTC-AAAAABL", "error": "", "complete": True}
    assert found["wrong"] == "bad"  # 1 is not a base-32 digit
    assert found["pasted"] == "MJ1-H3LPOMIHKTC-AAAAABL"
    assert found["builtin"] is True  # L07 is not among the layouts listed
    assert found["carried"] == {"title": "Two", "positions": [[0, 0, 0], [2, 0, 0]]}
    assert found["broken"] is None
