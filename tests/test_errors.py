"""The API's error answers (web/http/errors.py): every code of the one table has a meaning
and a message in every language, every operation lists exactly the errors it can give in
the OpenAPI schema, a database that cannot be reached is ``503 unavailable`` without a word
about the host, file or driver, a body that cannot be read is ``422 bad_body``, and no
request of any shape gets a 500 or a trace."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.engine import make_url
from sqlalchemy.exc import InterfaceError

import mahjong_solitaire
from api_support import checked, declared_errors, operation_errors, refused
from mahjong_solitaire import i18n
from mahjong_solitaire.connect import ConnectCodeError
from mahjong_solitaire.i18n.catalogues import load_catalogue, translations
from mahjong_solitaire.i18n.errors import ERROR_MESSAGES
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.app import UPLOADS
from mahjong_solitaire.web.http.errors import (
    GATE,
    WRITE_GATE,
    ErrorCode,
    error_codes_for_page,
    message_key_of,
)

UNSAFE = {"post", "put", "patch", "delete"}
#: The codes no operation answers: a path or method nothing serves, and the bug net.
NO_OPERATION = {ErrorCode.NOT_FOUND, ErrorCode.METHOD_NOT_ALLOWED, ErrorCode.SERVER_ERROR}


# -- the schema --------------------------------------------------------------------------


def operations(client: TestClient) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in checked(client.get("/openapi.json"))["paths"].items():
        for method, operation in item.items():
            yield method, path, operation


def test_every_operation_lists_its_errors_each_with_its_codes_status(client):
    listed: set[str] = set()
    for method, path, operation in operations(client):
        errors = operation_errors(operation)
        assert errors, (method, path)
        for code, status in errors.items():
            assert ErrorCode(code).status == status, (method, path, code)
        for status, answer in operation["responses"].items():
            if status[0] in "45":
                content = answer["content"]["application/json"]
                assert content["schema"] == {"$ref": "#/components/schemas/ErrorBody"}
        gate = {*GATE, *(WRITE_GATE if method in UNSAFE else ())}
        if path in UPLOADS and method == "post":  # multipart: 400, never 415
            gate.discard(ErrorCode.UNSUPPORTED_MEDIA_TYPE)
        assert {code.value for code in gate} <= set(errors), (method, path)
        listed |= set(errors)
    assert listed == {code.value for code in ErrorCode} - {c.value for c in NO_OPERATION}


#: A request of each operation that takes a value, with a value it refuses (a query's
#: ``maybe`` for a boolean, a path's ``one`` for a number, a body's ``8.5`` for a position).
REFUSED_VALUES = [
    ("get", "/api/games/{id}/winnability?last_winnable=maybe"),
    ("get", "/api/connect/games/{id}/solution?x=1"),
    ("post", "/api/stages/one"),
    ("get", "/api/leaderboard?difficulty=extreme"),
    ("get", "/api/statistics?mode=chess"),
    ("get", "/api/daily-board?all=perhaps"),
]


def _template(path: str) -> str:
    return path.split("?")[0].replace("{id}", "{game_id}")


@pytest.mark.parametrize("method, path", REFUSED_VALUES)
def test_an_operation_that_can_refuse_a_value_lists_bad_body(client, method, path):
    game = checked(client.post("/api/games", json={}))["id"]
    answer = client.request(method.upper(), path.replace("{id}", game))
    if answer.status_code == 422:
        refused(answer, 422, "bad_body")  # and its operation lists it (refused checks)
    else:  # an unknown query parameter is no value of the operation's
        assert answer.status_code < 500, answer.text


def test_every_operation_with_a_body_or_a_non_text_parameter_lists_bad_body(client):
    for method, path, operation in operations(client):
        takes_json = "application/json" in operation.get("requestBody", {}).get("content", {})
        typed = [
            p["name"]
            for p in operation.get("parameters", [])
            if p["schema"].get("type", "string") != "string"
            or any(
                choice.get("type") not in ("string", "null")
                for choice in p["schema"].get("anyOf", [])
            )
        ]
        if takes_json or typed:
            assert operation_errors(operation).get("bad_body") == 422, (method, path, typed)


def test_a_method_a_path_does_not_take_is_405_naming_every_method_it_takes(client):
    for path, allowed in (
        ("/api/player", "GET, PUT"),
        ("/api/layouts", "GET, POST"),
        ("/api/games/g1/tap", "POST"),
        ("/static/js/shell/app.js", "GET, HEAD"),
    ):
        answer = client.request("PATCH", path)
        refused(answer, 405, "method_not_allowed")
        assert answer.headers["allow"] == allowed, path


def test_the_schema_has_no_validation_error_object_the_api_never_sends(client):
    schema = checked(client.get("/openapi.json"))
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    body = schema["components"]["schemas"]["ErrorBody"]
    assert set(body["required"]) == {"error", "message", "detail"}


def test_the_game_answers_are_their_models_in_the_schema(client):
    paths = checked(client.get("/openapi.json"))["paths"]

    def model(path: str, method: str) -> str:
        answer = paths[path][method]["responses"]
        ok = answer.get("200") or answer["201"]
        return json.dumps(ok["content"]["application/json"]["schema"])

    assert "TapAnswer" in model("/api/games/{game_id}/tap", "post")
    assert "ConnectTapAnswer" in model("/api/connect/games/{game_id}/tap", "post")
    assert "HintAnswer" in model("/api/games/{game_id}/hint", "post")
    assert "ConnectState" in model("/api/game", "get") and "GameState" in model("/api/game", "get")
    assert "Leaderboard" in model("/api/leaderboard", "get")
    assert "ImportedLayouts" in model("/api/layouts", "post")


# -- the one table of error codes ----------------------------------------------------------

#: A message key named in the source: ``message_key="history_too_large"``.
NAMED_MESSAGE_KEY = re.compile(r"""message_key\s*=\s*["'](\w+)["']""")


def message_keys_in_use() -> set[str]:
    """Every message key the package answers with: each code's own, and every one named
    ``message_key=`` in the source (a refusal's message instead of its code's)."""
    source = Path(mahjong_solitaire.__file__).resolve().parent
    named = {
        key
        for path in source.rglob("*.py")
        for key in NAMED_MESSAGE_KEY.findall(path.read_text(encoding="utf-8"))
    }
    connect_code = message_key_of(ConnectCodeError("not a code"))
    assert connect_code is not None
    return {code.message_key for code in ErrorCode} | named | {connect_code}


@pytest.mark.parametrize("lang", i18n.languages())
def test_every_error_code_has_a_meaning_and_a_message_in_every_language(lang):
    translated = translations(load_catalogue(lang))
    no_meaning = [code for code in ErrorCode if not code.meaning.strip()]
    no_message = [
        code for code in ErrorCode if not translated.get(ERROR_MESSAGES.get(code.message_key, ""))
    ]
    assert (no_meaning, no_message) == ([], [])


def test_every_message_key_used_anywhere_has_a_message_in_every_language():
    used = message_keys_in_use()
    assert {"bad_connect_code", "body_too_large", "history_too_large", "bad_request"} <= used
    assert sorted(used - set(ERROR_MESSAGES)) == []
    for lang in i18n.languages():
        translated = translations(load_catalogue(lang))
        assert [key for key in sorted(used) if not translated.get(ERROR_MESSAGES[key])] == []


def test_every_error_message_is_one_a_code_or_a_refusal_answers_with():
    assert sorted(set(ERROR_MESSAGES) - message_keys_in_use()) == []


def test_the_page_gets_every_code_by_its_name():
    codes = error_codes_for_page()
    assert codes == {code.name: code.value for code in ErrorCode}
    assert codes["STALE_VERSION"] == "stale_version" and len(set(codes.values())) == len(codes)


# -- bodies that cannot be read ------------------------------------------------------------


def write_routes(client: TestClient, game_id: str) -> list[tuple[str, str]]:
    """Every operation taking a JSON body, with its path parameters filled in."""
    found = []
    for method, path, operation in operations(client):
        if "application/json" in operation.get("requestBody", {}).get("content", {}):
            found.append(
                (method.upper(), path.replace("{game_id}", game_id).replace("{number}", "1"))
            )
    return found


@pytest.mark.parametrize(
    "body",
    [
        b"\xff\xfe",
        b'{"version": "\xff"}',
        b"\xc3",
        b'{"a": 1}\x80',
        b"[" * 60_000,
        b'{"version": 1' + b"0" * 5000 + b"}",
    ],
)
def test_a_body_that_cannot_be_read_is_bad_body_on_every_route(client, body):
    state = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    for method, path in write_routes(client, state["id"]):
        answer = client.request(
            method, path, content=body, headers={"Content-Type": "application/json"}
        )
        refused(answer, 422, "bad_body")


# -- a database that cannot be reached -------------------------------------------------------


class Forwarder:
    """A TCP forwarder on a free loopback port to ``target``; closing it closes its port
    and every connection through it (the database "goes away" for the store using it)."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            self.sockets += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        with contextlib.suppress(OSError):  # wakes the accepting thread; the port closes
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        for end in self.sockets:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()


def requests_of_a_player(client: TestClient, state: dict[str, Any]) -> list[tuple[str, str, Any]]:
    game = f"/api/games/{state['id']}"
    return [
        ("GET", "/api/game", None),
        ("GET", game, None),
        ("POST", f"{game}/tap", {"position": 0, "version": state["version"]}),
        ("POST", f"{game}/undo", None),
        ("GET", "/api/leaderboard", None),
        ("GET", "/api/statistics?mode=connect", None),
        ("GET", "/api/daily-board", None),
        ("PUT", "/api/player", {"name": "Ana"}),
        ("POST", "/api/games", {}),
        ("POST", "/api/connect/games", {}),
        ("GET", "/api/layouts", None),
        ("GET", "/api/stages", None),
        ("POST", "/api/stages/1", None),
        ("GET", "/readyz", None),
    ]


def assert_unavailable(client: TestClient, state: dict[str, Any], *secrets: str) -> None:
    """Every request is 503 unavailable, its message translated, nothing of ``secrets``
    (host, port, path, driver) in the answer."""
    for method, path, body in requests_of_a_player(client, state):
        answer = client.request(method, path, json=body, headers={"Accept-Language": "pt"})
        detail = refused(answer, 503, "unavailable")
        assert answer.json()["message"].startswith("O jogo não consegue"), answer.text
        for secret in (*secrets, "psycopg", "sqlite", "OperationalError", "Traceback"):
            assert secret.lower() not in answer.text.lower(), (path, detail)


def test_a_postgresql_server_that_goes_away_is_503_unavailable(postgres_url):
    real = make_url(postgres_url)
    forwarder = Forwarder((real.host or "127.0.0.1", real.port or 5432))
    url = real.set(port=forwarder.port).render_as_string(hide_password=False)
    store = Store(url)
    try:
        client = TestClient(create_app(store))
        state = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
        forwarder.close()  # the port now refuses connections
        store.engine.dispose()
        assert_unavailable(client, state, str(forwarder.port), "127.0.0.1", "postgres")
    finally:
        forwarder.close()
        store.close()


def test_a_sqlite_file_whose_directory_is_gone_is_503_unavailable(tmp_path):
    folder = tmp_path / "hidden-folder"
    store = Store(f"sqlite:///{folder / 'games.db'}")
    try:
        client = TestClient(create_app(store))
        state = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
        shutil.rmtree(folder)
        store.engine.dispose()
        assert_unavailable(client, state, "hidden-folder", str(tmp_path), "games.db")
    finally:
        store.close()


def test_a_driver_error_the_store_does_not_wrap_is_503_unavailable(client, monkeypatch):
    store = client.app.state.store
    state = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))

    def lost(*args: object, **kwargs: object) -> None:
        raise InterfaceError("SELECT 1", {}, Exception("connection to db.internal:5432 lost"))

    monkeypatch.setattr(store, "get_game", lost)
    answer = client.get(f"/api/games/{state['id']}")
    refused(answer, 503, "unavailable")
    assert "db.internal" not in answer.text and "SELECT" not in answer.text


# -- requests of any shape ---------------------------------------------------------------------

JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**63)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
)
JSON = st.recursive(
    JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ("version", "position", "stage", "code", "layout", "difficulty", "daily", "name")
#: A body as JSON: junk, or an object with the endpoints' own field names and random values.
SHAPED = JSON | st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4)
BODIES = (
    st.binary(max_size=64)
    | SHAPED.map(lambda value: json.dumps(value).encode())
    | st.sampled_from([b"", b"null", b"NaN", b'{"version": 1e999}', b"[" * 5000])
)
IDS = st.sampled_from(
    ["GAME", "new:MJ1-L00-AAAAABL", "new:CN1-1006B-AAAAABL", "new:junk", "nope", "%00", "new:", ""]
) | st.text(alphabet="abcXYZ-_:0", max_size=12)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """One player with a classic and a Connect game, for the fuzz tests."""
    path = tmp_path_factory.mktemp("fuzz") / "games.db"
    with Store(f"sqlite:///{path}") as store:
        client = TestClient(create_app(store), raise_server_exceptions=False)
        classic = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
        connect = checked(client.post("/api/connect/games", json={"stage": 1}))
        yield client, {"classic": classic["id"], "connect": connect["id"]}


def check_answer(answer: Any) -> None:
    """Never a 500 (503 only for the database); an error is the error object, with a code
    its operation lists (or not_found / method_not_allowed where no operation is)."""
    assert answer.status_code < 500 or answer.status_code == 503, answer.text
    if answer.status_code >= 400:
        body = answer.json()
        assert set(body) == {"error", "message", "detail"}, body
        request = answer.request
        declared = declared_errors(request.method, request.url.path)
        if declared is None:
            assert body["error"] in ("not_found", "method_not_allowed"), body
        else:
            assert declared.get(body["error"]) == answer.status_code, (request.url, body)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    route=st.integers(min_value=0, max_value=10_000),
    game=IDS,
    body=BODIES,
    typed=st.booleans(),
    stage=st.integers().map(str) | st.text(alphabet="abc-0:", max_size=6),
)
def test_no_body_of_any_shape_gets_a_500_on_any_write_route(
    fuzzed, route, game, body, typed, stage
):
    client, games = fuzzed
    writes = [
        (m.upper(), p)
        for m, p, _ in operations(client)
        if m in ("post", "put") and p not in UPLOADS
    ]
    method, template = writes[route % len(writes)]
    real = games["connect" if "/connect/" in template else "classic"]
    path = template.replace("{game_id}", real if game == "GAME" else game).replace(
        "{number}", stage
    )
    headers = {"Content-Type": "application/json"} if typed or body else {}
    check_answer(client.request(method, path, content=body, headers=headers))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.binary(max_size=300),
    path=st.sampled_from(sorted(UPLOADS)),
    kind=st.sampled_from(
        ["multipart/form-data; boundary=x", "multipart/form-data", "application/json", ""]
    ),
)
def test_no_upload_of_any_shape_gets_a_500(fuzzed, body, path, kind):
    client, _ = fuzzed
    headers = {"Content-Type": kind} if kind else {}
    check_answer(client.post(path, content=body, headers=headers))
