"""The live-game cache (``web/live_games.py``): a kept game answers exactly as a game rebuilt
from the store would, and a game changed by another process is never served stale."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from api_support import applied, checked, tap
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.core.game import GameStatus
from mahjong_solitaire.solver.winnability import Status
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.games import live_games
from mahjong_solitaire.web.games.lifecycle import COOKIE, rebuild
from mahjong_solitaire.web.games.live_games import SOLVER_TURN, LiveGames, winnability

CODES = ["MJ1-L00-AAAAABL", "MJ1-L00-AAAAABO"]
CONNECT_CODE = "CN1-1006B-AAAAABL"
#: Fields that differ between two games played alike: their ids and their clocks.
UNALIKE = {"id", "elapsed", "result"}


def cached_and_uncached(store: Store) -> tuple[TestClient, TestClient]:
    """Two apps on one store: one keeps live games, the other (capacity 0) rebuilds every
    game on every request, as the server did before the cache."""
    kept, rebuilt = create_app(store), create_app(store)
    rebuilt.state.live_games = LiveGames(capacity=0)
    return TestClient(kept), TestClient(rebuilt)


def replayed_verdict(store: Store, client: TestClient, game_id: str) -> dict:
    """The verdict on a stored game as the engine gives it on a fresh replay."""
    stored = store.get_game(client.cookies[COOKIE], game_id)
    game = rebuild(stored, stored.started_at)
    if game.status is GameStatus.WON:
        return {"version": stored.version, "winnability": "winnable", "last_winnable": None}
    verdict = game.winnability()
    return {
        "version": stored.version,
        "winnability": verdict.status.value,
        "last_winnable": verdict.undo or None,
    }


def alike(state: dict) -> dict:
    return {key: value for key, value in state.items() if key not in UNALIKE}


def choose(state: dict, rng: random.Random) -> tuple[str, dict]:
    """A player's next action on ``state``: mostly taps, some aids and slips."""
    free = [tile["i"] for tile in state["tiles"] if tile["free"]]
    roll = rng.random()
    if state["status"] == "paused":
        return "resume", {}
    if state["status"] == "stuck":
        return rng.choice(["undo-to-winnable", "undo", "shuffle"]), {}
    if roll < 0.08:
        return "hint", {}
    if roll < 0.13 and state["can_undo"]:
        return "undo", {}
    if roll < 0.16 and state["can_redo"]:
        return "redo", {}
    if roll < 0.18:
        return "pause", {}
    if roll < 0.20:
        return "shuffle", {}
    if not free:
        return "hint", {}
    if state["selection"] is not None and rng.random() < 0.8:
        faces = {t["i"]: t["tile"] for t in state["tiles"] if t["free"]}
        mine = faces.get(state["selection"])
        partners = [i for i, face in faces.items() if face == mine and i != state["selection"]]
        if partners:
            return "tap", {"position": rng.choice(partners)}
    return "tap", {"position": rng.choice(free)}


@pytest.mark.parametrize("seed", range(4))
def test_kept_games_answer_as_rebuilt_ones_hints_and_verdicts_included(sqlite_store, seed):
    kept, rebuilt = cached_and_uncached(sqlite_store)
    rng = random.Random(seed)
    code = CODES[seed % len(CODES)]
    states = [checked(client.post("/api/games", json={"code": code})) for client in (kept, rebuilt)]
    for _ in range(160):
        if states[0]["status"] == "won":
            break
        action, body = choose(states[0], rng)
        answers = [
            client.post(
                f"/api/games/{state['id']}/{action}", json={"version": state["version"], **body}
            )
            for client, state in zip((kept, rebuilt), states, strict=True)
        ]
        assert answers[0].status_code == answers[1].status_code, action
        if answers[0].status_code != 200:
            assert answers[0].json()["error"] == answers[1].json()["error"]
            continue
        states = [
            applied(state, checked(answer)) if action == "tap" else checked(answer)
            for state, answer in zip(states, answers, strict=True)
        ]
        assert alike(states[0]) == alike(states[1]), action
        if states[0]["status"] == "stuck":  # the state carries the verdict itself
            truth = replayed_verdict(sqlite_store, kept, states[0]["id"])
            assert states[0]["last_winnable"] == truth["last_winnable"]
        verdict = checked(kept.get(f"/api/games/{states[0]['id']}/winnability"))
        assert verdict == replayed_verdict(sqlite_store, kept, states[0]["id"])
    live = kept.app.state.live_games
    assert live.counts["kept"] > 100 and live.counts["acted"] > 100 and len(live) == 1


def test_connect_games_are_kept_and_answer_as_rebuilt_ones(sqlite_store):
    kept, rebuilt = cached_and_uncached(sqlite_store)
    rng = random.Random(7)
    states = [
        checked(client.post("/api/connect/games", json={"code": CONNECT_CODE}))
        for client in (kept, rebuilt)
    ]
    for _ in range(80):
        if states[0]["status"] in ("won", "stuck"):
            break
        action, body = choose(states[0], rng)
        if action in ("undo-to-winnable", "shuffle"):
            continue
        answers = [
            checked(
                client.post(
                    f"/api/connect/games/{state['id']}/{action}",
                    json={"version": state["version"], **body},
                )
            )
            for client, state in zip((kept, rebuilt), states, strict=True)
        ]
        assert alike(answers[0]) == alike(answers[1]), action
        states = [
            applied(state, answer) if action == "tap" else answer
            for state, answer in zip(states, answers, strict=True)
        ]
    assert kept.app.state.live_games.counts["acted"] > 50


def test_the_verdict_leaves_the_hint_plan_alone(sqlite_store):
    player = sqlite_store.player(None).id
    stored = sqlite_store.create_game(player, code=CODES[0])
    game = rebuild(stored, stored.started_at)
    move = game.deal.solution[0]
    game.play(move)
    fresh = rebuild(stored, stored.started_at)  # the same game, replayed
    fresh.play(move)
    assert winnability(game) == fresh.winnability()
    assert winnability(game) is winnability(game)  # remembered for the position
    twin = rebuild(stored, stored.started_at)
    twin.play(move)
    assert game.hint() == twin.hint()


def test_a_verdict_that_finds_the_solver_busy_is_unknown_and_not_remembered(
    sqlite_store, monkeypatch
):
    """A crowd's verdicts do not queue on the one solver of a process (each would hold a
    request thread the taps need): one that finds it busy answers ``unknown`` at once, and
    the position is judged again when the solver is free."""
    monkeypatch.setattr(live_games, "SOLVER_WAIT", 0.001)
    player = sqlite_store.player(None).id
    stored = sqlite_store.create_game(player, code=CODES[1])
    game = rebuild(stored, stored.started_at)
    game.play(game.deal.solution[0])
    with SOLVER_TURN:  # another request's search
        busy = winnability(game)
    assert busy.status is Status.UNKNOWN
    fresh = rebuild(stored, stored.started_at)
    fresh.play(fresh.deal.solution[0])
    assert winnability(game) == fresh.winnability() != busy


def test_a_game_changed_by_another_process_is_never_served_stale(sqlite_store):
    """Two applications on one database stand for two server processes."""
    one, two = TestClient(create_app(sqlite_store)), TestClient(create_app(sqlite_store))
    state = checked(one.post("/api/games", json={"code": CODES[0]}))
    two.cookies = one.cookies
    game = f"/api/games/{state['id']}"
    moves = deal_from_code(CODES[0]).solution
    # the first process keeps the game at this version; the second plays on
    state = checked(
        one.post(f"{game}/tap", json={"position": moves[0].a, "version": state["version"]})
    )
    for position in (moves[0].b, moves[1].a, moves[1].b):
        state = checked(
            two.post(f"{game}/tap", json={"position": position, "version": state["version"]})
        )
    # a read on the first process sees the second's moves (its kept game is advanced)
    seen = checked(one.get(game))
    assert seen["version"] == state["version"] and seen["tiles_left"] == 140
    assert one.app.state.live_games.counts["advanced"] == 1
    # an action decided on an old version is refused by the first process too
    stale = one.post(f"{game}/hint", json={"version": state["version"] - 3})
    assert stale.status_code == 409 and stale.json()["error"] == "stale_version"
    # an action without a version applies to the latest one, once, even when the first
    # process kept the game a version earlier (its save is refused, the request done again)
    checked(one.get(game))
    state = checked(two.post(f"{game}/tap", json={"position": moves[2].a}))
    latest = checked(one.post(f"{game}/tap", json={"position": moves[2].b}))
    assert latest["version"] == state["version"] + 1 and latest["tiles_left"] == 138
    stored = sqlite_store.get_game(
        sqlite_store.find_player(one.cookies["mj_player"]).id, state["id"]
    )
    assert stored.actions == [str(move) for move in moves[:3]]
    counts = one.app.state.live_games.counts
    assert counts["advanced"] >= 1 and counts["retried"] >= 1


def test_the_verdict_without_the_way_back_has_the_whole_verdicts_status(sqlite_store):
    """``?last_winnable=false`` (what the page asks) answers the same status as the whole
    verdict, with ``last_winnable`` null, along a careless game that gets lost."""
    client = TestClient(create_app(sqlite_store))
    rng = random.Random(3)
    state = checked(client.post("/api/games", json={"code": CODES[0]}))
    seen = set()
    while state["status"] == "playing" and len(state["tiles"]) > 2:
        faces = {t["i"]: t["tile"] for t in state["tiles"] if t["free"]}
        pairs = [(a, b) for a in faces for b in faces if a < b and faces[a] == faces[b]]
        if not pairs:
            break
        a, b = rng.choice(pairs)
        for position in (a, b):
            state = tap(client, state, position)
        path = f"/api/games/{state['id']}/winnability"
        brief = checked(client.get(f"{path}?last_winnable=false"))
        whole = checked(client.get(path))
        assert brief == {**whole, "last_winnable": None}
        truth = replayed_verdict(sqlite_store, client, state["id"])
        assert whole == truth
        seen.add(whole["winnability"])
    assert "lost" in seen


def test_the_first_tap_on_a_deal_shown_stores_the_player_the_game_and_the_move_at_once(
    sqlite_store,
):
    """One write transaction for the new player, the game and its first move; nothing is
    read back or rebuilt, and the game is kept for the next tap."""
    client = TestClient(create_app(sqlite_store))
    shown = checked(client.get("/api/game"))
    free = [tile["i"] for tile in shown["tiles"] if tile["free"]]
    begun: list[object] = []

    def begin(connection: object) -> None:
        begun.append(connection)

    event.listen(sqlite_store.engine, "begin", begin)
    try:
        answer = client.post(f"/api/games/{shown['id']}/tap", json={"position": free[0]})
    finally:
        event.remove(sqlite_store.engine, "begin", begin)
    assert answer.status_code == 200, answer.text
    assert len(begun) == 1
    counts = client.app.state.live_games.counts
    assert counts["rebuilt"] == 0 and counts["retried"] == 0
    stored = sqlite_store.get_game(client.cookies[COOKIE], answer.json()["id"])
    assert stored.version == answer.json()["version"] == 2
    assert stored.selection == free[0]
    second = client.post(f"/api/games/{stored.id}/tap", json={"position": free[1], "version": 2})
    assert second.status_code == 200, second.text
    assert counts["acted"] == 1 and counts["rebuilt"] == 0


def test_a_crowd_of_200_deals_stays_dealt_for_the_requests_that_follow():
    """200 visitors arriving at once each see a deal of their own; the verdict and the
    first tap that follow each deal it again unless it is still kept."""
    from mahjong_solitaire.classic.mode import CLASSIC

    codes = [CLASSIC.welcome_code(seed) for seed in range(1000, 1200)]
    first = [CLASSIC.deal(code) for code in codes]
    assert all(CLASSIC.deal(code) is deal for code, deal in zip(codes, first, strict=True))
