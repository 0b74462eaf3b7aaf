"""What the web server refuses before any handler runs, and what every answer carries
(``SECURITY.md``): body limits, cross-site writes, unknown hosts, the security
headers, the player cookie and ``/docs`` served without another host.

Each test is named after the rule it proves.  Most talk to the application in process
(``TestClient``, or raw ASGI where the bytes the application read are counted); a few talk
to the real ``play`` server, whose command line sets the host rules.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from api_support import checked, refused, row_counts
from mahjong_solitaire import i18n
from mahjong_solitaire.cli import play
from mahjong_solitaire.cli.common import CliError
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.app import STATIC
from mahjong_solitaire.web.games.lifecycle import COOKIE
from mahjong_solitaire.web.http.body_limit import JSON_BODY_LIMIT
from mahjong_solitaire.web.http.hosts import LOCAL_HOSTS
from mahjong_solitaire.web.routes.layouts import MAX_UPLOAD_BYTES
from serving import ProductServer

CODE = "MJ1-L00-AAAAABL"
MB = 1 << 20


def start(client: TestClient) -> dict[str, Any]:
    return checked(client.post("/api/games", json={"code": CODE}))


def current(client: TestClient) -> dict[str, Any]:
    return checked(client.get("/api/game"))


# -- 1. body limits --------------------------------------------------------------------

#: State-changing JSON endpoints and a body each takes.
JSON_ENDPOINTS = [
    ("POST", "/api/games"),
    ("PUT", "/api/player"),
    ("POST", "/api/games/some-id/tap"),
    ("POST", "/api/games/some-id/hint"),
    ("POST", "/api/connect/games"),
    ("POST", "/api/stages/1"),
]


@pytest.mark.parametrize(("method", "path"), JSON_ENDPOINTS)
def test_a_json_body_over_64_kib_is_refused_with_413(client, method, path):
    body = b'{"name": "' + b"x" * JSON_BODY_LIMIT + b'"}'
    detail = refused(
        client.request(method, path, content=body, headers={"Content-Type": "application/json"}),
        413,
        "too_large",
    )
    assert f"{JSON_BODY_LIMIT:,}" in detail


def test_a_json_body_of_exactly_64_kib_is_read(client):
    body = b'{"name": "Ana"}'
    body += b" " * (JSON_BODY_LIMIT - len(body))
    answer = client.put("/api/player", content=body, headers={"Content-Type": "application/json"})
    assert checked(answer) == {"name": "Ana"}


def test_a_chunked_json_body_is_cut_off_once_it_outgrows_the_limit(client):
    # (the test client sends the whole stream; what the application reads of it is
    # counted in the raw ASGI tests below)
    def body() -> Iterator[bytes]:
        yield b'{"name": "'
        for _ in range(200):  # 12.5 MB
            yield b"x" * 65536
        yield b'"}'

    refused(
        client.put("/api/player", content=body(), headers={"Content-Type": "application/json"}),
        413,
        "too_large",
    )
    assert checked(client.get("/api/player")) == {"name": None}


def test_the_413_message_is_in_the_players_language(client):
    answer = client.post(
        "/api/games",
        content=b"[" + b" " * (2 * JSON_BODY_LIMIT) + b"]",
        headers={"Content-Type": "application/json", "Accept-Language": "it"},
    )
    refused(answer, 413, "too_large")
    assert answer.json()["message"] == "La richiesta è più grande di quanto il gioco accetti."


#: The start of a layout upload, as the page sends it (the rest is the file: ``#`` lines).
UPLOAD_HEAD = (
    b'--x\r\nContent-Disposition: form-data; name="file"; filename="a.layout"\r\n'
    b"Content-Type: text/plain\r\n\r\n"
)


def _asgi(
    app: Any,
    method: str,
    path: str,
    headers: dict[str, str],
    body_size: int,
    chunk: int = 16 * 1024,
    head: bytes = b"",
) -> tuple[int, dict[str, Any], int]:
    """Call ``app`` as a server would with a ``body_size`` byte body (``head``, then
    filler) in ``chunk`` byte messages; (status, JSON answer, bytes the application
    pulled)."""
    pulled = 0
    messages: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        if pulled >= body_size:
            return {"type": "http.disconnect"}
        size = min(chunk, body_size - pulled)
        body = (head if pulled == 0 else b"") + b"#" * size
        pulled += size
        return {"type": "http.request", "body": body[:size], "more_body": pulled < body_size}

    async def send(message: dict[str, Any]) -> None:
        messages.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 50000),
        "headers": [
            (k.lower().encode(), v.encode())
            for k, v in {"host": "127.0.0.1:8000", **headers}.items()
        ],
    }
    asyncio.run(app(scope, receive, send))
    start = next(m for m in messages if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")
    return start["status"], json.loads(body), pulled


@pytest.mark.parametrize(
    ("path", "content_type", "limit", "head"),
    [
        ("/api/games", "application/json", JSON_BODY_LIMIT, b'{"layout": "'),
        ("/api/layouts", "multipart/form-data; boundary=x", MAX_UPLOAD_BYTES, UPLOAD_HEAD),
    ],
)
def test_a_12_mb_chunked_body_is_refused_after_reading_no_more_than_the_limit(
    sqlite_store, path, content_type, limit, head
):
    chunk = 16 * 1024
    status, answer, pulled = _asgi(
        create_app(sqlite_store),
        "POST",
        path,
        {"content-type": content_type, "transfer-encoding": "chunked"},
        12 * MB,
        chunk,
        head,
    )
    assert (status, answer["error"]) == (413, "too_large")
    assert pulled <= limit + chunk  # the rest of the 12 MB is never read


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("/api/games", "application/json"),
        ("/api/layouts", "multipart/form-data; boundary=x"),
    ],
)
def test_a_declared_12_mb_body_is_refused_before_a_byte_is_read(sqlite_store, path, content_type):
    status, answer, pulled = _asgi(
        create_app(sqlite_store),
        "POST",
        path,
        {"content-type": content_type, "content-length": str(12 * MB)},
        12 * MB,
    )
    assert (status, answer["error"], pulled) == (413, "too_large", 0)


def test_a_layout_upload_may_be_larger_than_a_json_body(client):
    # a 200 KB file is over the JSON limit but a layout file may have up to 1 MiB: it is
    # read and judged by its content (here: not a layout)
    answer = client.post("/api/layouts", files={"file": ("big.layout", b"#" * 200_000)})
    refused(answer, 400, "bad_layout")


# -- 2. cross-site protection ----------------------------------------------------------

#: Headers a browser sends with a request another site made.
FOREIGN = {
    "sec_fetch_site_cross_site": {"Sec-Fetch-Site": "cross-site"},
    "origin_of_another_site": {"Origin": "http://evil.example"},
    "origin_of_another_port": {"Origin": "http://testserver:8080"},
    "origin_of_another_scheme": {"Origin": "https://testserver"},
    "opaque_origin": {"Origin": "null"},
}


@pytest.mark.parametrize("rule", FOREIGN)
def test_a_request_from_another_site_cannot_abandon_the_game(client, rule):
    game = start(client)
    refused(client.post("/api/stages/1", headers=FOREIGN[rule]), 403, "cross_site")
    refused(
        client.post("/api/games", json={"layout": "pyramid"}, headers=FOREIGN[rule]),
        403,
        "cross_site",
    )
    assert current(client)["id"] == game["id"]


@pytest.mark.parametrize("rule", FOREIGN)
def test_a_request_from_another_site_cannot_plant_a_layout(client, sqlite_store, rule):
    answer = client.post(
        "/api/layouts",
        headers=FOREIGN[rule],
        files={"file": ("a.layout", b"kmahjongg-layout-v1.0\n")},
    )
    refused(answer, 403, "cross_site")
    assert row_counts(sqlite_store)["layouts"] == 0


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
def test_every_state_changing_method_is_checked(client, method):
    refused(
        client.request(
            method,
            "/api/player",
            headers={"Origin": "http://evil.example"},
            json={"name": "Mallory"},
        ),
        403,
        "cross_site",
    )


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a program, not a browser
        {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
        {"Origin": "http://TestServer:80"},  # the default port, as a browser leaves it out
        {"Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},  # typed in the address bar
    ],
)
def test_a_request_from_the_page_itself_is_served(client, headers):
    start(client)
    assert checked(client.post("/api/stages/1", headers=headers))["stage"] == 1


def test_reading_is_allowed_from_anywhere(client):
    checked(
        client.get(
            "/api/layouts",
            headers={"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
        )
    )


@pytest.mark.parametrize(
    "content_type",
    [
        "application/x-www-form-urlencoded",  # a plain HTML form
        "multipart/form-data; boundary=x",  # a form with a file
        "text/plain",  # the third type a form or fetch can send without a preflight
    ],
)
def test_json_endpoints_take_only_json_bodies(client, content_type):
    game = start(client)
    for path in ("/api/stages/1", "/api/games", f"/api/games/{game['id']}/hint"):
        refused(
            client.post(path, content=b"layout=pyramid", headers={"Content-Type": content_type}),
            415,
            "unsupported_media_type",
        )
    assert current(client)["id"] == game["id"] and current(client)["hints"] == 0


def test_a_body_without_a_content_type_is_refused(client):
    start(client)
    refused(
        client.post("/api/stages/1", content=b'{"x": 1}', headers={"Content-Type": ""}),
        415,
        "unsupported_media_type",
    )


def test_bodiless_posts_and_json_with_a_charset_are_served(client):
    game = start(client)
    checked(client.post(f"/api/games/{game['id']}/hint"))
    checked(
        client.post(
            f"/api/games/{game['id']}/pause",
            content=b'{"version": null}',
            headers={"Content-Type": "application/json; charset=utf-8"},
        )
    )


def test_the_layout_upload_takes_only_the_pages_multipart_form(client, sqlite_store):
    refused(
        client.post(
            "/api/layouts", content=b"kmahjongg-layout-v1.0", headers={"Content-Type": "text/plain"}
        ),
        400,
        "bad_request",
    )
    assert row_counts(sqlite_store)["layouts"] == 0


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "The game refused a request sent by another web site."),
        ("pt", "O jogo recusou um pedido enviado por outro site."),
        ("es", "El juego ha rechazado una solicitud enviada por otro sitio web."),
    ],
)
def test_the_cross_site_refusal_is_in_the_players_language(client, lang, message):
    answer = client.post(
        "/api/stages/1", headers={"Origin": "http://evil.example", "Accept-Language": lang}
    )
    refused(answer, 403, "cross_site")
    assert answer.json()["message"] == message


def test_behind_a_trusted_https_proxy_the_origin_is_https(sqlite_store):
    app = ProxyHeadersMiddleware(create_app(sqlite_store), trusted_hosts="*")
    client = TestClient(app, base_url="http://games.example.org")
    proxied = {"X-Forwarded-Proto": "https", "Origin": "https://games.example.org"}
    checked(client.post("/api/games", json={"code": CODE}, headers=proxied))
    refused(
        client.post(
            "/api/games",
            json={"code": CODE},
            headers={**proxied, "Origin": "http://games.example.org"},
        ),
        403,
        "cross_site",
    )


# -- 2. the host check -----------------------------------------------------------------


@pytest.fixture
def local(sqlite_store: Store) -> Any:
    """The app as ``play`` runs it on loopback."""
    return create_app(sqlite_store, local_player=True, allowed_hosts=LOCAL_HOSTS)


@pytest.mark.parametrize(
    "base",
    ["http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000", "http://127.0.0.1"],
)
def test_a_local_server_serves_its_loopback_names(local, base):
    checked(TestClient(local, base_url=base).get("/api/game"))


@pytest.mark.parametrize(
    "host",
    [
        "attacker.example:8000",
        "attacker.example",
        "127.0.0.1.attacker.example:8000",
        "192.168.1.10:8000",
    ],
)
def test_a_dns_rebinding_page_gets_421_before_any_handler_runs(local, sqlite_store, host):
    client = TestClient(local, base_url="http://127.0.0.1:8000")
    answer = client.post("/api/games", json={"code": CODE}, headers={"Host": host})
    refused(answer, 421, "unknown_host")
    assert "set-cookie" not in answer.headers
    assert client.get("/api/game").json()["code"] != CODE  # no game was started


def test_an_unreadable_host_header_gets_400(local):
    refused(TestClient(local).get("/api/game", headers={"Host": "a b"}), 400, "bad_request")


def test_a_refused_host_is_told_in_the_players_language(local):
    answer = TestClient(local).get("/", headers={"Host": "evil.example", "Accept-Language": "pt"})
    refused(answer, 421, "unknown_host")
    assert answer.json()["message"] == "Este servidor não responde a esse endereço."


def test_allowed_host_patterns_follow_starlette(sqlite_store):
    app = create_app(sqlite_store, allowed_hosts=["*.example.org"])
    checked(TestClient(app, base_url="http://games.example.org").get("/api/layouts"))
    refused(TestClient(app, base_url="http://example.com").get("/api/layouts"), 421, "unknown_host")


def test_a_local_game_answers_only_to_loopback_names_whatever_is_asked():
    assert play.allowed_hosts(None, ["games.example.org"]) == ["127.0.0.1", "localhost", "[::1]"]
    assert play.allowed_hosts(None, None, {"MAHJONG_ALLOWED_HOSTS": "x.example"}) == list(
        LOCAL_HOSTS
    )


def test_multi_player_hosts_come_from_the_option_else_the_environment_else_the_address():
    env = {"MAHJONG_ALLOWED_HOSTS": "a.example, B.example  c.example"}
    assert play.allowed_hosts("0.0.0.0", ["games.example.org"], env) == ["games.example.org"]
    assert play.allowed_hosts("0.0.0.0", None, env) == ["a.example", "b.example", "c.example"]
    assert play.allowed_hosts("192.0.2.7", None, {}) == ["192.0.2.7"]
    assert play.allowed_hosts("2001:db8::7", None, {}) == ["[2001:db8::7]"]
    assert play.allowed_hosts("127.0.0.1", None, {}) == ["127.0.0.1", "localhost", "[::1]"]


def test_a_wildcard_address_serves_the_machines_names_and_loopback():
    hosts = play.allowed_hosts("0.0.0.0", None, {})
    assert socket.gethostname().lower() in hosts
    assert {"127.0.0.1", "localhost", "[::1]"} <= set(hosts)


def test_allowed_host_without_host_is_refused_by_play():
    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    args = parser.parse_args(["play", "--no-browser", "--allowed-host", "x.example"])
    with pytest.raises(CliError):
        play.run(args)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProductServer]:
    """The real ``play`` server (loopback) on a fresh database."""
    folder = tmp_path_factory.mktemp("security")
    with ProductServer(f"sqlite:///{folder / 'games.db'}", log=folder / "server.log") as server:
        yield server


def _raw(server: ProductServer, request: bytes) -> str:
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
        sock.sendall(request)
        answer = b""
        while b"}" not in answer:
            received = sock.recv(65536)
            if not received:
                break
            answer += received
    return answer.decode()


def test_the_play_server_refuses_a_rebound_host(served):
    answer = _raw(
        served, b"GET /api/game HTTP/1.1\r\nHost: attacker.example:%d\r\n\r\n" % served.port
    )
    assert answer.startswith("HTTP/1.1 421"), answer
    assert '"unknown_host"' in answer


def test_the_play_server_answers_a_declared_12_mb_json_body_without_reading_it(served):
    answer = _raw(
        served,
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n{" % (12 * MB),
    )
    assert answer.startswith("HTTP/1.1 413"), answer
    assert '"too_large"' in answer


# -- 3. headers ------------------------------------------------------------------------


def _policy(headers: Any) -> dict[str, str]:
    return {
        part.split(" ", 1)[0]: part.partition(" ")[2]
        for part in (p.strip() for p in headers["content-security-policy"].split(";"))
    }


@pytest.mark.parametrize(
    ("method", "path", "kwargs"),
    [
        ("GET", "/", {}),
        ("GET", "/static/js/shell/app.js", {}),
        ("GET", "/api/game", {}),
        ("GET", "/api/layouts/turtle/preview.svg", {}),
        ("GET", "/api/nowhere", {}),
        ("GET", "/openapi.json", {}),
        ("POST", "/api/stages/1", {"headers": {"Origin": "http://evil.example"}}),
        (
            "POST",
            "/api/games",
            {
                "content": b"x" * (JSON_BODY_LIMIT + 1),
                "headers": {"Content-Type": "application/json"},
            },
        ),
        ("POST", "/api/games", {"content": b"x", "headers": {"Content-Type": "text/plain"}}),
    ],
)
def test_every_answer_carries_the_security_headers(client, method, path, kwargs):
    answer = client.request(method, path, **kwargs)
    policy = _policy(answer.headers)
    assert policy["script-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert policy["default-src"] == "'self'" and policy["object-src"] == "'none'"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "same-origin"
    assert answer.headers["x-frame-options"] == "DENY"


def test_a_refused_host_and_a_server_error_carry_them_too(sqlite_store):
    app = create_app(sqlite_store, allowed_hosts=LOCAL_HOSTS)

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("boom")

    client = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False)
    for answer in (client.get("/", headers={"Host": "evil.example"}), client.get("/boom")):
        assert answer.status_code in (421, 500)
        assert answer.json()["error"] in ("unknown_host", "server_error")
        assert _policy(answer.headers)["frame-ancestors"] == "'none'"
        assert answer.headers["x-content-type-options"] == "nosniff"


def test_the_page_has_no_inline_script_style_or_handler():
    page = (STATIC / "index.html").read_text()
    assert all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", page))
    assert not re.search(r"\son[a-z]+\s*=", page)
    assert not re.search(r"\sstyle\s*=", page)
    assert "<style" not in page
    for script in (STATIC / "js").rglob("*.js"):
        text = script.read_text()
        assert "eval(" not in text and "new Function" not in text, script.name


def test_no_script_src_anywhere_allows_unsafe_code(client):
    for path in ("/", "/docs", "/api/game"):
        script_src = _policy(client.get(path).headers)["script-src"]
        assert "unsafe-inline" not in script_src and "unsafe-eval" not in script_src


def test_the_player_cookie_is_httponly_and_samesite_lax_and_not_secure_over_http(client):
    cookie = client.post("/api/games", json={"code": CODE}).headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")}
    assert {"httponly", "path", "max-age"} <= attributes and "secure" not in attributes
    assert "samesite=lax" in cookie.lower()


@pytest.mark.parametrize("how", ["https", "trusted_https_proxy"])
def test_the_player_cookie_is_secure_over_https(sqlite_store, how):
    if how == "https":
        client = TestClient(create_app(sqlite_store), base_url="https://testserver")
        headers = {}
    else:
        app = ProxyHeadersMiddleware(create_app(sqlite_store), trusted_hosts="*")
        client = TestClient(app)
        headers = {"X-Forwarded-Proto": "https"}
    cookie = (
        client.post("/api/games", json={"code": CODE}, headers=headers)
        .headers["set-cookie"]
        .lower()
    )
    assert "; secure" in cookie and "httponly" in cookie and "samesite=lax" in cookie


def test_an_untrusted_proxy_cannot_claim_https(sqlite_store):
    app = ProxyHeadersMiddleware(create_app(sqlite_store), trusted_hosts="192.0.2.1")
    cookie = (
        TestClient(app)
        .post("/api/games", json={"code": CODE}, headers={"X-Forwarded-Proto": "https"})
        .headers["set-cookie"]
        .lower()
    )
    assert "secure" not in cookie


def test_docs_load_nothing_from_another_host(client):
    docs = client.get("/docs")
    assert docs.status_code == 200
    urls = re.findall(r"""(?:src|href)=["']([^"']+)""", docs.text)
    assert urls and all(url.startswith("/") and not url.startswith("//") for url in urls)
    assert "http://" not in docs.text and "https://" not in docs.text
    for url in urls:
        assert client.get(url).status_code == 200, url
    assert client.get("/redoc").status_code == 404


def test_docs_run_their_one_inline_script_by_hash(client):
    docs = client.get("/docs")
    script_src = _policy(docs.headers)["script-src"].split()
    assert script_src[0] == "'self'" and len(script_src) == 2
    assert script_src[1].startswith("'sha256-")
    assert _policy(docs.headers)["frame-ancestors"] == "'none'"


def test_the_new_error_codes_have_a_message_in_every_language(client):
    for lang in i18n.languages():
        for headers, status in (
            ({"Origin": "http://evil.example"}, 403),
            ({"Content-Type": "text/plain"}, 415),
        ):
            answer = client.post(
                "/api/stages/1", content=b"x", headers={**headers, "Accept-Language": lang}
            )
            assert answer.status_code == status
            message = answer.json()["message"]
            assert message and message != i18n.error_message("no-such-code", lang)
