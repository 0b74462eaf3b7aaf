"""Reading a file upload (``multipart/form-data``, one file in the field ``file``) no
further than its limit: the layout import (:mod:`.layouts_api`) and the history import
(:mod:`.history_api`) take their files this way.

:class:`UploadLimit` says how large a file may be and how the refusal reads:

    >>> limit = UploadLimit(file_bytes=1000, what="history file")
    >>> limit.upload_bytes
    17384
    >>> limit.too_large().detail
    'a history file has at most 1,000 bytes; this one is larger'
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from dataclasses import dataclass

from fastapi import Request
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser

from .errors import ApiError, ErrorCode

__all__ = ["FILE_UPLOAD_BODY", "MULTIPART_FRAMING_BYTES", "UploadLimit", "uploaded_file"]

#: What the multipart framing around the file may add to the request body.
MULTIPART_FRAMING_BYTES = 16 * 1024

#: The request body an upload route declares in the OpenAPI schema (its ``openapi_extra``):
#: one file in the multipart field ``file``.
FILE_UPLOAD_BODY: dict[str, object] = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {"file": {"type": "string", "format": "binary"}},
                }
            }
        },
    }
}


@dataclass(frozen=True)
class UploadLimit:
    """The largest file of an upload (``file_bytes``), what the file is called in messages
    (``what``) and the message key of the refusal (``None``: the code's own message)."""

    file_bytes: int
    what: str
    message_key: str | None = None

    @property
    def upload_bytes(self) -> int:
        """A whole upload (the file plus the framing) is refused beyond this size, before
        the rest of it is read."""
        return self.file_bytes + MULTIPART_FRAMING_BYTES

    def too_large(self) -> ApiError:
        return ApiError(
            ErrorCode.TOO_LARGE,
            f"a {self.what} has at most {self.file_bytes:,} bytes; this one is larger",
            message_key=self.message_key,
        )


async def _capped(request: Request, limit: UploadLimit) -> AsyncGenerator[bytes, None]:
    """The request body, refused (413) as soon as it grows beyond the upload limit."""
    total = 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > limit.upload_bytes:
            raise limit.too_large()
        yield chunk


async def uploaded_file(request: Request, limit: UploadLimit) -> tuple[bytes, str]:
    """The bytes and name of the upload's ``file`` field, read no further than the limit
    (400 ``bad_request`` for anything but ``multipart/form-data`` with that field)."""
    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        raise ApiError(
            ErrorCode.BAD_REQUEST,
            f"send the {limit.what} as multipart/form-data, in a field named 'file'",
        )
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise ApiError(ErrorCode.BAD_REQUEST, "the Content-Length header is not a number")
        if int(declared) > limit.upload_bytes:
            raise limit.too_large()
    parser = MultiPartParser(request.headers, _capped(request, limit), max_files=1, max_fields=8)
    try:
        form = await parser.parse()
    except MultiPartException as error:
        raise ApiError(
            ErrorCode.BAD_REQUEST, f"the upload cannot be read: {error.message}"
        ) from None
    try:
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            raise ApiError(ErrorCode.BAD_REQUEST, "the upload has no file in a field named 'file'")
        data = await upload.read(limit.file_bytes + 1)
        if len(data) > limit.file_bytes:
            raise limit.too_large()
        return data, (upload.filename or limit.what)[-80:]
    finally:
        await form.close()
