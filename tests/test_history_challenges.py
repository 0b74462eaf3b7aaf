"""A challenge's game in the history file (rules §12.4, §13): version 3 writes each game's
``challenge`` and reads it back, checked against the rule sets; an older file without it
imports as plain play.  On SQLite and on PostgreSQL (the ``store`` fixture)."""

from __future__ import annotations

import json
from datetime import date

import pytest
from sqlalchemy import select

from mahjong_solitaire import deal_from_code
from mahjong_solitaire.challenges import Countdown
from mahjong_solitaire.classic.codes import daily_code
from mahjong_solitaire.core.game import GameStatus
from mahjong_solitaire.store import Store, StoreError
from mahjong_solitaire.store.history import VERSION
from mahjong_solitaire.store.schema import games
from store_support import save_played

CODE = "MJ2-L00-AAAAABL"
SOLUTION = [str(move) for move in deal_from_code(CODE).solution]


def play(
    store: Store,
    player_id: str,
    actions: list[str],
    *,
    status: str,
    elapsed: float,
    **create: object,
) -> None:
    """Create a game and store ``actions`` with the counts the engine counts."""
    game = store.create_game(player_id, **{"code": CODE, **create})  # type: ignore[arg-type]
    save_played(store, game, actions, status=status, elapsed=elapsed)


def countdown_history(store: Store, player_id: str) -> dict:
    """A won and a lost countdown game and a plain one, exported through JSON."""
    play(store, player_id, SOLUTION, status="won", elapsed=300.0, challenge="countdown")
    play(store, player_id, SOLUTION[:6], status="lost", elapsed=720.0, challenge="Countdown")
    play(store, player_id, SOLUTION[:2], status="abandoned", elapsed=20.0)
    return json.loads(json.dumps(store.export_history(player_id)))


def test_a_countdown_won_and_lost_survive_export_and_import(store: Store) -> None:
    source, target = store.player(None).id, store.player(None).id
    document = countdown_history(store, source)
    assert document["version"] == VERSION == 3
    assert [(g["challenge"], g["status"]) for g in document["games"]] == [
        ("countdown", "won"),
        ("countdown", "lost"),
        (None, "abandoned"),
    ]
    assert store.import_history(target, document) == 3
    assert store.export_history(target)["games"] == document["games"]
    assert store.statistics(target) == store.statistics(source)


def test_an_imported_challenge_is_judged_by_its_rule_set(store: Store) -> None:
    source, target = store.player(None).id, store.player(None).id
    store.import_history(target, countdown_history(store, source))
    with store.engine.begin() as connection:
        rows = connection.execute(
            select(games.c.id, games.c.status).where(games.c.player_id == target)
        ).all()
    by_status = {row.status: store.get_game(target, row.id) for row in rows}
    assert isinstance(by_status["won"].referee(by_status["won"].deal()), Countdown)
    lost = by_status["lost"]
    assert (lost.challenge, lost.shown_code) == ("countdown", f"{CODE}-COUNTDOWN")
    assert lost.finished and lost.finished_at is not None
    assert by_status["abandoned"].challenge is None
    assert store.current_game(target) is None  # a lost game is finished, never reopened


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_file_without_the_field_imports_as_plain_play(store: Store, version: int) -> None:
    source, target = store.player(None).id, store.player(None).id
    document = countdown_history(store, source)
    document["version"] = version
    for game in document["games"]:
        del game["challenge"]
        if version == 1:
            del game["solution_shown"]
    assert store.import_history(target, document) == 3
    back = store.export_history(target)["games"]
    assert [(g["challenge"], g["status"]) for g in back] == [
        (None, "won"),
        (None, "lost"),  # written before the rule set's name was: it stays lost
        (None, "abandoned"),
    ]


def _refused(store: Store, document: dict, message: str) -> None:
    target = store.player(None).id
    with pytest.raises(StoreError, match=message):
        store.import_history(target, document)
    assert store.statistics(target).started == 0
    assert store.export_history(target)["games"] == []


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("chess", r"game 1: there is no challenge 'chess' \(scored, countdown"),
        (7, "game 1: challenge = 7 is not a challenge"),
        (["countdown"], r"game 1: challenge = \['countdown'\] is not a challenge"),
        (True, "game 1: challenge = True is not a challenge"),
    ],
)
def test_a_bad_challenge_name_is_refused(store: Store, value: object, message: str) -> None:
    document = countdown_history(store, store.player(None).id)
    document["games"][0]["challenge"] = value
    _refused(store, document, message)


def test_a_challenge_in_a_version_2_file_is_refused(store: Store) -> None:
    document = countdown_history(store, store.player(None).id)
    document["version"] = 2
    _refused(store, document, "game 1: challenge is not a field of a version 2 file")


def test_a_challenge_on_a_connect_game_is_refused(store: Store) -> None:
    source = store.player(None).id
    store.create_game(source, mode="connect", code="CN2-1808B-AAAAABL")
    document = json.loads(json.dumps(store.export_history(source)))
    document["games"][0]["challenge"] = "scored"
    _refused(store, document, "game 1: challenge 'scored' is not played in mode 'connect'")


def test_a_challenge_on_a_plain_daily_game_is_refused(store: Store) -> None:
    source = store.player(None).id
    day = date(2026, 1, 5)
    play(store, source, [], status="abandoned", elapsed=9.0, code=str(daily_code(day)), daily=day)
    document = json.loads(json.dumps(store.export_history(source)))
    assert document["games"][0]["daily"] == "2026-01-05"
    document["games"][0]["challenge"] = "sprint"
    _refused(store, document, "game 1: the daily challenge of 2026-01-05 is plain play, not sprint")


def test_a_lost_game_without_a_challenge_is_refused(store: Store) -> None:
    document = countdown_history(store, store.player(None).id)
    document["games"][1]["challenge"] = None
    _refused(store, document, "game 2: status lost is a challenge's, and this game names none")


def test_a_lost_game_with_a_cleared_board_is_refused(store: Store) -> None:
    document = countdown_history(store, store.player(None).id)
    document["games"][0]["status"] = "lost"
    _refused(store, document, "game 1: status lost does not match its moves")
    assert GameStatus.LOST.value == "lost"
