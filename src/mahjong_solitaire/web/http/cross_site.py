"""Refusing a state-changing request that another site sent, or whose body is not JSON.

:class:`CrossSiteMiddleware` checks POST, PUT, PATCH and DELETE (:data:`UNSAFE_METHODS`);
the upload endpoints, which take ``multipart/form-data`` instead of JSON, are named by its
constructor::

    app.add_middleware(CrossSiteMiddleware, upload_paths=["/api/layouts"])

A request's own origin is ``scheme://Host`` as a browser writes it in ``Origin``
(:func:`origin_of`):

    >>> origin_of("https", "Example.org:443"), origin_of("http", "[::1]:8000")
    ('https://example.org', 'http://[::1]:8000')
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from .errors import ErrorCode
from .refusal import refusal

__all__ = ["UNSAFE_METHODS", "CrossSiteMiddleware", "origin_of"]

#: The methods that change something: these get the cross-site checks.
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


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
      hint without ``version``) is fine.  The ``upload_paths`` are left to their endpoints,
      which take only the page's ``multipart/form-data`` upload (400 ``bad_request``
      otherwise, before reading the body).

    An HTML form on another site can only send ``application/x-www-form-urlencoded``,
    ``multipart/form-data`` or ``text/plain`` without a CORS preflight: with the JSON rule, it
    cannot reach a JSON endpoint even from a browser that sends neither header.

    Starlette's ``CORSMiddleware`` answers what other origins may *read*; it does not
    refuse a request that needs no preflight, so this one is written here.
    """

    def __init__(self, app: ASGIApp, *, upload_paths: Iterable[str] = ()) -> None:
        self.app = app
        self.upload_paths = frozenset(upload_paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in UNSAFE_METHODS:
            await self.app(scope, receive, send)
            return
        answer = self._refusal(scope, Headers(scope=scope))
        if answer is not None:
            await answer(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _refusal(self, scope: Scope, headers: Headers) -> JSONResponse | None:
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
        if scope["path"] in self.upload_paths:
            return None  # an upload endpoint takes multipart/form-data only (400 otherwise)
        media_type = _media_type(headers)
        if media_type is not None and media_type != "application/json":
            return refusal(
                scope,
                ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                f"the body must be application/json, not {media_type[:60]!r}",
            )
        if media_type is None and _has_body(headers):
            return refusal(
                scope,
                ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                "a body needs the Content-Type application/json",
            )
        return None
