"""Heavy engine work off the request path: a bounded pool of worker processes.

A layout check, a test play's check, a layout upload's search for deals and a game's
review can each cost tenths of a second of CPU, or seconds.  Run in the request thread
pool, they hold the one GIL the taps need as well; run here, each in a worker process of
its own, they leave the server's process free to answer taps.  (The solver aids still
run in the request threads, within their budgets.)  A server process has one pool,
started on first use and stopped with the application's lifespan and at exit; each
application's :class:`EngineJobs` keeps the admission.  The rules (SECURITY.md, "Heavy
work off the request path"):

* a client (:class:`..http.clients.Client`: its address, and its cookie) has at most one
  heavy job at a time: a second one is ``429 too_many_requests`` with ``Retry-After``;
* the queue is bounded: ``workers`` jobs run and :data:`WAITING_ROOM` wait; beyond that
  the answer is ``503 busy`` with ``Retry-After``;
* a job whose client hangs up, or which runs past its deadline, is cancelled: its worker
  process is terminated and a fresh one takes its place; a deadline answers ``503 busy``
  with a detail that says so.

A job is an engine function and small picklable arguments (positions, codes, seeds),
never a live object of the web side: the worker imports the engine only (it runs the
function through :func:`...calls.call`, which carries back any exception whole).  As
for every use of :mod:`multiprocessing`, a script that serves the application guards
its work with ``if __name__ == "__main__":`` (a worker imports the main module).

    >>> jobs = EngineJobs(workers=2)
    >>> jobs.workers, jobs.capacity, jobs.running
    (2, 4, 0)

Why pebble rather than :class:`concurrent.futures.ProcessPoolExecutor`: a running future
of the standard library's pool cannot be cancelled (``cancel()`` only takes back a job
that has not started), so a client that hung up would still cost the whole search.
``pebble.ProcessPool`` cancels a running job by terminating its worker, and starts
another in its place; its ``timeout`` does the same for a deadline.  What is our own here
is only the admission (one job per client, the bounded queue), a few lines that no
library offers for a process pool.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from functools import partial
from typing import Any, ParamSpec, TypeVar

from pebble import ProcessFuture, ProcessPool
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from ...calls import CarriedError, call
from ..http.clients import Client
from ..http.errors import ApiError, ErrorCode
from ..http.refusal import observer_of

__all__ = [
    "DEADLINE",
    "DEFAULT_WORKERS",
    "JOB_ERRORS",
    "WAITING_ROOM",
    "EngineJobs",
    "Place",
    "engine_jobs",
    "pool_started",
    "shutdown_pool",
]

P = ParamSpec("P")
T = TypeVar("T")

#: How many worker processes run engine jobs unless an option says otherwise
#: (``play --engine-workers N``): two, or one on a single core.
DEFAULT_WORKERS = min(2, os.cpu_count() or 1)
#: How many jobs may wait for a worker beyond those running.
WAITING_ROOM = 2
#: The longest a job may run (seconds) before it is cancelled.
DEADLINE = 10.0
#: What an operation that runs a job may answer besides its own errors (its OpenAPI
#: ``responses``).
JOB_ERRORS = (ErrorCode.TOO_MANY_REQUESTS, ErrorCode.BUSY)
#: How often (seconds) a waiting request asks whether its client is still there.
POLL = 0.05
#: How much lower than the server's the workers' CPU priority is (``os.nice``): when the
#: cores are busy, a tap's request goes first, and the engine's work takes what is left.
NICENESS = 10
#: What a fresh worker has loaded before its first job, so that replacing a terminated
#: worker costs a fork, not an import of the engine: the registry of modes, which brings
#: every mode's engine (a job's own small module is imported at its first call).
PRELOAD = ["mahjong_solitaire.modes"]


# -- the one process pool of a server process -------------------------------------------

_lock = threading.Lock()
_pool: ProcessPool | None = None
_pool_size = 0


def _context() -> Any:
    """Workers forked from a clean fork server (the server's own process has threads, which
    ``fork`` must not copy); spawned where there is no fork server (Windows, macOS)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


def _shared_pool(workers: int) -> ProcessPool:
    """The process's pool of ``workers`` processes, started on first use."""
    global _pool, _pool_size
    with _lock:
        if _pool is not None and (_pool_size != workers or not _pool.active):
            _pool.stop()  # type: ignore[no-untyped-call]
            _pool = None
        if _pool is None:
            nice = getattr(os, "nice", None)  # POSIX: the workers yield the CPU to taps
            _pool = ProcessPool(
                max_workers=workers,
                context=_context(),
                initializer=nice,
                initargs=(NICENESS,) if nice is not None else (),
            )
            _pool_size = workers
        return _pool


def shutdown_pool() -> None:
    """Stop the process's pool, if it was started: running jobs are ended, the workers
    exit.  The next job starts a new pool.  Called with the application's lifespan and at
    exit."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.stop()  # type: ignore[no-untyped-call]
        pool.join(timeout=1)  # stop() ends the workers; a stopping server has 10 s in all


def pool_started() -> bool:
    """Whether the process's pool is running (for tests and benchmarks)."""
    return _pool is not None and _pool.active


atexit.register(shutdown_pool)


# -- admission and waiting -------------------------------------------------------------


class EngineJobs:
    """The heavy jobs of one application: who has one running, and how many there are.

    ``inline`` runs every job in the request thread pool instead (the local player on
    loopback, who is alone: nothing to share fairly, and no process to start)."""

    def __init__(
        self,
        workers: int = DEFAULT_WORKERS,
        *,
        waiting: int = WAITING_ROOM,
        deadline: float = DEADLINE,
        inline: bool = False,
    ) -> None:
        if workers < 1:
            raise ValueError(f"{workers} engine workers: give 1 or more")
        self.workers = workers
        self.capacity = workers + waiting
        self.deadline = deadline
        self.inline = inline
        self.running = 0
        self._keys: Counter[str] = Counter()
        #: The futures of the jobs running or waiting (tests watch them).
        self.futures: list[ProcessFuture[Any]] = []

    @contextmanager
    def place(self, request: Request) -> Iterator[Place]:
        """A place in the queue for ``request``'s client while the ``with`` block runs, or
        429/503 at once; its :meth:`Place.run` runs jobs.  A route takes its place before
        it reads a large body, so that a refused request costs little."""
        if self.inline:
            yield Place(self, request)
            return
        client = Client.of(request)
        observer = observer_of(request.scope)
        if any(self._keys[key] for key in client.keys):
            observer.refused("engine-one-per-client")
            raise ApiError(
                ErrorCode.TOO_MANY_REQUESTS,
                "this client already has a heavy request running; wait for its answer",
                retry_after=1,
            )
        if self.running >= self.capacity:
            observer.refused("engine-queue-full")
            raise ApiError(
                ErrorCode.BUSY,
                f"{self.running} heavy requests are running or waiting, as many as may",
                retry_after=1 + self.running // self.workers,
            )
        self.running += 1
        observer.engine_jobs(self.running)
        self._keys.update(client.keys)
        try:
            yield Place(self, request)
        finally:
            self.running -= 1
            observer.engine_jobs(self.running)
            self._keys.subtract(client.keys)
            for key in client.keys:
                if self._keys[key] <= 0:
                    del self._keys[key]

    def ahead(self, function: Callable[..., T], *args: Any) -> ProcessFuture[T] | None:
        """``function(*args)`` scheduled in a worker process for the server itself: work
        done ahead that no request waits for (:mod:`.welcome`).  Its future, whose result
        the caller waits for in a thread of its own (never a request's) and may cancel;
        ``None``, with nothing scheduled, where the server has no pool (inline) or while
        clients' jobs keep every worker busy: theirs go first.  The first call starts the
        pool, so it is made outside the event loop too."""
        if self.inline or self.running >= self.workers:
            return None
        return _shared_pool(self.workers).schedule(
            call, args=(function, *args), timeout=self.deadline
        )

    async def run(
        self,
        request: Request,
        function: Callable[P, T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """``function(*args, **kwargs)`` in a worker process, for ``request``'s client;
        its answer, or the exception it raised.  429, 503 as above (a hang-up is answered
        503 too, though nobody is left to read it)."""
        with self.place(request) as place:
            return await place.run(function, *args, **kwargs)

    async def _scheduled(self, request: Request, function: Callable[..., T], *args: Any) -> T:
        if self.inline:
            return await run_in_threadpool(function, *args)
        # the first job starts the pool: not in the event loop, which serves taps
        pool = await asyncio.to_thread(_shared_pool, self.workers)
        future: ProcessFuture[T] = pool.schedule(
            call, args=(function, *args), timeout=self.deadline
        )
        self.futures.append(future)
        try:
            return await self._answer(request, future)
        finally:
            self.futures.remove(future)

    async def _answer(self, request: Request, future: ProcessFuture[T]) -> T:
        waited = asyncio.wrap_future(future)
        while not waited.done():
            await asyncio.wait([waited], timeout=POLL)
            if not waited.done() and await request.is_disconnected():
                # pebble terminates the worker, and starts another
                future.cancel()  # type: ignore[no-untyped-call]
                raise ApiError(ErrorCode.BUSY, "the client hung up; the request was stopped")
        if waited.cancelled():
            raise ApiError(ErrorCode.BUSY, "the server stopped the request")
        error = waited.exception()
        if isinstance(error, FutureTimeout):
            raise ApiError(
                ErrorCode.BUSY,
                f"the request ran past its deadline of {self.deadline:g} s and was stopped",
                retry_after=self.deadline,
            )
        if isinstance(error, CarriedError):
            raise error.rebuilt() from None
        if error is not None:
            raise error
        return waited.result()


class Place:
    """A client's place in the queue (:meth:`EngineJobs.place`): its jobs run one after
    another."""

    def __init__(self, jobs: EngineJobs, request: Request) -> None:
        self._jobs = jobs
        self._request = request

    async def run(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``function(*args, **kwargs)`` in a worker process (see :meth:`EngineJobs.run`)."""
        return await self._jobs._scheduled(self._request, partial(function, **kwargs), *args)


def engine_jobs(request: Request) -> EngineJobs:
    """The application's :class:`EngineJobs` (``create_app`` keeps one)."""
    jobs: EngineJobs = request.app.state.engine_jobs
    return jobs
