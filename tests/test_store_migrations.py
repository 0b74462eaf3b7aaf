"""Schema migrations: an empty database and one made by the previous schema both
upgrade to the current schema, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from mahjong_solitaire import Game, deal_from_code
from mahjong_solitaire.store import Progress, Store
from mahjong_solitaire.store.database import create_store_engine, migrate, migrations_config
from mahjong_solitaire.store.schema import metadata

CODE = "MJ1-L00-AAAAABL"


def _revision(url: str) -> str | None:
    engine = create_store_engine(url)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def _head() -> str:
    return ScriptDirectory.from_config(migrations_config()).get_current_head() or ""


def test_the_migration_history_is_one_line_of_several_revisions() -> None:
    scripts = ScriptDirectory.from_config(migrations_config())
    assert len(scripts.get_heads()) == 1
    assert len(list(scripts.walk_revisions())) >= 2


def test_an_empty_database_upgrades_to_the_current_schema(database_url: str) -> None:
    assert _revision(database_url) is None
    Store(database_url).close()
    assert _revision(database_url) == _head()
    engine = create_store_engine(database_url)
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_a_database_of_the_previous_schema_upgrades_and_keeps_its_games(database_url: str) -> None:
    engine = create_store_engine(database_url)
    migrate(engine, "0001")
    started = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    moves = [str(move) for move in deal_from_code(CODE).solution[:2]]
    with engine.begin() as connection:
        assert "layouts" not in inspect(connection).get_table_names()
        connection.execute(
            text(
                "INSERT INTO players (id, display_name, created_at) "
                "VALUES ('old-player', 'Old', :at)"
            ),
            {"at": started},
        )
        connection.execute(
            text(
                "INSERT INTO games (id, player_id, mode, code, layout_name, seed, difficulty, "
                "started_at, actions, elapsed, running_since, status, hints, undos, shuffles, "
                "version) VALUES ('old-game', 'old-player', 'classic', :code, 'turtle', 12, "
                "'normal', :at, :actions, 33.5, NULL, 'paused', 0, 0, 0, 4)"
            ),
            {"code": CODE, "at": started, "actions": f'["{moves[0]}", "{moves[1]}"]'},
        )
    engine.dispose()
    assert _revision(database_url) == "0001"

    with Store(database_url) as store:
        assert _revision(database_url) == _head()
        game = store.current_game("old-player")
        assert game is not None and game.id == "old-game"
        assert (game.actions, game.elapsed, game.version, game.selection) == (moves, 33.5, 4, None)
        assert game.started_at == started
        assert Game.replay(game.deal(), game.actions).board.tiles_left == 140
        saved = store.save_game(
            "old-player",
            "old-game",
            version=4,
            progress=Progress(
                actions=moves,
                elapsed=40.0,
                running=True,
                status="playing",
                hints=0,
                undos=0,
                shuffles=0,
                selection=5,
            ),
        )
        assert saved.selection == 5
        assert store.player("old-player").display_name == "Old"
        assert store.imported_layouts("old-player", unowned=True) == []


def test_opening_a_current_database_again_changes_nothing(database_url: str) -> None:
    with Store(database_url) as store:
        player = store.local_player()
        game = store.create_game(player.id, code=CODE)
    with Store(database_url) as store:
        assert store.get_game(player.id, game.id) == game
    assert _revision(database_url) == _head()


def test_several_processes_may_open_a_new_database_at_once(database_url: str) -> None:
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def open_store() -> None:
        barrier.wait()
        try:
            Store(database_url).close()
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert _revision(database_url) == _head()


def test_the_upgrade_leaves_one_open_game_per_player_and_mode_and_ranks_old_wins(
    database_url: str,
) -> None:
    engine = create_store_engine(database_url)
    migrate(engine, "0002")
    at = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    moves = [str(move) for move in deal_from_code(CODE).solution]
    with engine.begin() as connection:
        for player in ("p", "local"):
            connection.execute(
                text("INSERT INTO players (id, created_at) VALUES (:id, :at)"),
                {"id": player, "at": at},
            )
        connection.execute(
            text("INSERT INTO settings (key, value) VALUES ('local_player', 'local')")
        )
        rows = [
            ("older", "playing", 10, "[]", 1.0),
            ("newer", "paused", 11, "[]", 1.0),
            ("connect", "playing", 9, "[]", 1.0),
            ("fast-win", "won", 5, json.dumps(moves), 2.0),
            ("slow-win", "won", 6, json.dumps(moves), 300.0),
        ]
        for game_id, status, minute, actions, elapsed in rows:
            connection.execute(
                text(
                    "INSERT INTO games (id, player_id, mode, code, layout_name, seed, "
                    "difficulty, started_at, actions, elapsed, running_since, status, hints, "
                    "undos, shuffles, version) VALUES (:id, 'p', :mode, :code, 'turtle', 12, "
                    "'normal', :at, :actions, :elapsed, :at, :status, 0, 0, 0, 3)"
                ),
                {
                    "id": game_id,
                    "mode": "connect" if game_id == "connect" else "classic",
                    "code": CODE,
                    "at": at.replace(minute=minute),
                    "actions": actions,
                    "elapsed": elapsed,
                    "status": status,
                },
            )
        connection.execute(
            text(
                "INSERT INTO layouts (name, title, description, positions, "
                "created_at) VALUES ('old', 'Old', '', '[[0,0,0],[2,0,0]]', "
                ":at)"
            ),
            {"at": at},
        )
    engine.dispose()

    with Store(database_url) as store:
        assert _revision(database_url) == _head()
        older, newer = store.get_game("p", "older"), store.get_game("p", "newer")
        assert (older.status, older.running, older.version) == ("abandoned", False, 4)
        assert older.finished_at is not None
        assert newer.status == "paused" and store.get_game("p", "connect").status == "playing"
        assert not store.get_game("p", "fast-win").ranked
        assert store.get_game("p", "slow-win").ranked
        assert [entry.game_id for entry in store.leaderboard("p")] == ["slow-win"]
        assert [layout.name for layout in store.imported_layouts("local")] == ["old"]


def test_a_database_from_a_newer_release_is_refused_in_one_clear_line(database_url: str) -> None:
    import pytest

    from mahjong_solitaire.store import StoreError

    Store(database_url).close()
    engine = create_store_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
    engine.dispose()
    with pytest.raises(StoreError, match="newer version of mahjong-solitaire"):
        Store(database_url)
    assert _revision(database_url) == "9999_future"  # refused, not touched
