"""Opening a database: which URL, the engine settings, and the migrations to head.

The URL is chosen so (:func:`database_url`): an explicit one, else ``$DATABASE_URL``, else
a SQLite file in the user's data directory.  A bare path means a SQLite file, and a plain
``postgresql://`` URL uses the psycopg 3 driver:

    >>> database_url("postgresql://u@db/mj")
    'postgresql+psycopg://u@db/mj'
    >>> database_url("/tmp/games.sqlite3")
    'sqlite:////tmp/games.sqlite3'

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed write is in the WAL file
(the operating system's cache) before the commit returns, so it survives the process being
killed; only a power loss or a kernel crash could lose the last moves, and those are not
worth an fsync per tap (it cost 4 ms a move, 12 ms at p99, on this machine).  Every SQLite
transaction starts with ``BEGIN IMMEDIATE`` (writers queue on the busy timeout instead of
failing on a lock upgrade), which also makes the DDL of the migrations transactional;
read-only work may ask for ``BEGIN DEFERRED`` through the :data:`SQLITE_BEGIN` execution
option (in WAL mode readers never wait for the writer).  On PostgreSQL the
migrations run under an advisory lock, so several server processes may start at once.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.util.exc import CommandError
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from .errors import StoreError

__all__ = [
    "APP_NAME",
    "SQLITE_BEGIN",
    "create_store_engine",
    "database_url",
    "migrate",
    "migrations_config",
    "sqlite_file",
]

APP_NAME = "mahjong-solitaire"
_MIGRATIONS = Path(__file__).with_name("migrations")
#: The key of the PostgreSQL advisory lock held while migrating.
_MIGRATION_LOCK = 0x4D4A_5354
_BUSY_TIMEOUT_MS = 30_000
#: Execution option naming how a SQLite transaction begins (``"DEFERRED"`` for reads).
SQLITE_BEGIN = "mahjong_sqlite_begin"


def default_sqlite_path() -> Path:
    """``games.sqlite3`` in ``platformdirs.user_data_dir("mahjong-solitaire")``."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "games.sqlite3"


def database_url(url: str | None = None) -> str:
    """The URL to open: ``url``, else ``$DATABASE_URL``, else the default SQLite file."""
    chosen = url or os.environ.get("DATABASE_URL") or ""
    if not chosen.strip():
        path = default_sqlite_path()
        return f"sqlite:///{path}"
    chosen = chosen.strip()
    if "://" not in chosen:
        return f"sqlite:///{Path(chosen).expanduser().absolute()}"
    for plain in ("postgresql://", "postgres://"):
        if chosen.startswith(plain):
            return "postgresql+psycopg://" + chosen[len(plain) :]
    return chosen


def sqlite_file(url: str) -> Path | None:
    """The file a SQLite ``url`` (as :func:`database_url` gives it) keeps its data in;
    ``None`` for an in-memory or URI-named SQLite database and for any other database.

    Opening a SQLite URL creates the file when it is missing; a command that only reads
    checks first, so that a mistyped name is an error rather than a new empty database.

        >>> sqlite_file("sqlite:////tmp/games.sqlite3"), sqlite_file("sqlite://")
        (PosixPath('/tmp/games.sqlite3'), None)
        >>> sqlite_file("postgresql+psycopg://u@db/mj") is None
        True
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    database = parsed.database or ""
    if (
        parsed.get_backend_name() != "sqlite"
        or not database
        or database == ":memory:"
        or database.startswith("file:")
    ):
        return None
    return Path(database)


def _enable_wal(cursor: Any) -> None:
    """Switch the file to WAL (a lasting property of the file).  The switch needs the file
    to itself and SQLite does not wait for that on the busy timeout: retry for as long."""
    deadline = time.monotonic() + _BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            if cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
                return
            cursor.execute("PRAGMA journal_mode = WAL")  # in-memory databases stay "memory"
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event issue BEGIN (the driver's implicit one skips DDL).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        _enable_wal(cursor)
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        mode = connection.get_execution_options().get(SQLITE_BEGIN, "IMMEDIATE")
        connection.exec_driver_sql(f"BEGIN {mode}")


def create_store_engine(url: str) -> Engine:
    """An engine for ``url`` (see the module documentation); :class:`StoreError` if bad."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(f"{url!r} is not a database URL") from None
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database and database != ":memory:" and not database.startswith("file:"):
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed)
        _configure_sqlite(engine)
        return engine
    try:
        return create_engine(parsed, pool_pre_ping=True)
    except Exception as error:  # unknown dialect or missing driver
        raise StoreError(f"cannot use database {parsed.render_as_string()}: {error}") from None


def migrations_config() -> Config:
    """The Alembic configuration of the store's migrations (no ``alembic.ini`` needed)."""
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    return config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the database to ``revision`` (idempotent; safe with concurrent callers)."""
    config = migrations_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        try:
            command.upgrade(config, revision)
        except CommandError as error:
            if "Can't locate revision" not in str(error):
                raise
            # A database a newer release migrated: refuse it whole rather than guess.
            raise StoreError(
                "this database was written by a newer version of mahjong-solitaire; "
                "upgrade mahjong-solitaire (or use another --database)"
            ) from None
