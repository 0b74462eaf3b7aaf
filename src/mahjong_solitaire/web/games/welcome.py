"""The deals a visitor without a game is shown, dealt ahead in the engine's worker
processes.

Every first visit (``GET /api/game`` without a game) is shown a random deal of its own,
and dealing one costs milliseconds of the one GIL that every tap needs: 200 visitors
arriving within two seconds (a daily challenge at midnight, a link shared in a chat) would
spend most of a core on dealing alone.  So a server with a pool of engine workers
(:mod:`.jobs`) keeps a stock of welcome deals dealt there: a visit takes one (its deal is
already kept by its mode, :meth:`~...core.mode.Mode.remember`, for the verdict and the
first tap that follow), and a thread of its own has the pool deal the next batch whenever
the stock runs low.  The deals are random as before (a seed from :mod:`secrets` each) and
each is shown once.  Each comes with the verdict of its first position, worked out there
too and kept for the page's first "still winnable?" request (:func:`.live_games.remember_opening`).
A server for many players fills its stock when it starts (:meth:`WelcomeDeals.start`, from
the application's lifespan), so that a crowd arriving at a server that was waiting finds it
full.  When the stock is empty, or on the local player's server (no pool),
the visit deals its own, as it always did.

    >>> from mahjong_solitaire.web.games.jobs import EngineJobs
    >>> stock = WelcomeDeals(EngineJobs(inline=True))
    >>> stock.take() is None  # no pool: nothing is dealt ahead
    True
"""

from __future__ import annotations

import secrets
import threading
from collections import deque
from concurrent.futures import Future
from typing import Any

from ...core.codes import MAX_SEED
from ...core.game import PlayableDeal
from ...modes import DEFAULT_MODE, welcome_openings
from .jobs import EngineJobs
from .live_games import remember_opening

__all__ = ["BATCH", "STOCK", "WelcomeDeals"]

#: How many welcome deals are kept dealt ahead.
STOCK = 256
#: How many one job of the pool deals: the stock is refilled when it has room for a batch.
BATCH = 64


class WelcomeDeals:
    """A stock of welcome deals of the default mode, refilled by ``jobs``' pool."""

    def __init__(self, jobs: EngineJobs, *, stock: int = STOCK, batch: int = BATCH) -> None:
        self.jobs = jobs
        self.stock = stock
        self.batch = min(batch, stock)
        self._codes: deque[str] = deque()
        self._lock = threading.Lock()
        self._filling = False
        self._stopped = False
        self._asked: Future[list[tuple[PlayableDeal, Any]]] | None = None
        #: held while a refill asks the pool for a batch, and by stop(): a stop then
        #: either comes first (nothing is asked) or cancels what was asked; never a pool
        #: started after the application stopped it
        self._asking = threading.Lock()

    def __len__(self) -> int:
        return len(self._codes)

    @property
    def refilling(self) -> bool:
        """Whether a refill is under way."""
        return self._filling

    def start(self) -> None:
        """Begin filling the stock now (a server for many players, as it starts: the
        pool starts in the refill's thread, never in the event loop)."""
        if self.jobs.inline:
            return
        with self._lock:
            start = not self._filling and not self._stopped
            self._filling = self._filling or start
        if start:
            threading.Thread(target=self._fill, name="welcome-deals", daemon=True).start()

    def take(self) -> str | None:
        """The code of a deal dealt ahead (its mode keeps the deal), taken out of the
        stock; ``None`` when there is none (the caller deals one itself).  Starts a refill
        when the stock has room for a batch."""
        if self.jobs.inline:
            return None
        with self._lock:
            code = self._codes.popleft() if self._codes else None
            start = (
                not self._filling
                and not self._stopped
                and self.jobs.running < self.jobs.workers  # else clients' jobs go first
                and len(self._codes) + self.batch <= self.stock
            )
            self._filling = self._filling or start
        if start:
            threading.Thread(target=self._fill, name="welcome-deals", daemon=True).start()
        return code

    def stop(self) -> None:
        """Ask the pool for no more deals (the application stops, and its pool with it:
        a refill under way must not start another)."""
        with self._asking, self._lock:
            self._stopped = True
            asked = self._asked
        if asked is not None:
            asked.cancel()  # the refill waiting for it ends now

    def _fill(self) -> None:
        """Deal batches in the pool until the stock is full, or the pool is busy."""
        try:
            while not self._stopped and len(self._codes) + self.batch <= self.stock:
                seeds = [secrets.randbelow(MAX_SEED + 1) for _ in range(self.batch)]
                # not under the lock that visits take: the first job starts the pool
                with self._asking:
                    if self._stopped:
                        return
                    asked = self.jobs.ahead(welcome_openings, DEFAULT_MODE.name, seeds)
                    if asked is None:
                        return  # no pool, or clients' jobs first: a later visit tries again
                    with self._lock:
                        self._asked = asked
                try:
                    openings = asked.result()
                except Exception:  # cancelled, past its deadline, the pool stopped
                    return  # only ever a head start: visits deal their own meanwhile
                for deal, verdict in openings:
                    DEFAULT_MODE.remember(deal)
                    if verdict is not None and deal.code is not None:
                        remember_opening(deal.code, verdict)
                with self._lock:
                    self._codes.extend(deal.code for deal, _ in openings if deal.code is not None)
        finally:
            with self._lock:
                self._filling = False
                self._asked = None
