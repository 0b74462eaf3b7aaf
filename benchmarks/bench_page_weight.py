"""The page's weight and speed (issue 18 item 8: first load ≤ 350 KB over the wire, fonts
included; interactive ≤ 1 s on loopback).

Starts the product on a fresh SQLite database and opens the page in headless Debian
Chromium (Playwright), each run in a fresh browser context (an empty cache, no service
worker yet), through a small TCP relay that counts every byte the server sends: the
page's requests and the service worker's (which keeps a copy of the page's files when it
is installed) alike, headers included, compressed or not.  Chromium's DevTools protocol
counts the page's own responses and which of them came compressed.  A load lasts until
the board is interactive (free tiles drawn) and the network is idle.  A second load in the
same context shows what a returning player fetches.

    python benchmarks/bench_page_weight.py
"""

from __future__ import annotations

import contextlib
import os
import socket
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from _report import write_section

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from playwright.sync_api import BrowserContext, sync_playwright

from browser_support import CHROMIUM, CHROMIUM_ARGS
from serving import ProductServer

RUNS = 7
_INTERACTIVE = "document.querySelectorAll('#board .tile.free').length > 0"


class Relay:
    """A TCP relay on a free loopback port to the server's, counting the bytes it sends."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.sent = 0
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}/"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            client, _ = self.listener.accept()
            upstream = socket.create_connection(("127.0.0.1", self.port))
            threading.Thread(target=self._pipe, args=(client, upstream, False), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client, True), daemon=True).start()

    def _pipe(self, source: socket.socket, target: socket.socket, counted: bool) -> None:
        try:
            while data := source.recv(65536):
                if counted:
                    with self.lock:
                        self.sent += len(data)
                target.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, target):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def take(self) -> int:
        """The bytes sent since the last call."""
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent


def _load(context: BrowserContext, url: str, relay: Relay) -> dict[str, Any]:
    """One load of the page in ``context``: bytes over the wire, responses, their encodings,
    and the time from navigation to the board being interactive."""
    relay.take()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    sizes: dict[str, float] = {}
    encodings: dict[str, str] = {}
    from_cache: set[str] = set()
    cdp.on(
        "Network.loadingFinished",
        lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]),
    )
    cdp.on(
        "Network.responseReceived",
        lambda e: encodings.__setitem__(
            e["requestId"],
            {k.lower(): v for k, v in e["response"]["headers"].items()}.get("content-encoding", ""),
        ),
    )
    cdp.on("Network.requestServedFromCache", lambda e: from_cache.add(e["requestId"]))
    page.goto(url, wait_until="commit")
    page.wait_for_function(_INTERACTIVE, timeout=10_000)
    interactive = page.evaluate("performance.now()")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(3000)  # the service worker's install, a second after the load
    page.close()
    network = [key for key in sizes if key not in from_cache]
    return {
        "bytes": relay.take(),
        "page bytes": sum(sizes[key] for key in network),
        "responses": len(network),
        "compressed": sum(1 for key in network if encodings.get(key)),
        "interactive": interactive,
    }


def main() -> None:
    first: list[dict[str, Any]] = []
    again: list[dict[str, Any]] = []
    first_ms: list[dict[str, Any]] = []
    again_ms: list[dict[str, Any]] = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        ProductServer(f"sqlite:///{tmp}/games.db", log=Path(tmp) / "server.log") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        relay = Relay(server.port)
        for _ in range(RUNS + 1):  # the first run warms the server's caches; not counted
            # the bytes through the relay; the times on a direct connection (the relay,
            # threads of Python, would add its own delays)
            for url, runs in ((relay.url, (first, again)), (server.url, (first_ms, again_ms))):
                # the waiting predicate is evaluated by Playwright: the page's CSP would refuse it
                context = browser.new_context(
                    viewport={"width": 1366, "height": 768}, bypass_csp=True
                )
                runs[0].append(_load(context, url, relay))
                runs[1].append(_load(context, url, relay))
                context.close()
        browser.close()
    first, again, first_ms, again_ms = first[1:], again[1:], first_ms[1:], again_ms[1:]

    def kb(runs: list[dict[str, Any]], key: str = "bytes") -> str:
        return f"{statistics.median(r[key] for r in runs) / 1024:.0f} KB"

    def ms(runs: list[dict[str, Any]]) -> str:
        values = [r["interactive"] for r in runs]
        return f"median {statistics.median(values):.0f} ms, worst {max(values):.0f} ms"

    write_section(
        "page_weight",
        "Page weight and speed (issue 18 item 8)",
        [
            f"- first load (empty cache): {kb(first)} over the wire, the service worker's "
            f"copy of the page's files included (the page's own requests: "
            f"{kb(first, 'page bytes')} in "
            f"{statistics.median(r['responses'] for r in first):.0f} responses, "
            f"{statistics.median(r['compressed'] for r in first):.0f} of them compressed); "
            f"interactive {ms(first_ms)} (n={RUNS})",
            f"- second load (same browser, through the service worker): {kb(again)} over the "
            f"wire (revalidations: 304 Not Modified); interactive {ms(again_ms)}",
            "- before this work (2026-12-01, this script on the code before it): 820 KB in "
            "94 responses, none compressed, 78 KB on return; interactive median 618 ms, "
            "446 ms on return (load 6.2); the issue counted 427 KB in 49 responses on the "
            "older page",
            f"- the machine's load average during the run: {os.getloadavg()[0]:.1f} on "
            f"{os.cpu_count()} cores (times on a busy machine are long)",
            "- target: first load ≤ 350 KB (fonts included: the page uses the system's fonts "
            "and loads none), interactive ≤ 1 s; headless Debian Chromium, loopback",
        ],
    )


if __name__ == "__main__":
    main()
