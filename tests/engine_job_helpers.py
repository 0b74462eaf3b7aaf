"""Test-only engine jobs for ``test_engine_jobs``: functions a worker process runs that
hold their worker until the test lets them go, so that no test waits for time.

A job writes its worker's process id to ``<folder>/started`` and then waits until the
test writes ``<folder>/release``:

    held = partial(hold_worker, str(tmp_path))      # a job
    wait_for(lambda: started(tmp_path))             # the job holds a worker now
    release(tmp_path)                               # it answers
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from mahjong_solitaire.classic.construction import SearchBudget
from mahjong_solitaire.classic.draft import DraftCheck, check_draft

__all__ = ["check_when_released", "hold_worker", "release", "started", "wait_for"]


def hold_worker(folder: str) -> int:
    """Hold a worker until released; its process id."""
    Path(folder, "started").write_text(str(os.getpid()))
    while not Path(folder, "release").exists():
        time.sleep(0.005)  # in the worker: how a job waits for the test's word
    return os.getpid()


def check_when_released(
    folder: str, positions: Iterable[Iterable[int]], *, budget: SearchBudget | None = None
) -> DraftCheck:
    """:func:`check_draft`, once released: a layout check that holds its worker."""
    hold_worker(folder)
    return check_draft(positions, budget=budget)


def started(folder: str | Path) -> int | None:
    """The process id of the worker a held job runs in, once it runs."""
    path = Path(folder, "started")
    text = path.read_text() if path.exists() else ""
    return int(text) if text else None


def release(folder: str | Path) -> None:
    """Let the held jobs of ``folder`` answer."""
    Path(folder, "release").write_text("go")


def wait_for(state: Callable[[], object], within: float = 30.0) -> object:
    """Wait until ``state()`` is true (its value), failing after ``within`` seconds."""
    end = time.monotonic() + within
    while not (value := state()):
        assert time.monotonic() < end, "the state was not reached"
        time.sleep(0.005)
    return value


def process_gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (and been reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False
