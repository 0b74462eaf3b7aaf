"""What makes the page an installable app: the service worker's script,
served at ``/service-worker.js`` so that its scope is the whole site.

The script is ``static/js/shell/service-worker.js`` with two lines put before it: ``PAGE_FILES``,
the addresses of every file of the page (``/``, the one stylesheet it links, and each file
under ``/static/``), which the
worker keeps a copy of when it is installed, and ``PAGE_VERSION``, a digest of their
contents.  A browser installs a new worker when the script's bytes change, so an upgraded
page (any file changed, added or removed) replaces the copy at the next visit.  The web
app manifest and the icons are plain files of the page (``static/manifest.webmanifest``,
``static/icons/``, drawn by :mod:`.app_icon`).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import Response

from .page import stylesheet_address

__all__ = ["WORKER", "page_files", "serve_service_worker", "worker_script"]

#: The worker's own text, under the page's scripts.
WORKER = Path("js") / "shell" / "service-worker.js"


def page_files(static: Path) -> list[Path]:
    """The files of the page under ``static``, the worker's own script aside."""
    return sorted(
        path
        for path in static.rglob("*")
        if path.is_file() and path.relative_to(static) != WORKER and path.name != "index.html"
    )


@cache
def worker_script(static: Path) -> str:
    """The service worker: its text after ``PAGE_FILES`` and ``PAGE_VERSION``."""
    files = page_files(static)
    digest = hashlib.sha256()
    for path in [static / "index.html", *files]:
        digest.update(path.relative_to(static).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    addresses = [
        "/",
        stylesheet_address(static),  # the page's stylesheets as it links them (.page)
        *(f"/static/{path.relative_to(static).as_posix()}" for path in files),
    ]
    return (
        f"const PAGE_FILES = {json.dumps(addresses)};\n"
        f'const PAGE_VERSION = "{digest.hexdigest()[:16]}";\n'
        + (static / WORKER).read_text(encoding="utf-8")
    )


def serve_service_worker(app: FastAPI, static: Path) -> None:
    """Answer ``GET /service-worker.js`` with :func:`worker_script` (revalidated: the
    browser asks for it anew on each visit anyway)."""

    @app.get("/service-worker.js", include_in_schema=False)
    def service_worker() -> Response:
        return Response(
            worker_script(static),
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache"},
        )
