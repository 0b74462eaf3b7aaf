"""The product as a player runs it, for the tests that need real server processes:
``python -m mahjong_solitaire play --no-browser --port P --database URL`` in a subprocess.

    with ProductServer("sqlite:///games.db", log=tmp_path / "server.log") as server:
        httpx.get(server.url + "api/game")
"""

from __future__ import annotations

import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

__all__ = ["ProductServer", "a_minute_passes", "free_port", "time_passes"]

#: The announcement's address: the line is in the terminal's language, the URL is not.
_READY = re.compile(r"(?P<url>http://\S+/)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def a_minute_passes(database: str, game_id: str) -> None:
    """Move a stored game's clock a minute back, as if the player had taken that long: a
    script that plays a whole game in seconds is no human, and its win goes unranked.
    See :func:`time_passes`."""
    time_passes(database, game_id, 60)


def time_passes(database: str, game_id: str, seconds: float) -> None:
    """Move a stored game's clock ``seconds`` back, as if that much time of play had passed
    since: the server's clock of a game in a server process the test cannot reach into (a
    race's time runs out, rules §13, without the test waiting for it).

    Like every write of a game, it bumps the game's version: a server process keeps the
    games it served and trusts them while their version stands (``web/live_games.py``).
    Read the game's state again afterwards (a page: reload it, or let it ask)."""
    from datetime import timedelta

    from sqlalchemy import select, update

    from mahjong_solitaire.store.database import create_store_engine
    from mahjong_solitaire.store.schema import games

    engine = create_store_engine(database)
    try:
        with engine.begin() as connection:
            since = connection.execute(
                select(games.c.running_since).where(games.c.id == game_id)
            ).scalar_one()
            connection.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(
                    running_since=since - timedelta(seconds=seconds), version=games.c.version + 1
                )
            )
    finally:
        engine.dispose()


class ProductServer:
    """One server process on ``database``; :meth:`start` waits until it announces itself."""

    def __init__(
        self, database: str, *, log: Path, port: int | None = None, args: tuple[str, ...] = ()
    ) -> None:
        self.database = database
        self.args = args  # more options of ``play``, e.g. ("--workers", "4")
        self.port = port if port is not None else free_port()
        self.log = log
        self.process: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self, timeout: float = 180.0) -> ProductServer:
        """Start the server and wait until it announces its address (on a machine busy with
        other work its imports and migrations took more than a minute)."""
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "mahjong_solitaire",
                    "play",
                    "--no-browser",
                    "--port",
                    str(self.port),
                    "--database",
                    self.database,
                    *self.args,
                ],
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                env=env,
            )
        assert self.process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            if not selector.select(timeout):
                self.kill()
                raise AssertionError(f"the server did not start in {timeout} s")
        line = self.process.stdout.readline()
        announced = _READY.search(line)
        if announced is None:
            self.kill()
            raise AssertionError(
                f"the server did not start: {line!r}; log:\n{self.log.read_text()}"
            )
        assert announced["url"] == self.url
        return self

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind in the server."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(30)

    def stop(self) -> None:
        """A clean stop (SIGTERM), SIGKILL if it does not end."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        deadline = time.monotonic() + 15
        while self.process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        self.kill()

    def __enter__(self) -> ProductServer:
        return self.start() if self.process is None else self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        if self.process is not None and self.process.stdout is not None:
            self.process.stdout.close()
