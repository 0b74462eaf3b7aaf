"""The languages of the web API (rules §10): the page's catalogue at /api/i18n, and the
server's own texts (error messages, layout titles) in the request's language."""

from __future__ import annotations

import pytest

from mahjong_solitaire import i18n
from mahjong_solitaire.i18n import (
    LANGUAGE_COOKIE,
    catalogue_json,
    error_message,
    layout_description,
    translator,
)
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.web.http.errors import ErrorCode, error_text


def test_every_error_code_of_the_api_has_its_own_message_in_every_language() -> None:
    """Every :class:`ErrorCode` the API answers (and the message keys used instead of a
    code's own) reads as itself, not as the general "something went wrong" (which is the
    message of ``server_error`` alone)."""
    keys = {code.value for code in ErrorCode if code is not ErrorCode.SERVER_ERROR}
    assert {"bad_code", "stage_locked", "unknown_language", "too_large", "unavailable"} <= keys
    keys |= {"bad_connect_code", "body_too_large"}
    fallback = i18n.UNKNOWN_ERROR
    for lang in i18n.languages():
        for key in keys:
            assert error_text(key, lang) != translator(lang)(fallback), (lang, key)


@pytest.mark.parametrize(
    ("header", "cookie", "lang"),
    [
        ("pt-PT,pt;q=0.9", None, "pt"),
        ("it", None, "it"),
        ("tlh, es;q=0.5", None, "es"),
        (None, None, "en"),
        ("es", "it", "it"),
        ("es", "xx", "es"),
    ],
)
def test_the_catalogue_follows_the_cookie_then_the_browser(client, header, cookie, lang) -> None:
    if cookie:
        client.cookies.set(LANGUAGE_COOKIE, cookie)
    answer = client.get("/api/i18n", headers={"Accept-Language": header} if header else {})
    assert answer.status_code == 200
    body = answer.json()
    assert body["language"] == lang
    assert body["messages"] == catalogue_json(lang)["messages"]
    assert [entry["code"] for entry in body["languages"]] == list(i18n.languages())


def test_one_language_by_name_with_an_etag_and_an_unknown_one_refused(client) -> None:
    answer = client.get("/api/i18n/es")
    assert answer.json()["messages"]["No moves"] == "No hay más movimientos"
    again = client.get("/api/i18n/es", headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304
    refused = client.get("/api/i18n/tlh", headers={"Accept-Language": "pt"})
    assert refused.status_code == 404
    body = refused.json()
    assert body["error"] == "unknown_language"
    assert body["message"] == error_message("unknown_language", "pt")
    assert "'tlh'" in body["detail"]


def test_a_regional_catalogue_is_served_with_its_bcp_47_language(client) -> None:
    answer = client.get("/api/i18n", headers={"Accept-Language": "pt-BR,pt;q=0.8"})
    assert answer.json()["language"] == "pt_BR"
    assert answer.json()["locale"] == answer.headers["content-language"] == "pt-BR"
    assert answer.json()["messages"]["Hint"] == "Dica"
    names = {entry["code"]: entry["name"] for entry in answer.json()["languages"]}
    assert names["pt"] == "Português (Portugal)" and names["pt_BR"] == "Português (Brasil)"


def test_the_etag_changes_exactly_when_the_messages_served_do(client, monkeypatch) -> None:
    """A catalogue edited under a running server must not be hidden behind an old tag."""
    first = client.get("/api/i18n/es")
    tag = first.headers["etag"]
    assert client.get("/api/i18n/es").headers["etag"] == tag
    edited = {**catalogue_json("es")}
    edited["messages"] = {**edited["messages"], "No moves": "Sin jugadas"}
    monkeypatch.setattr(i18n, "catalogue_json", lambda lang: edited)
    answer = client.get("/api/i18n/es", headers={"If-None-Match": tag})
    assert answer.status_code == 200 and answer.headers["etag"] != tag
    assert answer.json()["messages"]["No moves"] == "Sin jugadas"


def test_errors_speak_the_request_language_and_keep_the_english_details(client) -> None:
    for lang in i18n.languages():
        answer = client.post(
            "/api/games", json={"code": "MJ1-NOPE"}, headers={"Accept-Language": lang}
        )
        body = answer.json()
        assert answer.status_code == 400 and body["error"] == "bad_code"
        assert body["message"] == error_message("bad_code", lang)
        assert "MJ1-NOPE" in body["detail"]


def test_layout_titles_and_descriptions_are_in_the_request_language(client) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "it")
    state = client.post("/api/games", json={"layout": "turtle"}).json()
    assert state["layout"]["title"] == "Tartaruga"
    layouts = {entry["name"]: entry for entry in client.get("/api/layouts").json()}
    assert layouts["bridge"]["description"] == layout_description(builtin_layout("bridge"), "it")
    assert layouts["bridge"]["title"] != builtin_layout("bridge").title


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("en", "12×6 · Down"),
        ("it", "12×6 · Giù"),
        ("pt", "12×6 · Para baixo"),
        ("es", "12×6 · Abajo"),
    ],
)
def test_connect_grid_titles_are_in_the_request_language(client, lang, title) -> None:
    client.cookies.set(LANGUAGE_COOKIE, lang)
    answer = client.post("/api/connect/games", json={"code": "CN1-1206B-AAAAAAP"})
    assert answer.status_code in (200, 201)
    state = answer.json()
    assert state["layout"]["title"] == title
    assert state["layout"]["slide"] == "down"  # the rule's id stays as it is
