"""The installable app without a browser: the icons are our own drawing and the files served
are what the drawing gives today; the service worker's script lists every file of the
page and changes when any of them does; the policy lets the page's own worker and
manifest load, and nothing from another host."""

from __future__ import annotations

import json
import re
import shutil
import struct

from mahjong_solitaire.web.app import STATIC
from mahjong_solitaire.web.pwa.app_icon import ICON_SIZES, icon_png, icon_svg
from mahjong_solitaire.web.pwa.service_worker import page_files, worker_script

ICONS = STATIC / "icons"


def test_the_icon_files_are_what_our_drawing_gives_today():
    assert (ICONS / "icon.svg").read_text(encoding="utf-8") == icon_svg()
    for size in ICON_SIZES:
        assert (ICONS / f"icon-{size}.png").read_bytes() == icon_png(size)


def test_each_png_icon_is_a_square_of_its_size():
    for size in ICON_SIZES:
        data = (ICONS / f"icon-{size}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
        assert struct.unpack(">II", data[16:24]) == (size, size)


def test_the_manifest_names_the_app_and_lists_icons_that_exist(client):
    answer = client.get("/static/manifest.webmanifest")
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512", "any"}
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in client.get("/").text


def _listed(script: str) -> list[str]:
    first = script.splitlines()[0]
    return list(json.loads(first.removeprefix("const PAGE_FILES = ").removesuffix(";")))


def test_the_service_worker_keeps_every_file_of_the_page(client):
    answer = client.get("/service-worker.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-cache"
    listed = _listed(answer.text)
    assert listed[0] == "/"
    assert "/static/js/shell/app.js" in listed and "/static/manifest.webmanifest" in listed
    assert "/static/js/shell/service-worker.js" not in listed  # the worker is not its own file
    for address in listed:
        assert client.get(address).status_code == 200, address


def test_a_changed_file_of_the_page_is_a_new_service_worker(tmp_path):
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    before = worker_script(copy)
    (copy / "css" / "shell" / "app.css").write_text("/* changed */\n", encoding="utf-8")
    worker_script.cache_clear()
    after = worker_script(copy)
    assert before.splitlines()[1] != after.splitlines()[1]  # PAGE_VERSION
    assert _listed(before) == _listed(after)
    (copy / "css" / "more.css").write_text("", encoding="utf-8")
    worker_script.cache_clear()
    assert "/static/css/more.css" in _listed(worker_script(copy))
    assert len(page_files(copy)) == len(page_files(STATIC)) + 1


def test_the_policy_lets_only_this_servers_worker_and_manifest_load(client):
    policy = dict(
        part.strip().split(" ", 1)
        for part in client.get("/").headers["content-security-policy"].split(";")
    )
    assert policy["worker-src"] == "'self'"
    assert policy["manifest-src"] == "'self'"
    assert policy["script-src"] == "'self'"


def test_the_page_links_one_stylesheet_holding_every_style_file_in_the_templates_order(client):
    from mahjong_solitaire.web.pwa.page import stylesheets

    page = client.get("/").text
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)">', page)
    template = (STATIC / "index.html").read_text(encoding="utf-8")
    files = re.findall(r'<link rel="stylesheet" href="/static/(css/[^"]+)">', template)
    assert (
        len(links) == 1 and len(files) > 1 and [p.as_posix() for p in stylesheets(STATIC)] == files
    )
    answer = client.get(links[0])
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/css")
    texts = [(STATIC / name).read_text(encoding="utf-8") for name in files]
    at = [answer.text.index(text) for text in texts]
    assert at == sorted(at)  # each file whole, in the order the template links them
    again = client.get(links[0], headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304
    # the worker keeps a copy of the very stylesheet the page links, for a visit offline
    assert links[0] in json.loads(
        worker_script(STATIC).split("\n", 1)[0][len("const PAGE_FILES = ") : -1]
    )


def test_a_first_visit_is_served_the_guides_first_step_before_any_script_runs(client):
    """The largest text of a first visit (the first-run guide's) paints with the page's first
    paint: the dialog comes open (not modal) on the guide's first step, in the request's
    language, its buttons waiting for the guide's script; a browser that has seen the guide
    (its cookie), or a shared code to play, gets the page without it."""
    import re

    from mahjong_solitaire.web.pwa.page import GUIDE_COOKIE

    first = client.get("/", headers={"Accept-Language": "de"}).text
    dialog = re.search(r"<dialog[^>]*>", first)
    assert dialog and " open " in dialog[0] and 'data-dialog="guide"' in dialog[0]
    assert '<h2 id="dialog-title">So wird gespielt</h2>' in first
    assert '<p class="guide-progress muted" id="guide-progress">Schritt 1 von 6</p>' in first
    assert re.search(r'<p class="guide-text" id="guide-text">Ein Stein ist frei, [^<]+</p>', first)
    buttons = re.findall(r"<button [^>]*>", first.split('class="row-buttons"')[1])
    assert len(buttons) == 4 and all(" disabled" in button for button in buttons)
    assert "<script>" not in first  # still no inline script
    for later in (
        client.get("/", headers={"Cookie": f"{GUIDE_COOKIE}=1"}).text,
        client.get("/?code=MJ2-L00-AAAAAAA").text,
    ):
        assert "guide-text" not in later and '<dialog id="dialog">' in later


def test_the_guide_served_counts_the_steps_the_guides_script_has():
    from mahjong_solitaire.web.pwa.page import GUIDE_STEPS

    script = (STATIC / "js" / "aids" / "first-run-guide.js").read_text(encoding="utf-8")
    steps = re.search(r"const STEPS = \[([^\]]*)\]", script)
    assert steps and len(re.findall(r'"guide\w+"', steps[1])) == GUIDE_STEPS
