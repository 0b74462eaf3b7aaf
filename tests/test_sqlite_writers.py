"""SQLite's writers in one process take turns (store/database.py): a writer that finds the
database being written waits for the writer before it to end, instead of being refused
or sleeping in SQLite's busy timeout, and every way a write can end gives the turn back.

Each second writer here runs with ``PRAGMA busy_timeout = 0``: SQLite itself would refuse
it at once (``database is locked``) if it reached the database while the first one writes.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, text

from mahjong_solitaire.store.database import SQLITE_BEGIN, create_store_engine, writing_turn

#: Long enough for a slow machine, far shorter than the 30 s a turn never given back costs.
PATIENCE = 10.0


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = create_store_engine(f"sqlite:///{tmp_path / 'turns.db'}")
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE moves (n INTEGER)"))
    yield engine
    engine.dispose()


def _impatient(connection: Any) -> Any:
    """The DBAPI connection under ``connection``, told that SQLite must not wait at all."""
    driver = connection.connection.dbapi_connection
    driver.execute("PRAGMA busy_timeout = 0")
    return driver


def _in_thread(work: Callable[[], None]) -> tuple[threading.Thread, list[BaseException]]:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as error:  # the test reads it
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, errors


def _wait_until_waiting_for_its_turn(thread: threading.Thread) -> None:
    """Return once ``thread`` stands in the turn's wait (its stack is inside ``enter``)."""
    assert thread.ident is not None
    while thread.is_alive():
        frame = sys._current_frames().get(thread.ident)
        while frame is not None:
            if frame.f_code.co_name == "enter" and frame.f_code.co_filename.endswith(
                "database.py"
            ):
                return
            frame = frame.f_back
        threading.Event().wait(0.001)
    raise AssertionError("the second writer ended without waiting for its turn")


def _rows(engine: Engine) -> list[int]:
    with engine.connect() as connection:
        return [n for (n,) in connection.execute(text("SELECT n FROM moves ORDER BY n"))]


def _write_while_the_first_writer_writes(
    engine: Engine, second_writer: Callable[[], None]
) -> None:
    with engine.begin() as first:
        first.execute(text("INSERT INTO moves VALUES (1)"))
        thread, errors = _in_thread(second_writer)
        _wait_until_waiting_for_its_turn(thread)
    thread.join(PATIENCE)
    assert not thread.is_alive() and errors == []


def test_a_second_writer_waits_for_the_first_instead_of_being_refused(engine: Engine) -> None:
    def second_writer() -> None:
        with engine.connect() as connection:
            _impatient(connection)
            with connection.begin():
                connection.execute(text("INSERT INTO moves VALUES (2)"))

    _write_while_the_first_writer_writes(engine, second_writer)
    assert _rows(engine) == [1, 2]


def test_a_statement_that_commits_itself_waits_for_its_turn_too(engine: Engine) -> None:
    def quick_save() -> None:
        with engine.connect() as connection:
            driver = _impatient(connection)
            with writing_turn(engine, driver):
                driver.execute("INSERT INTO moves VALUES (2)")  # autocommit: no BEGIN

    _write_while_the_first_writer_writes(engine, quick_save)
    assert _rows(engine) == [1, 2]


def test_readers_never_wait_for_a_writer(engine: Engine) -> None:
    reader = engine.execution_options(**{SQLITE_BEGIN: "DEFERRED"})
    with engine.begin() as writer:
        writer.execute(text("INSERT INTO moves VALUES (1)"))
        seen: list[list[int]] = []
        thread, errors = _in_thread(lambda: seen.append(_rows(reader)))
        thread.join(PATIENCE)
    assert not thread.is_alive() and errors == [] and seen == [[]]


def _second_write_goes_through(engine: Engine) -> None:
    def second_writer() -> None:
        with engine.connect() as connection:
            with connection.begin():
                connection.execute(text("INSERT INTO moves VALUES (2)"))

    thread, errors = _in_thread(second_writer)
    thread.join(PATIENCE)
    assert not thread.is_alive(), "the turn was not given back"
    assert errors == []


def test_a_write_that_fails_gives_its_turn_back(engine: Engine) -> None:
    with pytest.raises(ZeroDivisionError):
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO moves VALUES (1)"))
            1 / 0  # noqa: B018 - the work between the statements fails
    _second_write_goes_through(engine)
    assert _rows(engine) == [2]


def test_a_statement_refused_by_sqlite_gives_its_turn_back(engine: Engine) -> None:
    with pytest.raises(Exception, match="no such table"):
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO nowhere VALUES (1)"))
    _second_write_goes_through(engine)
    assert _rows(engine) == [2]


def test_a_connection_lost_in_its_turn_gives_it_back(engine: Engine) -> None:
    connection = engine.connect()
    transaction = connection.begin()
    connection.execute(text("INSERT INTO moves VALUES (1)"))
    connection.invalidate()  # closes the DBAPI connection: SQLite rolls back
    _second_write_goes_through(engine)
    transaction.rollback()
    connection.close()
    assert _rows(engine) == [2]


def test_a_turn_left_open_by_a_connection_put_back_in_the_pool_is_given_back(
    engine: Engine,
) -> None:
    connection = engine.connect()
    connection.begin()
    connection.execute(text("INSERT INTO moves VALUES (1)"))
    connection.close()  # the pool rolls the transaction back
    _second_write_goes_through(engine)
    assert _rows(engine) == [2]
