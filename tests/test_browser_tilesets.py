"""Tile sets and backgrounds, in headless Chromium: every set offered in
Settings draws all 42 faces, each one its own picture at 34 px wide, in colour and without
(``colour_vision``), and the high contrast set draws in strong ink on white; choosing a set or a
background by keyboard in Settings redraws the preview and the board at once and is
remembered across a reload; the page passes the axe audit in every set and on every
background, in both themes."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from browser_support import TILE_PICTURES, open_page, settle
from colour_vision import DISTINCT_SHARE, SIMULATIONS, distinct_share, simulate
from test_browser_a11y import audit
from test_browser_tile_states import turtle_with_settings

pytestmark = pytest.mark.browser

SETTINGS = "dialog[data-dialog='settings']"
#: The tile width at which every face must stay readable (CSS px), and its height.
FACE_W, FACE_H = 34, 45
#: The high contrast set's inks: at least this contrast ratio on its white face (WCAG AAA).
STRONG_INK = 7.0


def open_settings(page) -> None:  # type: ignore[no-untyped-def]
    page.click("#menu-button")
    page.click("[data-action='settings']")
    page.locator(SETTINGS).wait_for(state="visible")


def offered(page, setting: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The values of the choices of ``setting`` in the Settings dialog, in order."""
    return list(
        page.eval_on_selector_all(
            f"{SETTINGS} [data-setting='{setting}'] input[type='radio']",
            "inputs => inputs.map(input => input.value)",
        )
    )


@pytest.fixture(scope="module")
def choices(browser, server) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    page = open_page(browser, server.url)
    open_settings(page)
    found = {setting: offered(page, setting) for setting in ("tile-style", "background")}
    page.context.close()
    return found


def test_settings_offer_at_least_four_tile_sets_and_five_backgrounds(choices) -> None:
    assert choices["tile-style"][:2] == ["classic", "numbers"]
    assert len(set(choices["tile-style"])) >= 4
    assert len(set(choices["background"])) >= 5


def face_pixels(page, style: str) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """Each of the 42 faces of ``style`` drawn on an ivory face at 34 × 45 px (RGBA)."""
    return dict(
        page.evaluate(
            """async ([style, w, h]) => {
            const { faceUrl, LABELS } = await import("/static/js/board/faces.js");
            const out = [];
            for (const label of LABELS) {
              const url = faceUrl(label, style).slice(5, -2);  // url("…") -> …
              const image = new Image();
              image.src = url;
              await image.decode();
              const canvas = document.createElement("canvas");
              canvas.width = w;
              canvas.height = h;
              const context = canvas.getContext("2d");
              context.fillStyle = "#fbf7ea";  // the face under the drawing
              context.fillRect(0, 0, w, h);
              context.drawImage(image, 0, 0, w, h);
              out.push([label, [...context.getImageData(0, 0, w, h).data]]);
            }
            return out;
        }""",
            [style, FACE_W, FACE_H],
        )
    )


def pictures(faces: dict[str, list[int]]) -> dict[str, np.ndarray]:
    """The faces' RGB pixels as arrays (height × width × 3)."""
    return {
        label: np.array(pixels, dtype=np.float64).reshape(FACE_H, FACE_W, 4)[..., :3]
        for label, pixels in faces.items()
    }


def test_every_tile_set_draws_all_42_faces_each_distinct_at_34_px_in_any_colour_vision(  # type: ignore[no-untyped-def]
    browser, server, choices
) -> None:
    """Every pair of faces of a set stays clearly apart (``colour_vision``'s measure: the
    share of pixels whose colours differ at a glance) at 34 px wide, for normal vision, in
    grayscale and under simulated protanopia, deuteranopia and tritanopia: no two faces
    differ by colour alone."""
    page = open_page(browser, server.url)
    too_close = {}
    for style in choices["tile-style"]:
        faces = pictures(face_pixels(page, style))
        assert len(faces) == 42
        blank = [label for label, picture in faces.items() if np.ptp(picture) < 64]
        assert not blank, (style, blank)
        for view in ["normal", *SIMULATIONS]:
            seen = {
                label: picture if view == "normal" else simulate(picture, view)
                for label, picture in faces.items()
            }
            worst = min(
                (distinct_share(seen[a], seen[b]), a, b) for a, b in itertools.combinations(seen, 2)
            )
            if worst[0] < DISTINCT_SHARE:
                too_close[(style, view)] = worst
    assert not too_close, too_close
    assert page.errors == []
    page.context.close()


def contrast_ratio_on_white(rgb: np.ndarray) -> float:
    """WCAG's contrast ratio of the colour ``rgb`` (0..255) against white."""
    c = rgb / 255.0
    linear = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return 1.05 / (float(linear @ np.array([0.2126, 0.7152, 0.0722])) + 0.05)


def test_the_high_contrast_set_draws_in_strong_ink_on_a_plain_white_face(browser, server) -> None:  # type: ignore[no-untyped-def]
    page = open_page(browser, server.url)
    weak = {}
    for label, picture in pictures(face_pixels(page, "contrast")).items():
        assert (picture[0, 0] == 255).all() and (picture[-1, -1] == 255).all(), label
        darkest = picture.reshape(-1, 3)[picture.reshape(-1, 3).sum(axis=1).argmin()]
        if contrast_ratio_on_white(darkest) < STRONG_INK:
            weak[label] = round(contrast_ratio_on_white(darkest), 1)
    assert not weak, weak
    assert page.errors == []
    page.context.close()


def look(page) -> dict[str, str | None]:  # type: ignore[no-untyped-def]
    """What the page shows: the set and background of the page and of the preview, the
    preview's first face and the first board tile's pictures (:data:`TILE_PICTURES`)."""
    shown = page.evaluate(
        """() => {
        const preview = document.getElementById("look-preview");
        return {
          page: document.documentElement.dataset.tileSet,
          ground: document.documentElement.dataset.background,
          preview: preview ? preview.dataset.tileSet : null,
          previewGround: preview ? preview.dataset.background : null,
          previewFace: preview ? preview.querySelector("svg").outerHTML : null,
          previewColour: preview ? getComputedStyle(preview).backgroundColor : null,
        };
    }"""
    )
    board = page.evaluate(f"({TILE_PICTURES})(document.querySelector('#board .tile'))")
    return {**shown, "board": board}


def test_keyboard_choice_of_set_and_background_updates_preview_and_board_and_is_remembered(  # type: ignore[no-untyped-def]
    page, choices
) -> None:
    drawn = look(page)["board"]
    assert drawn
    open_settings(page)  # (the game pauses: its faces are hidden until the dialog closes)
    before = look(page)
    assert before["page"] == before["preview"] == "classic"
    page.focus(f"{SETTINGS} [data-setting='tile-style'] input:checked")
    page.keyboard.press("ArrowRight")  # the next set: checked and applied at once
    after = look(page)
    assert after["page"] == after["preview"] == choices["tile-style"][1]
    assert after["previewFace"] != before["previewFace"]
    page.keyboard.press("ArrowRight")
    third = look(page)
    assert third["page"] == third["preview"] == choices["tile-style"][2]
    assert third["previewFace"] not in (before["previewFace"], after["previewFace"])
    # one Tab stop per group: Tab leaves the sets for the checked background
    page.keyboard.press("Tab")
    focused = page.evaluate("() => [document.activeElement.name, document.activeElement.checked]")
    assert focused == ["background", True]
    page.keyboard.press("ArrowDown")
    ground = look(page)
    assert ground["ground"] == ground["previewGround"] == choices["background"][1]
    assert ground["previewColour"] != before["previewColour"]
    page.keyboard.press("Escape")
    page.locator(SETTINGS).wait_for(state="hidden")
    page.wait_for_selector("#board[data-status='playing'][data-pending='0']", timeout=5_000)
    redrawn = look(page)
    assert redrawn["board"] and redrawn["board"] != drawn  # the board took the set at once
    # the tile's face is the chosen set's: its picture is the one a tile drawn with that
    # set's face shows (board/faces.js), in the same cell
    shows_set = page.evaluate(
        """async (style) => {
            const { paintFace } = await import("/static/js/board/faces.js");
            const tile = document.querySelector("#board .tile");
            const probe = document.createElement("div");
            probe.className = "tile";
            paintFace(probe, tile.dataset.tile, style);
            tile.parentElement.append(probe);
            const [drawn, expected] = [tile, probe].map((el) => {
              const look = getComputedStyle(el);
              return [look.backgroundImage, look.backgroundPosition];
            });
            probe.remove();
            return drawn[0] === expected[0] && drawn[1] === expected[1];
        }""",
        third["page"],
    )
    assert shows_set
    page.reload()
    settle(page)
    again = look(page)
    assert (again["page"], again["ground"], again["board"]) == (
        third["page"],
        ground["ground"],
        redrawn["board"],
    )
    open_settings(page)
    assert page.is_checked(f"{SETTINGS} [data-setting='tile-style'] input[value='{third['page']}']")
    assert page.is_checked(
        f"{SETTINGS} [data-setting='background'] input[value='{ground['ground']}']"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_passes_the_axe_audit_in_every_tile_set_and_on_every_background(  # type: ignore[no-untyped-def]
    browser, server, choices, scheme
) -> None:
    problems = {}
    sets, grounds = choices["tile-style"], choices["background"]
    for k in range(max(len(sets), len(grounds))):
        chosen = {"tileStyle": sets[k % len(sets)], "background": grounds[k % len(grounds)]}
        page = turtle_with_settings(browser, server, scheme, chosen)
        assert page.get_attribute("html", "data-tile-set") == chosen["tileStyle"]
        assert page.get_attribute("html", "data-background") == chosen["background"]
        problems[f"board {chosen}"] = audit(page)
        open_settings(page)
        problems[f"settings {chosen}"] = audit(page)
        assert page.errors == []
        page.context.close()
    found = {where: lines for where, lines in problems.items() if lines}
    assert not found, found


def test_an_unknown_remembered_set_or_background_falls_back_to_the_defaults(
    browser, server
) -> None:  # type: ignore[no-untyped-def]
    """A stored choice the page does not know (an edited setting, a set since removed)
    draws the default set on the default background, without an error."""
    page = turtle_with_settings(
        browser, server, "light", {"tileStyle": "ghost", "background": "<b>"}
    )
    assert page.get_attribute("html", "data-tile-set") == "classic"
    assert page.get_attribute("html", "data-background") == "felt"
    assert page.evaluate("document.querySelector('#board .tile').dataset.faces") == "classic"
    open_settings(page)
    assert page.is_checked(f"{SETTINGS} [data-setting='tile-style'] input[value='classic']")
    assert page.is_checked(f"{SETTINGS} [data-setting='background'] input[value='felt']")
    assert page.errors == []
    page.context.close()
