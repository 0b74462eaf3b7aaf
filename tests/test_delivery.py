"""How the page's files travel (``web/http/delivery.py``): compressed when the
browser accepts it, revalidated before reuse, and the API unchanged by either."""

from __future__ import annotations

import gzip

import httpx
from fastapi.testclient import TestClient

from api_support import checked, refused

GZIP = {"Accept-Encoding": "gzip"}
IDENTITY = {"Accept-Encoding": "identity"}


def raw(client: TestClient, path: str, headers: dict[str, str]) -> httpx.Response:
    """``path`` as it came over the wire (the body not decompressed)."""
    with client.stream("GET", path, headers=headers) as answer:
        answer.raw_body = b"".join(answer.iter_raw())  # type: ignore[attr-defined]
        return answer


def test_the_pages_scripts_and_styles_go_compressed_to_a_browser_that_accepts_gzip(client):
    for path in (
        "/",
        "/static/js/shell/app.js",
        "/static/css/shell/app.css",
        "/static/js/shell/strings.js",
    ):
        plain = raw(client, path, IDENTITY)
        packed = raw(client, path, GZIP)
        assert packed.headers["content-encoding"] == "gzip", path
        assert "accept-encoding" in packed.headers["vary"].lower()
        assert gzip.decompress(packed.raw_body) == plain.raw_body  # type: ignore[attr-defined]
        assert len(packed.raw_body) < len(plain.raw_body) / 2, path  # type: ignore[attr-defined]


def test_a_client_that_does_not_accept_gzip_gets_the_plain_file(client):
    plain = raw(client, "/static/js/shell/app.js", IDENTITY)
    assert "content-encoding" not in plain.headers
    assert b"import" in plain.raw_body  # type: ignore[attr-defined]


def test_the_api_json_reads_the_same_compressed_or_not(client):
    packed = client.get("/api/layouts", headers=GZIP)
    plain = client.get("/api/layouts", headers=IDENTITY)
    assert packed.headers["content-encoding"] == "gzip"
    assert checked(packed) == checked(plain)
    state = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}, headers=GZIP))
    assert checked(client.get(f"/api/games/{state['id']}", headers=GZIP))["id"] == state["id"]


def test_a_refusal_is_still_the_error_object_when_compressed(client):
    refused(client.get("/api/games/no-such-game", headers=GZIP), 404, "unknown_game")
    refused(
        client.post(
            "/api/games",
            content=b"[" + b" " * (70 * 1024) + b"]",
            headers={**GZIP, "Content-Type": "application/json"},
        ),
        413,
        "too_large",
    )


def test_the_pages_files_are_revalidated_before_reuse_and_answer_304_when_unchanged(client):
    for path in ("/static/js/shell/app.js", "/static/css/shell/app.css", "/static/favicon.svg"):
        first = client.get(path)
        assert first.headers["cache-control"] == "no-cache"
        assert first.headers["etag"]
        again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
        assert again.status_code == 304
        assert again.content == b""
    assert client.get("/").headers["cache-control"] == "no-cache"


def test_the_api_is_not_given_the_page_files_cache_header(client):
    assert client.get("/api/layouts").headers.get("cache-control") != "no-cache"


def test_a_streamed_answer_is_compressed_as_it_streams_and_arrives_whole():
    from starlette.applications import Starlette
    from starlette.responses import StreamingResponse
    from starlette.routing import Route

    from mahjong_solitaire.web.http.delivery import CompressionMiddleware

    lines = [f'{{"line": {n}, "text": "{"tile " * 40}"}}\n'.encode() for n in range(200)]

    def stream(request):
        return StreamingResponse(iter(lines), media_type="application/x-ndjson")

    app = Starlette(routes=[Route("/export", stream)])
    app.add_middleware(CompressionMiddleware)
    with TestClient(app) as streaming:
        answer = raw(streaming, "/export", GZIP)
    assert answer.headers["content-encoding"] == "gzip"
    assert "content-length" not in answer.headers  # streamed: chunked, not buffered
    assert gzip.decompress(answer.raw_body) == b"".join(lines)  # type: ignore[attr-defined]
