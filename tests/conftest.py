"""Shared fixtures: the storage tests run on SQLite and on a real PostgreSQL server.

``database_url`` (and ``store`` on top of it) is parametrized over both databases, so each
storage test runs twice.  PostgreSQL comes from ``$TEST_POSTGRES_URL`` (set by ``.ci/run``);
without it a throwaway cluster is started here with the installed ``initdb``/``pg_ctl``
and stopped at the end of the session.  Each test gets a fresh, empty database: a SQLite
file in its temporary directory, or a PostgreSQL schema of its own (chosen through the
connection's ``search_path``) that is dropped afterwards.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from mahjong_solitaire.store import Store


def pytest_configure(config: pytest.Config) -> None:
    """No test reads or writes the player's own games: for the whole run the default
    database lives in a throwaway data directory (subprocesses inherit it), and
    ``DATABASE_URL`` is ignored."""
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="mahjong-tests-data-")
    os.environ.pop("DATABASE_URL", None)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _postgres_bin() -> Path:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3])
    )
    if not found:
        raise RuntimeError(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); "
            "install the postgresql package or set TEST_POSTGRES_URL"
        )
    return Path(found[-1]).parent


def _as_postgres(*command: str | Path) -> list[str]:
    words = [str(word) for word in command]
    return ["runuser", "-u", "postgres", "--", *words] if os.geteuid() == 0 else words


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    """A PostgreSQL database URL: ``$TEST_POSTGRES_URL`` or a cluster started for the session."""
    given = os.environ.get("TEST_POSTGRES_URL")
    if given:
        yield given
        return
    bin_dir = _postgres_bin()
    base = Path(tempfile.mkdtemp(prefix="mahjong-pg-"))
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
    port = _free_port()
    data = base / "data"
    subprocess.run(
        _as_postgres(bin_dir / "initdb", "-D", data, "-U", "postgres", "-A", "trust", "--no-sync"),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres(
            bin_dir / "pg_ctl", "-D", data, "-l", base / "log", "-w", "-o", options, "start"
        ),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres(bin_dir / "pg_ctl", "-D", data, "-m", "immediate", "stop"),
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server_url: str) -> Iterator[str]:
    """The URL of an empty PostgreSQL database of its own (a fresh schema), for one test."""
    schema = f"test_{secrets.token_hex(6)}"
    admin = create_engine(postgres_server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(postgres_server_url).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, then (second run) a PostgreSQL schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """A :class:`Store` on an empty database, migrated to the current schema."""
    opened = Store(database_url)
    try:
        yield opened
    finally:
        opened.close()


# -- the JSON API tests (test_api.py, test_connect_api.py, test_layouts_api.py) ----------


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[Store]:
    """A :class:`Store` on a fresh SQLite file: the web app's database in the API tests."""
    with Store(f"sqlite:///{tmp_path / 'games.db'}") as opened:
        yield opened


@pytest.fixture
def client(sqlite_store: Store) -> object:
    """A test client of the web app (``create_app``) on ``sqlite_store``, without quotas
    per client: the API tests (fuzzing ones among them) create faster than any player,
    and the quotas have tests of their own (``test_quotas.py``)."""
    from fastapi.testclient import TestClient  # only the API tests need the web stack

    from mahjong_solitaire.web import create_app
    from mahjong_solitaire.web.http.quotas import Quotas

    return TestClient(create_app(sqlite_store, quotas=Quotas({})))


# -- the browser tests (test_browser_*.py): one server and one Chromium per test module ----


def _browser_support():
    """The ``browser_support`` module, imported only by the browser tests (it needs
    Playwright); ``tests/`` is on the path (``pythonpath`` in pyproject)."""
    import browser_support

    return browser_support


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[object]:
    """The product's server (``mahjong-solitaire play``) on a fresh SQLite database, shared
    by the tests of one module (its files in a folder named after the module)."""
    name = request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_").replace("_", "-")
    tmp = tmp_path_factory.mktemp(name)
    with _browser_support().ProductServer(
        f"sqlite:///{tmp}/games.db", log=tmp / "server.log"
    ) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's headless Chromium, shared by the tests of one module."""
    with _browser_support().chromium() as running:
        yield running


@pytest.fixture
def page_options() -> dict[str, object]:
    """Options of the browser context behind ``page``; a module overrides this fixture to
    change them (e.g. ``service_workers="block"`` where a test routes the page's requests)."""
    return {}


@pytest.fixture
def page(browser: object, server: object, page_options: dict[str, object]) -> Iterator[object]:
    """A fresh page on a new game (a new player); the test fails on any error the page
    reported."""
    support = _browser_support()
    opened = support.open_page(browser, server.url, **page_options)
    support.new_game(opened)
    yield opened
    assert opened.errors == [], opened.errors
    opened.context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report says what each of its open pages showed (the board's
    status, the dialog, the focus, the last toast …), with a screenshot of each: a failure
    seen only on another machine can then be understood from its log."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    browser = getattr(item, "funcargs", {}).get("browser")
    if report.when == "call" and report.failed and browser is not None:
        name = item.name.replace("/", "-")[:120]
        report.sections.append(("open pages", _browser_support().describe_pages(browser, name)))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for a PostgreSQL server directly is a ``postgres`` test too."""
    for item in items:
        if {"postgres_url", "postgres_server_url"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)
