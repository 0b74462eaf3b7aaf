"""Refusing a request body over its size limit while it is read, before it is parsed.

:class:`BodyLimitMiddleware` takes a JSON body of at most :data:`JSON_BODY_LIMIT` bytes,
and an upload to one of the paths it is given up to that upload's own limit (the
application factory names the routes that take files, ``web/app.py``'s ``UPLOADS``)::

    app.add_middleware(BodyLimitMiddleware, limit=JSON_BODY_LIMIT, uploads=UPLOADS)

    >>> JSON_BODY_LIMIT
    65536
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ErrorCode
from .refusal import refusal
from .uploads import UploadLimit

__all__ = ["JSON_BODY_LIMIT", "BodyLimitMiddleware"]

#: The largest JSON body taken (every endpoint but the uploads).
JSON_BODY_LIMIT = 64 * 1024


class _TooLarge(Exception):
    """Raised to the application by ``receive`` when the body outgrew the limit."""


class BodyLimitMiddleware:
    """Refuses (413 ``too_large``) a body larger than the limit: ``limit``, or for a path of
    ``uploads`` that upload's :attr:`~.uploads.UploadLimit.upload_bytes`.

    A declared ``Content-Length`` over the limit is refused before a byte is read.  A body
    without one (``Transfer-Encoding: chunked``) is counted as it arrives: when it outgrows
    the limit, the application's next read raises, whatever the application answers then is
    dropped, and the 413 goes out instead; the rest of the body is never read, so memory
    stays at the limit whatever is sent.

    Starlette and uvicorn have no request size limit (uvicorn's ``h11_max_incomplete_event_
    size`` covers headers only), hence this middleware.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        limit: int = JSON_BODY_LIMIT,
        uploads: Mapping[str, UploadLimit],
    ) -> None:
        self.app = app
        self.limit = limit
        self.uploads = dict(uploads)

    def _too_large(self, scope: Scope, limit: int) -> JSONResponse:
        upload = self.uploads.get(scope["path"])
        if upload is not None:  # as the upload endpoint says it
            refused = upload.too_large()
            return refusal(scope, refused.code, refused.detail, refused.message_key)
        return refusal(
            scope,
            ErrorCode.TOO_LARGE,
            f"a request body has at most {limit:,} bytes; this one is larger",
            message_key="body_too_large",
        )

    def _limit(self, path: str) -> int:
        upload = self.uploads.get(path)
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
