"""The security headers on every answer: the Content-Security-Policy, and
``X-Content-Type-Options``, ``Referrer-Policy`` and ``X-Frame-Options``.

:class:`SecurityHeadersMiddleware` adds :func:`security_headers` to every answer, refusals
included; an answer that brought its own policy (``/docs``, by
:func:`inline_script_policy`) keeps it::

    app.add_middleware(SecurityHeadersMiddleware, policy=PAGE_POLICY)

    >>> security_headers("default-src 'none'")["Content-Security-Policy"]
    "default-src 'none'"
    >>> security_headers()["X-Frame-Options"]
    'DENY'
"""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["PAGE_POLICY", "SecurityHeadersMiddleware", "inline_script_policy", "security_headers"]

#: The page's policy: its scripts, styles, pictures and requests all come from this server
#: (the tile faces are ``data:`` and ``blob:`` SVG pictures drawn by the page's own
#: scripts), and so do its service worker and its web app manifest; no inline script, no
#: framing, no plug-ins.  Styles set through ``element.style`` are not inline styles for CSP.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; "
    "worker-src 'self'; manifest-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
    "object-src 'none'"
)

_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    # frame-ancestors 'none' says the same to every current browser; this is for older ones
    "X-Frame-Options": "DENY",
}


def security_headers(policy: str = PAGE_POLICY) -> dict[str, str]:
    """The headers every answer carries, with ``policy`` as its Content-Security-Policy."""
    return {"Content-Security-Policy": policy, **_HEADERS}


_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def inline_script_policy(html: bytes) -> str:
    """:data:`PAGE_POLICY` letting the inline scripts of ``html`` run, by their hashes (for
    FastAPI's ``/docs`` page, which starts Swagger UI with one).

    >>> inline_script_policy(b"<script>go()</script>").split("; ")[1]
    "script-src 'self' 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"
    """
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(html)
    )
    return PAGE_POLICY.replace("script-src 'self'", f"script-src 'self' {hashes}".rstrip())


class SecurityHeadersMiddleware:
    """Adds :func:`security_headers` (with ``policy``) to every answer; an answer that set
    its own Content-Security-Policy keeps it.

    Starlette has no middleware for this; the headers are the same on every answer, so a
    few lines of ASGI add them without touching the body.  (Answers of Starlette's
    ServerErrorMiddleware, outside every user middleware, get them from the 500 handler,
    :func:`.error_handlers.answer_errors`.)
    """

    def __init__(self, app: ASGIApp, *, policy: str = PAGE_POLICY) -> None:
        self.app = app
        self.headers = security_headers(policy)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in self.headers.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, with_headers)
