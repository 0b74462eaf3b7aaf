"""What the server checks before any handler runs, and the headers on every answer (the
promises are in ``SECURITY.md``).

From the outside in, :func:`..app.create_app` stacks:

* :class:`SecurityHeadersMiddleware`: the Content-Security-Policy (:data:`PAGE_POLICY`
  unless the answer brought its own, as ``/docs`` does), ``X-Content-Type-Options``,
  ``Referrer-Policy`` and ``X-Frame-Options`` on every answer, refusals included;
* :class:`HostCheckMiddleware`: Starlette's ``TrustedHostMiddleware``, answering with the
  API's error object (421 ``unknown_host``; 400 when the ``Host`` header is missing or
  unreadable) instead of its plain text;
* :class:`CrossSiteMiddleware`: a state-changing request sent by another site is refused
  (403 ``cross_site``), and one whose body is not what the endpoint takes (415
  ``unsupported_media_type``);
* :class:`BodyLimitMiddleware`: a body larger than :data:`JSON_BODY_LIMIT` (an upload of
  :data:`UPLOADS`: its own limit) is refused (413 ``too_large``) as soon as it is
  known to be too large, before it is parsed and without reading the rest.

Refusals are the API's error object, ``{"error", "message", "detail"}``, with the message in
the request's language:

    >>> origin_of("https", "Example.org:443"), origin_of("http", "[::1]:8000")
    ('https://example.org', 'http://[::1]:8000')
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Sequence
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..routes.history import HISTORY_PATH, HISTORY_UPLOAD
from ..routes.layouts import LAYOUT_UPLOAD, MAX_UPLOAD_BYTES
from .errors import ErrorCode, error_answer
from .language import request_language
from .uploads import UploadLimit

__all__ = [
    "JSON_BODY_LIMIT",
    "LOCAL_HOSTS",
    "PAGE_POLICY",
    "UPLOADS",
    "UPLOAD_PATH",
    "BodyLimitMiddleware",
    "CrossSiteMiddleware",
    "HostCheckMiddleware",
    "SecurityHeadersMiddleware",
    "inline_script_policy",
    "origin_of",
    "refusal",
    "security_headers",
]

#: The largest JSON body taken (every endpoint but the layout upload).
JSON_BODY_LIMIT = 64 * 1024

#: The layout upload, the first endpoint taking a file (``multipart/form-data``) instead of
#: JSON.
UPLOAD_PATH = "/api/layouts"
#: The endpoints taking a file upload instead of JSON, with their limits: the layout
#: upload and the history import.
UPLOADS: dict[str, UploadLimit] = {UPLOAD_PATH: LAYOUT_UPLOAD, HISTORY_PATH: HISTORY_UPLOAD}

#: The host names a personal (loopback) server answers to, whatever the port.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")

#: The methods that change something: these get the cross-site checks.
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

#: The page's policy: its scripts, styles, pictures and requests all come from this server
#: (the tile faces are ``data:`` SVG pictures drawn by the page), and so do its service
#: worker and its web app manifest; no inline script, no framing, no plug-ins.  Styles set
#: through ``element.style`` are not inline styles for CSP.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; "
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


def refusal(
    scope: Scope, code: ErrorCode, detail: str, message_key: str | None = None
) -> JSONResponse:
    """The API's error object for a request refused before any handler ran; the message is
    in the request's language (worked out here: no middleware has set it yet)."""
    return error_answer(code, detail, request_language(Request(scope)), message_key)


class SecurityHeadersMiddleware:
    """Adds :func:`security_headers` to every answer; an answer that set its own
    Content-Security-Policy keeps it.

    Starlette has no middleware for this; the headers are the same on every answer, so a
    few lines of ASGI add them without touching the body.  (Answers of Starlette's
    ServerErrorMiddleware, outside every user middleware, get them from the 500 handler.)
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in security_headers().items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, with_headers)


class _Refusing:
    """The ``send`` the host gate is given: called only when the gate refuses (an admitted
    request gets the real ``send`` back), it answers with the error object instead of the
    gate's plain text."""

    def __init__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.scope, self.receive, self.send = scope, receive, send

    async def __call__(self, message: Message) -> None:
        if message["type"] != "http.response.start":
            return  # the gate's own body ("Invalid host header") is not sent
        host = Headers(scope=self.scope).get("host")
        if host is None or not _HOST.fullmatch(host):
            answer = refusal(
                self.scope, ErrorCode.BAD_REQUEST, "the request has no readable Host header"
            )
        else:
            answer = refusal(
                self.scope,
                ErrorCode.UNKNOWN_HOST,
                f"this server does not answer to the host {host[:100]!r}",
            )
        await answer(self.scope, self.receive, self.send)


_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^\[\]:/\s@]+)(:\d{1,5})?")


class HostCheckMiddleware:
    """Serves only the host names ``allowed_hosts`` (Starlette's patterns: ``"*"`` allows
    any, ``"*.example.org"`` any subdomain), whatever the port.

    Starlette's ``TrustedHostMiddleware`` does the checking; this wrapper only turns its
    plain-text 400 into the API's error object (421 ``unknown_host``, as RFC 9110 answers a
    request for a host the server does not serve, or 400 for a missing or unreadable
    ``Host``), so that the page and scripts read it like every other refusal.
    """

    def __init__(self, app: ASGIApp, allowed_hosts: Sequence[str]) -> None:
        self.app = app
        self.allowed_hosts = list(allowed_hosts)
        self.gate = TrustedHostMiddleware(
            self._admitted, allowed_hosts=self.allowed_hosts, www_redirect=False
        )

    async def _admitted(self, scope: Scope, receive: Receive, send: Send) -> None:
        real = send.send if isinstance(send, _Refusing) else send
        await self.app(scope, receive, real)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.gate(scope, receive, send)
            return
        await self.gate(scope, receive, _Refusing(scope, receive, send))


def origin_of(scheme: str, netloc: str) -> str:
    """``scheme://host[:port]`` as a browser writes it in ``Origin``: lower case, without
    the scheme's default port."""
    parts = urlsplit(f"{scheme}://{netloc}")
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:
        port = None
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


def _normal_origin(origin: str) -> str | None:
    """``Origin`` written as :func:`origin_of` writes it; ``None`` for ``null`` or anything
    that is not an http(s) origin."""
    parts = urlsplit(origin.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc or parts.path:
        return None
    return origin_of(parts.scheme.lower(), parts.netloc)


def _media_type(headers: Headers) -> str | None:
    value = headers.get("content-type")
    return None if value is None else value.split(";", 1)[0].strip().lower()


def _has_body(headers: Headers) -> bool:
    length = headers.get("content-length", "0").strip()
    return "transfer-encoding" in headers or length not in ("", "0")


class CrossSiteMiddleware:
    """Refuses a state-changing request (POST, PUT, PATCH, DELETE):

    * 403 ``cross_site`` when the browser says another site sent it (``Sec-Fetch-Site:
      cross-site``) or its ``Origin`` is not this server's own: ``scheme://Host``, the
      scheme being ``https`` behind a proxy uvicorn trusts (``--forwarded-allow-ips``);
    * 415 ``unsupported_media_type`` when its body is not JSON (``application/json``); a
      request without a body and without a ``Content-Type`` (``POST /api/stages/3``, or a
      hint without ``version``) is fine.  The :data:`UPLOADS` are left to their endpoints,
      which take only the page's ``multipart/form-data`` upload (400 ``bad_request``
      otherwise, before reading the body).

    An HTML form on another site can only send ``application/x-www-form-urlencoded``,
    ``multipart/form-data`` or ``text/plain`` without a CORS preflight: with the JSON rule, it
    cannot reach a JSON endpoint even from a browser that sends neither header.

    Starlette's ``CORSMiddleware`` answers what other origins may *read*; it does not
    refuse a request that needs no preflight, so this one is written here.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in UNSAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        answer = self._refusal(scope, headers)
        if answer is not None:
            await answer(scope, receive, send)
            return
        await self.app(scope, receive, send)

    @staticmethod
    def _refusal(scope: Scope, headers: Headers) -> JSONResponse | None:
        if headers.get("sec-fetch-site", "").strip().lower() == "cross-site":
            return refusal(
                scope,
                ErrorCode.CROSS_SITE,
                "a state-changing request sent by another site (Sec-Fetch-Site: "
                "cross-site) is refused",
            )
        origin = headers.get("origin")
        if origin is not None:
            own = origin_of(scope["scheme"], headers.get("host", ""))
            if _normal_origin(origin) != own:
                return refusal(
                    scope,
                    ErrorCode.CROSS_SITE,
                    f"a state-changing request from the origin {origin[:100]!r} "
                    f"is refused: this server is {own}",
                )
        media_type = _media_type(headers)
        if scope["path"] in UPLOADS:
            return None  # an upload endpoint takes multipart/form-data only (400 otherwise)
        if media_type is not None and media_type != "application/json":
            return refusal(
                scope,
                ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                f"the body must be application/json, not {media_type[:60]!r}",
            )
        elif media_type is None and _has_body(headers):
            return refusal(
                scope,
                ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                "a body needs the Content-Type application/json",
            )
        return None


class _TooLarge(Exception):
    """Raised to the application by ``receive`` when the body outgrew the limit."""


class BodyLimitMiddleware:
    """Refuses (413 ``too_large``) a body larger than the limit: :data:`JSON_BODY_LIMIT`, or
    ``upload_limit`` for :data:`UPLOAD_PATH`, or the limit of another of :data:`UPLOADS`.

    A declared ``Content-Length`` over the limit is refused before a byte is read.  A body
    without one (``Transfer-Encoding: chunked``) is counted as it arrives: when it outgrows
    the limit, the application's next read raises, whatever the application answers then is
    dropped, and the 413 goes out instead; the rest of the body is never read, so memory
    stays at the limit whatever is sent.

    Starlette and uvicorn have no request size limit (uvicorn's ``h11_max_incomplete_event_
    size`` covers headers only), hence this middleware.
    """

    def __init__(
        self, app: ASGIApp, *, limit: int = JSON_BODY_LIMIT, upload_limit: int = MAX_UPLOAD_BYTES
    ) -> None:
        self.app = app
        self.limit = limit
        self.upload_limit = upload_limit

    def _too_large(self, scope: Scope, limit: int) -> JSONResponse:
        upload = UPLOADS.get(scope["path"])
        if upload is not None:  # as the upload endpoint says it
            refused = upload.too_large()
            return refusal(scope, refused.code, refused.detail, refused.message_key)
        return refusal(
            scope,
            ErrorCode.TOO_LARGE,
            f"a request body has at most {limit:,} bytes; this one is larger",
            "body_too_large",
        )

    def _limit(self, path: str) -> int:
        if path == UPLOAD_PATH:
            return self.upload_limit
        upload = UPLOADS.get(path)
        return self.limit if upload is None else upload.upload_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self._limit(scope["path"])
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and declared.strip().isdigit() and int(declared) > limit:
            await self._too_large(scope, limit)(scope, receive, send)
            return
        received = 0
        over = False
        started = False

        async def counted() -> Message:
            nonlocal received, over
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    over = True
                    raise _TooLarge(f"the body is over {limit} bytes")
            return message

        async def sent(message: Message) -> None:
            nonlocal started
            if over:
                return  # the application's answer to a cut body: the 413 replaces it
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, sent)
        except Exception:
            if not over:
                raise
        if over and not started:
            await self._too_large(scope, limit)(scope, receive, send)
