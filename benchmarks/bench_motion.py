"""The board's motion (issue 18 item 4): animations must never hold play back.

Starts the product on a fresh SQLite database and plays the Turtle in headless Debian
Chromium (Playwright), once with animations on and once with the Animations setting off:

- a pair's second tap until the board has drawn the pair gone (the server's answer drawn),
  over the first 20 pairs of the deal's solution, tapped one after another;
- a shuffle, from the key S until the new faces are drawn (server time included);
- the frame intervals meanwhile (requestAnimationFrame): what the animations add to the
  page's work is the difference between the two runs.

    python benchmarks/bench_motion.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from _report import percentile, write_section

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from playwright.sync_api import Page, sync_playwright

from browser_support import CHROMIUM, CHROMIUM_ARGS
from mahjong_solitaire import deal_from_code
from serving import ProductServer

CODE = "MJ1-L00-AAAAABL"
PAIRS = 20
SHUFFLES = 8

#: Frame intervals (ms) from requestAnimationFrame, recorded from now on.
WATCH_FRAMES = """() => { window.frames = []; let last = performance.now();
  const look = (now) => {
    window.frames.push(now - last); last = now; requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""


def settle(page: Page) -> None:
    page.wait_for_selector(
        "#board:not([data-status='loading'])[data-pending='0']", state="attached"
    )


def start(page: Page, url: str, motion: bool) -> None:
    page.goto(url)
    settle(page)
    page.evaluate(
        "(on) => localStorage.setItem('mahjong-solitaire.settings', JSON.stringify({motion: on}))",
        motion,
    )
    page.request.post(url + "api/games", data={"code": CODE})
    page.goto(url)
    settle(page)


def pair_times(page: Page) -> list[float]:
    """Milliseconds from each pair's second tap to the pair drawn gone."""
    times = []
    for move in deal_from_code(CODE).solution[:PAIRS]:
        page.click(f".tile[data-i='{move.a}']")
        settle(page)
        page.evaluate(
            """(i) => { window.tapped = performance.now(); window.drawn = null;
              const board = document.getElementById('board');
              const seen = new MutationObserver(() => {
                if (!board.querySelector(`.tile[data-i='${i}']`)) {
                  window.drawn = performance.now(); seen.disconnect(); } });
              seen.observe(board, {subtree: true, childList: true, attributes: true}); }""",
            move.b,
        )
        page.click(f".tile[data-i='{move.b}']", no_wait_after=True)
        page.wait_for_function("window.drawn !== null")
        times.append(page.evaluate("window.drawn - window.tapped"))
        settle(page)
    return times


def shuffle_times(page: Page) -> list[float]:
    times = []
    for _ in range(SHUFFLES):
        before = page.evaluate("document.getElementById('board').dataset.version")
        started = page.evaluate("performance.now()")
        page.keyboard.press("s")
        page.wait_for_function(
            "(v) => document.getElementById('board').dataset.version !== v"
            " && document.getElementById('board').dataset.pending === '0'",
            arg=before,
        )
        times.append(page.evaluate("performance.now()") - started)
        page.wait_for_timeout(700)  # the faces' flight is over
    return times


def summary(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):.1f} ms, p90 {percentile(values, 0.9):.1f} ms, "
        f"worst {max(values):.1f} ms (n={len(values)})"
    )


def main() -> None:
    results: dict[bool, dict[str, list[float]]] = {}
    with (
        tempfile.TemporaryDirectory() as tmp,
        ProductServer(f"sqlite:///{tmp}/games.db", log=Path(tmp) / "server.log") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for motion in (True, False):
            # the waiting predicates are evaluated by Playwright: the page's CSP would refuse them
            context = browser.new_context(viewport={"width": 1366, "height": 768}, bypass_csp=True)
            context.add_init_script("localStorage.setItem('mahjong-solitaire.guide-done', '1')")
            page = context.new_page()
            start(page, server.url, motion)
            page.evaluate(WATCH_FRAMES)
            pairs = pair_times(page)
            pair_frames = page.evaluate("window.frames.splice(0).slice(1)")
            shuffles = shuffle_times(page)
            shuffle_frames = page.evaluate("window.frames.slice(1)")
            results[motion] = {
                "pairs": pairs,
                "shuffles": shuffles,
                "pair_frames": pair_frames,
                "shuffle_frames": shuffle_frames,
            }
            context.close()
        browser.close()
    on, off = results[True], results[False]

    def frames(values: list[float]) -> str:
        return (
            f"median {statistics.median(values):.1f} ms, p95 {percentile(values, 0.95):.1f} ms "
            f"(n={len(values)})"
        )

    write_section(
        "motion",
        "Motion on the board (benchmarks/bench_motion.py)",
        [
            f"- a pair's second tap to the pair drawn gone, animations on: {summary(on['pairs'])}",
            f"- the same, animations off: {summary(off['pairs'])}",
            f"- S to the shuffled faces drawn, animations on: {summary(on['shuffles'])}",
            f"- the same, animations off: {summary(off['shuffles'])}",
            f"- frame intervals while taking pairs, animations on: {frames(on['pair_frames'])}",
            f"- the same, animations off: {frames(off['pair_frames'])}",
            f"- frame intervals while shuffling, animations on: {frames(on['shuffle_frames'])}",
            f"- the same, animations off: {frames(off['shuffle_frames'])}",
            "- the Turtle at 1366×768, headless Debian Chromium (software rendering), "
            "loopback; the board is the server's as soon as its answer arrives, "
            "whatever the animations",
        ],
    )


if __name__ == "__main__":
    main()
