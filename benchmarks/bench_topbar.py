"""The top bar's measuring (issue 18 item 2): what one re-measure of the bar costs, from
the full bar to the row that fits, at each screen size of the issue and in the longest
languages.  js/shell/top-bar.js measures again on every change in the bar (a label, a button
shown or hidden), so it must stay far below a frame (16 ms).

Starts the product on a fresh SQLite database, opens the page in headless Debian Chromium
(Playwright), and for each size and language times a change in the bar (a title: the bar
watches every change in it) until the bar has measured again, a microtask later.  The
figures include the machine's load at the time (the load average is written beside them).

    python benchmarks/bench_topbar.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

from _report import percentile, write_section

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from playwright.sync_api import sync_playwright

from browser_support import CHROMIUM, CHROMIUM_ARGS, settle
from serving import ProductServer

SIZES = [(360, 640), (390, 844), (844, 390), (820, 1180), (1280, 800), (1920, 1080)]
LANGUAGES = ["en", "de", "fr", "pt"]
RUNS = 40

#: Milliseconds of each of `runs` re-measures (a title changed in the bar: news to it).
_TIME = """async (runs) => {
  const times = [];
  const stats = document.querySelector(".topbar .stats");
  for (let k = 0; k < runs; k += 1) {
    const start = performance.now();
    stats.title = `run ${k}`;
    await Promise.resolve(); // the bar's observer runs first, in the same microtask queue
    times.push(performance.now() - start);
  }
  stats.removeAttribute("title");
  return times;
}"""


def main() -> None:
    per_size: dict[tuple[int, int], list[float]] = {size: [] for size in SIZES}
    folds: dict[tuple[int, int], set[int]] = {size: set() for size in SIZES}
    with (
        tempfile.TemporaryDirectory() as tmp,
        ProductServer(f"sqlite:///{tmp}/games.db", log=Path(tmp) / "server.log") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for lang in LANGUAGES:
            context = browser.new_context(locale=lang, bypass_csp=True)
            context.add_init_script("localStorage.setItem('mahjong-solitaire.guide-done', '1')")
            page = context.new_page()
            page.goto(server.url)
            settle(page)
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_selector(f".topbar[data-measured='{width}']", state="attached")
                page.evaluate(_TIME, 5)  # warm up
                per_size[(width, height)] += page.evaluate(_TIME, RUNS)
                folds[(width, height)].add(
                    page.evaluate("document.querySelectorAll('.topbar .overflowed').length")
                )
            context.close()
        browser.close()

    lines = []
    for (width, height), times in per_size.items():
        moved = sorted(folds[(width, height)])
        lines.append(
            f"- {width}×{height}: median {statistics.median(times):.2f} ms, "
            f"p95 {percentile(times, 0.95):.2f} ms, worst {max(times):.2f} ms "
            f"(controls moved into the menu: {', '.join(map(str, moved))}; n={len(times)})"
        )
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    lines.append(
        f"- one re-measure: from the full bar, fold until the row fits; languages "
        f"{', '.join(LANGUAGES)}; headless Debian Chromium; target well under a 16 ms frame; "
        f"load average at the end {load} on {os.cpu_count()} CPUs"
    )
    write_section("topbar", "Top bar measuring (issue 18 item 2)", lines)


if __name__ == "__main__":
    main()
