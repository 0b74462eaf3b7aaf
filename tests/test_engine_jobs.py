"""Heavy engine work runs in a bounded pool of worker processes (web/games/jobs.py): one
heavy job per client, a bounded queue, a job cancelled when its client hangs up or its
deadline passes, taps answered while a worker is busy, and the pool ending with the app.

Every job here holds its worker until the test releases it (``engine_job_helpers``), and
every test waits for states (a worker has started, a process has ended), never for time.
"""

from __future__ import annotations

import asyncio
import threading
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request

from api_support import checked, refused, tap
from engine_job_helpers import (
    check_when_released,
    hold_worker,
    process_gone,
    release,
    started,
    wait_for,
)
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app
from mahjong_solitaire.web.games.jobs import EngineJobs, pool_started, shutdown_pool
from mahjong_solitaire.web.http.errors import ApiError, ErrorCode
from mahjong_solitaire.web.routes import editor

DRAFT = [(0, 0, 0), (2, 0, 0)]


@pytest.fixture(autouse=True)
def _fresh_pool() -> Any:
    yield
    shutdown_pool()


def _request(address: str, cookie: str | None = None, gone: asyncio.Event | None = None) -> Request:
    """A request of the client ``address`` (and ``cookie``), whose client hangs up when
    ``gone`` is set."""
    headers = [] if cookie is None else [(b"cookie", f"mj_player={cookie}".encode())]

    async def receive() -> dict[str, Any]:
        if gone is not None:
            await gone.wait()
            return {"type": "http.disconnect"}
        await asyncio.Event().wait()
        return {}

    scope = {"type": "http", "client": (address, 50000), "headers": headers}
    return Request(scope, receive)


async def _until(state: Any) -> None:
    """Wait (in the event loop) until ``state()`` holds."""
    await asyncio.to_thread(wait_for, state)


def test_a_client_has_one_heavy_job_at_a_time(tmp_path: Path) -> None:
    jobs = EngineJobs(workers=2)

    async def scenario() -> None:
        first = asyncio.create_task(jobs.run(_request("198.51.100.2"), hold_worker, str(tmp_path)))
        await _until(lambda: started(tmp_path))
        with pytest.raises(ApiError) as second:
            await jobs.run(_request("198.51.100.2", "ab12"), hold_worker, str(tmp_path))
        assert second.value.code is ErrorCode.TOO_MANY_REQUESTS
        assert second.value.retry_after is not None and second.value.retry_after >= 1
        release(tmp_path)
        assert await first == started(tmp_path)
        # the first one answered: the client may start another
        assert await jobs.run(_request("198.51.100.2"), hold_worker, str(tmp_path))

    asyncio.run(scenario())


def test_a_second_heavy_request_of_a_client_is_429_with_retry_after(
    tmp_path: Path, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(editor, "check_draft", partial(check_when_released, str(tmp_path)))
    answers: list[Any] = []
    held = threading.Thread(
        target=lambda: answers.append(client.post("/api/layout-checks", json={"positions": DRAFT}))
    )
    held.start()
    wait_for(lambda: started(tmp_path))
    second = client.post("/api/layout-checks", json={"positions": DRAFT})
    refused(second, 429, "too_many_requests")
    assert int(second.headers["retry-after"]) >= 1
    release(tmp_path)
    held.join()
    assert checked(answers[0])["clearable"] is True


def test_a_full_queue_is_503_busy_with_retry_after(tmp_path: Path) -> None:
    jobs = EngineJobs(workers=1, waiting=1)

    async def scenario() -> None:
        running = [
            asyncio.create_task(jobs.run(_request(f"198.51.100.{n}"), hold_worker, str(tmp_path)))
            for n in (1, 2)
        ]
        await _until(lambda: jobs.running == 2)
        with pytest.raises(ApiError) as third:
            await jobs.run(_request("198.51.100.3"), hold_worker, str(tmp_path))
        assert third.value.code is ErrorCode.BUSY
        assert third.value.retry_after is not None and third.value.retry_after >= 1
        release(tmp_path)
        await asyncio.gather(*running)
        assert jobs.running == 0

    asyncio.run(scenario())


def test_the_job_of_a_client_that_hung_up_is_cancelled_and_its_worker_ended(
    tmp_path: Path,
) -> None:
    jobs = EngineJobs(workers=1)

    async def scenario() -> None:
        gone = asyncio.Event()
        job = asyncio.create_task(
            jobs.run(_request("198.51.100.2", gone=gone), hold_worker, str(tmp_path))
        )
        await _until(lambda: started(tmp_path))
        future = jobs.futures[0]
        worker = started(tmp_path)
        assert worker is not None
        gone.set()
        with pytest.raises(ApiError) as stopped:
            await job
        assert stopped.value.code is ErrorCode.BUSY
        assert future.cancelled()
        await _until(lambda: process_gone(worker))
        # the pool has another worker in its place, and the client's place is free
        (tmp_path / "started").unlink()
        release(tmp_path)
        assert await jobs.run(_request("198.51.100.2"), hold_worker, str(tmp_path)) != worker

    asyncio.run(scenario())


def test_a_job_past_its_deadline_is_cancelled_with_a_clear_error(tmp_path: Path) -> None:
    jobs = EngineJobs(workers=1, deadline=0.2)

    async def scenario() -> None:
        with pytest.raises(ApiError) as late:
            await jobs.run(_request("198.51.100.2"), hold_worker, str(tmp_path))
        assert late.value.code is ErrorCode.BUSY
        assert "deadline" in late.value.detail
        worker = started(tmp_path)
        assert worker is not None
        await _until(lambda: process_gone(worker))
        assert jobs.running == 0

    asyncio.run(scenario())


def test_taps_are_answered_while_a_heavy_job_holds_a_worker(
    tmp_path: Path, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(editor, "check_draft", partial(check_when_released, str(tmp_path)))
    held = threading.Thread(
        target=lambda: client.post("/api/layout-checks", json={"positions": DRAFT})
    )
    held.start()
    wait_for(lambda: started(tmp_path))
    state = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    free = min(tile["i"] for tile in state["tiles"] if tile["free"])
    assert tap(client, state, free)["selection"] == free
    assert held.is_alive()  # the heavy job still holds its worker
    release(tmp_path)
    held.join()


def test_the_pool_starts_on_first_use_and_ends_with_the_app(sqlite_store: Store) -> None:
    with TestClient(create_app(sqlite_store)) as served:
        assert not pool_started()
        checked(served.post("/api/layout-checks", json={"positions": DRAFT}))
        assert pool_started()
    assert not pool_started()


def test_the_local_player_runs_engine_work_in_the_request_threads(
    sqlite_store: Store,
) -> None:
    served = TestClient(create_app(sqlite_store, local_player=True))
    assert checked(served.post("/api/layout-checks", json={"positions": DRAFT}))["clearable"]
    assert not pool_started()


def test_a_check_in_a_worker_is_answered_as_in_a_request_thread(
    sqlite_store: Store,
) -> None:
    # a 16-tile tower beside 14 lone tiles: the check's budget runs out (unknown); two
    # tiles on one place: the engine's error comes back from the worker and is answered
    tower = [(0, 0, z) for z in range(16)] + [(4 + 4 * n, 0, 0) for n in range(14)]
    overlapping = [(0, 0, 0), (1, 0, 0)]
    answers = []
    for local in (False, True):
        served = TestClient(create_app(sqlite_store, local_player=local))
        answers.append(
            [
                served.post("/api/layout-checks", json={"positions": positions}).json()
                for positions in (tower, overlapping)
            ]
        )
    assert answers[0] == answers[1]
    assert answers[0][0]["problem"] == "unknown"
    assert answers[0][1]["error"] == "bad_layout"
