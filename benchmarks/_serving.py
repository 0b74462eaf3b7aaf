"""The product's server started for a benchmark: ``mahjong-solitaire play`` on a free
loopback port and a database of the benchmark's own, answering before the load begins."""

from __future__ import annotations

import os
import selectors
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

__all__ = ["start_server"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(
    database: str,
    log: Path,
    *options: str,
    wait: float = 90,
    command: Sequence[str] = ("-m", "mahjong_solitaire", "play"),
) -> tuple[subprocess.Popen[str], str]:
    """The running server process and its base URL; ``options`` go to ``play`` (e.g.
    ``--workers 4``: then it returns once the processes answer, within ``wait`` seconds).
    ``command``: what the interpreter runs instead of ``play`` (a benchmark's own server,
    taking ``play``'s ``--host``, ``--port`` and ``--database`` and printing its
    ``running at`` line)."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    with log.open("w") as err:
        process = subprocess.Popen(
            [
                sys.executable,
                *command,
                "--no-browser",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--database",
                database,
                *options,
            ],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            env=env,
        )
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(wait):
            process.kill()
            raise SystemExit("the server did not start")
    line = process.stdout.readline()
    if "running at" not in line:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}\n{log.read_text()}")
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait  # with --workers, until every process answers
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/layouts", timeout=5).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.2)
    return process, base
