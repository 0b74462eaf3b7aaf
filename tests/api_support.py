"""Helpers for the JSON API tests (``test_api``, ``test_connect_api``, ``test_layouts_api``):
reading answers and refusals, and playing through each mode's routes.  Their fixtures,
``sqlite_store`` and ``client``, are in ``conftest.py``.

    state = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    detail = refused(client.post(f"/api/games/{state['id']}/undo"), 409, "illegal_action")
    state = play(client, state, move)  # its two taps, each at the game's current version
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from mahjong_solitaire import Move
from mahjong_solitaire.web.classic.models import GameState, TapAnswer
from mahjong_solitaire.web.connect.models import ConnectState, ConnectTapAnswer
from mahjong_solitaire.web.games.taps import applied

__all__ = [
    "applied",
    "checked",
    "declared_errors",
    "human_pace",
    "play",
    "post",
    "refused",
    "tap",
    "tap_answer",
]


def checked(response: Any, status: int = 200) -> Any:
    """The JSON of ``response``, which must have ``status``; a game state must fit the
    schema of its mode (:class:`ConnectState` for Connect, else :class:`GameState`)."""
    assert response.status_code == status, response.text
    body = response.json()
    if status == 200 and isinstance(body, dict) and "tiles" in body:
        model = ConnectState if body.get("mode") == "connect" else GameState
        model.model_validate(body)
    return body


def refused(response: Any, status: int, error: str) -> str:
    """Check a refusal: ``status``, the ``error`` code and a message for the player; the
    specifics (``detail``, in English) are returned.  The operation asked must list the
    code among its answers in the OpenAPI schema (:func:`declared_errors`)."""
    body = checked(response, status)
    assert body["error"] == error, body
    assert isinstance(body["message"], str) and body["message"]
    request = response.request
    declared = declared_errors(request.method, request.url.path)
    if declared is not None:
        assert declared.get(error) == status, (request.method, request.url.path, error)
    return str(body["detail"])


@cache
def _operations() -> dict[str, Any]:
    from mahjong_solitaire.store import Store
    from mahjong_solitaire.web import create_app

    with Store("sqlite://") as store:
        return dict(create_app(store).openapi()["paths"])


def operation_errors(operation: dict[str, Any]) -> dict[str, int]:
    """The error codes an OpenAPI operation lists, with their statuses (each status's
    examples are named by their codes)."""
    found = {}
    for status, answer in operation["responses"].items():
        if status[0] in "45":
            for code in answer["content"]["application/json"]["examples"]:
                found[code] = int(status)
    return found


def declared_errors(method: str, path: str) -> dict[str, int] | None:
    """The errors the schema lists for the operation ``method path`` (``None`` for a path
    or method no operation serves)."""
    for template, item in _operations().items():
        pattern = re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(template))
        if re.fullmatch(pattern, path) and method.lower() in item:
            return operation_errors(item[method.lower()])
    return None


def post(client: Any, state: dict[str, Any], action: str, **body: object) -> Any:
    """Perform ``action`` (``tap``, ``undo``, ...) on the game of ``state`` at its version,
    through its mode's routes (``/api/connect/games/...`` for Connect)."""
    base = "/api/connect/games" if state.get("mode") == "connect" else "/api/games"
    return checked(
        client.post(f"{base}/{state['id']}/{action}", json={"version": state["version"], **body})
    )


def tap_answer(state: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """``answer``, a tap's answer to a game of ``state``'s mode, checked against the tap's
    model of that mode (the route's ``response_model``): exactly its fields, each valid."""
    model = ConnectTapAnswer if state.get("mode") == "connect" else TapAnswer
    fields = {field.alias or name for name, field in model.model_fields.items()}
    assert set(answer) == fields, set(answer) ^ fields
    model.model_validate(answer)
    return answer


def tap(client: Any, state: dict[str, Any], position: int) -> Any:
    """Tap ``position``: the state after it, the answer (checked by :func:`tap_answer`)
    applied to ``state`` (:func:`applied`), with the answer's ``event``."""
    return applied(state, tap_answer(state, post(client, state, "tap", position=position)))


def play(client: Any, state: dict[str, Any], move: Move) -> Any:
    """Tap both tiles of ``move``."""
    return tap(client, tap(client, state, move.a), move.b)


def human_pace(monkeypatch: Any, seconds: float = 1000.0) -> None:
    """Let ``seconds`` pass between the actions of a test, by the server's clock, so that
    a game the test client wins in a blink counts as a human's (ranked) win."""
    from mahjong_solitaire.web.games import lifecycle

    def later() -> datetime:
        return datetime.now(UTC) + timedelta(seconds=seconds)

    monkeypatch.setattr(lifecycle, "now", later)


def row_counts(store) -> dict[str, int]:
    """How many rows each table of the store holds."""
    from sqlalchemy import func, select

    from mahjong_solitaire.store.schema import metadata

    with store.engine.connect() as connection:
        return {
            name: connection.execute(select(func.count()).select_from(table)).scalar_one()
            for name, table in metadata.tables.items()
        }
