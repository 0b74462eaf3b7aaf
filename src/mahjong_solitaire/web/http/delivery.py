"""How the page's files travel: compressed, and cached by the browser only as long as they
are known to be current.

* :class:`CompressionMiddleware` is Starlette's ``GZipMiddleware``: every answer
  of at least :data:`MINIMUM_SIZE` bytes (the page's HTML, CSS and scripts, the API's JSON,
  the SVG pictures) goes gzip-compressed to a client that accepts it; pictures that are
  compressed already (PNG) and event streams are left alone, and a streamed answer is
  compressed as it streams.  Request bodies are not touched: the body limits of
  :mod:`.body_limit` count what the client sends.
* :class:`PageFiles` serves ``/static/``: Starlette's ``StaticFiles`` (an ``ETag`` and a
  ``Last-Modified``, and ``304 Not Modified`` to a request that has them) with
  ``Cache-Control: no-cache``: the browser keeps each file and asks, before using it,
  whether it is still current.  The page has no build step, so its files carry no version
  in their names, and a long ``max-age`` would keep an old script after an upgrade; a
  revalidation costs a few hundred bytes, and the service worker (:mod:`.installable`)
  answers from its own cache when the server cannot be reached.
"""

from __future__ import annotations

import mimetypes

from starlette.datastructures import MutableHeaders
from starlette.middleware.gzip import GZipMiddleware
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["MINIMUM_SIZE", "REVALIDATE", "CompressionMiddleware", "PageFiles"]

# the web app manifest's own type (Python's table does not know the extension everywhere)
mimetypes.add_type("application/manifest+json", ".webmanifest")

#: Answers shorter than this go uncompressed: gzip's own header would eat the gain.
MINIMUM_SIZE = 512

#: The page's files: kept by the browser, checked with the server before each use.
REVALIDATE = "no-cache"


class CompressionMiddleware(GZipMiddleware):
    """Answers gzip-compressed to clients that accept it, at level 6: nearly level 9's size
    at a fraction of its time, as every answer is compressed anew."""

    def __init__(self, app: ASGIApp) -> None:
        super().__init__(app, minimum_size=MINIMUM_SIZE, compresslevel=6)


class PageFiles(StaticFiles):
    """``StaticFiles`` whose answers say :data:`REVALIDATE`."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_cache_control(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message)["Cache-Control"] = REVALIDATE
            await send(message)

        await super().__call__(scope, receive, with_cache_control)
