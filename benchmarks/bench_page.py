"""The page: how soon after navigation it is interactive (issue 5: ≤ 1 s after load).

Starts the product on a fresh SQLite database, opens the page in headless Debian Chromium
(Playwright) several times in fresh browser contexts (no cache), and measures from the
start of navigation until the board shows the game's tiles with free/blocked classes — the
moment a tap can be answered — plus the browser's own DOMContentLoaded and load times.

    python benchmarks/bench_page.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from _report import percentile, write_section

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from playwright.sync_api import sync_playwright

from browser_support import CHROMIUM, CHROMIUM_ARGS
from serving import ProductServer

RUNS = 15
_INTERACTIVE = "document.querySelectorAll('#board .tile.free').length > 0"


def main() -> None:
    interactive, dom_ready, loaded = [], [], []
    with (
        tempfile.TemporaryDirectory() as tmp,
        ProductServer(f"sqlite:///{tmp}/games.db", log=Path(tmp) / "server.log") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(RUNS + 1):  # the first run warms the server's caches; not counted
            # the waiting predicate is evaluated by Playwright: the page's CSP would refuse it
            context = browser.new_context(viewport={"width": 1366, "height": 768}, bypass_csp=True)
            page = context.new_page()
            page.goto(server.url, wait_until="commit")
            page.wait_for_function(_INTERACTIVE, timeout=10_000)
            ready_ms = page.evaluate("performance.now()")
            timing = page.evaluate(
                "(() => { const t = performance.getEntriesByType('navigation')[0];"
                " return [t.domContentLoadedEventEnd, t.loadEventEnd]; })()"
            )
            interactive.append(ready_ms)
            dom_ready.append(timing[0])
            loaded.append(timing[1])
            context.close()
        browser.close()
    interactive, dom_ready, loaded = interactive[1:], dom_ready[1:], loaded[1:]

    def line(name: str, values: list[float]) -> str:
        return (
            f"- {name}: median {statistics.median(values):.0f} ms, "
            f"worst {max(values):.0f} ms, p90 {percentile(values, 0.9):.0f} ms (n={RUNS})"
        )

    write_section(
        "page",
        "Page load (issue 5)",
        [
            line("navigation start to the board interactive (free tiles drawn)", interactive),
            line("DOMContentLoaded", dom_ready),
            line("load event", loaded),
            "- target: interactive ≤ 1 s after load; headless Debian Chromium, loopback, "
            "fresh context per run (no cache)",
        ],
    )


if __name__ == "__main__":
    main()
