"""Languages in the web game: the language of each request, and the page's catalogue.

* ``GET /api/i18n``: the catalogue of the request's language (:func:`request_language`:
  the ``mj_lang`` cookie the settings write, else ``Accept-Language``, else English), plus
  ``languages``, every language the switcher offers;
* ``GET /api/i18n/{lang}``: one language's catalogue (404 ``unknown_language``).

Both answer :func:`..i18n.catalogue_json` (the same messages as the server's, one source
of truth) with an ETag built from the answer itself, so the tag changes exactly when the
messages served do.

    >>> sorted(route.path for route in router.routes)
    ['/api/i18n', '/api/i18n/{lang}']

The server's own texts (layout titles, error messages) follow the same language
(:mod:`.language`).
"""

from __future__ import annotations

import hashlib
import json

from fastapi import APIRouter, Request, Response

from ... import i18n
from ..http.errors import ApiError, ErrorCode, error_responses
from ..http.language import current_language

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["languages"])


def _catalogue(request: Request, lang: str) -> Response:
    body = json.dumps(
        {**i18n.catalogue_json(lang), "languages": i18n.available_languages()},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()
    tag = f'"{hashlib.sha256(body).hexdigest()[:20]}"'
    headers = {
        "ETag": tag,
        "Cache-Control": "no-cache",
        "Content-Language": i18n.language_tag(lang),
        "Vary": "Accept-Language, Cookie",
    }
    if request.headers.get("if-none-match", "").strip() in (tag, f"W/{tag}"):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get(
    "/i18n", summary="The page's messages in the player's language", responses=error_responses()
)
def catalogue(request: Request) -> Response:
    """The language of the ``mj_lang`` cookie, else of ``Accept-Language``, else English."""
    return _catalogue(request, current_language())


@router.get(
    "/i18n/{lang}",
    summary="The page's messages in one language",
    responses=error_responses(ErrorCode.UNKNOWN_LANGUAGE),
)
def catalogue_of(request: Request, lang: str) -> Response:
    if lang not in i18n.languages():
        raise ApiError(
            ErrorCode.UNKNOWN_LANGUAGE,
            f"there is no catalogue for {lang[:16]!r} (there are: {', '.join(i18n.languages())})",
        )
    return _catalogue(request, lang)
