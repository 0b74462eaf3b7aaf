"""Serving only the host names a server is meant to answer to (a DNS-rebinding page asks
with the attacker's name, which a personal server on loopback does not answer).

:class:`HostCheckMiddleware` is Starlette's ``TrustedHostMiddleware`` answering with the
API's error object: 421 ``unknown_host`` for another name, 400 ``bad_request`` when the
``Host`` header is missing or unreadable::

    app.add_middleware(HostCheckMiddleware, allowed_hosts=LOCAL_HOSTS)

    >>> import asyncio
    >>> async def ok(scope, receive, send):
    ...     pass
    >>> sent = []
    >>> async def send(message):
    ...     sent.append(message)
    >>> scope = {"type": "http", "headers": [(b"host", b"evil.example")]}
    >>> asyncio.run(HostCheckMiddleware(ok, LOCAL_HOSTS)(scope, None, send))
    >>> sent[0]["status"], sent[1]["body"][:23]
    (421, b'{"error":"unknown_host"')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from starlette.datastructures import Headers
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ErrorCode
from .refusal import refusal

__all__ = ["LOCAL_HOSTS", "HostCheckMiddleware"]

#: The host names a personal (loopback) server answers to, whatever the port.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")

#: A readable ``Host``: a name or an IPv4 address, or an IPv6 one in brackets, and a port.
_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^\[\]:/\s@]+)(:\d{1,5})?")


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
