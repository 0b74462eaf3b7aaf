"""The save of a move (store/saving.py): one statement that commits itself, and the game it
answers is the game the database holds, on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from mahjong_solitaire import GameStatus, deal_from_code
from mahjong_solitaire.store import Progress, StaleWriteError, Store, StoreError

CODE = "MJ1-L00-AAAAABL"
SOLUTION = [str(move) for move in deal_from_code(CODE).solution]


def _progress(moves: int, **changes: Any) -> Progress:
    values: dict[str, Any] = dict(actions=tuple(SOLUTION[:moves]), elapsed=1.5 * moves)
    values.update(changes)
    return Progress(**values)


def test_a_saved_move_answers_exactly_the_game_the_database_then_holds(store: Store) -> None:
    player = store.player(None).id
    game = store.create_game(player, code=CODE)
    for moves in range(1, 4):
        saved = store.save_game(
            player, game.id, version=game.version, progress=_progress(moves, selection=moves)
        )
        read = store.get_game(player, game.id)
        for field in fields(read):
            answered, held = getattr(saved, field.name), getattr(read, field.name)
            assert answered == held, field.name
            assert type(answered) is type(held), field.name  # 3.0 stays a float, a time aware
        assert saved.version == game.version + 1 and saved.actions == SOLUTION[:moves]
        assert saved.status is GameStatus.PLAYING and saved.running_since is not None
        game = saved


def test_a_saved_move_is_refused_when_stale_or_over_and_changes_nothing(store: Store) -> None:
    player = store.player(None).id
    game = store.create_game(player, code=CODE)
    moved = store.save_game(player, game.id, version=game.version, progress=_progress(1))
    with pytest.raises(StaleWriteError):
        store.save_game(player, game.id, version=game.version, progress=_progress(2))
    over = store.save_game(
        player, game.id, version=moved.version, progress=_progress(1, status="abandoned")
    )
    with pytest.raises(StoreError, match="is over"):
        store.save_game(player, game.id, version=over.version, progress=_progress(2))
    assert store.get_game(player, game.id) == over


def test_a_move_is_saved_by_one_statement_with_no_transaction_around_it(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'games.db'}") as store:
        player = store.player(None).id
        game = store.create_game(player, code=CODE)
        statements: list[str] = []

        @event.listens_for(store.engine, "connect")
        def trace(connection: sqlite3.Connection, _record: object) -> None:
            connection.set_trace_callback(statements.append)

        store.engine.dispose()  # the next connections are opened, and traced, anew
        store.save_game(player, game.id, version=game.version, progress=_progress(1))
        saves = [sql for sql in statements if not sql.startswith("PRAGMA")]
        assert len(saves) == 1 and saves[0].startswith("UPDATE games SET"), saves


def test_a_move_the_database_cannot_take_is_a_store_error_and_changes_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    with Store(f"sqlite:///{path}") as store:
        player = store.player(None).id
        game = store.create_game(player, code=CODE)
        locker = sqlite3.connect(path, isolation_level=None)
        try:
            locker.execute("PRAGMA busy_timeout = 0")
            store.engine.dispose()

            @event.listens_for(store.engine, "connect")
            def impatient(connection: sqlite3.Connection, _record: object) -> None:
                connection.execute("PRAGMA busy_timeout = 0")  # fail at once, not in 30 s

            locker.execute("BEGIN EXCLUSIVE")
            with pytest.raises(StoreError, match="the database failed"):
                store.save_game(player, game.id, version=game.version, progress=_progress(1))
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        assert store.get_game(player, game.id) == game
        store.save_game(player, game.id, version=game.version, progress=_progress(1))
