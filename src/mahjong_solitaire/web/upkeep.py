"""The multi-player server's upkeep: the daily pruning (``play --host … --prune-after DAYS``).

Once a day a background thread of each server process prunes (``pruning.prune_all``, in
batches of :meth:`Store.prune <mahjong_solitaire.store.Store.prune>`, each taking its turn
with the requests; the rules are in :mod:`mahjong_solitaire.store.pruning`):
the first run when the server starts, then whenever a day has passed since the last run
(the thread looks once an hour).  It runs off the request path, and on SQLite it takes its
turn with the requests like any store call.  With several processes (``--workers N``) each
prunes once a day: the prunes take turns on a PostgreSQL advisory lock and are idempotent,
so the first removes what there is and the others find nothing.  A personal game
(``play`` on loopback) is never pruned.  A failed prune (the database away) is logged and
tried again at the next look.

The thread is started and stopped by the application's lifespan (:func:`pruning_lifespan`),
whose shutdown waits at most :data:`SHUTDOWN_WAIT` for a prune under way;
the clock and the wait are injectable, so that a test moves time by hand::

    >>> from datetime import UTC, datetime, timedelta
    >>> from mahjong_solitaire.store import Store
    >>> moments = iter([datetime(2027, 1, 1, tzinfo=UTC) + timedelta(hours=h) for h in (0, 1, 24)])
    >>> with Store("sqlite://") as store:
    ...     pruning = DailyPruning(store, timedelta(days=90), clock=lambda: next(moments))
    ...     [pruning.run_if_due() is not None for _ in range(3)], pruning.runs
    ([True, False, True], 2)
"""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from fastapi import FastAPI

from ..store import PruneReport, StoreError
from ..store.pruning import prune_all

__all__ = [
    "LOOK_EVERY",
    "PRUNE_EVERY",
    "SHUTDOWN_WAIT",
    "DailyPruning",
    "Pruner",
    "pruning_lifespan",
]

#: How often a server prunes.
PRUNE_EVERY = timedelta(days=1)
#: How often the thread looks whether a prune is due (seconds).
LOOK_EVERY = 3600.0
#: The longest the application's shutdown waits for a prune under way (seconds), so that a
#: stopping server exits within its bound (``cli/supervisor.py``).  The thread is a daemon
#: and each batch of a prune is a transaction of its own: a batch cut short by the exit is
#: rolled back whole, and the next run removes what it would have.
SHUTDOWN_WAIT = 1.0

_log = logging.getLogger(__name__)


class Pruner(Protocol):
    """What the pruning needs of a store (the store, or the app's turn-taking wrapper)."""

    def prune(
        self,
        older_than: timedelta,
        *,
        now: datetime | None = None,
        dry_run: bool = False,
        limit: int | None = None,
    ) -> PruneReport: ...


def _utc_now() -> datetime:
    return datetime.now(UTC)


class DailyPruning:
    """Runs ``store.prune(older_than)`` once every :data:`PRUNE_EVERY`: by hand
    (:meth:`run_if_due`) or in a background thread (:meth:`start`, :meth:`stop`), which
    looks every ``look_every`` seconds through ``wait(seconds)`` (default: the stop event's
    wait, so that :meth:`stop` ends it at once)."""

    def __init__(
        self,
        store: Pruner,
        older_than: timedelta,
        *,
        clock: Callable[[], datetime] = _utc_now,
        look_every: float = LOOK_EVERY,
        wait: Callable[[float], object] | None = None,
    ) -> None:
        self.store = store
        self.older_than = older_than
        self.clock = clock
        self.look_every = look_every
        self._stopping = threading.Event()
        self._wait = wait or self._stopping.wait
        self._thread: threading.Thread | None = None
        #: When the last prune ran (``None`` before the first), how many ran, the last report.
        self.last_run: datetime | None = None
        self.runs = 0
        self.last_report: PruneReport | None = None

    def due(self, now: datetime) -> bool:
        """Whether a prune is due at ``now``: none ran yet, or the last a day ago or more."""
        return self.last_run is None or now - self.last_run >= PRUNE_EVERY

    def run_if_due(self) -> PruneReport | None:
        """Prune if one is due by the clock; its report, or ``None`` (not due, or failed:
        then it is tried again at the next look)."""
        now = self.clock()
        if not self.due(now):
            return None
        try:
            report = prune_all(self.store.prune, self.older_than, now=now)
        except StoreError as error:  # the database is away: try again at the next look
            _log.warning("the daily pruning failed; it is tried again later: %s", error)
            return None
        except Exception:  # any other failure must not end the thread either
            _log.exception("the daily pruning failed; it is tried again later")
            return None
        self.last_run, self.runs, self.last_report = now, self.runs + 1, report
        _log.info("pruned %s", report)
        return report

    def _loop(self) -> None:
        while not self._stopping.is_set():
            self.run_if_due()
            self._wait(self.look_every)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start the background thread (a daemon: it never holds the process up)."""
        self._stopping.clear()
        self._thread = threading.Thread(target=self._loop, name="daily-pruning", daemon=True)
        self._thread.start()

    def stop(self, timeout: float | None = 30.0) -> None:
        """Stop the thread: it ends at its next look (at once when it waits on the default
        wait), after the prune it may be running."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)


def pruning_lifespan(older_than: timedelta | None, **options: Any) -> Callable[[FastAPI], Any]:
    """The application's lifespan: with ``older_than``, a :class:`DailyPruning` of the app's
    store (``app.state.store``) runs from startup to shutdown, kept as
    ``app.state.pruning``; with ``None`` nothing runs (``app.state.pruning`` is ``None``).
    ``options`` go to :class:`DailyPruning` (a test's clock and wait)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pruning = None
        if older_than is not None:
            pruning = DailyPruning(app.state.store, older_than, **options)
            pruning.start()
        app.state.pruning = pruning
        try:
            yield
        finally:
            if pruning is not None:
                pruning.stop(SHUTDOWN_WAIT)

    return lifespan
