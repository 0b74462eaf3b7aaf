"""The supervisor of ``play --workers N``: uvicorn's, with a stop that refuses new
connections at once and ends within a bound.

On SIGTERM or SIGINT, uvicorn's :class:`~uvicorn.supervisors.Multiprocess` sends SIGTERM to
its workers and waits for them; each stops accepting, finishes the requests in flight
(within :data:`~.play.GRACEFUL_SECONDS`), runs the application's shutdown and exits.  But
the supervisor keeps its own copy of the listening socket open until the last worker has
exited, so a connection that arrives once the workers stopped accepting is still taken in
by the kernel, waits unanswered, and is reset only when the supervisor exits.

:class:`Supervisor` closes its copy as soon as it is told to stop, before it signals the
workers: once they have closed theirs too, a new connection is refused at once, and a load
balancer or a client tries elsewhere.  (Nothing restarts a worker once the stop began, so
nothing needs the socket again.)  And it waits at most :data:`STOP_SECONDS` for the
workers; one still running then is killed, so that the stop ends whatever a worker does.

A worker that died (or was killed) cannot take its gauges out of the metrics' sums
itself: the supervisor does it for that worker (:func:`~..web.metrics.leave_the_sums`),
when it replaces it and when it kills it at the stop.
"""

from __future__ import annotations

import logging
import time

from uvicorn.supervisors import Multiprocess

from ..web.metrics import leave_the_sums

__all__ = ["STOP_SECONDS", "Supervisor"]

#: The longest the supervisor waits for its workers after the stop (seconds), before it
#: kills those still running: more than a worker's own bound on its stop (the requests'
#: grace, then the application's shutdown), within the 10 s a process manager commonly
#: allows before its SIGKILL.
STOP_SECONDS = 8.0

_log = logging.getLogger(__name__)


class Supervisor(Multiprocess):
    """uvicorn's supervisor of worker processes on shared sockets, stopping as above."""

    def _stop_listening(self) -> None:
        for sock in self.sockets:
            sock.close()

    def handle_int(self) -> None:
        self._stop_listening()
        super().handle_int()

    def handle_term(self) -> None:
        self._stop_listening()
        super().handle_term()

    def keep_subprocess_alive(self) -> None:
        """uvicorn's: replace a worker that died; and take its gauges out of the sums."""
        before = {worker.pid for worker in self.processes}
        super().keep_subprocess_alive()
        for pid in before - {worker.pid for worker in self.processes}:
            if pid is not None:
                leave_the_sums(pid)

    def join_all(self) -> None:
        """Wait for every worker, at most :data:`STOP_SECONDS` in all; kill the rest."""
        deadline = time.monotonic() + STOP_SECONDS
        for worker in self.processes:
            worker.process.join(max(0.0, deadline - time.monotonic()))
        for worker in self.processes:
            if worker.process.is_alive():
                _log.error("worker [%s] did not stop in %g s: killed", worker.pid, STOP_SECONDS)
                worker.kill()
                worker.process.join()
                if worker.pid is not None:
                    leave_the_sums(worker.pid)
