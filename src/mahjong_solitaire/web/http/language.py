"""The language of the request being answered: the player's choice (the ``mj_lang`` cookie
the settings write), else the browser's (``Accept-Language``), else English.

:class:`LanguageMiddleware` works it out once per request, so that everything answering it
(layout titles in the game state, error messages) reads it with :func:`current_language`::

    >>> current_language()
    'en'
"""

from __future__ import annotations

from contextvars import ContextVar

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from ... import i18n

__all__ = ["LanguageMiddleware", "current_language", "request_language"]

_language: ContextVar[str] = ContextVar("mahjong_solitaire_language", default=i18n.DEFAULT_LANGUAGE)


def request_language(request: Request) -> str:
    """The language of ``request``: the remembered choice, else the browser's.

    >>> from starlette.requests import Request
    >>> def asking(*headers):
    ...     return request_language(Request({"type": "http", "headers": [
    ...         (name.encode(), value.encode()) for name, value in headers]}))
    >>> asking(("accept-language", "it-IT,it;q=0.9")), asking(("cookie", "mj_lang=pt; x=1"))
    ('it', 'pt')
    >>> asking(("accept-language", "es"), ("cookie", "mj_lang=klingon"))
    'es'
    """
    return i18n.negotiate(
        request.headers.get("accept-language"),
        cookie_value=request.cookies.get(i18n.LANGUAGE_COOKIE),
    )


def current_language() -> str:
    """The language of the request being answered (English outside a request)."""
    return _language.get()


class LanguageMiddleware:
    """Sets :func:`current_language` for everything that answers a request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = _language.set(request_language(Request(scope)))
        try:
            await self.app(scope, receive, send)
        finally:
            _language.reset(token)
